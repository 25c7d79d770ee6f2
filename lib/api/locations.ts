import { type ApiClient, type ApiResult, accountPath, type CallOptions } from './client.ts';
import { accountList } from './paged-list.ts';
import { itemReader, itemSchema } from './schemas-common.ts';

/** The service's largest page (its default is 10). */
export const LOCATIONS_PAGE_SIZE = 50;

/** The vendor's v2 location: the fields the product reads; the many others are kept verbatim. */
export interface Location {
  id: string;
  locationName?: string;
  address?: string;
  address2?: string;
  city?: string;
  state?: string;
  zip?: string;
  countryCode?: string;
  phone?: string;
  folderId?: string;
  websiteUrl?: string;
  labelIds?: string[];
  accountId?: string;
  [field: string]: unknown;
}

// Zips and folder ids are written as numbers in some records: both read as strings.
export const locationReader = itemReader<Location>('locations', {
  required: { id: 'id' },
  optional: {
    locationName: 'string',
    address: 'string',
    address2: 'string',
    city: 'string',
    state: 'string',
    zip: 'id',
    countryCode: 'string',
    phone: 'id',
    folderId: 'id',
    websiteUrl: 'string',
    labelIds: 'ids',
    accountId: 'id',
  },
});
export const LocationSchema = itemSchema(locationReader);

export interface LocationsPage {
  count: number;
  locations: Location[];
  /** The vendor's newer paging (knowledge API getLocations): the next page is asked with it as `pageToken`. */
  nextPageToken?: string;
}
export const { list: listLocations, fetchAll: fetchAllLocations } = accountList(
  'locations',
  locationReader,
  LOCATIONS_PAGE_SIZE,
  { pageToken: true },
);

/** One location by id (`GET .../locations/{locationId}`): a 404 when the account has no such location. */
export function getLocation(
  client: ApiClient,
  accountId: string,
  locationId: string,
  options?: CallOptions,
): Promise<ApiResult<Location>> {
  return client.request(
    {
      operation: 'getLocation',
      method: 'GET',
      path: accountPath(accountId, 'locations', locationId),
      ids: { 'account id': accountId, 'location id': locationId },
      schema: LocationSchema,
    },
    options,
  );
}
