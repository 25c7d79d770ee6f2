import { beforeEach, describe, expect, test, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { API_VERSION } from '../../lib/api/config.ts';
import {
  consumeState,
  issueState,
  pendingAuthStatesItem,
  readCallback,
  STATE_TTL_MS,
} from '../../lib/background/account-linking.ts';
import { badgeCountsItem, setBadgeCount } from '../../lib/background/badge.ts';
import { saveConnectionSettings } from '../../lib/background/connection-settings.ts';
import {
  activeAccountKeyItem,
  type LinkedAccount,
  linkedAccountsItem,
  migrateLinkedAccountsToV2,
} from '../../lib/background/core/account-items.ts';
import { publisherNamesItem } from '../../lib/background/core/publisher-names.ts';
import { openToken, tokenVaultItem } from '../../lib/background/core/token-vault.ts';
import { listingsHealthItem } from '../../lib/background/listings-health.ts';
import { createSuggestionTriage } from '../../lib/background/suggestion-triage/index.ts';
import {
  type PendingDecision,
  triageCacheItem,
  triageFailuresItem,
  triagePendingItem,
} from '../../lib/background/suggestion-triage/triage-items.ts';
import type { RequestContext } from '../../lib/messaging/background.ts';
import { DeskError } from '../../lib/messaging/wire-error.ts';
import {
  allow,
  deny,
  envelope,
  fakeIdentity,
  gate,
  linkAccount,
  localStorageText,
  openSession,
  REDIRECT,
  relinkAccount,
  resetDesk,
  routedFetch,
  settleBadgeRefresh,
  settledOrAfter,
  testDeps,
  testLinking,
  tokenRoute,
  unlinkAccount,
  useApi,
  useExchange,
  withAccount,
} from './desk-fakes.ts';

const accountLinkingHandlers = testLinking().handlers;

const HARBOR = {
  access_token: 'sbx_harbor_secret_token_1',
  appSpecificAccountId: 'app-1001',
  accountName: 'Harbor Bakery Group',
};
const SUMMIT = {
  access_token: 'sbx_summit_secret_token_2',
  appSpecificAccountId: 'app-1002',
  accountName: 'Summit Outdoor Supply',
};
const context: RequestContext = { access: 'extension', sender: {} };
/** The default (sandbox) Connection's API origin: where linked tokens are bound in these tests. */
const SANDBOX_ORIGIN = 'http://127.0.0.1:8787';
const sandboxToken = (accountKey: string) => ({ accountKey, apiOrigin: SANDBOX_ORIGIN });

async function linkWith(token: typeof HARBOR) {
  fakeIdentity(allow());
  const exchange = routedFetch(tokenRoute(token));
  useExchange({ fetch: exchange.fetch, retry: { retries: 0 } });
  const view = await linkAccount();
  await settleBadgeRefresh(view.accountKey);
  return { view, exchange };
}

async function linkFailure(): Promise<DeskError> {
  const error = await linkAccount().catch((e: unknown) => e);
  expect(error).toBeInstanceOf(DeskError);
  return error as DeskError;
}

async function expectNothingStored() {
  expect(await linkedAccountsItem.getValue()).toEqual([]);
  expect(await tokenVaultItem.getValue()).toEqual({});
  expect(await pendingAuthStatesItem.getValue()).toEqual([]);
}

beforeEach(resetDesk);

describe('linking: the authorize request', () => {
  test('carries client_id, the identity redirect URI, response_type=code and a fresh ≥128-bit state', async () => {
    const identity = fakeIdentity(allow());
    useExchange({ fetch: routedFetch(tokenRoute(HARBOR)).fetch });
    await linkAccount();
    const url = identity.lastAuthorizeUrl();
    expect(`${url.origin}${url.pathname}`).toBe('http://localhost:8788/oauth2/authorize');
    expect(url.searchParams.get('client_id')).toBe('sandbox-client-id');
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT);
    expect(url.searchParams.get('response_type')).toBe('code');
    const state = url.searchParams.get('state')!;
    expect(state).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(state.length * 6).toBeGreaterThanOrEqual(128);
    expect(identity.launchWebAuthFlow).toHaveBeenCalledWith(expect.objectContaining({ interactive: true }));

    await linkAccount();
    expect(identity.lastAuthorizeUrl().searchParams.get('state')).not.toBe(state);
  });

  test('the pending state is in storage while the window is open, and gone afterwards', async () => {
    let pendingDuringFlow: unknown[] = [];
    fakeIdentity(async (authorize) => {
      pendingDuringFlow = await pendingAuthStatesItem.getValue();
      return allow()(authorize);
    });
    useExchange({ fetch: routedFetch(tokenRoute(HARBOR)).fetch });
    await linkAccount();
    expect(pendingDuringFlow).toHaveLength(1);
    expect(await pendingAuthStatesItem.getValue()).toEqual([]);
  });
});

describe('linking: success', () => {
  test('exchanges the code with the same redirect URI and stores name, app-specific id, link time and a sealed token', async () => {
    const before = Date.now();
    const { view, exchange } = await linkWith(HARBOR);
    expect(view).toEqual({
      accountKey: 'app-1001',
      accountName: 'Harbor Bakery Group',
      appSpecificAccountId: 'app-1001',
      linkedAt: expect.any(Number),
      needsRelink: false,
      apiOrigin: SANDBOX_ORIGIN,
      otherEnvironment: false,
    });
    expect(view.linkedAt).toBeGreaterThanOrEqual(before);
    expect(JSON.stringify(view)).not.toContain(HARBOR.access_token);

    const form = new URLSearchParams(exchange.requests[0]!.body);
    expect(exchange.requests[0]!.url.pathname).toBe('/oauth2/accesstoken');
    expect(Object.fromEntries(form)).toEqual({
      client_id: 'sandbox-client-id',
      client_secret: 'sandbox-api-key',
      code: 'the-code',
      redirect_uri: REDIRECT,
      grant_type: 'authorization_code',
    });

    expect(await openToken(sandboxToken('app-1001'))).toBe(HARBOR.access_token);
    expect(await localStorageText()).not.toContain(HARBOR.access_token);
    const list = await accountLinkingHandlers['accounts.list']({}, context);
    expect(list.activeAccountKey).toBe('app-1001');
  });

  test('a second account is added and becomes active; relinking the first keeps one entry per appSpecificAccountId', async () => {
    await linkWith(HARBOR);
    await linkWith(SUMMIT);
    let list = await accountLinkingHandlers['accounts.list']({}, context);
    expect(list.accounts.map((a) => a.accountName)).toEqual(['Harbor Bakery Group', 'Summit Outdoor Supply']);
    expect(list.activeAccountKey).toBe('app-1002');

    list = await accountLinkingHandlers['accounts.activate']({ accountKey: 'app-1001' }, context);
    expect(list.activeAccountKey).toBe('app-1001');

    await linkWith({ ...HARBOR, access_token: 'sbx_harbor_new_token' });
    list = await accountLinkingHandlers['accounts.list']({}, context);
    expect(list.accounts.map((a) => a.accountKey)).toEqual(['app-1001', 'app-1002']);
    expect(await openToken(sandboxToken('app-1001'))).toBe('sbx_harbor_new_token');
  });

  test('reads the callback in its & form too', async () => {
    expect(readCallback(`${REDIRECT}?x=1&code=abc&state=s1`)).toMatchObject({ kind: 'code', code: 'abc', state: 's1' });
    expect(readCallback(`${REDIRECT}&code=abc&state=s1`)).toMatchObject({ kind: 'code', code: 'abc', state: 's1' });
    expect(readCallback(`${REDIRECT}?error=access_denied&state=s1`)).toMatchObject({
      kind: 'error',
      error: 'access_denied',
    });
    expect(() => readCallback(`${REDIRECT}`)).toThrow(DeskError);
  });
});

describe('linking: every ending has its own message and stores nothing', () => {
  test('access_denied', async () => {
    fakeIdentity(deny());
    const error = await linkFailure();
    expect(error.code).toBe('access_denied');
    expect(error.message).toMatch(/access was denied/i);
    await expectNothingStored();
  });

  test('unsupported_response_type', async () => {
    fakeIdentity(deny('unsupported_response_type', 'Only response_type=code is supported'));
    const error = await linkFailure();
    expect(error.code).toBe('unsupported_response_type');
    expect(error.message).toMatch(/unsupported response type/i);
    await expectNothingStored();
  });

  test('the window closed by the user → "Linking cancelled"', async () => {
    fakeIdentity(() => {
      throw new Error('The user did not approve access.');
    });
    const error = await linkFailure();
    expect(error.code).toBe('cancelled');
    expect(error.message).toContain('Linking cancelled');
    await expectNothingStored();
  });

  test('a state that is not the one issued → state mismatch, the code is never exchanged', async () => {
    fakeIdentity(allow('the-code', () => 'forged'));
    const exchange = routedFetch(tokenRoute(HARBOR));
    useExchange({ fetch: exchange.fetch });
    const error = await linkFailure();
    expect(error.code).toBe('state-mismatch');
    expect(error.message).toMatch(/state mismatch/i);
    expect(exchange.requests).toHaveLength(0);
    await expectNothingStored();
  });

  test('a missing state → state mismatch', async () => {
    fakeIdentity((authorize) => `${authorize.searchParams.get('redirect_uri')}?code=abc`);
    expect((await linkFailure()).code).toBe('state-mismatch');
    await expectNothingStored();
  });

  test('a state is single-use and expires after 10 minutes', async () => {
    const now = Date.now();
    const state = await issueState(now);
    expect(await consumeState(state, state, now + 1000)).toBe(true);
    expect(await consumeState(state, state, now + 2000)).toBe(false);

    const late = await issueState(now);
    expect(await consumeState(late, late, now + STATE_TTL_MS + 1)).toBe(false);
    expect(await pendingAuthStatesItem.getValue()).toEqual([]);
  });

  test('a failed exchange → its own message, without the code or the key', async () => {
    fakeIdentity(allow('secret-code-xyz'));
    useExchange({
      fetch: routedFetch(() =>
        envelope({}, 400, [{ code: 2301, type: 'FATAL_ERROR', message: 'Invalid or already used authorization code' }]),
      ).fetch,
      retry: { retries: 0 },
    });
    const error = await linkFailure();
    expect(error.code).toBe('exchange-failed');
    expect(error.message).toMatch(/did not hand out an access token/);
    expect(error.message).not.toContain('secret-code-xyz');
    expect(error.message).not.toContain('sandbox-api-key');
    await expectNothingStored();
  });

  test('an unreachable token endpoint → exchange-failed, nothing stored', async () => {
    fakeIdentity(allow());
    useExchange({
      fetch: (async () => {
        throw new TypeError('fetch failed');
      }) as typeof fetch,
      retry: { retries: 0 },
    });
    expect((await linkFailure()).code).toBe('exchange-failed');
    await expectNothingStored();
  });
});

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

const PRODUCTION_CONNECTION = {
  environment: 'production' as const,
  apiUrl: 'https://api.yext.com',
  authUrl: 'https://www.yext.com',
  clientId: 'prod-client-id',
  apiKey: 'prod-api-key',
  apiVersion: API_VERSION,
};
const SANDBOX_CONNECTION = {
  environment: 'sandbox' as const,
  apiUrl: 'http://127.0.0.1:8787',
  authUrl: 'http://localhost:8788',
  clientId: 'sandbox-client-id',
  apiKey: 'sandbox-api-key',
  apiVersion: API_VERSION,
};

/** Every API request from here on, whatever its host; answers "nothing waiting". */
function recordApi() {
  const api = routedFetch(() => envelope({ count: 0, suggestions: [] }));
  useApi({ fetch: api.fetch, retry: { retries: 0 } });
  return api;
}

const probe = () =>
  withAccount((client) => client.request({ operation: 'probe', method: 'GET', path: 'v2/accounts/me' }));

describe('tokens are bound to the API origin that issued them', () => {
  test('linking records the origin of the Connection the code was exchanged with', async () => {
    await saveConnectionSettings({
      ...SANDBOX_CONNECTION,
      environment: 'custom',
      apiUrl: 'http://127.0.0.1:9000/',
    });
    const { view, exchange } = await linkWith(HARBOR);
    expect(exchange.requests[0]!.url.origin).toBe('http://127.0.0.1:9000');
    expect(view).toMatchObject({ apiOrigin: 'http://127.0.0.1:9000', otherEnvironment: false });
    expect((await linkedAccountsItem.getValue())[0]?.apiOrigin).toBe('http://127.0.0.1:9000');
    expect(await openToken({ accountKey: 'app-1001', apiOrigin: 'http://127.0.0.1:9000' })).toBe(HARBOR.access_token);
  });

  test('after switching the Connection, an account linked elsewhere gets no request; switching back works again', async () => {
    await linkWith(HARBOR);
    await saveConnectionSettings(PRODUCTION_CONNECTION);
    const api = recordApi();

    const error = await probe().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeskError);
    expect(error).toMatchObject({
      code: 'other-environment',
      message:
        'Harbor Bakery Group was linked on http://127.0.0.1:8787; switch the Connection back or link it again here.',
    });
    await expect(openSession('app-1001')).rejects.toMatchObject({ code: 'other-environment' });
    expect(api.requests).toHaveLength(0);
    expect(JSON.stringify(error)).not.toContain(HARBOR.access_token);

    // Not "needs relinking": nothing is wrong with the token on its own server.
    const list = await accountLinkingHandlers['accounts.list']({}, context);
    expect(list.accounts).toEqual([
      expect.objectContaining({
        accountKey: 'app-1001',
        needsRelink: false,
        apiOrigin: SANDBOX_ORIGIN,
        otherEnvironment: true,
      }),
    ]);

    await saveConnectionSettings(SANDBOX_CONNECTION);
    await probe();
    expect(api.requests.map((r) => r.url.origin)).toEqual([SANDBOX_ORIGIN]);
    expect(api.requests[0]!.url.searchParams.get('access_token')).toBe(HARBOR.access_token);
    expect((await accountLinkingHandlers['accounts.list']({}, context)).accounts[0]?.otherEnvironment).toBe(false);
  });

  test('an account record edited to claim the new origin still cannot open its token there (needs relinking)', async () => {
    await linkWith(HARBOR);
    await saveConnectionSettings(PRODUCTION_CONNECTION);
    const accounts = await linkedAccountsItem.getValue();
    await linkedAccountsItem.setValue(accounts.map((a) => ({ ...a, apiOrigin: 'https://api.yext.com' })));
    const api = recordApi();

    await expect(probe()).rejects.toMatchObject({ code: 'needs-relink' });
    expect(api.requests).toHaveLength(0);
    expect((await linkedAccountsItem.getValue())[0]?.needsRelink).toBe(true);
  });

  test('relinking on the new Connection rebinds the token and drops what the old environment left for that id', async () => {
    await linkWith(HARBOR);
    await seedAccountData('app-1001');
    await saveConnectionSettings(PRODUCTION_CONNECTION);

    fakeIdentity(allow());
    useExchange({ fetch: routedFetch(tokenRoute({ ...HARBOR, access_token: 'prod_token' })).fetch });
    const view = await relinkAccount('app-1001');
    expect(view).toMatchObject({ apiOrigin: 'https://api.yext.com', otherEnvironment: false, needsRelink: false });
    expect(await openToken({ accountKey: 'app-1001', apiOrigin: 'https://api.yext.com' })).toBe('prod_token');
    await expect(openToken(sandboxToken('app-1001'))).rejects.toThrow();
    // The sandbox's queued decisions must never reach production.
    expect(await triagePendingItem.getValue()).toEqual([]);
    expect(await triageCacheItem.getValue()).toEqual({});
    expect(await publisherNamesItem.getValue()).toEqual({});
  });

  test('a Connection change tells open pages at once which accounts are now on another environment', async () => {
    await linkWith(HARBOR);
    testLinking().start();
    const sent = vi.spyOn(browser.runtime, 'sendMessage');
    await saveConnectionSettings(PRODUCTION_CONNECTION);
    await vi.waitFor(() =>
      expect(sent).toHaveBeenCalledWith(
        expect.objectContaining({
          desk: 'event',
          type: 'accounts.changed',
          payload: expect.objectContaining({
            accounts: [expect.objectContaining({ accountKey: 'app-1001', otherEnvironment: true })],
          }),
        }),
      ),
    );
  });
});

describe('accounts linked before origins were recorded (linkedAccounts v1)', () => {
  const v1Account = {
    accountKey: 'app-1001',
    accountName: 'Harbor Bakery Group',
    appSpecificAccountId: 'app-1001',
    linkedAt: 1_700_000_000_000,
    needsRelink: false,
  };

  test('the migration marks them as needing relinking; no request is made for them', async () => {
    await browser.storage.local.set({ linkedAccounts: [v1Account], linkedAccounts$: { v: 1 } });
    await linkedAccountsItem.migrate();
    expect(await linkedAccountsItem.getValue()).toEqual([{ ...v1Account, apiOrigin: null, needsRelink: true }]);
    expect(await browser.storage.local.get('linkedAccounts$')).toEqual({ linkedAccounts$: { v: 2 } });

    const api = recordApi();
    await expect(probe()).rejects.toMatchObject({ code: 'needs-relink' });
    expect(api.requests).toHaveLength(0);
    const list = await accountLinkingHandlers['accounts.list']({}, context);
    expect(list.accounts[0]).toMatchObject({ needsRelink: true, apiOrigin: null, otherEnvironment: false });
  });

  test('the migration leaves v2 accounts alone (storage.setItems writes no version, so it may run again)', () => {
    const current: LinkedAccount = { ...v1Account, apiOrigin: SANDBOX_ORIGIN };
    expect(migrateLinkedAccountsToV2([current])).toEqual([current]);
    expect(migrateLinkedAccountsToV2(undefined)).toEqual([]);
  });

  test('an account without an origin is refused even if the migration has not marked it', async () => {
    await linkWith(HARBOR);
    const accounts = await linkedAccountsItem.getValue();
    await linkedAccountsItem.setValue(accounts.map((a) => ({ ...a, apiOrigin: null })));
    const api = recordApi();
    await expect(probe()).rejects.toMatchObject({ code: 'needs-relink' });
    expect(api.requests).toHaveLength(0);
    expect((await accountLinkingHandlers['accounts.list']({}, context)).accounts[0]?.needsRelink).toBe(true);
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
async function seedAccountData(...accountKeys: string[]) {
  const suggestion = (id: string) => ({
    id,
    status: 'WAITING_ON_CUSTOMER',
    publisherId: 'BING',
    locationId: 'L1',
    fieldName: 'hours',
    originalContent: 'a',
    suggestedContent: 'b',
    dateCreated: '2026-03-01',
  });
  const cache: Record<string, unknown> = {};
  const pending: PendingDecision[] = [];
  const failures: unknown[] = [];
  const names: Record<string, unknown> = {};
  const health: Record<string, unknown> = {};
  const badges: Record<string, unknown> = {};
  for (const key of accountKeys) {
    for (const status of ['WAITING_ON_CUSTOMER', 'ACCEPTED']) {
      cache[`${key} ${status}`] = { fetchedAt: 1, count: 1, suggestions: [suggestion(`${key}-s1`)] };
    }
    pending.push({
      suggestionId: `${key}-s1`,
      accountKey: key,
      decision: 'ACCEPTED',
      dueAt: Date.now() - 1000,
      batchId: `batch-${key}`,
    });
    failures.push({
      suggestionId: `${key}-s2`,
      accountKey: key,
      decision: 'REJECTED',
      code: 'x',
      message: 'x',
      failedAt: 1,
    });
    names[key] = { fetchedAt: 1, names: { BING: 'Bing' } };
    health[key] = { fetchedAt: 1, total: 3, counts: { LIVE: 3 } };
    badges[key] = { count: 1, updatedAt: 1 };
  }
  await triageCacheItem.setValue(cache as never);
  await triagePendingItem.setValue(pending);
  await triageFailuresItem.setValue(failures as never);
  await publisherNamesItem.setValue(names as never);
  await listingsHealthItem.setValue(health as never);
  await badgeCountsItem.setValue(badges as never);
}

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
        'publishersDirectory',
        'tokenVault',
        'triageBatches',
        'triageCache',
        'triageFailures',
        'triagePending',
        'triageRevision',
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
