import { type ApiClient, type ApiResult, accountPath, type CallOptions } from './client.ts';
import type { ApiMessage } from './errors.ts';
import { pageReader } from './lists.ts';
import { type FetchAllOptions, fetchAllPages, type Incomplete } from './paging.ts';
import { itemReader, itemSchema } from './schemas-common.ts';
import type { Paging } from './users.ts';

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
}
const readLocationsPage = pageReader('locations', locationReader);

export function listLocations(
  client: ApiClient,
  accountId = 'me',
  { limit, offset }: Paging = {},
  options?: CallOptions,
): Promise<ApiResult<LocationsPage>> {
  return client.request(
    {
      operation: 'listLocations',
      method: 'GET',
      path: accountPath(accountId, 'locations'),
      ids: { 'account id': accountId },
      query: { limit, offset },
      read: readLocationsPage,
    },
    options,
  );
}

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

export async function fetchAllLocations(
  client: ApiClient,
  accountId = 'me',
  options: FetchAllOptions<Location> = {},
): Promise<{ count: number; locations: Location[]; warnings: ApiMessage[]; incomplete?: Incomplete }> {
  const { count, items, warnings, incomplete } = await fetchAllPages({
    ...options,
    operation: 'fetchAllLocations',
    pageSize: LOCATIONS_PAGE_SIZE,
    fetchPage: async (offset, limit, signal) => {
      const { data, warnings } = await listLocations(client, accountId, { offset, limit }, { signal });
      return { count: data.count, items: data.locations, warnings };
    },
  });
  return incomplete ? { count, locations: items, warnings, incomplete } : { count, locations: items, warnings };
}
