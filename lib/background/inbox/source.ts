// What the Inbox's table is made from, read from storage only when one of its items changed: the linked
// accounts, each one's cached WAITING list (the triage feature's, the popup's same one fetch), pending
// decisions and failures (rows show them as the popup does), publisher and location names.
import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import type { LocationView } from '../../messaging/protocol/index.ts';
import { WAITING } from '../../shared/listing-statuses.ts';
import { type LinkedAccount, linkedAccountsItem } from '../core/account-items.ts';
import { type PublisherNames, publisherNamesItem } from '../core/publisher-names.ts';
import { locationsItem, type StoredLocations } from '../locations.ts';
import {
  type CachedSuggestions,
  type DecisionBatch,
  type FailedDecision,
  keyboardShortcutsItem,
  type PendingDecision,
  type StoredSuggestion,
  triageBatchesItem,
  triageCacheItem,
  triageFailuresItem,
  triagePendingItem,
  triageRevisionItem,
  triageUndoWindowMsForTestsItem,
} from '../suggestion-triage/triage-items.ts';
import { cacheKey, undoWindowMs } from '../suggestion-triage/triage-state.ts';
import type { InboxTable } from './table.ts';

const ITEMS = [
  linkedAccountsItem,
  triageCacheItem,
  triagePendingItem,
  triageFailuresItem,
  triageBatchesItem,
  publisherNamesItem,
  locationsItem,
  keyboardShortcutsItem,
  triageRevisionItem,
  triageUndoWindowMsForTestsItem,
];
const KEYS: readonly string[] = ITEMS.map((item) => item.key.slice(item.key.indexOf(':') + 1));
const NO_ROWS: readonly never[] = [];

export interface InboxSource {
  accounts: LinkedAccount[];
  cache: Record<string, CachedSuggestions>;
  /** `${accountKey} ${suggestionId}` → its pending decision / failure. */
  pending: Map<string, PendingDecision>;
  failures: Map<string, FailedDecision>;
  batches: DecisionBatch[];
  publishers: Record<string, PublisherNames>;
  keyboardShortcuts: boolean;
  revision: number;
  undoWindowMs: number;
}

export const rowKey = (accountKey: string, id: string) => `${accountKey} ${id}`;

export function waitingListOf(source: Pick<InboxSource, 'cache'>, accountKey: string): CachedSuggestions | undefined {
  return source.cache[cacheKey(accountKey, WAITING)];
}

/** Equal lists, suggestion by suggestion (each a flat record of the service's fields). */
export function sameSuggestions(a: readonly StoredSuggestion[], b: readonly StoredSuggestion[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as unknown as Record<string, unknown>;
    const y = b[i] as unknown as Record<string, unknown>;
    const keys = Object.keys(x);
    if (keys.length !== Object.keys(y).length) return false;
    for (const key of keys) if (!Object.is(x[key], y[key])) return false;
  }
  return true;
}

/**
 * Reads the items from storage once, then keeps them from each change's new value (storage.onChanged carries
 * it): an accept-all's writes changed the cached lists every round, and each read of them all again cost the
 * worker ~220 KB at 4 accounts (MBs at 30) while it was sending. The table re-indexes only changed accounts.
 */
export function createInboxSource(table: InboxTable, now: () => number) {
  let dirty = true;
  let held: InboxSource | null = null;
  /** Each item's stored value by key, once read; kept up to date by onChanged. */
  let stored: Map<string, unknown> | null = null;
  /** Changes that came while the first read was on its way: newer than what it read. */
  let during: Map<string, unknown> | null = null;
  let first: Promise<Map<string, unknown>> | null = null;
  /** Each account's list as last given to the table. */
  const lists = new Map<string, readonly StoredSuggestion[]>();
  const names = new WeakMap<LocationView[], Record<string, string>>();
  browser.storage.onChanged.addListener((changes, area) => {
    if (area !== 'local') return;
    for (const key of KEYS) {
      if (!Object.hasOwn(changes, key)) continue;
      dirty = true;
      (stored ?? during)?.set(key, changes[key]?.newValue);
    }
  });

  async function load(): Promise<Map<string, unknown>> {
    during = new Map();
    const read = await storage.getItems(ITEMS);
    const values = new Map(KEYS.map((key, i) => [key, read[i]?.value]));
    for (const [key, value] of during) values.set(key, value);
    during = null;
    stored = values;
    return values;
  }

  function locationNames(stored: StoredLocations | undefined): Record<string, string> {
    if (!stored) return {};
    let known = names.get(stored.locations);
    if (!known) {
      known = {};
      for (const l of stored.locations) known[l.id] = l.name;
      names.set(stored.locations, known);
    }
    return known;
  }

  async function read(): Promise<InboxSource> {
    if (!dirty && held) return held;
    // Cleared before the read: a change during it makes the next ask read again.
    dirty = false;
    first ??= load();
    const items = stored ?? (await first);
    // A removed item reads as its fallback, as storage.getItems gives it.
    const values = ITEMS.map((item, i) => items.get(KEYS[i]!) ?? item.fallback);
    const [accounts, cache, pending, failures, batches, publishers, locations, keyboardShortcuts, revision] =
      values as [
        LinkedAccount[],
        Record<string, CachedSuggestions>,
        PendingDecision[],
        FailedDecision[],
        DecisionBatch[],
        Record<string, PublisherNames>,
        Record<string, StoredLocations>,
        boolean,
        number,
      ];
    const at = now();
    for (const a of accounts) {
      const info = {
        accountKey: a.accountKey,
        accountName: a.accountName,
        locationNames: locationNames(locations[a.accountKey]),
      };
      const list = waitingListOf({ cache }, a.accountKey)?.suggestions ?? NO_ROWS;
      // Every write of the cache gives every list anew: one that shows the same keeps its rows and indexes.
      const before = lists.get(a.accountKey);
      const kept = before && sameSuggestions(before, list) ? before : list;
      lists.set(a.accountKey, kept);
      table.setAccount(info, kept, at);
    }
    for (const key of [...lists.keys()]) if (!accounts.some((a) => a.accountKey === key)) lists.delete(key);
    table.keepOnly(new Set(accounts.map((a) => a.accountKey)));
    held = {
      accounts,
      cache,
      pending: new Map(pending.map((p) => [rowKey(p.accountKey, p.suggestionId), p])),
      failures: new Map(failures.map((f) => [rowKey(f.accountKey, f.suggestionId), f])),
      batches,
      publishers,
      keyboardShortcuts,
      revision,
      undoWindowMs: await undoWindowMs(),
    };
    return held;
  }

  return { read };
}
