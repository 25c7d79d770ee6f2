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

/** Reads the items again only after a change to one of them; the table then re-indexes only changed accounts. */
export function createInboxSource(table: InboxTable, now: () => number) {
  let dirty = true;
  let held: InboxSource | null = null;
  const names = new WeakMap<LocationView[], Record<string, string>>();
  browser.storage.onChanged.addListener((changes, area) => {
    if (area === 'local' && KEYS.some((key) => Object.hasOwn(changes, key))) dirty = true;
  });

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
    const values = (await storage.getItems(ITEMS)).map((v) => v.value);
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
      table.setAccount(info, waitingListOf({ cache }, a.accountKey)?.suggestions ?? NO_ROWS, at);
    }
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
