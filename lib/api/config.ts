/** The one pinned `v` date (YYYYMMDD) every call carries. */
export const API_VERSION = '20261101';

/** Path segment of the listings calls; the only place it is written (the interface document's; the vendor's OpenAPI: /listings). */
export const LISTINGS_PREFIX = '/powerlistings';

export const PRODUCTION = { apiUrl: 'https://api.yext.com', authUrl: 'https://www.yext.com' } as const;
