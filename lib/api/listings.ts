import { z } from 'zod';
import { type ApiClient, type ApiResult, type CallOptions, listingsPath } from './client.ts';
import type { ApiMessage } from './errors.ts';
import { type FetchAllOptions, fetchAllPages } from './paging.ts';
import { id, num, opt } from './schemas-common.ts';

/** Known values; others (a publisher adding a status) are kept verbatim. */
export const LISTING_STATUSES = [
  'WAITING_ON_YEXT',
  'WAITING_ON_CUSTOMER',
  'WAITING_ON_PUBLISHER',
  'LIVE',
  'UNAVAILABLE',
  'OPTED_OUT',
] as const;

export const LISTINGS_PAGE_SIZE = 100;

const StatusDetailSchema = z.looseObject({
  code: opt(id),
  type: opt(z.string()),
  message: opt(z.string()),
  actionable: opt(z.boolean()),
});

// The interface document spells it screenShotUrl, the public record screenshotUrl: both become screenshotUrl.
export const ListingSchema = z
  .looseObject({
    id,
    locationId: id,
    publisherId: id,
    status: z.string(),
    listingUrl: opt(z.string()),
    screenshotUrl: opt(z.string()),
    screenShotUrl: opt(z.string()),
    accountId: opt(id),
    additionalStatus: opt(z.string()),
    loginUrl: opt(z.string()),
    alternateBrands: opt(z.array(z.looseObject({ name: opt(z.string()), url: opt(z.string()) }))),
    statusDetails: opt(z.array(StatusDetailSchema)),
  })
  .transform(({ screenShotUrl, ...listing }) => {
    const screenshotUrl = listing.screenshotUrl ?? screenShotUrl;
    return screenshotUrl === undefined ? listing : { ...listing, screenshotUrl };
  });
export type Listing = z.output<typeof ListingSchema>;

export const ListingsPageSchema = z.looseObject({ count: num, listings: z.array(ListingSchema) });
export type ListingsPage = z.output<typeof ListingsPageSchema>;

export interface ListingFilters {
  publisherIds?: readonly string[];
  locationIds?: readonly string[];
  statuses?: readonly string[];
  language?: string;
}

export interface ListingsQuery extends ListingFilters {
  limit?: number;
  offset?: number;
}

export interface OptRequest {
  locationIds: readonly string[];
  publisherIds: readonly string[];
}

export function listListings(
  client: ApiClient,
  query: ListingsQuery = {},
  options?: CallOptions,
): Promise<ApiResult<ListingsPage>> {
  const { publisherIds, locationIds, statuses, language, limit, offset } = query;
  return client.request(
    {
      operation: 'listListings',
      method: 'GET',
      path: listingsPath('listings'),
      query: { publisherIds, locationIds, statuses, language, limit, offset },
      schema: ListingsPageSchema,
    },
    options,
  );
}

/** At most 100 listings (locations × publishers) per call; use planBatches for more. */
export function optIn(client: ApiClient, request: OptRequest, options?: CallOptions): Promise<ApiResult<undefined>> {
  return setOptState(client, 'optIn', 'optin', request, options);
}

/** At most 100 listings (locations × publishers) per call; use planBatches for more. */
export function optOut(client: ApiClient, request: OptRequest, options?: CallOptions): Promise<ApiResult<undefined>> {
  return setOptState(client, 'optOut', 'optout', request, options);
}

function setOptState(
  client: ApiClient,
  operation: string,
  segment: string,
  { locationIds, publisherIds }: OptRequest,
  options?: CallOptions,
): Promise<ApiResult<undefined>> {
  return client.request(
    { operation, method: 'PUT', path: listingsPath('listings', segment), query: { locationIds, publisherIds } },
    options,
  );
}

export async function fetchAllListings(
  client: ApiClient,
  filters: ListingFilters = {},
  options: FetchAllOptions = {},
): Promise<{ count: number; listings: Listing[]; warnings: ApiMessage[] }> {
  const { count, items, warnings } = await fetchAllPages({
    ...options,
    operation: 'fetchAllListings',
    pageSize: LISTINGS_PAGE_SIZE,
    fetchPage: async (offset, limit, signal) => {
      const { data, warnings } = await listListings(client, { ...filters, offset, limit }, { signal });
      return { count: data.count, items: data.listings, warnings };
    },
  });
  return { count, listings: items, warnings };
}
