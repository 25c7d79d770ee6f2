// Fakes for the background's unit tests: identity (the fake browser has none), a routed fetch, a fresh IndexedDB.

import { IDBFactory } from 'fake-indexeddb';
import { vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ApiConfig } from '../../lib/api/client.ts';
import { API_VERSION } from '../../lib/api/config.ts';
import { createAccountLinking } from '../../lib/background/account-linking.ts';
import { saveConnectionSettings } from '../../lib/background/connection-settings.ts';
import { forgetLegacyKeySealing } from '../../lib/background/core/connection.ts';
import { createDeskDeps, type DeskDeps, type DeskDepsOptions } from '../../lib/background/core/deps.ts';
import { forgetUnsavedCaches } from '../../lib/background/core/idb-cache.ts';
import { forgetManagedPolicy } from '../../lib/background/core/managed-policy.ts';
import { forgetCachedVaultKey } from '../../lib/background/core/token-vault.ts';
import { backgroundFeatures, forgetAccount } from '../../lib/background/index.ts';
import { badgeCountsItem, refreshBadge as refreshBadgeWith } from '../../lib/background/suggestion-triage/badge.ts';
import type { RunningSandbox } from '../../sandbox/server.ts';
import { SandboxControl } from '../e2e/sandbox-control.ts';
import { sandboxConnection } from '../support/sandbox-connection.ts';

export const EXTENSION_ID = 'abcdefghijklmnopabcdefghijklmnop';
export const REDIRECT = `https://${EXTENSION_ID}.chromiumapp.org/oauth2`;

export type Route = (request: Request, url: URL) => Response | Promise<Response> | undefined;

export interface RoutedFetch {
  fetch: typeof fetch;
  requests: { method: string; url: URL; body: string }[];
}

/** Answers each request with the first route that returns a Response; unmatched requests fail loudly. */
export function routedFetch(...routes: Route[]): RoutedFetch {
  const requests: RoutedFetch['requests'] = [];
  const fetchFn = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    requests.push({ method: request.method, url, body: await request.clone().text() });
    for (const route of routes) {
      const response = await route(request, url);
      if (response) return response;
    }
    throw new Error(`unexpected ${request.method} ${url.pathname}`);
  };
  return { fetch: fetchFn as typeof fetch, requests };
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function envelope(response: unknown, status = 200, errors: unknown[] = []): Response {
  return json({ meta: { uuid: 'u-1', errors }, response }, status);
}

export function tokenRoute(token: { access_token: string; appSpecificAccountId: string; accountName: string }): Route {
  return (request, url) =>
    request.method === 'POST' && url.pathname === '/oauth2/accesstoken' ? json(token) : undefined;
}

export interface FakeIdentity {
  launchWebAuthFlow: ReturnType<typeof vi.fn>;
  /** The authorize URL of the last launchWebAuthFlow call. */
  lastAuthorizeUrl(): URL;
}

/**
 * identity with a scripted authorize page: `answer` gets the authorize URL and returns the callback URL
 * (or throws, as Chrome does when the window is closed).
 */
export function fakeIdentity(answer: (authorize: URL) => string | Promise<string>): FakeIdentity {
  const launchWebAuthFlow = vi.fn(async ({ url }: { url: string; interactive?: boolean }) => answer(new URL(url)));
  Object.assign(browser, {
    identity: {
      getRedirectURL: (path = '') => `https://${EXTENSION_ID}.chromiumapp.org/${path}`,
      launchWebAuthFlow,
    },
  });
  return {
    launchWebAuthFlow,
    lastAuthorizeUrl: () => new URL(launchWebAuthFlow.mock.calls.at(-1)![0].url),
  };
}

/** What the sandbox's Allow does: code + the state it was given, appended with ? (or & when a query exists). */
export function allow(code = 'the-code', state?: (s: string | null) => string) {
  return (authorize: URL) => {
    const redirect = authorize.searchParams.get('redirect_uri')!;
    const given = authorize.searchParams.get('state');
    const params = new URLSearchParams({ code, state: state ? state(given) : (given ?? '') });
    return `${redirect}${redirect.includes('?') ? '&' : '?'}${params}`;
  };
}

export function deny(error = 'access_denied', description = 'The customer did not authorize the app') {
  return (authorize: URL) => {
    const redirect = authorize.searchParams.get('redirect_uri')!;
    const params = new URLSearchParams({
      error,
      error_description: description,
      state: authorize.searchParams.get('state') ?? '',
    });
    return `${redirect}?${params}`;
  };
}

/** A clean slate: fake browser state, storage, IndexedDB (vault key), manifest, permissions, no overrides. */
export function resetDesk(): void {
  fakeBrowser.reset();
  globalThis.indexedDB = new IDBFactory();
  forgetUnsavedCaches();
  forgetCachedVaultKey();
  forgetLegacyKeySealing();
  forgetManagedPolicy();
  // Linking refreshes the badge in the background; by default the API answers "nothing waiting".
  apiFetch = routedFetch(() => envelope({ count: 0, suggestions: [] })).fetch;
  exchangeFetch = undefined;
  apiConfig.retry = { retries: 0 };
  Object.assign(browser.runtime, {
    getManifest: () => ({
      manifest_version: 3,
      name: 'Listings Desk',
      version: '0.0.0',
      host_permissions: [
        'https://api.yext.com/*',
        'https://www.yext.com/*',
        'http://127.0.0.1/*',
        'http://localhost/*',
      ],
    }),
  });
  Object.assign(browser.permissions, {
    contains: vi.fn(async ({ origins }: { origins?: string[] }) =>
      (origins ?? []).every((o) => /^(https:\/\/(api|www)\.yext\.com|http:\/\/(127\.0\.0\.1|localhost))\/\*$/.test(o)),
    ),
  });
}

/** Every value in storage.local, as one string, to search for secrets. */
export async function localStorageText(): Promise<string> {
  return JSON.stringify(await browser.storage.local.get(null));
}

/** Linking refreshes the badge without waiting for it; tests that count requests wait for that refresh first. */
export async function settleBadgeRefresh(accountKey: string): Promise<void> {
  await vi.waitFor(async () => {
    if (!Object.hasOwn(await badgeCountsItem.getValue(), accountKey)) throw new Error('badge not refreshed yet');
  });
}

/** A gate a fake answer waits on; `open()` lets what it held through. */
export function gate(): { held: Promise<void>; open: () => void } {
  let open: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { held, open };
}

/** Resolves when `promise` settles or after `ms`, whichever comes first: to let a racing task run if it can. */
export async function settledOrAfter(promise: Promise<unknown>, ms: number): Promise<void> {
  await Promise.race([promise.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, ms))]);
}

/** A Connection on another API origin than the default sandbox one. */
export const PRODUCTION_CONNECTION = {
  environment: 'production' as const,
  apiUrl: 'https://api.yext.com',
  authUrl: 'https://www.yext.com',
  clientId: 'prod-client-id',
  apiKey: 'prod-api-key',
  apiVersion: API_VERSION,
};

// ---- the deps every background feature is built from, as the tests' worker has them ----

type ClientSettings = Partial<Pick<ApiConfig, 'fetch' | 'retry' | 'timeoutMs'>>;

let apiFetch: typeof fetch | undefined;
let exchangeFetch: typeof fetch | undefined;
/** One config for every client, as in the worker; the token endpoint and the API are faked apart. */
const apiConfig: ClientSettings = {
  fetch: (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const target = url.pathname === '/oauth2/accesstoken' ? (exchangeFetch ?? apiFetch) : apiFetch;
    if (!target) throw new Error(`no fake answers ${url.pathname}`);
    return target(input, init);
  },
  retry: { retries: 0 },
};

/** What the service's API answers from now on (and, optionally, the client's retries). */
export function useApi(settings: ClientSettings): void {
  apiFetch = settings.fetch ?? apiFetch;
  if (settings.retry) apiConfig.retry = settings.retry;
}

/** What the token endpoint answers from now on. */
export function useExchange(settings: ClientSettings): void {
  exchangeFetch = settings.fetch ?? exchangeFetch;
  if (settings.retry) apiConfig.retry = settings.retry;
}

/** The deps the worker would build, with the fakes above; a test may replace the clock or the broadcast. */
export function testDeps(options: Omit<DeskDepsOptions, 'apiConfig'> = {}): DeskDeps {
  return createDeskDeps({ ...options, apiConfig });
}

/** Linking as the worker wires it: unlink asks every feature (built from the same deps) to forget. */
export function testLinking(deps: DeskDeps = testDeps()) {
  let features: ReturnType<typeof backgroundFeatures> | undefined;
  return createAccountLinking(deps, (accountKey) => {
    features ??= backgroundFeatures(deps);
    return forgetAccount(features, accountKey);
  });
}

export const linkAccount = () => testLinking().linkAccount();
export const relinkAccount = (accountKey: string) => testLinking().relinkAccount(accountKey);
export const unlinkAccount = (accountKey: string) => testLinking().unlinkAccount(accountKey);
export const refreshBadge = () => refreshBadgeWith(testDeps());
export const withAccount: DeskDeps['withAccount'] = (run, accountKey, config) =>
  testDeps().withAccount(run, accountKey, config);
export const openSession: DeskDeps['openSession'] = (accountKey, config) => testDeps().openSession(accountKey, config);

type SandboxAddress = Pick<RunningSandbox, 'apiUrl' | 'authUrl' | 'clientId' | 'apiKey'>;

/**
 * A fresh desk linked to the sandbox's account 1001 as `accountKey` (the sandbox reset first): the
 * Connection points at the sandbox, which mints the token the link exchanges. Resolves with that token.
 */
export async function linkSandboxDesk(sandbox: SandboxAddress, accountKey = 'app-1001'): Promise<string> {
  resetDesk();
  const control = new SandboxControl(sandbox.apiUrl);
  await control.call('POST', 'reset', {});
  const { access_token } = await control.call<{ access_token: string }>('POST', 'tokens', { accountId: '1001' });
  fakeIdentity(allow());
  await saveConnectionSettings(sandboxConnection(sandbox));
  useExchange({
    fetch: routedFetch(
      tokenRoute({ access_token, appSpecificAccountId: accountKey, accountName: 'Harbor Bakery Group' }),
    ).fetch,
  });
  await linkAccount();
  await settleBadgeRefresh(accountKey);
  return access_token;
}

/** The worker's deps against the real sandbox: the real fetch, no retries unless `retry`, broadcasts dropped unless `broadcast`. */
export function sandboxDeps(options: Omit<DeskDepsOptions, 'apiConfig'> & Pick<ApiConfig, 'retry'> = {}): DeskDeps {
  const { retry = { retries: 0 }, broadcast = async () => undefined, ...rest } = options;
  return createDeskDeps({
    ...rest,
    apiConfig: { fetch: (input, init) => globalThis.fetch(input, init), retry },
    broadcast,
  });
}
