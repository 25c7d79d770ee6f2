import { beforeEach, describe, expect, test, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { API_VERSION } from '../../lib/api/config.ts';
import { saveConnectionSettings } from '../../lib/background/connection-settings.ts';
import { activateAccount } from '../../lib/background/core/linked-accounts.ts';
import {
  BADGE_ALARM,
  BADGE_PERIOD_MINUTES,
  badgeAcrossAccounts,
  badgeCountsItem,
  refreshBadge as refreshBadgeWith,
  renderBadge,
  setBadgeCount,
  startBadge,
} from '../../lib/background/suggestion-triage/badge.ts';
import { type FailedDecision, triageFailuresItem } from '../../lib/background/suggestion-triage/triage-items.ts';
import {
  allow,
  envelope,
  fakeIdentity,
  gate,
  linkAccount,
  refreshBadge,
  resetDesk,
  routedFetch,
  settleBadgeRefresh,
  testDeps,
  tokenRoute,
  unlinkAccount,
  useApi,
  useExchange,
} from './desk-fakes.ts';

const badgeText = () => browser.action.getBadgeText({});

async function link(appSpecificAccountId: string, accountName: string) {
  fakeIdentity(allow());
  useExchange({
    fetch: routedFetch(tokenRoute({ access_token: `tok-${appSpecificAccountId}`, appSpecificAccountId, accountName }))
      .fetch,
  });
  await linkAccount();
  await settleBadgeRefresh(appSpecificAccountId);
}

beforeEach(resetDesk);

describe('badge', () => {
  test('refreshBadge asks for WAITING_ON_CUSTOMER with limit=1 and shows count', async () => {
    await link('app-1001', 'Harbor Bakery Group');
    const api = routedFetch(() => envelope({ count: 43, suggestions: [] }));
    useApi({ fetch: api.fetch });
    expect(await refreshBadge()).toEqual({ accountKey: 'app-1001', count: 43 });
    expect(await badgeText()).toBe('43');
    expect(api.requests).toHaveLength(1);
    const url = api.requests[0]!.url;
    expect(url.pathname).toBe('/v2/accounts/me/powerlistings/publishersuggestions');
    expect(url.searchParams.get('statuses')).toBe('[WAITING_ON_CUSTOMER]');
    expect(url.searchParams.get('limit')).toBe('1');
    expect(url.searchParams.get('access_token')).toBe('tok-app-1001');
  });

  test('setBadgeCount sets a known count without a request; with two accounts linked the badge adds them up', async () => {
    await link('app-1001', 'Harbor Bakery Group');
    await link('app-1002', 'Summit Outdoor Supply');
    const api = routedFetch(() => envelope({ count: 0, suggestions: [] }));
    useApi({ fetch: api.fetch });
    await badgeCountsItem.setValue({});
    await setBadgeCount('app-1002', 5);
    expect(await badgeText()).toBe('5');
    // Issue 24: every account's waiting suggestions, not only the active one's.
    await setBadgeCount('app-1001', 9);
    expect(await badgeText()).toBe('14');
    const title = await browser.action.getTitle({});
    expect(title).toContain('14 suggestions waiting in 2 accounts');
    expect(title).toContain('Harbor Bakery Group: 9 waiting');
    expect(title).toContain('Summit Outdoor Supply: 5 waiting');
    await setBadgeCount('app-1002', 0);
    expect(await badgeText()).toBe('9');
    await setBadgeCount('app-1002', 1500);
    expect(await badgeText()).toBe('999+');
    expect(api.requests).toHaveLength(0);

    // Switching the active account does not change a total across accounts.
    await activateAccount('app-1001');
    await renderBadge();
    expect(await badgeText()).toBe('999+');
  });

  test('the tooltip across accounts totals only the accounts counted, and says what happens next for the others', () => {
    const origin = 'https://api.example.test';
    const account = (
      accountKey: string,
      accountName: string,
      more: { needsRelink?: boolean; apiOrigin?: string } = {},
    ) => ({
      accountKey,
      accountName,
      needsRelink: more.needsRelink ?? false,
      apiOrigin: more.apiOrigin ?? origin,
    });
    const badge = badgeAcrossAccounts(
      [
        account('a', 'Harbor Bakery Group'),
        account('b', 'Summit Outdoor Supply', { needsRelink: true }),
        account('c', 'Cedar Dental'),
        account('d', 'Pine Clinic', { apiOrigin: 'https://other.example.test' }),
      ],
      origin,
      { a: { count: 9, updatedAt: 0 }, b: { count: 4, updatedAt: 0 }, d: { count: 2, updatedAt: 0 } },
      [],
    );
    expect(badge.text).toBe('9');
    expect(badge.title.split('\n')).toEqual([
      'Listings Desk — 9 suggestions waiting in 1 of 4 accounts',
      'Harbor Bakery Group: 9 waiting',
      'Summit Outdoor Supply: needs relinking; open Listings Desk to relink it',
      'Cedar Dental: not counted yet; counted at the next refresh',
      'Pine Clinic: linked on another environment, not counted here; link it again to count it',
    ]);
  });

  test('any account’s failed decisions show in red with their count, instead of the waiting total', async () => {
    await link('app-1001', 'Harbor Bakery Group');
    await link('app-1002', 'Summit Outdoor Supply');
    await activateAccount('app-1001');
    await badgeCountsItem.setValue({});
    await setBadgeCount('app-1001', 12);
    await setBadgeCount('app-1002', 3);
    startBadge(testDeps());
    const failure = (accountKey: string, suggestionId: string): FailedDecision => ({
      suggestionId,
      accountKey,
      decision: 'ACCEPTED',
      code: '7303',
      message: 'The service refused this decision: Invalid status',
      failedAt: 1,
    });
    await renderBadge();
    expect(await badgeText()).toBe('15');
    // With the popup closed, nobody asks for anything: the badge follows the stored failures by itself,
    // whichever account they belong to (the active one's or not).
    await triageFailuresItem.setValue([failure('app-1002', '9'), failure('app-1001', '1'), failure('app-1001', '2')]);
    await expect.poll(badgeText).toBe('3!');
    expect(await browser.action.getBadgeBackgroundColor({})).toEqual(expect.arrayContaining([0xb4, 0x23, 0x18]));
    const title = await browser.action.getTitle({});
    expect(title).toMatch(/3 decisions failed/);
    expect(title).toContain('Summit Outdoor Supply: 3 waiting, 1 decision failed');
    // Dismissed: back to the waiting total, in blue.
    await triageFailuresItem.setValue([]);
    await expect.poll(badgeText).toBe('15');
    expect(await browser.action.getBadgeBackgroundColor({})).toEqual(expect.arrayContaining([0x24, 0x57, 0xc5]));
  });

  test('a browser start draws the stored counts again: the browser keeps no badge text across a restart', async () => {
    await link('app-1001', 'Harbor Bakery Group');
    await setBadgeCount('app-1001', 7);
    startBadge(testDeps());
    await expect.poll(badgeText).toBe('7');
    // The badge's own listener is what has the browser start the worker at launch, not another feature's.
    expect(fakeBrowser.runtime.onStartup.hasListeners()).toBe(true);
    // The restart: the browser forgets the text; nothing asks the worker for anything.
    await browser.action.setBadgeText({ text: '' });
    await fakeBrowser.runtime.onStartup.trigger();
    await expect.poll(badgeText).toBe('7');
  });

  test('with one account linked the badge is that account’s, as before', async () => {
    await link('app-1001', 'Harbor Bakery Group');
    await setBadgeCount('app-1001', 7);
    expect(await badgeText()).toBe('7');
    expect(await browser.action.getTitle({})).toBe('Listings Desk — Harbor Bakery Group: 7 suggestions waiting');
  });

  test('cleared when the account is unlinked or nothing is linked', async () => {
    await link('app-1001', 'Harbor Bakery Group');
    await setBadgeCount('app-1001', 3);
    await unlinkAccount('app-1001');
    expect(await badgeText()).toBe('');
    expect(await badgeCountsItem.getValue()).toEqual({});
    expect(await refreshBadge()).toEqual({ accountKey: null, count: null });
  });

  test('a count asked for before an unlink is not written back for the unlinked account', async () => {
    await link('app-1001', 'Harbor Bakery Group');
    const answer = gate();
    const api = routedFetch(() => answer.held.then(() => envelope({ count: 43, suggestions: [] })));
    useApi({ fetch: api.fetch });
    const refreshing = refreshBadge();
    await vi.waitFor(() => expect(api.requests).toHaveLength(1));

    await unlinkAccount('app-1001');
    answer.open();
    await refreshing;
    expect(await badgeCountsItem.getValue()).toEqual({});
    expect(await badgeText()).toBe('');
  });

  test('no account → no request and an empty badge', async () => {
    const api = routedFetch(() => envelope({ count: 3, suggestions: [] }));
    useApi({ fetch: api.fetch });
    expect(await refreshBadge()).toEqual({ accountKey: null, count: null });
    expect(api.requests).toHaveLength(0);
    expect(await badgeText()).toBe('');
  });

  test('a 401 shows "!" and is not retried', async () => {
    await link('app-1001', 'Harbor Bakery Group');
    const api = routedFetch(() => envelope({}, 401, [{ code: 1001, type: 'FATAL_ERROR', message: 'Invalid token' }]));
    useApi({ fetch: api.fetch });
    await expect(refreshBadge()).rejects.toMatchObject({ code: 'needs-relink' });
    expect(api.requests).toHaveLength(1);
    // Once marked, a refresh does not even ask.
    await expect(refreshBadge()).rejects.toMatchObject({ code: 'needs-relink' });
    expect(api.requests).toHaveLength(1);
    expect(await badgeText()).toBe('!');
  });

  test('an active account linked on another environment shows no count and asks for none', async () => {
    await link('app-1001', 'Harbor Bakery Group');
    await setBadgeCount('app-1001', 12);
    await saveConnectionSettings({
      environment: 'production',
      apiUrl: 'https://api.yext.com',
      authUrl: 'https://www.yext.com',
      clientId: 'prod-client-id',
      apiKey: 'prod-api-key',
      apiVersion: API_VERSION,
    });
    const api = routedFetch(() => envelope({ count: 3, suggestions: [] }));
    useApi({ fetch: api.fetch });
    await expect(refreshBadge()).rejects.toMatchObject({ code: 'other-environment' });
    expect(api.requests).toHaveLength(0);
    expect(await badgeText()).toBe('');
    expect(await browser.action.getTitle({})).toBe(
      'Listings Desk — Harbor Bakery Group was linked on another environment',
    );
  });

  test('a 15-minute alarm refreshes it', async () => {
    await link('app-1001', 'Harbor Bakery Group');
    const api = routedFetch(() => envelope({ count: 7, suggestions: [] }));
    useApi({ fetch: api.fetch });
    startBadge(testDeps());
    await expect.poll(() => browser.alarms.get(BADGE_ALARM)).toMatchObject({ periodInMinutes: BADGE_PERIOD_MINUTES });
    const before = api.requests.length;
    await fakeBrowser.alarms.onAlarm.trigger({
      name: BADGE_ALARM,
      scheduledTime: Date.now(),
      periodInMinutes: 15,
      persistAcrossSessions: false,
    } as Parameters<typeof fakeBrowser.alarms.onAlarm.trigger>[0]);
    await expect.poll(() => api.requests.length).toBeGreaterThan(before);
    await expect.poll(badgeText).toBe('7');
  });

  test("the alarm's refresh asks the request budget: held back near the floor, while the person's own goes", async () => {
    await link('app-1001', 'Harbor Bakery Group');
    // 50 of 5,000 left this hour: under the reserve of 250.
    const quota = {
      'content-type': 'application/json',
      'Rate-Limit-Limit': '5000',
      'Rate-Limit-Remaining': '50',
      'Rate-Limit-Reset': String(Math.ceil(Date.now() / 1000) + 1800),
    };
    const api = routedFetch(
      () =>
        new Response(JSON.stringify({ meta: { errors: [] }, response: { count: 7, suggestions: [] } }), {
          headers: quota,
        }),
    );
    useApi({ fetch: api.fetch });
    const deps = testDeps();
    await expect(refreshBadgeWith(deps)).resolves.toMatchObject({ count: 7 });
    await expect(refreshBadgeWith(deps, 'badge')).rejects.toMatchObject({ kind: 'held-back' });
    expect(api.requests).toHaveLength(1);
    // Counted as the person's; nothing as the badge's, which sent nothing.
    expect((await deps.budget.view()).spent.map((s) => s.purpose)).toEqual(['user']);
  });
});
