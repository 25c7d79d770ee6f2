// The Inbox's History over the real client's paging (a fake service per token): every resolved suggestion of
// every linked account, not 500 per status, the active account's or not; served a window at a time, newest
// resolved first, with the count of all; an account whose list fails says so while the others show.
import { beforeEach, describe, expect, test } from 'vitest';
import { createInbox } from '../../lib/background/inbox/index.ts';
import { createSuggestionTriage } from '../../lib/background/suggestion-triage/index.ts';
import { envelope, resetDesk, routedFetch, testDeps, useApi } from './desk-fakes.ts';
import { linkTestAccount } from './suggestion-triage-fakes.ts';

interface Resolved {
  id: string;
  status: string;
  publisherId: string;
  locationId: string;
  fieldName: string;
  dateCreated: string;
  dateResolved: string;
  resolvedBy: string;
}

/** `n` resolved suggestions of one status, the k-th resolved k minutes after the first (ids in that order). */
function resolved(prefix: string, status: string, n: number, firstMinute = 0): Resolved[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `${prefix}${i + 1}`,
    status,
    publisherId: 'BING',
    locationId: 'L1',
    fieldName: 'hours',
    dateCreated: '2026-03-01',
    dateResolved: new Date(Date.UTC(2026, 10, 1) + (firstMinute + i) * 60_000).toISOString(),
    resolvedBy: 'manager@example.com',
  }));
}

function service(lists: Record<string, Resolved[]>, refused: Record<string, number> = {}) {
  const asked: string[] = [];
  const api = routedFetch((request, url) => {
    const account = (url.searchParams.get('access_token') ?? '').replace(/^tok-/, '');
    if (!url.pathname.endsWith('/publishersuggestions') || request.method !== 'GET') return envelope([]);
    asked.push(account);
    if (refused[account])
      return envelope({}, refused[account], [{ code: 2005, type: 'FATAL_ERROR', message: 'Insufficient privileges' }]);
    const statuses = (url.searchParams.get('statuses') ?? '').replace(/^\[|\]$/g, '').split(',');
    const matching = (lists[account] ?? []).filter((s) => statuses.includes(s.status));
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const limit = Number(url.searchParams.get('limit') ?? 10);
    return envelope({ count: matching.length, suggestions: matching.slice(offset, offset + limit) });
  });
  useApi({ fetch: api.fetch, retry: { retries: 0 } });
  return { asked };
}

function build() {
  const deps = testDeps({ broadcast: async () => undefined });
  return createInbox(deps, createSuggestionTriage(deps)).handlers['inbox.history'];
}

const ask = (history: ReturnType<typeof build>, input: Partial<Parameters<typeof history>[0]> = {}) =>
  history(
    {
      accounts: [],
      statuses: ['ACCEPTED', 'REJECTED', 'EXPIRED'],
      refresh: true,
      offset: 0,
      limit: 100,
      ...input,
    },
    { access: 'extension' } as never,
  );

beforeEach(async () => {
  resetDesk();
  await linkTestAccount('app-1001', 'Harbor Bakery Group');
  await linkTestAccount('app-1002', 'Summit Outdoor Supply');
});

describe('inbox history', () => {
  test('every resolved suggestion of every account, past 500 a status, a window at a time, newest first', async () => {
    // 620 accepted in the first account, resolved before the second (not the active one)'s 40 expired.
    service({
      'app-1001': [...resolved('a', 'ACCEPTED', 620), ...resolved('r', 'REJECTED', 30, 1000)],
      'app-1002': resolved('e', 'EXPIRED', 40, 2000),
    });
    const history = build();
    const first = await ask(history);
    expect(first.total).toBe(690);
    expect(first.rows).toHaveLength(100);
    expect(first.rows.slice(0, 2).map((r) => [r.accountName, r.id, r.status])).toEqual([
      ['Summit Outdoor Supply', 'e40', 'EXPIRED'],
      ['Summit Outdoor Supply', 'e39', 'EXPIRED'],
    ]);
    expect(first.rows[0]).toMatchObject({ resolvedBy: 'manager@example.com', locationId: 'L1' });
    // The oldest window: the first accepted, which a cap of 500 a status never fetched.
    const last = await ask(history, { offset: 600, refresh: false });
    expect(last.offset).toBe(600);
    expect(last.rows.map((r) => r.id)).toEqual(Array.from({ length: 90 }, (_, i) => `a${90 - i}`));
    // Newest first throughout.
    const dates = [...first.rows, ...last.rows].map((r) => r.dateResolved);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  test('turning the page asks the service nothing; opening the tab again asks again', async () => {
    const { asked } = service({ 'app-1001': resolved('a', 'ACCEPTED', 120) });
    const history = build();
    await ask(history);
    const calls = asked.length;
    expect(calls).toBeGreaterThan(0);
    expect((await ask(history, { offset: 100, refresh: false })).rows).toHaveLength(20);
    expect(asked).toHaveLength(calls);
    await ask(history);
    expect(asked.length).toBeGreaterThan(calls);
  });

  test('an account whose list is refused says so; the other’s history is all there', async () => {
    service({ 'app-1001': resolved('a', 'ACCEPTED', 3), 'app-1002': resolved('e', 'EXPIRED', 2) }, { 'app-1002': 403 });
    const view = await ask(build());
    expect(view.total).toBe(3);
    expect(view.failed).toEqual([
      expect.objectContaining({
        accountName: 'Summit Outdoor Supply',
        error: expect.objectContaining({ status: 403 }),
      }),
    ]);
  });
});
