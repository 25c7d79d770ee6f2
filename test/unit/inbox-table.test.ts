// The Inbox's worker-side table: filters (multi-value, combined), age buckets, sort, grouping with
// counted headers, and an update that re-indexes only the account whose list changed.
import { describe, expect, test, vi } from 'vitest';
import { ageBucket, createInboxTable, type InboxMatch, OLD_AFTER_DAYS } from '../../lib/background/inbox/table.ts';
import type { StoredSuggestion } from '../../lib/background/suggestion-triage/triage-items.ts';
import type { InboxFilters } from '../../lib/messaging/protocol/index.ts';

const NOW = Date.parse('2026-11-26T12:00:00Z');
const daysAgo = (n: number) => new Date(NOW - n * 86_400_000).toISOString().slice(0, 10);

function s(id: string, locationId: string, fieldName: string, age: number, publisherId = 'GOOGLE'): StoredSuggestion {
  return {
    id,
    status: 'WAITING_ON_CUSTOMER',
    publisherId,
    locationId,
    fieldName,
    originalContent: 'a',
    suggestedContent: 'b',
    dateCreated: daysAgo(age),
  };
}

const none: InboxFilters = { accounts: [], locations: [], publishers: [], fields: [], ages: [] };
const ids = (m: InboxMatch) => m.rows.map((r) => r.s.id);
const items = (m: InboxMatch) =>
  m.items.map((i) =>
    i.kind === 'group' ? `${'#'.repeat(i.group.level + 1)} ${i.group.label} (${i.group.count})` : i.row.s.id,
  );

function table() {
  const t = createInboxTable();
  const alpha = [s('a1', 'L1', 'NAME', 3), s('a2', 'L1', 'PHONE', 20), s('a3', 'L2', 'NAME', 9, 'BING')];
  const beta = [s('b1', 'M1', 'PHONE', 15), s('b2', 'M1', 'PHONE', 1), s('b3', 'M2', 'NAME', 30, 'BING')];
  const gamma = [s('c1', 'N1', 'NAME', 2)];
  t.setAccount({ accountKey: 'A', accountName: 'Alpha', locationNames: { L1: 'Main St', L2: 'Harbor' } }, alpha, NOW);
  t.setAccount({ accountKey: 'B', accountName: 'Beta', locationNames: {} }, beta, NOW);
  t.setAccount({ accountKey: 'C', accountName: 'Cedar', locationNames: {} }, gamma, NOW);
  return { t, alpha, beta, gamma };
}

describe('the inbox table', () => {
  test('unfiltered: every account’s rows, oldest first; newest first when asked', () => {
    const { t } = table();
    expect(t.total).toBe(7);
    expect(ids(t.match(none, 'oldest', false, NOW))).toEqual(['b3', 'a2', 'b1', 'a3', 'a1', 'c1', 'b2']);
    expect(ids(t.match(none, 'newest', false, NOW))).toEqual(['b2', 'c1', 'a1', 'a3', 'b1', 'a2', 'b3']);
  });

  test('filters take several values each and combine: two accounts and one field', () => {
    const { t } = table();
    const m = t.match({ ...none, accounts: ['A', 'B'], fields: ['PHONE'] }, 'oldest', false, NOW);
    expect(ids(m)).toEqual(['a2', 'b1', 'b2']);
    expect(ids(t.match({ ...none, publishers: ['BING'] }, 'oldest', false, NOW))).toEqual(['b3', 'a3']);
    expect(ids(t.match({ ...none, locations: ['L2', 'N1'] }, 'oldest', false, NOW))).toEqual(['a3', 'c1']);
  });

  test('age buckets: under a week, a week or more, two weeks or more (may be applied soon)', () => {
    const { t } = table();
    expect(ageBucket(OLD_AFTER_DAYS)).toBe('old');
    expect(ageBucket(OLD_AFTER_DAYS - 1)).toBe('week');
    expect(ids(t.match({ ...none, ages: ['old'] }, 'oldest', false, NOW))).toEqual(['b3', 'a2', 'b1']);
    expect(ids(t.match({ ...none, ages: ['new', 'week'] }, 'oldest', false, NOW))).toEqual(['a3', 'a1', 'c1', 'b2']);
  });

  test('grouped: account → location → field headers, each with its count, rows oldest first inside', () => {
    const { t } = table();
    const m = t.match({ ...none, accounts: ['A', 'B'] }, 'oldest', true, NOW);
    expect(items(m)).toEqual([
      '# Alpha (3)',
      '## Harbor (1)',
      '### Name (1)',
      'a3',
      '## Main St (2)',
      '### Name (1)',
      'a1',
      '### Phone (1)',
      'a2',
      '# Beta (3)',
      '## M1 (2)',
      '### Phone (2)',
      'b1',
      'b2',
      '## M2 (1)',
      '### Name (1)',
      'b3',
    ]);
    expect(m.rows).toHaveLength(6);
  });

  test('the window is a slice of the same answer; asking again costs no new match', () => {
    const { t } = table();
    const first = t.match(none, 'oldest', true, NOW);
    expect(t.match(none, 'oldest', true, NOW)).toBe(first);
    expect(first.items.slice(3, 5).map((i) => i.kind)).toEqual(['row', 'group']);
  });

  test('an update replaces only the account whose list changed; an unchanged list is not re-indexed', () => {
    const { t, alpha, beta } = table();
    const before = t.match(none, 'oldest', false, NOW);
    const version = t.version;
    // The same list objects (nothing fetched): nothing changes.
    expect(t.setAccount({ accountKey: 'A', accountName: 'Alpha', locationNames: {} }, alpha, NOW)).toBe(false);
    expect(t.version).toBe(version);
    expect(t.match(none, 'oldest', false, NOW)).toBe(before);
    // Beta's list after a decision: b1 is gone; Alpha's rows are the same objects as before.
    const alphaRows = before.rows.filter((r) => r.accountKey === 'A');
    expect(t.setAccount({ accountKey: 'B', accountName: 'Beta', locationNames: {} }, beta.slice(1), NOW)).toBe(true);
    const after = t.match(none, 'oldest', false, NOW);
    expect(ids(after)).toEqual(['b3', 'a2', 'a3', 'a1', 'c1', 'b2']);
    expect(after.rows.filter((r) => r.accountKey === 'A')).toEqual(alphaRows);
    expect(after.rows.find((r) => r.s.id === 'a2')).toBe(alphaRows.find((r) => r.s.id === 'a2'));
    expect(t.waiting('B')).toBe(2);
  });

  test('an unlinked account’s rows leave the table', () => {
    const { t } = table();
    t.keepOnly(new Set(['A', 'C']));
    expect(t.total).toBe(4);
    expect(ids(t.match({ ...none, accounts: ['B'] }, 'oldest', false, NOW))).toEqual([]);
  });

  test('facets count locations, publishers and fields over the chosen accounts', () => {
    const { t } = table();
    const f = t.facets(['A']);
    expect(f.locations).toEqual([
      { id: 'L1', label: 'Main St', count: 2 },
      { id: 'L2', label: 'Harbor', count: 1 },
    ]);
    expect(f.fields).toEqual([
      { id: 'NAME', label: 'NAME', count: 2 },
      { id: 'PHONE', label: 'PHONE', count: 1 },
    ]);
    expect(t.facets([]).publishers.find((p) => p.id === 'BING')?.count).toBe(2);
  });

  test('new location names re-order and relabel the groups of the same rows', () => {
    const { t, alpha } = table();
    const before = t.match({ ...none, accounts: ['A'] }, 'oldest', true, NOW);
    expect(items(before).filter((i) => i.startsWith('## '))).toEqual(['## Harbor (1)', '## Main St (2)']);
    // The same list (nothing fetched), its locations fetched again: L2 is now "Zephyr Pier".
    t.setAccount(
      { accountKey: 'A', accountName: 'Alpha', locationNames: { L1: 'Main St', L2: 'Zephyr Pier' } },
      alpha,
      NOW,
    );
    const after = t.match({ ...none, accounts: ['A'] }, 'oldest', true, NOW);
    expect(items(after).filter((i) => i.startsWith('## '))).toEqual(['## Main St (2)', '## Zephyr Pier (1)']);
    expect(t.facets(['A']).locations.find((l) => l.id === 'L2')?.label).toBe('Zephyr Pier');
  });
});

const byName = new Intl.Collator(undefined, { numeric: true }).compare;

/** Many rows, with ties in every key: what a filter must give, worked out the slow way. */
function manyRows() {
  const t = createInboxTable();
  const lists: Record<string, StoredSuggestion[]> = {};
  for (const [k, key] of ['K3', 'K1', 'K2'].entries()) {
    lists[key] = Array.from({ length: 400 }, (_, i) =>
      s(
        `${key}-${i}`,
        `${key}-L${(i * 7) % 9}`,
        ['NAME', 'PHONE', 'WEBSITE', ''][i % 4]!,
        (i * 13 + k) % 40,
        ['GOOGLE', 'BING', 'YELP'][i % 3],
      ),
    );
    t.setAccount(
      {
        accountKey: key,
        accountName: `Account ${3 - k}`,
        locationNames: { [`${key}-L1`]: 'Zed', [`${key}-L2`]: 'Alder' },
      },
      lists[key]!,
      NOW,
    );
  }
  return { t, lists };
}

describe('the inbox table’s indexes', () => {
  const cases: InboxFilters[] = [
    none,
    { ...none, accounts: ['K2'] },
    { ...none, accounts: ['K1', 'K3'], fields: ['PHONE', ''] },
    { ...none, publishers: ['BING'], ages: ['old'] },
    { ...none, locations: ['K1-L3', 'K2-L3', 'K2-L1'], ages: ['new', 'week'] },
    { ...none, accounts: ['K2'], locations: ['K1-L3'] },
  ];

  test('every filter, sort and grouping gives what a scan and a sort of every row gives', () => {
    const { t } = manyRows();
    const all = t.match(none, 'oldest', false, NOW).rows;
    expect(all).toHaveLength(1_200);
    for (const f of cases) {
      const keep = all.filter(
        (r) =>
          (!f.accounts.length || f.accounts.includes(r.accountKey)) &&
          (!f.locations.length || f.locations.includes(r.s.locationId)) &&
          (!f.publishers.length || f.publishers.includes(r.s.publisherId)) &&
          (!f.fields.length || f.fields.includes(r.s.fieldName)) &&
          (!f.ages.length || f.ages.includes(ageBucket(Math.floor((NOW - r.created) / 86_400_000)))),
      );
      const byAge = (sign: number) => (a: (typeof all)[0], b: (typeof all)[0]) =>
        sign * (a.created - b.created) || byName(a.s.id, b.s.id);
      expect(ids(t.match(f, 'oldest', false, NOW)), JSON.stringify(f)).toEqual(
        keep
          .slice()
          .sort(byAge(1))
          .map((r) => r.s.id),
      );
      expect(ids(t.match(f, 'newest', false, NOW)), JSON.stringify(f)).toEqual(
        keep
          .slice()
          .sort(byAge(-1))
          .map((r) => r.s.id),
      );
      for (const sort of ['oldest', 'newest'] as const) {
        const name = (r: (typeof all)[0]) => [
          t.accountName(r.accountKey),
          r.accountKey,
          t.locationName(r),
          r.s.locationId,
          r.s.fieldName,
        ];
        const grouped = keep.slice().sort((a, b) => {
          const [x, y] = [name(a), name(b)];
          for (let i = 0; i < x.length; i++) {
            const c = byName(x[i]!, y[i]!);
            if (c) return c;
          }
          return byAge(sort === 'oldest' ? 1 : -1)(a, b);
        });
        const m = t.match(f, sort, true, NOW);
        expect(ids(m), `${sort} ${JSON.stringify(f)}`).toEqual(grouped.map((r) => r.s.id));
        // A header opens each account, location and field, counting the rows under it.
        const fields = m.items.filter((i) => i.kind === 'group' && i.group.level === 2);
        expect(fields.reduce((n, i) => n + (i.kind === 'group' ? i.group.count : 0), 0)).toBe(keep.length);
        const keys = m.items.flatMap((i) => (i.kind === 'group' ? [i.group.key] : []));
        expect(new Set(keys).size).toBe(keys.length);
      }
    }
  });

  test('after the first answer, a filter or a grouping is lookups: nothing is sorted again', () => {
    const { t } = manyRows();
    t.match(none, 'oldest', false, NOW);
    t.match(none, 'oldest', true, NOW);
    t.match(none, 'newest', true, NOW);
    const sorts = [vi.spyOn(Array.prototype, 'sort'), vi.spyOn(Float64Array.prototype, 'sort')];
    try {
      for (const f of cases) {
        for (const group of [false, true]) {
          for (const sort of ['oldest', 'newest'] as const) t.match(f, sort, group, NOW);
        }
      }
      expect(sorts.map((spy) => spy.mock.calls.length)).toEqual([0, 0]);
    } finally {
      for (const spy of sorts) spy.mockRestore();
    }
  });

  test('the pending rows of an answer are counted from the index (what "Accept all N" leaves out)', () => {
    const { t } = manyRows();
    const m = t.match({ ...none, accounts: ['K2'] }, 'oldest', false, NOW);
    expect(t.countIn(m, ['K2 K2-1', 'K2 K2-2', 'K1 K1-1', 'K2 nope'], NOW)).toBe(2);
    expect(t.countIn(t.match(none, 'oldest', false, NOW), ['K2 K2-1', 'K1 K1-1'], NOW)).toBe(2);
  });
});
