// Tokens bound to the API origin that issued them, and accounts linked before origins were recorded.
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { API_VERSION } from '../../lib/api/config.ts';
import { saveConnectionSettings } from '../../lib/background/connection-settings.ts';
import {
  type LinkedAccount,
  linkedAccountsItem,
  migrateLinkedAccountsToV2,
} from '../../lib/background/core/account-items.ts';
import { publisherNamesItem } from '../../lib/background/core/publisher-names.ts';
import { openToken } from '../../lib/background/core/token-vault.ts';
import { triageCacheItem, triagePendingItem } from '../../lib/background/suggestion-triage/triage-items.ts';
import { DeskError } from '../../lib/messaging/wire-error.ts';
import { context, HARBOR, linkWith, SANDBOX_ORIGIN, sandboxToken } from './account-linking-fakes.ts';
import {
  allow,
  envelope,
  fakeIdentity,
  openSession,
  relinkAccount,
  resetDesk,
  routedFetch,
  testLinking,
  tokenRoute,
  useApi,
  useExchange,
  withAccount,
} from './desk-fakes.ts';
import { seedAccountData } from './suggestion-triage-fakes.ts';

const accountLinkingHandlers = testLinking().handlers;

beforeEach(() => {
  resetDesk();
  // saving a Connection reads the redirect URI
  fakeIdentity(allow());
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
