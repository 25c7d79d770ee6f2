// The Inbox's open follows the popup's rule (issue 37): the rows held show at once with their age; the open
// refreshes the lists the person looks at first within its share of the hour's requests, the rest ride the
// refresh alarm; the Refresh button still refreshes every account.
import { afterEach, beforeEach, expect, test } from 'vitest';
import { openShareOf } from '../../lib/background/core/request-budget.ts';
import { createInbox } from '../../lib/background/inbox/index.ts';
import type { InboxFilters } from '../../lib/messaging/protocol/index.ts';
import { linkThreeTestAccounts, sixAccountsFetchedBefore } from './suggestion-triage-fakes.ts';

const clock = { now: 1_000_000 };
const none: InboxFilters = { accounts: [], locations: [], publishers: [], fields: [], ages: [] };
const extension = { access: 'extension' } as never;
let settle: () => Promise<void> = async () => undefined;

beforeEach(async () => {
  clock.now = 1_000_000;
  await linkThreeTestAccounts();
});
afterEach(() => settle());

/** Six accounts of 120 waiting, fetched five minutes ago, and the Inbox over their triage. */
async function inboxOfSix() {
  const six = await sixAccountsFetchedBefore(clock);
  const { handlers } = createInbox(six.deps, six.t);
  // Every refresh started has ended: the one the query starts after its answer, and the lists it fetches.
  settle = async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    await six.t.settled();
  };
  const query = (filters: InboxFilters = none) =>
    handlers['inbox.query']({ filters, sort: 'oldest', group: false, offset: 0, limit: 50 }, extension);
  const refresh = (input: { force: boolean }) => handlers['inbox.refresh'](input, extension);
  return { ...six, query, refresh };
}

test('an Inbox open shows the rows held at once and refreshes within its share, oldest rows’ accounts first', async () => {
  const { query, refresh, fetchedAt, service, listsFetched } = await inboxOfSix();
  // The page's open: its first window, then the refresh it asks for on every open.
  const opened = await query();
  await refresh({ force: false });
  expect(opened.total).toBe(720);
  expect(opened.accounts?.map((a) => a.fetchedAt)).toEqual(Array(6).fill(fetchedAt));
  await settle();
  // Not one list per account (6 × 3 pages): the two whose rows top the list, within 7 of 5,000.
  expect(service.requests.length).toBeLessThanOrEqual(openShareOf(5000));
  expect(new Set(listsFetched())).toEqual(new Set(['tok-app-1002', 'tok-app-1003']));
  const after = await query();
  const fresh = after.accounts?.filter((a) => a.fetchedAt === clock.now).map((a) => a.accountKey);
  expect(fresh).toEqual(['app-1002', 'app-1003']);
});

test('an Inbox filtered to accounts refreshes those, on the filter and on the open', async () => {
  const { query, refresh, service, listsFetched } = await inboxOfSix();
  // The person filters to an account: its list is fetched then, and only it.
  await query({ ...none, accounts: ['app-1005'] });
  await settle();
  expect(listsFetched()).toEqual(['tok-app-1005', 'tok-app-1005', 'tok-app-1005']);
  // Later, the Inbox opened again on that filter: the filtered account is the one refreshed.
  clock.now += 5 * 60_000;
  service.requests.length = 0;
  await query({ ...none, accounts: ['app-1005'] });
  await refresh({ force: false });
  await settle();
  expect(new Set(listsFetched())).toEqual(new Set(['tok-app-1005']));
  // Scrolling the same filter asks nothing more.
  service.requests.length = 0;
  clock.now += 5 * 60_000;
  await query({ ...none, accounts: ['app-1005'] });
  await settle();
  expect(service.requests).toEqual([]);
});

test('the Inbox’s Refresh still refreshes every account', async () => {
  const { refresh, query, listsFetched } = await inboxOfSix();
  expect(await refresh({ force: true })).toEqual({ accounts: 6 });
  // One account at a time; each line says "refreshing" until its turn has ended, so the page shows it busy.
  const during = await query();
  expect(during.accounts?.map((a) => a.refreshing)).toEqual(Array(6).fill(true));
  await settle();
  expect((await query()).accounts?.some((a) => a.refreshing)).toBe(false);
  expect(new Set(listsFetched()).size).toBe(6);
});
