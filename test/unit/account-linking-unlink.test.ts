// Unlink and relink: what goes with the account, writes racing them, and relinking only the account it was for.
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { activeAccountKeyItem, linkedAccountsItem } from '../../lib/background/core/account-items.ts';
import { idbCache } from '../../lib/background/core/idb-cache.ts';
import { publisherNamesItem } from '../../lib/background/core/publisher-names.ts';
import { openToken, tokenVaultItem } from '../../lib/background/core/token-vault.ts';
import { listingsHealthItem } from '../../lib/background/listings-health.ts';
import { cachedPublishers } from '../../lib/background/listings-workspace/publishers-directory.ts';
import { badgeCountsItem, setBadgeCount } from '../../lib/background/suggestion-triage/badge.ts';
import { createSuggestionTriage } from '../../lib/background/suggestion-triage/index.ts';
import {
  triageCacheItem,
  triageFailuresItem,
  triagePendingItem,
} from '../../lib/background/suggestion-triage/triage-items.ts';
import { DeskError } from '../../lib/messaging/wire-error.ts';
import { context, HARBOR, linkWith, SUMMIT, sandboxToken } from './account-linking-fakes.ts';
import {
  allow,
  envelope,
  fakeIdentity,
  gate,
  linkAccount,
  localStorageText,
  relinkAccount,
  resetDesk,
  routedFetch,
  settledOrAfter,
  testDeps,
  testLinking,
  tokenRoute,
  unlinkAccount,
  useApi,
  useExchange,
  withAccount,
} from './desk-fakes.ts';
import { seedAccountData } from './suggestion-triage-fakes.ts';

const accountLinkingHandlers = testLinking().handlers;

const probe = () =>
  withAccount((client) => client.request({ operation: 'probe', method: 'GET', path: 'v2/accounts/me' }));

beforeEach(resetDesk);

describe('unlink and relink', () => {
  test('unlink removes the token and the account, and the next account becomes active', async () => {
    await linkWith(HARBOR);
    await linkWith(SUMMIT);
    const view = await unlinkAccount('app-1002');
    expect(view.accounts.map((a) => a.accountKey)).toEqual(['app-1001']);
    expect(view.activeAccountKey).toBe('app-1001');
    expect(Object.keys(await tokenVaultItem.getValue())).toEqual(['app-1001']);
    expect(await openToken(sandboxToken('app-1002'))).toBeNull();

    await unlinkAccount('app-1001');
    expect(await accountLinkingHandlers['accounts.list']({}, context)).toEqual({
      accounts: [],
      activeAccountKey: null,
    });
    expect(await tokenVaultItem.getValue()).toEqual({});
    await expect(unlinkAccount('app-1001')).rejects.toMatchObject({ code: 'unknown-account' });
  });

  test('unlink clears the badge', async () => {
    await linkWith(HARBOR);
    await setBadgeCount('app-1001', 42);
    expect(await browser.action.getBadgeText({})).toBe('42');
    await unlinkAccount('app-1001');
    expect(await browser.action.getBadgeText({})).toBe('');
  });

  test('a 401 marks the account "needs relinking" without a retry; relinking clears it', async () => {
    await linkWith(HARBOR);
    const api = routedFetch(() => envelope({}, 401, [{ code: 1001, type: 'FATAL_ERROR', message: 'Invalid token' }]));
    useApi({ fetch: api.fetch });
    const error = await withAccount((client) =>
      client.request({ operation: 'probe', method: 'GET', path: 'v2/accounts/me' }),
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'needs-relink', status: 401 });
    // (Only the probe is counted: a badge refresh left over from linking may share this fetch.)
    const probes = () => api.requests.filter((r) => r.url.pathname === '/v2/accounts/me');
    expect(probes()).toHaveLength(1);
    let list = await accountLinkingHandlers['accounts.list']({}, context);
    expect(list.accounts[0]?.needsRelink).toBe(true);

    // Marked: no further request is even attempted.
    await expect(withAccount(async () => 'never')).rejects.toMatchObject({ code: 'needs-relink' });
    expect(probes()).toHaveLength(1);

    fakeIdentity(allow());
    useExchange({ fetch: routedFetch(tokenRoute({ ...HARBOR, access_token: 'sbx_fresh' })).fetch });
    const relinked = await accountLinkingHandlers['accounts.relink']({ accountKey: 'app-1001' }, context);
    expect(relinked.needsRelink).toBe(false);
    list = await accountLinkingHandlers['accounts.list']({}, context);
    expect(list.accounts.map((a) => a.needsRelink)).toEqual([false]);
  });
});

describe('writes racing an unlink or a relink', () => {
  const THIRD = { access_token: 'sbx_third_token_3', appSpecificAccountId: 'app-1003', accountName: 'Third Co' };
  const unauthorized = () => envelope({}, 401, [{ code: 1001, type: 'FATAL_ERROR', message: 'Invalid token' }]);

  /**
   * Runs `during` as soon as a storage write with `key` is about to happen, and lets the write through when
   * `during` has ended or could not go on (it waits for the lock that write is made in).
   */
  function raceWrite(key: string, during: () => Promise<unknown>): { started: () => Promise<unknown> | undefined } {
    const real = browser.storage.local.set.bind(browser.storage.local);
    let running: Promise<unknown> | undefined;
    vi.spyOn(browser.storage.local, 'set').mockImplementation(async (items) => {
      if (!running && Object.hasOwn(items, key)) {
        running = during();
        await settledOrAfter(running, 50);
      }
      return real(items);
    });
    return { started: () => running };
  }

  test('a 401 whose mark lands after an unlink does not put the account back', async () => {
    await linkWith(HARBOR);
    useApi({ fetch: routedFetch(unauthorized).fetch, retry: { retries: 0 } });
    const race = raceWrite('linkedAccounts', () => unlinkAccount('app-1001'));

    await expect(probe()).rejects.toMatchObject({ code: 'needs-relink' });
    await race.started();
    vi.restoreAllMocks();
    expect(await linkedAccountsItem.getValue()).toEqual([]);
    expect(await tokenVaultItem.getValue()).toEqual({});
  });

  test('a 401 for the old token that arrives after a relink does not mark the new link', async () => {
    await linkWith(HARBOR);
    const answer = gate();
    const api = routedFetch((_request, url) =>
      url.pathname === '/v2/accounts/me' ? answer.held.then(unauthorized) : envelope({ count: 0, suggestions: [] }),
    );
    useApi({ fetch: api.fetch, retry: { retries: 0 } });
    const probing = probe().catch((e: unknown) => e);
    await vi.waitFor(() => expect(api.requests).toHaveLength(1));

    fakeIdentity(allow());
    useExchange({ fetch: routedFetch(tokenRoute({ ...HARBOR, access_token: 'sbx_fresh' })).fetch });
    await relinkAccount('app-1001');
    answer.open();
    expect(await probing).toMatchObject({ code: 'needs-relink' });
    expect((await linkedAccountsItem.getValue()).map((a) => a.needsRelink)).toEqual([false]);
  });

  test('linking another account while one is unlinked does not put the unlinked one back', async () => {
    await linkWith(HARBOR);
    await linkWith(SUMMIT);
    const race = raceWrite('tokenVault', () => unlinkAccount('app-1001'));

    fakeIdentity(allow());
    useExchange({ fetch: routedFetch(tokenRoute(THIRD)).fetch, retry: { retries: 0 } });
    await linkAccount();
    await race.started();
    vi.restoreAllMocks();
    expect((await linkedAccountsItem.getValue()).map((a) => a.accountKey)).toEqual(['app-1002', 'app-1003']);
    expect(Object.keys(await tokenVaultItem.getValue()).sort()).toEqual(['app-1002', 'app-1003']);
  });
});

describe('relink is for the account it was started for', () => {
  test('signing in to another account stores nothing and says who was signed in', async () => {
    await linkWith(HARBOR);
    await linkWith(SUMMIT);
    await accountLinkingHandlers['accounts.activate']({ accountKey: 'app-1001' }, context);
    const accounts = await linkedAccountsItem.getValue();
    await linkedAccountsItem.setValue(accounts.map((a) => ({ ...a, needsRelink: a.accountKey === 'app-1001' })));
    const before = await browser.storage.local.get(['linkedAccounts', 'tokenVault', 'activeAccountKey']);

    fakeIdentity(allow());
    useExchange({ fetch: routedFetch(tokenRoute({ ...SUMMIT, access_token: 'sbx_summit_other' })).fetch });
    const error = await accountLinkingHandlers['accounts.relink']({ accountKey: 'app-1001' }, context).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DeskError);
    expect(error).toMatchObject({
      code: 'relink-other-account',
      message: 'You signed in as Summit Outdoor Supply, not Harbor Bakery Group. Nothing was changed.',
    });
    expect(await browser.storage.local.get(['linkedAccounts', 'tokenVault', 'activeAccountKey'])).toEqual(before);
    expect(await openToken(sandboxToken('app-1002'))).toBe(SUMMIT.access_token);
    expect(await localStorageText()).not.toContain('sbx_summit_other');
  });

  test('relinking an account that is not linked is refused before any sign-in window opens', async () => {
    const identity = fakeIdentity(allow());
    await expect(relinkAccount('app-1001')).rejects.toMatchObject({ code: 'unknown-account' });
    expect(identity.launchWebAuthFlow).not.toHaveBeenCalled();
  });
});

/** What triage, health and the badge keep per account, as they would have stored it. */
describe('unlink forgets everything kept for the account', () => {
  test('cache, pending decisions, failures, publisher names, health and badge go in the same write as the token', async () => {
    await linkWith(HARBOR);
    await linkWith(SUMMIT);
    await seedAccountData('app-1001', 'app-1002');
    const writes = vi.spyOn(browser.storage.local, 'set');

    await unlinkAccount('app-1001');

    const unlinkWrite = writes.mock.calls
      .map(([items]) => Object.keys(items))
      .find((keys) => keys.includes('tokenVault'));
    expect(unlinkWrite?.sort()).toEqual(
      [
        'activeAccountKey',
        'badgeCounts',
        'linkedAccounts',
        'listingsHealth',
        'listingsOptInJobs',
        'locationsDirectory',
        'provisioningSendBatches',
        'provisioningTracker',
        'publisherNames',
        'tokenVault',
        'triageBatches',
        'triageCache',
        'triageFailures',
        'triagePending',
        'triageRevision',
        'usersAndRoles',
      ].sort(),
    );
    expect(Object.keys(await triageCacheItem.getValue()).sort()).toEqual([
      'app-1002 ACCEPTED',
      'app-1002 WAITING_ON_CUSTOMER',
    ]);
    expect((await triagePendingItem.getValue()).map((p) => p.accountKey)).toEqual(['app-1002']);
    expect((await triageFailuresItem.getValue()).map((f) => f.accountKey)).toEqual(['app-1002']);
    expect(Object.keys(await publisherNamesItem.getValue())).toEqual(['app-1002']);
    expect(Object.keys(await listingsHealthItem.getValue())).toEqual(['app-1002']);
    expect(Object.keys(await badgeCountsItem.getValue())).toEqual(['app-1002']);
    expect(await activeAccountKeyItem.getValue()).toBe('app-1002');
    expect(await localStorageText()).not.toContain('app-1001');
  });

  test('the account’s publishers directory leaves IndexedDB; another account’s stays', async () => {
    await linkWith(HARBOR);
    await linkWith(SUMMIT);
    const entry = { fetchedAt: 1, publishers: [{ id: 'YELP', name: 'Yelp', countries: [], alternateBrands: [] }] };
    const cache = idbCache<typeof entry>('publishers');
    await cache.set('app-1001', entry);
    await cache.set('app-1002', entry);
    await unlinkAccount('app-1001');
    await expect.poll(() => cachedPublishers('app-1001')).toBeUndefined();
    expect(await cachedPublishers('app-1002')).toEqual(entry);
  });

  test("the unlinked account's queued decisions are never sent", async () => {
    await linkWith(HARBOR);
    await seedAccountData('app-1001');
    await unlinkAccount('app-1001');

    const sends = vi.fn();
    const triage = createSuggestionTriage({
      ...testDeps(),
      withAccount: async (run, accountKey) => {
        sends(accountKey);
        return run(undefined as never, undefined as never);
      },
      setBadgeCount: async () => undefined,
      broadcast: async () => undefined,
      now: () => Date.now(),
    });
    await triage.flushDue();
    expect(sends).not.toHaveBeenCalled();
    expect(await triagePendingItem.getValue()).toEqual([]);
    expect(await triageFailuresItem.getValue()).toEqual([]);
  });
});
