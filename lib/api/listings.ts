import { type ApiClient, type ApiResult, type CallOptions, listingsPath } from './client.ts';
import { ApiError } from './errors.ts';
import { pagedList } from './paged-list.ts';
import { type FetchAllOptions, fetchAllPages, type Incomplete } from './paging.ts';
import { type Item, type ItemShape, isId, itemReader, itemSchema, readListInPlace } from './schemas-common.ts';

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

export interface StatusDetail {
  code?: string;
  type?: string;
  message?: string;
  actionable?: boolean;
  [field: string]: unknown;
}

export interface Listing {
  /** Absent when the service sent none (seen with status details such as "unable to locate your address"). */
  id?: string;
  locationId: string;
  /** "" in the public record for some listings. */
  publisherId: string;
  status: string;
  listingUrl?: string;
  screenshotUrl?: string;
  accountId?: string;
  additionalStatus?: string;
  loginUrl?: string;
  alternateBrands?: { name?: string; url?: string; [field: string]: unknown }[];
  statusDetails?: StatusDetail[];
  [field: string]: unknown;
}

const text = (item: Item, key: string, value: unknown) => {
  if (value !== undefined && typeof value !== 'string') delete item[key];
};
const optionalId = (item: Item, key: string, value: unknown) => {
  if (typeof value === 'number') item[key] = String(value);
  else if (value !== undefined && typeof value !== 'string') delete item[key];
};

/**
 * What names a listing everywhere (rows, selections, the cache): its id, or, when the service sent
 * none, its location and publisher, which identify it too. `/` is never in an id, so the two never meet.
 */
export function listingKey(listing: { id?: string; locationId: string; publisherId: string }): string {
  return listing.id ? listing.id : `@${listing.locationId}/${listing.publisherId}`;
}

/** listingReader's shape, written out: a 100-listing page must read in ≤ 40 µs in the worker. */
function readListingInPlace(item: Item): boolean {
  const { id, locationId, publisherId, status } = item;
  if (!isId(locationId) || !isId(publisherId) || typeof status !== 'string') return false;
  // No id: kept, named by its location and publisher (listingKey), as its status details matter most then.
  if (typeof id === 'number') item.id = String(id);
  else if (id !== undefined && typeof id !== 'string') item.id = undefined;
  if (typeof locationId === 'number') item.locationId = String(locationId);
  if (typeof publisherId === 'number') item.publisherId = String(publisherId);
  const { listingUrl, screenshotUrl, screenShotUrl, accountId, additionalStatus, loginUrl } = item;
  text(item, 'listingUrl', listingUrl);
  text(item, 'screenshotUrl', screenshotUrl);
  text(item, 'additionalStatus', additionalStatus);
  text(item, 'loginUrl', loginUrl);
  optionalId(item, 'accountId', accountId);
  if (screenShotUrl !== undefined) {
    item.screenShotUrl = undefined;
    if (typeof screenShotUrl === 'string' && typeof item.screenshotUrl !== 'string') item.screenshotUrl = screenShotUrl;
  }
  const { alternateBrands, statusDetails } = item;
  if (alternateBrands !== undefined && (!Array.isArray(alternateBrands) || alternateBrands.length > 0)) {
    readListInPlace(item, 'alternateBrands', alternateBrands, BRAND);
  }
  if (statusDetails !== undefined && (!Array.isArray(statusDetails) || statusDetails.length > 0)) {
    readListInPlace(item, 'statusDetails', statusDetails, STATUS_DETAIL);
  }
  return true;
}

const BRAND: ItemShape = { optional: { name: 'string', url: 'string' } };
const STATUS_DETAIL: ItemShape = {
  optional: { code: 'id', type: 'string', message: 'string', actionable: 'boolean' },
};

// The interface document spells it screenShotUrl, the public record screenshotUrl: both become screenshotUrl.
export const listingReader = itemReader<Listing>(
  'listings',
  {
    required: { locationId: 'id', publisherId: 'id', status: 'string' },
    optional: {
      id: 'id',
      listingUrl: 'string',
      screenshotUrl: 'string',
      accountId: 'id',
      additionalStatus: 'string',
      loginUrl: 'string',
      alternateBrands: { list: BRAND },
      statusDetails: { list: STATUS_DETAIL },
    },
    aliases: { screenShotUrl: 'screenshotUrl' },
  },
  readListingInPlace,
);
export const ListingSchema = itemSchema(listingReader);

export interface ListingsPage {
  count: number;
  listings: Listing[];
}
const listings = pagedList({
  noun: 'listings',
  item: listingReader,
  pageSize: LISTINGS_PAGE_SIZE,
  emptyMeansNoData: true,
  where: ({ publisherIds, locationIds, statuses, language }: ListingFilters) => ({
    path: listingsPath('listings'),
    query: { publisherIds, locationIds, statuses, language },
  }),
});
export const { list: listListings, fetchAll: fetchAllListings } = listings;
export const readListingsPage = listings.readPage;

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

/**
 * The pages at `offsets` of a walk the hourly quota ended, fetched as fetchAllListings fetches (bounded,
 * a quota 429 ends it again). The account must still hold `count` listings: otherwise the pages no longer
 * line up and it fails with count-changed, and only a whole walk will do.
 */
export async function fetchListingPages(
  client: ApiClient,
  offsets: readonly number[],
  count: number,
  options: FetchAllOptions<Listing> = {},
): Promise<{ listings: Listing[]; incomplete?: Incomplete }> {
  if (offsets.length === 0) return { listings: [] };
  const { items, incomplete } = await fetchAllPages({
    ...options,
    operation: 'fetchAllListings',
    pageSize: LISTINGS_PAGE_SIZE,
    // The walk's offsets are places in `offsets`, so its count is theirs.
    fetchPage: async (place, limit, signal) => {
      const offset = offsets[place / LISTINGS_PAGE_SIZE]!;
      const { data, warnings } = await listListings(client, { offset, limit }, { signal });
      if (data.count !== count) {
        throw new ApiError({
          kind: 'count-changed',
          operation: 'fetchAllListings',
          detail: `the number of listings changed from ${count} to ${data.count}; load again`,
        });
      }
      return { count: offsets.length * LISTINGS_PAGE_SIZE, items: data.listings, warnings };
    },
  });
  if (!incomplete) return { listings: items };
  const missingOffsets = incomplete.missingOffsets.map((place) => offsets[place / LISTINGS_PAGE_SIZE]!);
  return { listings: items, incomplete: { ...incomplete, missingOffsets, missingPages: missingOffsets.length } };
}
