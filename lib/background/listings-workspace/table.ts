// The account's listings held in the worker, with the indexes a filter needs. Chosen over an IndexedDB
// query per filter because a filter must answer in a frame (≤ 16 ms for 100,000 listings): a pass over
// small integer columns in a precomputed sort order does, a cursor walk over IndexedDB does not. IndexedDB
// (cache-store.ts) only keeps the rows across worker restarts. Text is matched per location and per
// publisher once (word-search.ts), then each row checks two flags and its own URL.

import { listingKey } from '../../api/listings.ts';
import type {
  FolderView,
  ListingsSortKey,
  ListingTableRow,
  LocationView,
  StatusDetailView,
} from '../../messaging/protocol/index.ts';
import { type Filters, foldersWithin, hasFilter, locationText } from './filter-text.ts';
import { flags, intern } from './interning.ts';
import { RecentAnswers } from './recent-answers.ts';
import { type FlagCheck, placesAscending, walkFlags } from './row-walk.ts';
import {
  joinNames,
  type ListingsColumns,
  packStrings,
  type StoredListing,
  type TableNames,
  unpackStrings,
} from './rows.ts';
import { mergeOrder, namesFingerprint, rowComparator, type SortRanks, sortOrder, sortRanks } from './sort-order.ts';
import { FEW_CANDIDATES, WordSearch } from './word-search.ts';

export { joinNames, type ListingsColumns, type StoredListing, type TableNames, toStoredListing } from './rows.ts';

export class ListingsTable {
  private ids: string[] = [];
  /** Each row by its listingKey; built on first need: a table read from the cache may never be asked. */
  private byId: Map<string, number> | undefined;
  private loc: number[] = [];
  private pub: number[] = [];
  private stat: number[] = [];
  private listingUrls: string[] = [];
  private screenshotUrls: string[] = [];
  private details = new Map<number, StatusDetailView[]>();
  private hasDetails: number[] = [];
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
  /** Each key's order, of the rows there were when it was made: rows added since are merged in when asked. */
  private orders = new Map<ListingsSortKey, Int32Array>();
  private descending = new Map<ListingsSortKey, { version: number; order: Int32Array }>();
  private recent = new RecentAnswers();
  /** A row-sized buffer each filter writes into, its answer copied out: no 600,000-row array per keystroke. */
  private scratch: Int32Array | undefined;
  private numbers: Int32Array | undefined;
  private wordSearch: { version: number; search: WordSearch } | undefined;
  /** Each row's place in the order of a key. */
  private ranks = new Map<ListingsSortKey, Int32Array>();
  private namesVersion = 0;
  /** The ranks a merge compares by, for the names and the locations, publishers and statuses seen. */
  private mergeRanks: { key: string; ranks: SortRanks } | undefined;

  constructor(listings: readonly StoredListing[] = [], names?: TableNames) {
    if (names) this.setNames(names);
    if (listings.length > 0) this.upsert(listings);
  }

  static fromColumns(columns: ListingsColumns, names?: TableNames): ListingsTable {
    const table = new ListingsTable([], names);
    const locs = columns.locationIds.map((id) => table.internLocation(id));
    const pubs = columns.publisherIds.map((id) => table.internPublisher(id));
    const stats = columns.statuses.map((s) => intern(s, table.statuses, table.statusIndex));
    table.ids = unpackStrings(columns.ids);
    table.loc = Array.from(columns.loc, (i) => locs[i]!);
    table.pub = Array.from(columns.pub, (i) => pubs[i]!);
    table.stat = Array.from(columns.stat, (i) => stats[i]!);
    table.listingUrls = unpackStrings(columns.listingUrls);
    table.screenshotUrls = unpackStrings(columns.screenshotUrls);
    table.details = new Map(columns.details);
    table.hasDetails = new Array<number>(table.ids.length).fill(0);
    for (const [row] of columns.details) table.hasDetails[row] = 1;
    table.changed();
    // The default order saved with the rows holds while the names it was sorted by are the same.
    const { locationOrder, orderNames } = columns;
    if (locationOrder?.length === table.ids.length && orderNames === namesFingerprint(table.sortTexts())) {
      table.orders.set('location', locationOrder);
    }
    return table;
  }

  columns(): ListingsColumns {
    return {
      ids: packStrings(this.ids),
      locationIds: [...this.locIds],
      publisherIds: [...this.pubIds],
      statuses: [...this.statuses],
      loc: Int32Array.from(this.loc),
      pub: Int32Array.from(this.pub),
      stat: Int32Array.from(this.stat),
      listingUrls: packStrings(this.listingUrls),
      screenshotUrls: packStrings(this.screenshotUrls),
      details: [...this.details],
      locationOrder: this.order('location'),
      orderNames: namesFingerprint(this.sortTexts()),
    };
  }

  get size(): number {
    return this.ids.length;
  }

  /** Adds listings, or replaces those already held (same id): a page as it arrives, or refreshed rows. */
  upsert(listings: readonly StoredListing[]): void {
    const byKey = this.index();
    // Only new rows (a page of a load): the orders held stay right for the rows they have.
    let appendOnly = true;
    for (const listing of listings) {
      const key = listingKey(listing);
      const known = byKey.get(key);
      if (known !== undefined) appendOnly = false;
      const i = known ?? this.ids.length;
      if (known === undefined) byKey.set(key, i);
      this.ids[i] = listing.id;
      this.loc[i] = this.internLocation(listing.locationId);
      this.pub[i] = this.internPublisher(listing.publisherId);
      this.stat[i] = intern(listing.status, this.statuses, this.statusIndex);
      this.listingUrls[i] = listing.listingUrl;
      this.screenshotUrls[i] = listing.screenshotUrl;
      if (listing.statusDetails.length > 0) this.details.set(i, listing.statusDetails);
      else this.details.delete(i);
      this.hasDetails[i] = listing.statusDetails.length > 0 ? 1 : 0;
    }
    this.changed(appendOnly);
  }

  setNames(names: TableNames): void {
    this.locations = new Map(names.locations.map((l) => [l.id, l]));
    this.publisherNames = new Map(names.publishers.map((p) => [p.id, p.name]));
    this.folders = [...names.folders];
    for (const location of names.locations) this.internLocation(location.id);
    for (const publisher of names.publishers) this.internPublisher(publisher.id);
    this.locText = this.locIds.map((id) => locationText(id, this.locations.get(id)));
    this.pubText = this.pubIds.map((id) => this.publisherText(id));
    this.namesVersion++;
    this.changed();
  }

  listing(i: number): StoredListing {
    return {
      id: this.ids[i]!,
      locationId: this.locIds[this.loc[i]!]!,
      publisherId: this.pubIds[this.pub[i]!]!,
      status: this.statuses[this.stat[i]!]!,
      listingUrl: this.listingUrls[i]!,
      screenshotUrl: this.screenshotUrls[i]!,
      statusDetails: this.details.get(i) ?? [],
    };
  }

  /** A listing by its listingKey (its id, when it has one). */
  get(key: string): StoredListing | undefined {
    const i = this.index().get(key);
    return i === undefined ? undefined : this.listing(i);
  }

  /**
   * Row indexes the filters match, in the sort order. A search that extends the previous one (a
   * keystroke more) only checks the previous matches: every row it matches, the shorter one did.
   */
  match(filters: Filters, key: ListingsSortKey = 'location', direction: 'asc' | 'desc' = 'asc'): Int32Array {
    const text = filters.text.toLowerCase();
    const cacheKey = JSON.stringify([filters, key, direction]);
    const rest = JSON.stringify([{ ...filters, text: '' }, key, direction]);
    const recent = this.recent.of(this.version);
    const known = recent.get(cacheKey);
    if (known) return recent.remember(cacheKey, known).matched;
    // From a blank search the previous matches may be every row: a word few rows hold names fewer (below).
    const base = recent.extended(rest, text);
    if (base) {
      const search = this.search();
      const matched = search.within(base.matched, search.words(text));
      return recent.remember(cacheKey, { rest, text, matched }).matched;
    }
    const order = this.order(key);
    if (!hasFilter(filters)) return direction === 'asc' ? order : this.reversed(key, order);
    const n = order.length;
    const statusOk = flags(filters.statuses, this.statusIndex, this.statuses.length);
    const pubOk = flags(filters.publisherIds, this.pubIndex, this.pubIds.length);
    let locOk = flags(filters.locationIds, this.locIndex, this.locIds.length);
    if (filters.folderIds.length > 0) {
      const inFolders = foldersWithin(this.folders, filters.folderIds);
      const byFolder = new Uint8Array(this.locIds.length);
      this.locIds.forEach((id, i) => {
        const folderId = this.locations.get(id)?.folderId;
        if (folderId && inFolders.has(folderId) && (!locOk || locOk[i])) byFolder[i] = 1;
      });
      locOk = byFolder;
    }
    const search = this.search();
    const words = search.words(filters.text);
    const searching = words.terms.length > 0;
    // A word few rows hold ("yelp": ~1,500 of 100,000), or a publisher's or location's rows, name the only
    // rows to look at, by their place in the order; else every row is looked at. Either way each is checked the same.
    const limit = n / FEW_CANDIDATES;
    let candidates = searching ? search.fewRows(words) : undefined;
    for (const [kind, held] of [
      ['pub', pubOk],
      ['loc', locOk],
    ] as const) {
      const rows = held && search.groupRows(kind, held, Math.min(limit, candidates?.length ?? limit));
      if (rows) candidates = rows;
    }
    const few = candidates && this.placesOf(candidates, key);
    const urlFlags = few || !searching ? undefined : search.urlFlags(words);
    const details = filters.hasStatusDetails;
    const { loc, pub, stat, hasDetails } = this;
    const checks: FlagCheck[] = [];
    if (statusOk) checks.push([statusOk, stat]);
    if (pubOk) checks.push([pubOk, pub]);
    if (locOk) checks.push([locOk, loc]);
    if (details !== undefined) checks.push([Uint8Array.of(details ? 0 : 1, details ? 1 : 0), hasDetails]);
    if (this.scratch?.length !== n) this.scratch = new Int32Array(n);
    const out = this.scratch;
    if (!few && !searching && checks.length >= 1 && checks.length <= 3) {
      const matched = walkFlags(order, direction, checks, out).slice();
      return recent.remember(cacheKey, { rest, text, matched }).matched;
    }
    if (!few && searching) {
      // Most rows looked at: the words become one flag per row, and the walk reads only flags.
      checks.push([search.rowFlags(words, urlFlags!), this.rowNumbers()]);
      if (checks.length <= 3) {
        const matched = walkFlags(order, direction, checks, out).slice();
        return recent.remember(cacheKey, { rest, text, matched }).matched;
      }
      checks.pop();
    }
    const count = few ? few.length : n;
    let m = 0;
    for (let k = 0; k < count; k++) {
      const place = few ? few[direction === 'asc' ? k : count - 1 - k]! : direction === 'asc' ? k : n - 1 - k;
      const i = order[place]!;
      if (statusOk && !statusOk[stat[i]!]) continue;
      if (pubOk && !pubOk[pub[i]!]) continue;
      if (locOk && !locOk[loc[i]!]) continue;
      if (details !== undefined && (hasDetails[i] === 1) !== details) continue;
      if (searching && !search.holdsEvery(i, words, urlFlags)) continue;
      out[m++] = i;
    }
    return recent.remember(cacheKey, { rest, text, matched: out.slice(0, m) }).matched;
  }

  /** 0, 1, … size − 1: the column that makes a per-row flag a walkFlags check. */
  private rowNumbers(): Int32Array {
    if (this.numbers?.length !== this.ids.length) {
      // A loop, not Int32Array.from with a function: ~100 ms at 600,000 rows on a loaded machine.
      this.numbers = new Int32Array(this.ids.length);
      for (let i = 0; i < this.numbers.length; i++) this.numbers[i] = i;
    }
    return this.numbers;
  }

  /** Every row in descending order of `key`: no filter then costs no pass over the rows. */
  private reversed(key: ListingsSortKey, order: Int32Array): Int32Array {
    let found = this.descending.get(key);
    if (found?.version !== this.version) {
      found = { version: this.version, order: order.slice().reverse() };
      this.descending.set(key, found);
    }
    return found.order;
  }

  /** The places in `key`'s order of `rows`, ascending, each once. */
  private placesOf(rows: Int32Array, key: ListingsSortKey): Int32Array {
    return placesAscending(rows, this.placesIn(key));
  }

  private search(): WordSearch {
    if (this.wordSearch?.version !== this.version) {
      const { loc, pub, listingUrls, locText, pubText } = this;
      this.wordSearch = { version: this.version, search: new WordSearch({ loc, pub, listingUrls, locText, pubText }) };
    }
    return this.wordSearch.search;
  }

  /** Each row's place in `key`'s order. */
  private placesIn(key: ListingsSortKey): Int32Array {
    let place = this.ranks.get(key);
    if (!place) {
      const order = this.order(key);
      place = new Int32Array(order.length);
      for (let k = 0; k < order.length; k++) place[order[k]!] = k;
      this.ranks.set(key, place);
    }
    return place;
  }

  /** Builds the default order and the indexes a search uses ahead of the first filter that needs them. */
  warm(): void {
    this.placesIn('location');
    this.search().warm();
  }

  /** warm() in slices, `pause` between them; stops when the rows or names change (the search is rebuilt). */
  async warmInSteps(pause: () => Promise<void>): Promise<void> {
    this.placesIn('location');
    await pause();
    const search = this.search();
    await search.warmInSteps(async () => {
      await pause();
      return this.wordSearch?.search === search;
    });
  }

  row(index: number): ListingTableRow {
    return joinNames(this.listing(index), this.locations, this.publisherNames);
  }

  /** The first `n` rows of the default order (location, ascending) as shown: what a restart shows first. */
  head(n: number): ListingTableRow[] {
    const order = this.order('location');
    return Array.from(order.subarray(0, n), (i) => this.row(i));
  }

  /** How many listings of each status, publisher and location; known locations and publishers with none too. */
  counts(): { statuses: Map<string, number>; publishers: Map<string, number>; locations: Map<string, number> } {
    const byStatus = new Array<number>(this.statuses.length).fill(0);
    const byPub = new Array<number>(this.pubIds.length).fill(0);
    const byLoc = new Array<number>(this.locIds.length).fill(0);
    for (let i = 0; i < this.ids.length; i++) {
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

  private index(): Map<string, number> {
    this.byId ??= new Map(
      this.ids.map((id, i) => [
        id || listingKey({ id, locationId: this.locIds[this.loc[i]!]!, publisherId: this.pubIds[this.pub[i]!]! }),
        i,
      ]),
    );
    return this.byId;
  }

  private publisherText(id: string): string {
    return `${this.publisherNames.get(id) ?? ''}\n${id}`.toLowerCase();
  }

  private internLocation(id: string): number {
    return intern(id, this.locIds, this.locIndex, this.locText, (value) =>
      locationText(value, this.locations.get(value)),
    );
  }

  private internPublisher(id: string): number {
    return intern(id, this.pubIds, this.pubIndex, this.pubText, (value) => this.publisherText(value));
  }

  /** `appended`: rows were only added at the end, so the orders held are kept and merged into later. */
  private changed(appended = false): void {
    this.version++;
    if (!appended) this.orders.clear();
    this.ranks.clear();
  }

  private sortTexts() {
    return {
      locSortText: this.locIds.map((id) => {
        const l = this.locations.get(id);
        return `${(l?.name || id).toLowerCase()}\n${(l?.city ?? '').toLowerCase()}\n${id}`;
      }),
      pubSortText: this.pubIds.map((id) => `${(this.publisherNames.get(id) || id).toLowerCase()}\n${id}`),
    };
  }

  /** Every row index in ascending order of `key`; sorted once per change of names or rows, merged into when rows are added. */
  private order(key: ListingsSortKey): Int32Array {
    let order = this.orders.get(key);
    if (order?.length === this.ids.length) return order;
    const cellText = () => {
      if (key === 'statusDetails') return this.ids.map((_, i) => this.details.get(i)?.[0]?.message ?? '');
      return key === 'listingUrl' ? this.listingUrls : this.screenshotUrls;
    };
    const columns = { loc: this.loc, pub: this.pub, stat: this.stat, statuses: this.statuses, cellText };
    if (order) {
      // The ranks of 8,700 location names cost more than the merge: made again only when they change.
      const ranksKey = `${this.namesVersion}:${this.locIds.length}:${this.pubIds.length}:${this.statuses.length}`;
      if (this.mergeRanks?.key !== ranksKey) {
        this.mergeRanks = { key: ranksKey, ranks: sortRanks({ ...columns, ...this.sortTexts() }) };
      }
      const compare = rowComparator(key, { ...columns, locSortText: [], pubSortText: [] }, this.mergeRanks.ranks);
      order = mergeOrder(order, this.ids.length, compare);
    } else order = sortOrder(key, { ...columns, ...this.sortTexts() });
    this.orders.set(key, order);
    return order;
  }
}
