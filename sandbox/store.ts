// The Store owns the state, the sandbox clock, account lookups, the listings index and the data file.
// Nothing here knows about HTTP or the vendor's rules. The seed's listings are generated, not held: an
// account's listings are a grid of its locations × publishers, and only changed listings are stored.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { type Account, isoDate, type Listing, type Location, type SandboxState } from './model.ts';
import type { SeedListingSet } from './seed/listings.ts';
import { seedListingsOf } from './seed.ts';

export interface StoreOptions {
  dataFile?: string;
  addRequestProcessingMs: number;
}

export class Store {
  readonly dataFile: string | undefined;
  readonly addRequestProcessingMs: number;
  private current: SandboxState;
  private seed: SeedListingSet | undefined;
  private stored: Map<string, number> | undefined;
  /** Each account's listing pairs in the service's order, by account id ('' for all); built on first use. */
  private readonly grids = new Map<string, ListingGrid>();
  private saveTimer: NodeJS.Timeout | undefined;

  constructor(state: SandboxState, options: StoreOptions) {
    this.current = state;
    this.dataFile = options.dataFile;
    this.addRequestProcessingMs = options.addRequestProcessingMs;
  }

  static loadFile(file: string): SandboxState | undefined {
    if (!existsSync(file)) return undefined;
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as SandboxState;
    if (parsed.schemaVersion !== 1 || !Array.isArray(parsed.listings)) {
      throw new Error(`${file} is not a sandbox state file (schemaVersion 1)`);
    }
    return parsed;
  }

  get state(): SandboxState {
    return this.current;
  }

  nowMs(): number {
    return Date.now() + this.current.clockOffsetMs;
  }

  today(): string {
    return isoDate(this.nowMs());
  }

  account(accountId: string): Account | undefined {
    return this.current.accounts.find((a) => a.accountId === accountId);
  }

  /** The top-level account a (sub-)account belongs to. */
  rootAccount(account: Account): Account {
    let current = account;
    for (let i = 0; i < 10 && current.parentAccountId; i++) {
      const parent = this.account(current.parentAccountId);
      if (!parent) break;
      current = parent;
    }
    return current;
  }

  /** The account itself and every account below it. */
  accountTree(accountId: string): Account[] {
    const out: Account[] = [];
    const visit = (id: string) => {
      const account = this.account(id);
      if (!account || out.includes(account)) return;
      out.push(account);
      for (const child of this.current.accounts) if (child.parentAccountId === id) visit(child.accountId);
    };
    visit(accountId);
    return out;
  }

  /** One account's own locations (not its sub-accounts'), in the state's order. */
  locationsOf(accountId: string): Location[] {
    return this.current.locations.filter((l) => l.accountId === accountId);
  }

  /** The seed's listings, generated on demand; undefined for a data file that stores every listing. */
  private get seedListings(): SeedListingSet | undefined {
    if (!this.current.generatedListings) return undefined;
    this.seed ??= seedListingsOf(this.current);
    return this.seed;
  }

  /** Listings stored because they changed (or were added) since the seed, by location and publisher. */
  private get storedListings(): Map<string, number> {
    if (!this.stored) {
      const stored = new Map<string, number>();
      for (const [i, l] of this.current.listings.entries()) stored.set(pairKey(l.locationId, l.publisherId), i);
      this.stored = stored;
    }
    return this.stored;
  }

  /** One listing as it is now: stored if it changed, else as the seed makes it (a copy either way is safe to edit). */
  listing(locationId: string, publisherId: string): Listing | undefined {
    const i = this.storedListings.get(pairKey(locationId, publisherId));
    if (i !== undefined) return structuredClone(this.current.listings[i]!);
    return this.seedListings?.listing(locationId, publisherId);
  }

  private listingStatus(locationId: string, publisherId: string): string | undefined {
    const i = this.storedListings.get(pairKey(locationId, publisherId));
    return i !== undefined ? this.current.listings[i]!.status : this.seedListings?.status(locationId, publisherId);
  }

  /** Stores a listing's new state (an opt-in or opt-out); only changed listings take memory. */
  putListing(listing: Listing): void {
    const key = pairKey(listing.locationId, listing.publisherId);
    const i = this.storedListings.get(key);
    if (i !== undefined) this.current.listings[i] = listing;
    else {
      this.storedListings.set(key, this.current.listings.length);
      this.current.listings.push(listing);
      // A pair the grid did not have (a new location) moves every later listing.
      if (!this.seedListings?.has(listing.locationId, listing.publisherId)) this.grids.clear();
    }
    this.changed();
  }

  /** Adds listings whose location and publisher have none yet. */
  addListings(listings: Listing[]): void {
    const added = listings.filter((l) => this.listing(l.locationId, l.publisherId) === undefined);
    for (const listing of added) this.putListing(listing);
  }

  /** Every listing of an account (or of all, with undefined), in the service's order: publisher, then location. */
  private grid(accountId: string | undefined): ListingGrid {
    const key = accountId ?? '';
    let grid = this.grids.get(key);
    if (!grid) {
      const locations = new Set<string>(
        accountId === undefined
          ? this.current.accounts.flatMap((a) => this.seedListings?.locationIds(a.accountId) ?? [])
          : (this.seedListings?.locationIds(accountId) ?? []),
      );
      for (const l of this.current.listings)
        if (accountId === undefined || l.accountId === accountId) locations.add(l.locationId);
      grid = new ListingGrid([...locations].sort(byId), this.current.publishers.map((p) => p.id).sort(byId));
      this.grids.set(key, grid);
    }
    return grid;
  }

  /** How many listings the sandbox holds, all accounts together. */
  listingCount(): number {
    return this.grid(undefined).count;
  }

  /**
   * One page of an account's listings, sorted by publisher then location, and how many match. Without a
   * filter a page is made from its offset alone; with one, the matching pairs are counted by status only.
   */
  listingsPage(accountId: string, filter: ListingFilter, offset: number, limit: number) {
    const grid = this.grid(accountId);
    const { statuses, publisherIds, locationIds } = filter;
    if (!statuses && !publisherIds && !locationIds) {
      const listings: Listing[] = [];
      for (let i = offset; i < Math.min(grid.count, offset + limit); i++) {
        const [locationId, publisherId] = grid.pairAt(i);
        listings.push(this.listing(locationId, publisherId)!);
      }
      return { count: grid.count, listings };
    }
    const publishers = publisherIds ? grid.publisherIds.filter((p) => publisherIds.has(p)) : grid.publisherIds;
    const locations = locationIds ? grid.locationIds.filter((l) => locationIds.has(l)) : grid.locationIds;
    let count = 0;
    const listings: Listing[] = [];
    for (const publisherId of publishers) {
      for (const locationId of locations) {
        if (statuses && !statuses.has(this.listingStatus(locationId, publisherId) ?? '')) continue;
        if (count >= offset && count < offset + limit) listings.push(this.listing(locationId, publisherId)!);
        count++;
      }
    }
    return { count, listings };
  }

  /** Every listing of every account in the service's order, made one at a time (GET /__sandbox/state). */
  *allListings(): Generator<Listing> {
    const grid = this.grid(undefined);
    for (let i = 0; i < grid.count; i++) {
      const [locationId, publisherId] = grid.pairAt(i);
      yield this.listing(locationId, publisherId)!;
    }
  }

  replace(state: SandboxState): void {
    this.current = state;
    this.seed = undefined;
    this.stored = undefined;
    this.grids.clear();
    this.changed();
  }

  /** Schedules a debounced save when a data file is configured. */
  changed(): void {
    if (!this.dataFile || this.saveTimer) return;
    this.saveTimer = setTimeout(() => {
      this.saveTimer = undefined;
      this.saveNow();
    }, 150);
    this.saveTimer.unref();
  }

  saveNow(): void {
    if (this.saveTimer) {
      clearTimeout(this.saveTimer);
      this.saveTimer = undefined;
    }
    if (!this.dataFile) return;
    const tmp = `${this.dataFile}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.current));
    renameSync(tmp, this.dataFile);
  }
}

export interface ListingFilter {
  statuses?: ReadonlySet<string> | undefined;
  publisherIds?: ReadonlySet<string> | undefined;
  locationIds?: ReadonlySet<string> | undefined;
}

const pairKey = (locationId: string, publisherId: string) => `${locationId}\u0000${publisherId}`;
const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Listing i is publisher ⌊i / L⌋ × location i mod L: every location with listings has one per publisher. */
class ListingGrid {
  readonly locationIds: readonly string[];
  readonly publisherIds: readonly string[];

  constructor(locationIds: readonly string[], publisherIds: readonly string[]) {
    this.locationIds = locationIds;
    this.publisherIds = publisherIds;
  }

  get count(): number {
    return this.locationIds.length * this.publisherIds.length;
  }

  pairAt(i: number): [locationId: string, publisherId: string] {
    const n = this.locationIds.length;
    return [this.locationIds[i % n]!, this.publisherIds[Math.floor(i / n)]!];
  }
}
