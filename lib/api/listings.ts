import { z } from 'zod';
import { type ApiClient, type ApiResult, type CallOptions, listingsPath } from './client.ts';
import type { ApiMessage } from './errors.ts';
import { pageReader } from './lists.ts';
import { type FetchAllOptions, fetchAllPages, type Incomplete } from './paging.ts';
import {
  type Item,
  type ItemReader,
  itemSchema,
  normaliseIds,
  normaliseObjects,
  normaliseOptional,
  rawId,
} from './schemas-common.ts';

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
  id: string;
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

const ListingRequired = z.object({ id: rawId, locationId: rawId, publisherId: rawId, status: z.string() });
const LISTING_TEXT = ['listingUrl', 'screenshotUrl', 'screenShotUrl', 'additionalStatus', 'loginUrl'] as const;

// The interface document spells it screenShotUrl, the public record screenshotUrl: both become screenshotUrl.
function normaliseListing(listing: Item): Listing {
  normaliseIds(listing, ['id', 'locationId', 'publisherId', 'accountId']);
  normaliseOptional(listing, LISTING_TEXT, 'string');
  if ('screenShotUrl' in listing) {
    listing.screenshotUrl ??= listing.screenShotUrl;
    delete listing.screenShotUrl;
  }
  normaliseObjects(listing, 'alternateBrands', (brand) => {
    normaliseOptional(brand, ['name', 'url'], 'string');
    return brand;
  });
  normaliseObjects(listing, 'statusDetails', (detail) => {
    normaliseIds(detail, ['code']);
    normaliseOptional(detail, ['type', 'message'], 'string');
    normaliseOptional(detail, ['actionable'], 'boolean');
    return detail;
  });
  return listing as Listing;
}

export const listingReader: ItemReader<Listing> = {
  noun: 'listings',
  required: ListingRequired,
  normalise: normaliseListing,
};
export const ListingSchema = itemSchema(listingReader);

export interface ListingsPage {
  count: number;
  listings: Listing[];
}
const readListingsPage = pageReader('listings', listingReader, { emptyMeansNoData: true });

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
      read: readListingsPage,
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
): Promise<{ count: number; listings: Listing[]; warnings: ApiMessage[]; incomplete?: Incomplete }> {
  const { count, items, warnings, incomplete } = await fetchAllPages({
    ...options,
    operation: 'fetchAllListings',
    pageSize: LISTINGS_PAGE_SIZE,
    fetchPage: async (offset, limit, signal) => {
      const { data, warnings } = await listListings(client, { ...filters, offset, limit }, { signal });
      return { count: data.count, items: data.listings, warnings };
    },
  });
  return incomplete ? { count, listings: items, warnings, incomplete } : { count, listings: items, warnings };
}
