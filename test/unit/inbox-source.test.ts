// The Inbox's source in the worker: the items read from storage once, then followed from each change's new
// value (an accept-all's rounds rewrote the cached lists, and each answer after them read them all again),
// and a list that shows the same suggestions keeps its rows in the table (no re-index of every account).
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { linkedAccountsItem } from '../../lib/background/core/account-items.ts';
import { createInboxSource, sameSuggestions } from '../../lib/background/inbox/source.ts';
import { createInboxTable } from '../../lib/background/inbox/table.ts';
import {
  type StoredSuggestion,
  triageCacheItem,
  triagePendingItem,
} from '../../lib/background/suggestion-triage/triage-items.ts';
import { cacheKey } from '../../lib/background/suggestion-triage/triage-state.ts';
import { WAITING } from '../../lib/shared/listing-statuses.ts';
import { resetDesk } from './desk-fakes.ts';

const NOW = Date.parse('2026-11-26T12:00:00Z');

const waiting = (prefix: string, n: number): StoredSuggestion[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `${prefix}${i + 1}`,
    status: WAITING,
    publisherId: 'GOOGLE',
    locationId: `${prefix}-L1`,
    fieldName: 'NAME',
    originalContent: 'old',
    suggestedContent: 'new',
    dateCreated: '2026-11-20',
  }));

const account = (accountKey: string) => ({
  accountKey,
  accountName: `Account ${accountKey}`,
  appSpecificAccountId: accountKey,
  linkedAt: NOW,
  needsRelink: false,
  apiOrigin: 'http://127.0.0.1:1',
});

const listsOf = (lists: Record<string, StoredSuggestion[]>) =>
  Object.fromEntries(
    Object.entries(lists).map(([k, suggestions]) => [
      cacheKey(k, WAITING),
      { fetchedAt: NOW, count: suggestions.length, suggestions },
    ]),
  );

/** Storage events are delivered after the write: the source sees them before the next read. */
const delivered = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(async () => {
  resetDesk();
  await linkedAccountsItem.setValue([account('A'), account('B')]);
  await triageCacheItem.setValue(listsOf({ A: waiting('a', 3), B: waiting('b', 2) }));
});

describe('the Inbox’s source', () => {
  test('reads storage once; a change after that comes from its event, with its new value', async () => {
    const table = createInboxSource(createInboxTable(), () => NOW);
    const table0 = await table.read();
    expect(table0.cache[cacheKey('B', WAITING)]!.suggestions).toHaveLength(2);
    await triagePendingItem.setValue([
      { suggestionId: 'a1', accountKey: 'A', decision: 'ACCEPTED', dueAt: NOW, batchId: 'b1', attempts: 0 },
    ]);
    await triageCacheItem.setValue(listsOf({ A: waiting('a', 3), B: waiting('b', 1) }));
    await delivered();
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    const after = await table.read();
    expect(after.pending.get('A a1')?.decision).toBe('ACCEPTED');
    expect(after.cache[cacheKey('B', WAITING)]!.suggestions).toHaveLength(1);
    // Only the undo window's small item is read again; none of the lists.
    const keys = get.mock.calls.flatMap(([k]) =>
      Array.isArray(k) ? k : typeof k === 'string' ? [k] : Object.keys(k ?? {}),
    );
    expect(keys.filter((k) => !k.startsWith('triageUndoWindowMsForTests'))).toEqual([]);
  });

  test('a removed item reads as its fallback', async () => {
    const source = createInboxSource(createInboxTable(), () => NOW);
    await triagePendingItem.setValue([
      { suggestionId: 'a1', accountKey: 'A', decision: 'ACCEPTED', dueAt: NOW, batchId: 'b1', attempts: 0 },
    ]);
    expect((await source.read()).pending.size).toBe(1);
    await triagePendingItem.removeValue();
    await delivered();
    expect((await source.read()).pending.size).toBe(0);
  });

  test('a rewrite of the cache that leaves an account’s list as it was keeps that account’s rows', async () => {
    const table = createInboxTable();
    const setAccount = vi.spyOn(table, 'setAccount');
    const source = createInboxSource(table, () => NOW);
    await source.read();
    const first = new Map(setAccount.mock.calls.map(([info, list]) => [info.accountKey, list]));
    setAccount.mockClear();
    // The outbox's round writes every list back (B's as it was, A's one shorter).
    await triageCacheItem.setValue(listsOf({ A: waiting('a', 2), B: waiting('b', 2) }));
    await delivered();
    await source.read();
    const second = new Map(setAccount.mock.calls.map(([info, list]) => [info.accountKey, list]));
    expect(second.get('B')).toBe(first.get('B'));
    expect(second.get('A')).not.toBe(first.get('A'));
    expect(second.get('A')).toHaveLength(2);
  });

  test('lists are the same only when every suggestion shows the same', () => {
    const a = waiting('a', 2);
    expect(sameSuggestions(a, waiting('a', 2))).toBe(true);
    expect(sameSuggestions(a, waiting('a', 1))).toBe(false);
    expect(sameSuggestions(a, [a[0]!, { ...a[1]!, suggestedContent: 'newer' }])).toBe(false);
  });
});
