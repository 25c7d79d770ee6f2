// The Inbox's handlers over the real triage feature (its cached lists in storage, its decision outbox):
// rows of every account, pending decisions marked, accept-all split per account in batches of ≤ 500,
// a Relink account shown as such without hiding the others.
import { beforeEach, describe, expect, test } from 'vitest';
import { activeAccountKeyItem, linkedAccountsItem } from '../../lib/background/core/account-items.ts';
import { createInbox, DECIDE_CHUNK } from '../../lib/background/inbox/index.ts';
import { createSuggestionTriage } from '../../lib/background/suggestion-triage/index.ts';
import {
  type StoredSuggestion,
  triageCacheItem,
  triagePendingItem,
  triageRevisionItem,
  triageUndoWindowMsForTestsItem,
} from '../../lib/background/suggestion-triage/triage-items.ts';
import { cacheKey } from '../../lib/background/suggestion-triage/triage-state.ts';
import type { InboxFilters } from '../../lib/messaging/protocol/index.ts';
import { WAITING } from '../../lib/shared/listing-statuses.ts';
import { resetDesk, testDeps } from './desk-fakes.ts';

const NOW = Date.parse('2026-11-26T12:00:00Z');
const none: InboxFilters = { accounts: [], locations: [], publishers: [], fields: [], ages: [] };

function waiting(prefix: string, n: number): StoredSuggestion[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `${prefix}${i + 1}`,
    status: WAITING,
    publisherId: 'GOOGLE',
    locationId: `${prefix}-L${(i % 3) + 1}`,
    fieldName: i % 2 ? 'PHONE' : 'NAME',
    originalContent: 'old',
    suggestedContent: 'new',
    dateCreated: new Date(NOW - (i % 30) * 86_400_000).toISOString().slice(0, 10),
  }));
}

const account = (accountKey: string, accountName: string, needsRelink = false) => ({
  accountKey,
  accountName,
  appSpecificAccountId: accountKey,
  linkedAt: NOW,
  needsRelink,
  apiOrigin: 'http://127.0.0.1:1',
});

async function seed(lists: Record<string, StoredSuggestion[]>, relink: string[] = []) {
  await linkedAccountsItem.setValue(Object.keys(lists).map((k) => account(k, `Account ${k}`, relink.includes(k))));
  await activeAccountKeyItem.setValue(Object.keys(lists)[0]!);
  const cache = Object.fromEntries(
    Object.entries(lists).map(([k, suggestions]) => [
      cacheKey(k, WAITING),
      { fetchedAt: NOW, count: suggestions.length, suggestions },
    ]),
  );
  await triageCacheItem.setValue(cache);
}

function build() {
  const deps = testDeps({ now: () => NOW });
  const triage = createSuggestionTriage(deps);
  return createInbox(deps, triage).handlers;
}

beforeEach(async () => {
  resetDesk();
  // A long undo window: nothing is sent while the test looks at what was queued.
  await triageUndoWindowMsForTestsItem.setValue(60_000);
});

describe('the inbox', () => {
  test('every account’s waiting rows, each naming its account, and a line per account', async () => {
    await seed({ A: waiting('a', 4), B: waiting('b', 3) });
    const inbox = build();
    const view = await inbox['inbox.query']({ filters: none, sort: 'oldest', group: false, offset: 0, limit: 100 }, {
      access: 'extension',
    } as never);
    expect(view.total).toBe(7);
    expect(view.matched).toBe(7);
    expect(view.window.every((i) => i.kind === 'row' && i.row.accountName.startsWith('Account '))).toBe(true);
    expect(view.accounts!.map((a) => [a.accountName, a.waiting])).toEqual([
      ['Account A', 4],
      ['Account B', 3],
    ]);
  });

  test('accept all matching: each account’s rows go to its own outbox (not only the active one’s), in batches of ≤ 500', async () => {
    await seed({ A: waiting('a', 10), B: waiting('b', 1_100) });
    const inbox = build();
    const filters = { ...none, accounts: ['B'] };
    const plan = await inbox['inbox.plan']({ filters, decision: 'ACCEPTED' }, {} as never);
    expect(plan).toMatchObject({ suggestions: 1_100, accounts: 1, requests: 1_100 });
    const revisionBefore = await triageRevisionItem.getValue();
    const done = await inbox['inbox.decideAll']({ filters, decision: 'ACCEPTED', expected: 1_100 }, {} as never);
    // Every batch in one locked write: one revision, not one per batch (pages ask again at each).
    expect(await triageRevisionItem.getValue()).toBe(revisionBefore + 1);
    expect(done.batches.map((b) => [b.accountKey, b.size])).toEqual([
      ['B', DECIDE_CHUNK],
      ['B', DECIDE_CHUNK],
      ['B', 100],
    ]);
    const pending = await triagePendingItem.getValue();
    expect(pending).toHaveLength(1_100);
    expect(new Set(pending.map((p) => p.suggestionId)).size).toBe(1_100);
    expect(pending.every((p) => p.accountKey === 'B' && p.decision === 'ACCEPTED')).toBe(true);
    // The rows stay, marked pending (inside the undo window), and are no longer counted as decidable.
    const view = await inbox['inbox.query']({ filters: none, sort: 'oldest', group: false, offset: 0, limit: 500 }, {
      access: 'extension',
    } as never);
    expect(view.decidable).toBe(10);
    const rowsOfB = view.window.flatMap((i) => (i.kind === 'row' && i.row.accountKey === 'B' ? [i.row] : []));
    expect(rowsOfB.length).toBeGreaterThan(0);
    expect(rowsOfB.every((r) => r.pending === 'ACCEPTED')).toBe(true);
    // Undo names the batches: all of them come back.
    const undone = await inbox['inbox.undo']({ batches: done.batches }, {} as never);
    expect(undone).toEqual({ undone: 1_100, tooLate: 0 });
    expect(await triagePendingItem.getValue()).toEqual([]);
  });

  test('a preview that no longer matches decides nothing and says so', async () => {
    await seed({ A: waiting('a', 5) });
    const inbox = build();
    await expect(
      inbox['inbox.decideAll']({ filters: none, decision: 'REJECTED', expected: 4 }, {} as never),
    ).rejects.toMatchObject({ code: 'inbox-changed' });
    expect(await triagePendingItem.getValue()).toEqual([]);
  });

  test('an account that needs Relink says so on its line; the others’ rows are all there', async () => {
    await seed({ A: waiting('a', 2), B: waiting('b', 3) }, ['A']);
    const inbox = build();
    const view = await inbox['inbox.query']({ filters: none, sort: 'oldest', group: false, offset: 0, limit: 100 }, {
      access: 'extension',
    } as never);
    const [a, b] = view.accounts!;
    expect(a?.needsRelink).toBe(true);
    expect(a?.error?.code).toBe('needs-relink');
    expect(b?.error).toBeNull();
    expect(view.window.filter((i) => i.kind === 'row' && i.row.accountKey === 'B')).toHaveLength(3);
  });

  test('a change to a cached list reaches the next answer (the table follows storage)', async () => {
    await seed({ A: waiting('a', 3), B: waiting('b', 3) });
    const inbox = build();
    const ask = () =>
      inbox['inbox.query']({ filters: none, sort: 'oldest', group: false, offset: 0, limit: 100 }, {} as never);
    expect((await ask()).total).toBe(6);
    const cache = await triageCacheItem.getValue();
    const key = cacheKey('B', WAITING);
    await triageCacheItem.setValue({ ...cache, [key]: { ...cache[key]!, suggestions: waiting('b', 1) } });
    expect((await ask()).total).toBe(4);
  });

  test('the account lines and facets are sent only when they differ from the ones the page says it holds', async () => {
    await seed({ A: waiting('a', 3), B: waiting('b', 2) });
    const inbox = build();
    const ask = (filters: InboxFilters, tags?: { accounts: string; facets: string }, more: string[] = []) =>
      inbox['inbox.query'](
        {
          filters,
          sort: 'oldest',
          group: false,
          offset: 0,
          limit: 100,
          held: tags && { accounts: tags.accounts, facets: [tags.facets, ...more] },
        },
        {} as never,
      );
    const first = await ask(none);
    expect(first.accounts).toHaveLength(2);
    expect(first.facets?.locations).toHaveLength(5);
    // The same parts again: the page's copies stand (the rows, counts and progress come every time).
    const again = await ask({ ...none, fields: ['PHONE'] }, first.tags);
    expect(again.accounts).toBeNull();
    expect(again.facets).toBeNull();
    expect(again.tags).toEqual(first.tags);
    expect(again.matched).toBe(2);
    // An account filter counts the facets over its rows: they come; the account lines did not change.
    const one = await ask({ ...none, accounts: ['B'] }, first.tags);
    expect(one.accounts).toBeNull();
    expect(one.facets?.locations.map((l) => l.id).sort()).toEqual(['b-L1', 'b-L2']);
    // Back to every account, the page holding both sets: neither is sent again.
    expect((await ask(none, one.tags, [first.tags.facets])).facets).toBeNull();
    // A list that changed changes its account's line and the counts.
    const cache = await triageCacheItem.getValue();
    const key = cacheKey('B', WAITING);
    await triageCacheItem.setValue({ ...cache, [key]: { ...cache[key]!, suggestions: waiting('b', 1) } });
    const changed = await ask(none, first.tags);
    expect(changed.accounts?.map((a) => a.waiting)).toEqual([3, 1]);
    expect(changed.facets?.locations).toHaveLength(4);
    expect(changed.tags.accounts).not.toBe(first.tags.accounts);
    // A tag the worker never made (a page from before a restart) gets everything.
    const stranger = await ask(none, { accounts: 'x', facets: 'y' });
    expect(stranger.accounts).toHaveLength(2);
    expect(stranger.facets).not.toBeNull();
  });

  test('CSV of the filtered rows names account and location', async () => {
    await seed({ A: waiting('a', 3), B: waiting('b', 2) });
    const inbox = build();
    const { csv, rows } = await inbox['inbox.csv'](
      { filters: { ...none, accounts: ['B'] }, sort: 'oldest' },
      {} as never,
    );
    expect(rows).toBe(2);
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toContain('Account,Location id,Location');
    expect(lines.slice(1).every((l) => l.startsWith('Account B,b-L'))).toBe(true);
  });
});
