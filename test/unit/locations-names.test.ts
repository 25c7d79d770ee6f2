// The location names across accounts (issue 37): a page's open fetches the lists never fetched within an
// open's share of the hour's requests, the active account's first; the others come with the names alarm, one
// at a time; until then a row keeps what it has (its location id).
import { beforeEach, expect, test } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { openShareOf } from '../../lib/background/core/request-budget.ts';
import { createLocations, locationsFeature, NAMES_ALARM } from '../../lib/background/locations.ts';
import { envelope, resetDesk, routedFetch, testDeps, useApi } from './desk-fakes.ts';
import { linkTestAccount } from './suggestion-triage-fakes.ts';

const ACCOUNTS = ['app-1001', 'app-1002', 'app-1003', 'app-1004', 'app-1005', 'app-1006'];
const extension = { access: 'extension' } as never;

/** Each account's one location (and no folder), answered by its token; every request kept with its token. */
function locationsService() {
  let inFlight = 0;
  let most = 0;
  const api = routedFetch(async (_request, url) => {
    const account = (url.searchParams.get('access_token') ?? '').replace(/^tok-/, '');
    inFlight++;
    most = Math.max(most, inFlight);
    await new Promise((resolve) => setTimeout(resolve, 5));
    inFlight--;
    if (url.pathname.endsWith('/locations'))
      return envelope({ count: 1, locations: [{ id: `L-${account}`, locationName: `Shop of ${account}` }] });
    if (url.pathname.endsWith('/folders')) return envelope({ count: 0, folders: [] });
    return envelope({}, 404, [{ code: 404, type: 'FATAL_ERROR', message: 'Not found' }]);
  });
  useApi({ fetch: api.fetch, retry: { retries: 0 } });
  const tokens = () => api.requests.map((r) => r.url.searchParams.get('access_token'));
  return { requests: api.requests, tokens, most: () => most };
}

beforeEach(async () => {
  resetDesk();
  // Linked in this order: the last one is the active account.
  for (const [i, key] of ACCOUNTS.entries()) await linkTestAccount(key, `Account ${i + 1}`);
});

test('a page’s open fetches the names never fetched within its share, the active account’s first', async () => {
  const service = locationsService();
  const locations = createLocations(testDeps());
  const opened = await locations.handlers['locations.names']({ open: true }, extension);
  // The answer leaves at once: no account has names yet, so rows keep their ids.
  expect(opened.accounts.map((a) => a.locations)).toEqual(Array(6).fill([]));
  await locations.settled();
  // Not every account's list (6 × 2 requests): what fits 7 of 5,000, the active account's first.
  expect(service.requests.length).toBeLessThanOrEqual(openShareOf(5000));
  expect(service.tokens()[0]).toBe('tok-app-1006');
  const named = await locations.handlers['locations.names']({ open: false }, extension);
  const withNames = named.accounts.filter((a) => a.locations.length > 0).map((a) => a.accountKey);
  expect(withNames).toContain('app-1006');
  expect(withNames.length).toBe(service.requests.length / 2);
  expect(named.accounts.find((a) => a.accountKey === 'app-1006')?.locations).toEqual([
    { id: 'L-app-1006', name: 'Shop of app-1006', city: '' },
  ]);

  // Asking again after an event (not an open) fetches nothing more.
  const before = service.requests.length;
  await locations.handlers['locations.names']({ open: false }, extension);
  await locations.settled();
  expect(service.requests.length).toBe(before);
});

test('the names alarm fetches every list still never fetched, one account at a time', async () => {
  const service = locationsService();
  const feature = locationsFeature(testDeps());
  feature.start?.();
  await expect.poll(() => fakeBrowser.alarms.get(NAMES_ALARM)).toMatchObject({ periodInMinutes: 15 });
  await fakeBrowser.alarms.onAlarm.trigger({
    name: NAMES_ALARM,
    scheduledTime: Date.now(),
    periodInMinutes: 15,
  } as Parameters<typeof fakeBrowser.alarms.onAlarm.trigger>[0]);
  const named = async () => (await feature.handlers['locations.names']!({ open: false }, extension)).accounts;
  await expect.poll(async () => (await named()).filter((a) => a.locations.length === 1).length).toBe(6);
  expect(new Set(service.tokens()).size).toBe(6);
  // A list's locations and folders go together; one account's after the other's.
  expect(service.most()).toBeLessThanOrEqual(2);
  // Once every list is held, the alarm sends nothing.
  const before = service.requests.length;
  await fakeBrowser.alarms.onAlarm.trigger({
    name: NAMES_ALARM,
    scheduledTime: Date.now(),
    periodInMinutes: 15,
  } as Parameters<typeof fakeBrowser.alarms.onAlarm.trigger>[0]);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(service.requests.length).toBe(before);
});
