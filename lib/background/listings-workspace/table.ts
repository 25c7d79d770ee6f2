// The account's listings held in the worker, with the indexes a filter needs. Chosen over an IndexedDB
// query per filter because a filter must answer in a frame (≤ 16 ms for 100,000 listings): a pass over
// small integer columns in a precomputed sort order does, a cursor walk over IndexedDB does not. IndexedDB
// (cache-store.ts) only keeps the rows across worker restarts. Text is matched per location and per
// publisher once (1,500 and 70 strings), then each row checks two flags and its own URL.
import type {
  FolderView,
  ListingsSortKey,
  ListingsTableFilters,
  ListingTableRow,
  LocationView,
  StatusDetailView,
} from '../../messaging/protocol/index.ts';

/** What is kept of a listing: the table's columns, and what the cache stores. */
export interface StoredListing {
  id: string;
  locationId: string;
  publisherId: string;
  status: string;
  listingUrl: string;
  screenshotUrl: string;
  statusDetails: StatusDetailView[];
}

export interface TableNames {
  locations: readonly LocationView[];
  folders: readonly FolderView[];
  publishers: readonly { id: string; name: string }[];
}

type Filters = Required<Omit<ListingsTableFilters, 'hasStatusDetails'>> & { hasStatusDetails?: boolean };

/** Row indexes fit under this in a sort key's low bits (2^20 = 1,048,576 rows). */
const ROW_BITS = 2 ** 20;

/** Lower-cased, for matching: everything a person may type to find a location. */
function locationText(id: string, location: LocationView | undefined): string {
  if (!location) return id.toLowerCase();
  const { name, address, address2, city, state, zip } = location;
  return `${name}\n${address}\n${address2}\n${city}\n${state}\n${zip}\n${id}`.toLowerCase();
}

/** Each value's position among the distinct values in code-unit order. */
function ranks(values: readonly string[]): Int32Array {
  const distinct = [...new Set(values)].sort();
  const rankOf = new Map(distinct.map((value, index) => [value, index]));
  return Int32Array.from(values, (value) => rankOf.get(value)!);
}

export class ListingsTable {
  private rows: StoredListing[] = [];
  private readonly byId = new Map<string, number>();
  private readonly loc: number[] = [];
  private readonly pub: number[] = [];
  private readonly stat: number[] = [];
  private readonly url: string[] = [];
  private readonly hasDetails: boolean[] = [];
  // Distinct locations, publishers and statuses, by the small numbers the columns hold.
  private readonly locIds: string[] = [];
  private readonly locIndex = new Map<string, number>();
  private readonly pubIds: string[] = [];
  private readonly pubIndex = new Map<string, number>();
  private readonly statuses: string[] = [];
  private readonly statusIndex = new Map<string, number>();
  private locations = new Map<string, LocationView>();
  private publisherNames = new Map<string, string>();
  private folders: FolderView[] = [];
  private locText: string[] = [];
  private pubText: string[] = [];
  private version = 0;
  private orders = new Map<ListingsSortKey, Int32Array>();
  private lastMatch: { key: string; version: number; matched: Int32Array } | undefined;

  constructor(listings: readonly StoredListing[] = [], names?: TableNames) {
    if (names) this.setNames(names);
    this.upsert(listings);
  }

  get size(): number {
    return this.rows.length;
  }

  /** Adds listings, or replaces those already held (same id): a page as it arrives, or refreshed rows. */
  upsert(listings: readonly StoredListing[]): void {
    for (const listing of listings) {
      const known = this.byId.get(listing.id);
      const index = known ?? this.rows.length;
      if (known === undefined) this.byId.set(listing.id, index);
      this.rows[index] = listing;
      this.loc[index] = this.intern(listing.locationId, this.locIds, this.locIndex, this.locText, (id) =>
        locationText(id, this.locations.get(id)),
      );
      this.pub[index] = this.intern(listing.publisherId, this.pubIds, this.pubIndex, this.pubText, (id) =>
        `${this.publisherNames.get(id) ?? ''}\n${id}`.toLowerCase(),
      );
      this.stat[index] = this.intern(listing.status, this.statuses, this.statusIndex);
      this.url[index] = listing.listingUrl.toLowerCase();
      this.hasDetails[index] = listing.statusDetails.length > 0;
    }
    this.changed();
  }

  setNames(names: TableNames): void {
    this.locations = new Map(names.locations.map((l) => [l.id, l]));
    this.publisherNames = new Map(names.publishers.map((p) => [p.id, p.name]));
    this.folders = [...names.folders];
    for (const location of names.locations) this.intern(location.id, this.locIds, this.locIndex, this.locText);
    for (const publisher of names.publishers) this.intern(publisher.id, this.pubIds, this.pubIndex, this.pubText);
    this.locText = this.locIds.map((id) => locationText(id, this.locations.get(id)));
    this.pubText = this.pubIds.map((id) => `${this.publisherNames.get(id) ?? ''}\n${id}`.toLowerCase());
    this.changed();
  }

  listings(): readonly StoredListing[] {
    return this.rows;
  }

  get(id: string): StoredListing | undefined {
    const index = this.byId.get(id);
    return index === undefined ? undefined : this.rows[index];
  }

  /** Row indexes the filters match, in the sort order. */
  match(filters: Filters, key: ListingsSortKey = 'location', direction: 'asc' | 'desc' = 'asc'): Int32Array {
    const cacheKey = JSON.stringify([filters, key, direction]);
    if (this.lastMatch?.key === cacheKey && this.lastMatch.version === this.version) return this.lastMatch.matched;
    const order = this.order(key);
    const n = order.length;
    const statusOk = this.flags(filters.statuses, this.statusIndex, this.statuses.length);
    const pubOk = this.flags(filters.publisherIds, this.pubIndex, this.pubIds.length);
    let locOk = this.flags(filters.locationIds, this.locIndex, this.locIds.length);
    if (filters.folderIds.length > 0) {
      const inFolders = this.foldersWithin(filters.folderIds);
      const byFolder = new Uint8Array(this.locIds.length);
      this.locIds.forEach((id, i) => {
        const folderId = this.locations.get(id)?.folderId;
        if (folderId && inFolders.has(folderId) && (!locOk || locOk[i])) byFolder[i] = 1;
      });
      locOk = byFolder;
    }
    const terms = filters.text.toLowerCase().split(/\s+/).filter(Boolean);
    const locTerm = terms.map((term) => Uint8Array.from(this.locText, (text) => (text.includes(term) ? 1 : 0)));
    const pubTerm = terms.map((term) => Uint8Array.from(this.pubText, (text) => (text.includes(term) ? 1 : 0)));
    const details = filters.hasStatusDetails;
    const { loc, pub, stat, url, hasDetails } = this;
    const out = new Int32Array(n);
    let m = 0;
    rows: for (let k = 0; k < n; k++) {
      const i = direction === 'asc' ? order[k]! : order[n - 1 - k]!;
      if (statusOk && !statusOk[stat[i]!]) continue;
      if (pubOk && !pubOk[pub[i]!]) continue;
      if (locOk && !locOk[loc[i]!]) continue;
      if (details !== undefined && hasDetails[i] !== details) continue;
      for (let t = 0; t < terms.length; t++) {
        if (!locTerm[t]![loc[i]!] && !pubTerm[t]![pub[i]!] && !url[i]!.includes(terms[t]!)) continue rows;
      }
      out[m++] = i;
    }
    const matched = out.subarray(0, m);
    this.lastMatch = { key: cacheKey, version: this.version, matched };
    return matched;
  }

  row(index: number): ListingTableRow {
    const listing = this.rows[index]!;
    const location = this.locations.get(listing.locationId);
    return {
      id: listing.id,
      locationId: listing.locationId,
      locationName: location?.name ?? '',
      city: location?.city ?? '',
      address: location?.address ?? '',
      folderId: location?.folderId ?? null,
      publisherId: listing.publisherId,
      publisherName: this.publisherNames.get(listing.publisherId) ?? '',
      status: listing.status,
      statusDetails: listing.statusDetails,
      listingUrl: listing.listingUrl,
      screenshotUrl: listing.screenshotUrl,
    };
  }

  /** How many listings of each status, publisher and location; known locations and publishers with none too. */
  counts(): { statuses: Map<string, number>; publishers: Map<string, number>; locations: Map<string, number> } {
    const byStatus = new Array<number>(this.statuses.length).fill(0);
    const byPub = new Array<number>(this.pubIds.length).fill(0);
    const byLoc = new Array<number>(this.locIds.length).fill(0);
    for (let i = 0; i < this.rows.length; i++) {
      byStatus[this.stat[i]!]!++;
      byPub[this.pub[i]!]!++;
      byLoc[this.loc[i]!]!++;
    }
    return {
      statuses: new Map(this.statuses.map((s, i) => [s, byStatus[i]!])),
      publishers: new Map(this.pubIds.map((p, i) => [p, byPub[i]!])),
      locations: new Map(this.locIds.map((l, i) => [l, byLoc[i]!])),
    };
  }

  locationOf(id: string): LocationView | undefined {
    return this.locations.get(id);
  }

  publisherName(id: string): string {
    return this.publisherNames.get(id) ?? '';
  }

  folderList(): readonly FolderView[] {
    return this.folders;
  }

  private changed(): void {
    this.version++;
    this.orders.clear();
  }

  private intern(
    value: string,
    list: string[],
    index: Map<string, number>,
    texts?: string[],
    text?: (value: string) => string,
  ): number {
    let found = index.get(value);
    if (found === undefined) {
      found = list.length;
      list.push(value);
      index.set(value, found);
      if (texts) texts.push(text ? text(value) : value.toLowerCase());
    }
    return found;
  }

  private flags(values: readonly string[], index: Map<string, number>, size: number): Uint8Array | null {
    if (values.length === 0) return null;
    const flags = new Uint8Array(size);
    for (const value of values) {
      const found = index.get(value);
      if (found !== undefined) flags[found] = 1;
    }
    return flags;
  }

  /** The folders and every folder below them. */
  private foldersWithin(folderIds: readonly string[]): Set<string> {
    const children = new Map<string, string[]>();
    for (const folder of this.folders) {
      if (folder.parentId === null) continue;
      children.set(folder.parentId, [...(children.get(folder.parentId) ?? []), folder.id]);
    }
    const found = new Set<string>();
    const visit = (id: string) => {
      if (found.has(id)) return;
      found.add(id);
      for (const child of children.get(id) ?? []) visit(child);
    };
    folderIds.forEach(visit);
    return found;
  }

  /** Every row index in ascending order of `key`; built once per change of the rows or names. */
  private order(key: ListingsSortKey): Int32Array {
    const cached = this.orders.get(key);
    if (cached) return cached;
    const n = this.rows.length;
    const locRank = this.nameRanks(this.locIds, (id) => {
      const l = this.locations.get(id);
      return `${(l?.name || id).toLowerCase()}\n${(l?.city ?? '').toLowerCase()}\n${id}`;
    });
    const pubRank = this.nameRanks(this.pubIds, (id) => `${(this.publisherNames.get(id) || id).toLowerCase()}\n${id}`);
    let primary: ArrayLike<number>;
    let secondary: ArrayLike<number> | undefined;
    let secondarySize = 1;
    switch (key) {
      case 'location':
        primary = this.loc.map((l) => locRank[l]!);
        secondary = this.pub.map((p) => pubRank[p]!);
        secondarySize = this.pubIds.length;
        break;
      case 'publisher':
        primary = this.pub.map((p) => pubRank[p]!);
        secondary = this.loc.map((l) => locRank[l]!);
        secondarySize = this.locIds.length;
        break;
      case 'status': {
        const statusRank = ranks(this.statuses);
        primary = this.stat.map((s) => statusRank[s]!);
        secondary = this.loc.map((l) => locRank[l]!);
        secondarySize = this.locIds.length;
        break;
      }
      case 'statusDetails':
        primary = ranks(this.rows.map((r) => (r.statusDetails[0]?.message ?? '').toLowerCase()));
        break;
      case 'listingUrl':
        primary = ranks(this.url);
        break;
      case 'screenshotUrl':
        primary = ranks(this.rows.map((r) => r.screenshotUrl.toLowerCase()));
        break;
    }
    const composite = (i: number) => primary[i]! * secondarySize + (secondary ? secondary[i]! : 0);
    let order: Int32Array;
    let largest = 0;
    for (let i = 0; i < n; i++) largest = Math.max(largest, composite(i));
    if (n < ROW_BITS && largest < 2 ** 32) {
      // One native numeric sort of (key, row) packed in a double: far faster than a comparator.
      const keys = new Float64Array(n);
      for (let i = 0; i < n; i++) keys[i] = composite(i) * ROW_BITS + i;
      keys.sort();
      order = Int32Array.from(keys, (k) => k % ROW_BITS);
    } else {
      order = Int32Array.from({ length: n }, (_, i) => i).sort((a, b) => composite(a) - composite(b) || a - b);
    }
    this.orders.set(key, order);
    return order;
  }

  private nameRanks(ids: readonly string[], sortText: (id: string) => string): Int32Array {
    return ranks(ids.map(sortText));
  }
}
