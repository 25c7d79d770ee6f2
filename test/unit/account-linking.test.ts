// Linking an account over OAuth: the authorize request, success, and every other ending with its own message.
import { beforeEach, describe, expect, test } from 'vitest';
import {
  consumeState,
  issueState,
  pendingAuthStatesItem,
  readCallback,
  STATE_TTL_MS,
} from '../../lib/background/account-linking.ts';
import { linkedAccountsItem } from '../../lib/background/core/account-items.ts';
import { getConnectionSettings } from '../../lib/background/core/connection.ts';
import { openToken, tokenVaultItem } from '../../lib/background/core/token-vault.ts';
import { DeskError } from '../../lib/messaging/wire-error.ts';
import { context, HARBOR, linkWith, SANDBOX_ORIGIN, SUMMIT, sandboxToken } from './account-linking-fakes.ts';
import {
  allow,
  deny,
  envelope,
  fakeIdentity,
  linkAccount,
  localStorageText,
  REDIRECT,
  resetDesk,
  routedFetch,
  testLinking,
  tokenRoute,
  useApi,
  useExchange,
} from './desk-fakes.ts';

const accountLinkingHandlers = testLinking().handlers;

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

  test('the window closed while Allow’s answer loads ("could not be loaded", the page answers) → "Linking cancelled"', async () => {
    fakeIdentity(() => {
      throw new Error('Authorization page could not be loaded.');
    });
    const probe = routedFetch((_request, url) =>
      url.pathname === '/' ? new Response('', { status: 404 }) : undefined,
    );
    useApi({ fetch: probe.fetch });
    const error = await linkFailure();
    expect(error.code).toBe('cancelled');
    expect(error.message).toBe(
      'Linking cancelled: the sign-in window closed before linking finished, so nothing was linked. Try again.',
    );
    // One request to the authorization page's origin, without a path, a query or a key.
    const { authUrl } = await getConnectionSettings();
    expect(probe.requests.map((r) => r.url.href)).toEqual([`${new URL(authUrl).origin}/`]);
    await expectNothingStored();
  });

  test('the authorization page does not answer at all → it could not be loaded: check the auth URL', async () => {
    fakeIdentity(() => {
      throw new Error('Authorization page could not be loaded.');
    });
    useApi({
      fetch: (async () => {
        throw new TypeError('Failed to fetch');
      }) as typeof fetch,
    });
    const error = await linkFailure();
    expect(error.code).toBe('auth-page-unreachable');
    expect(error.message).toContain('Check the auth URL in Connection settings');
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
