// What the workspace keeps of a listing, the column form the cache stores it in, and the row it is shown as.
import { type Listing, listingKey } from '../../api/listings.ts';
import type { FolderView, ListingTableRow, LocationView, StatusDetailView } from '../../messaging/protocol/index.ts';

/** What is kept of a listing: the table's columns, and what the cache stores. */
export interface StoredListing {
  /** '' when the service sent none: listingKey() names it by location and publisher. */
  id: string;
  locationId: string;
  publisherId: string;
  status: string;
  listingUrl: string;
  screenshotUrl: string;
  statusDetails: StatusDetailView[];
}

export function toStoredListing(l: Listing): StoredListing {
  return {
    id: l.id ?? '',
    locationId: l.locationId,
    publisherId: l.publisherId,
    status: l.status,
    listingUrl: l.listingUrl ?? '',
    screenshotUrl: l.screenshotUrl ?? '',
    statusDetails: (l.statusDetails ?? []).map((d) => ({
      code: d.code ?? '',
      type: d.type ?? '',
      message: d.message ?? '',
      actionable: d.actionable ?? null,
    })),
  };
}

/**
 * A column of strings as one string when no value holds the separator: IndexedDB then reads back one
 * block instead of 100,000 strings (a URL could hold anything, so the array form stays possible).
 */
export type PackedStrings = { joined: string; count: number } | string[];

const SEPARATOR = '\u0000';

export function packStrings(values: readonly string[]): PackedStrings {
  return values.some((v) => v.includes(SEPARATOR))
    ? [...values]
    : { joined: values.join(SEPARATOR), count: values.length };
}

export function unpackStrings(packed: PackedStrings): string[] {
  if (Array.isArray(packed)) return packed;
  return packed.count === 0 ? [] : packed.joined.split(SEPARATOR);
}

/** The rows as the cache keeps them: columns, so a restart reads a few blocks, not 100,000 objects. */
export interface ListingsColumns {
  ids: PackedStrings;
  /** Distinct values; loc, pub and stat hold positions in them. */
  locationIds: string[];
  publisherIds: string[];
  statuses: string[];
  loc: Int32Array;
  pub: Int32Array;
  stat: Int32Array;
  listingUrls: PackedStrings;
  screenshotUrls: PackedStrings;
  /** Only rows that have status details: [row, details]. */
  details: [number, StatusDetailView[]][];
  /** The default sort (location, ascending), kept so a restart does not sort 100,000 rows again. */
  locationOrder?: Int32Array;
  /** namesFingerprint() of the names that order was sorted by. */
  orderNames?: string;
}

export interface TableNames {
  locations: readonly LocationView[];
  folders: readonly FolderView[];
  publishers: readonly { id: string; name: string }[];
}

/** A listing as a table row, with the names it is shown by. */
export function joinNames(
  listing: StoredListing,
  locations: ReadonlyMap<string, LocationView>,
  publisherNames: ReadonlyMap<string, string>,
): ListingTableRow {
  const location = locations.get(listing.locationId);
  return {
    key: listingKey(listing),
    id: listing.id,
    locationId: listing.locationId,
    locationName: location?.name ?? '',
    city: location?.city ?? '',
    address: location?.address ?? '',
    folderId: location?.folderId ?? null,
    publisherId: listing.publisherId,
    publisherName: publisherNames.get(listing.publisherId) ?? '',
    status: listing.status,
    statusDetails: listing.statusDetails,
    listingUrl: listing.listingUrl,
    screenshotUrl: listing.screenshotUrl,
  };
}
