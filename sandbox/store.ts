// The Store owns the state, the sandbox clock, account lookups, the listings index and the data file.
// Nothing here knows about HTTP or the vendor's rules.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { type Account, compareListings, isoDate, type Listing, type Location, type SandboxState } from './model.ts';

export interface StoreOptions {
  dataFile?: string;
  addRequestProcessingMs: number;
}

export class Store {
  readonly dataFile: string | undefined;
  readonly addRequestProcessingMs: number;
  private current: SandboxState;
  /** Each account's listings in the state's order (publisher, then location); built on first use. */
  private listingsByAccount: Map<string, Listing[]> | undefined;
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

  /** One account's listings, sorted by publisher then location; the objects are the state's own. */
  listingsOf(accountId: string): readonly Listing[] {
    if (!this.listingsByAccount) {
      this.listingsByAccount = new Map();
      for (const listing of this.current.listings) {
        const list = this.listingsByAccount.get(listing.accountId);
        if (list) list.push(listing);
        else this.listingsByAccount.set(listing.accountId, [listing]);
      }
    }
    return this.listingsByAccount.get(accountId) ?? [];
  }

  /** Adds listings whose ids are new, keeping the state's order and the index in step. */
  addListings(listings: Listing[]): void {
    const known = new Set(this.current.listings.map((l) => l.id));
    const added = listings.filter((l) => !known.has(l.id));
    if (added.length === 0) return;
    this.current.listings.push(...added);
    this.current.listings.sort(compareListings);
    this.listingsByAccount = undefined;
    this.changed();
  }

  replace(state: SandboxState): void {
    this.current = state;
    this.listingsByAccount = undefined;
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
