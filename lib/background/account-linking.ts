// Linking customer accounts over OAuth (authorization-code flow through identity.launchWebAuthFlow).
// Every ending has its own message, and nothing is stored until the token exchange has succeeded.
import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import { isApiError } from '../api/errors.ts';
import { type AuthCallback, buildAuthorizeUrl, exchangeCode, parseAuthCallback } from '../api/oauth.ts';
import { type Handlers, toWireError } from '../messaging/background.ts';
import type { AccountsView, LinkedAccountView } from '../messaging/protocol/index.ts';
import { DeskError } from '../messaging/wire-error.ts';
import { defineItem } from '../storage-item.ts';
import { activeAccountKeyItem, type LinkedAccount, linkedAccountsItem } from './core/account-items.ts';
import { withAccountLock } from './core/account-lock.ts';
import {
  apiOriginOf,
  connectionSettingsItem,
  getConnectionSettings,
  redirectUri,
  requireApiKey,
  sealLegacyApiKey,
} from './core/connection.ts';
import type { DeskDeps } from './core/deps.ts';
import {
  accountsView,
  activateAccount,
  notifyAccountsChanged,
  readAccounts,
  toView,
  unknownAccountError,
} from './core/linked-accounts.ts';
import { sealToken, tokenVaultItem } from './core/token-vault.ts';
import { defineFeature, type StorageWrites } from './feature.ts';
import { dismissLinkingOutcome, lastLinkingOutcome, withLinkingOutcome } from './linking-outcome.ts';
import { refreshBadge, renderBadge } from './suggestion-triage/badge.ts';

export interface PendingAuthState {
  state: string;
  createdAt: number;
  expiresAt: number;
}

/** Issued OAuth states: single-use, expire after 10 minutes; kept in storage so a worker restart mid-flow is harmless. */
export const pendingAuthStatesItem = defineItem<PendingAuthState[]>('local:pendingAuthStates', {
  fallback: [],
  version: 1,
});

export const STATE_TTL_MS = 10 * 60 * 1000;
const STATE_BYTES = 32; // 256 bits, well over the 128 required

function linkError(code: string, message: string): DeskError {
  return new DeskError({ code, message });
}

function randomState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(STATE_BYTES));
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** Issues a fresh state and remembers it in storage (a worker restart mid-flow must not lose it). */
export async function issueState(now = Date.now()): Promise<string> {
  const state = randomState();
  const pending = (await pendingAuthStatesItem.getValue()).filter((p) => p.expiresAt > now);
  await pendingAuthStatesItem.setValue([...pending, { state, createdAt: now, expiresAt: now + STATE_TTL_MS }]);
  return state;
}

/**
 * Single use: the issued state is removed whatever happens. True only when the callback carries
 * exactly the state this flow issued and it has not expired.
 */
export async function consumeState(issued: string, received: string | undefined, now = Date.now()): Promise<boolean> {
  const pending = await pendingAuthStatesItem.getValue();
  const entry: PendingAuthState | undefined = pending.find((p) => p.state === issued);
  await pendingAuthStatesItem.setValue(pending.filter((p) => p.state !== issued && p.expiresAt > now));
  return entry !== undefined && entry.expiresAt > now && received === issued;
}

/**
 * launchWebAuthFlow rejects with Chrome's own sentences; they become ours. Chrome says "could not be loaded"
 * both when the page is down and when the window is closed while Allow's answer loads: `answers` (a request to
 * the authorization page's origin) tells the two apart.
 */
async function flowError(error: unknown, answers: () => Promise<boolean>): Promise<DeskError> {
  const text = error instanceof Error ? error.message : String(error);
  if (/did not approve|cancel|closed/i.test(text)) {
    return linkError('cancelled', 'Linking cancelled: the sign-in window was closed before access was allowed.');
  }
  if (/could not be loaded|load/i.test(text)) {
    if (await answers()) {
      return linkError(
        'cancelled',
        'Linking cancelled: the sign-in window closed before linking finished, so nothing was linked. Try again.',
      );
    }
    return linkError(
      'auth-page-unreachable',
      'The authorization page could not be loaded. Check the auth URL in Connection settings.',
    );
  }
  return linkError('auth-flow-failed', 'The sign-in window failed before access was allowed. Nothing was linked.');
}

/** Whether the authorization page's origin answers at all (any status): no cookies, nothing read, 5 s at most. */
function originAnswers(authUrl: string, fetchFn: typeof fetch = fetch): () => Promise<boolean> {
  return async () => {
    try {
      await fetchFn(new URL(authUrl).origin, {
        // no-cors: any answer counts, and none is read (it also needs redirects followed).
        mode: 'no-cors',
        credentials: 'omit',
        signal: AbortSignal.timeout(5_000),
      });
      return true;
    } catch {
      return false;
    }
  };
}

/** Some services append the callback with & even when the redirect URI has no query; read both forms. */
export function readCallback(url: string): AuthCallback {
  const hasQuery = url.includes('?');
  const amp = url.indexOf('&');
  const normalized = !hasQuery && amp !== -1 ? `${url.slice(0, amp)}?${url.slice(amp + 1)}` : url;
  try {
    return parseAuthCallback(normalized);
  } catch {
    throw linkError(
      'bad-callback',
      'The authorization page answered with neither a code nor an error. Nothing was linked.',
    );
  }
}

// RFC 6749 §4.1.2.1's codes, in our words. The redirect's error_description is never shown: it is text
// from a URL anyone can craft, so only a known code is named and an unknown one only if it looks like one.
const KNOWN_CALLBACK_ERRORS: Record<string, string> = {
  access_denied: 'Access was denied on the authorization page, so the account was not linked.',
  unsupported_response_type:
    'The service refused the request (unsupported response type: only "code" is supported). Nothing was linked.',
  invalid_request: 'The authorization page refused the request as malformed. Nothing was linked.',
  unauthorized_client:
    'The service does not let this app link accounts. Check the client ID in Connection settings. Nothing was linked.',
  invalid_scope: 'The service refused the access this app asks for (invalid scope). Nothing was linked.',
  server_error: 'The authorization page failed on the service’s side. Nothing was linked; try again later.',
  temporarily_unavailable:
    'The authorization page is busy or down for maintenance. Nothing was linked; try again in a few minutes.',
};

function callbackErrorMessage(error: string): DeskError {
  if (Object.hasOwn(KNOWN_CALLBACK_ERRORS, error)) return linkError(error, KNOWN_CALLBACK_ERRORS[error]!);
  const named = /^[a-z_]{1,40}$/.test(error) ? ` (error code “${error}”)` : '';
  return linkError('auth-refused', `The service stopped the linking${named}. Nothing was linked.`);
}

/** Every feature's writes that drop an account's data (lib/background/index.ts asks each feature). */
export type ForgetAccount = (accountKey: string) => Promise<StorageWrites>;

/** Link, relink and unlink, built from the worker's deps; unlink asks every feature to forget the account. */
export function createAccountLinking(deps: DeskDeps, forgetAccount: ForgetAccount) {
  /** Runs the whole flow; resolves with the linked account, or rejects with a DeskError naming what happened. */
  function linkAccount(): Promise<LinkedAccountView> {
    return runLinkFlow(null);
  }

  /**
   * Links again the account that needs it. Whoever signs in decides which account the token is for,
   * so a token for any other account is refused and nothing is stored.
   */
  async function relinkAccount(accountKey: string): Promise<LinkedAccountView> {
    const { accounts } = await readAccounts();
    const expected = accounts.find((a) => a.accountKey === accountKey);
    if (!expected) throw unknownAccountError();
    return runLinkFlow(expected);
  }

  async function runLinkFlow(expected: LinkedAccount | null): Promise<LinkedAccountView> {
    const settings = await getConnectionSettings();
    // Checked before the sign-in window opens: without the client secret the code could not be exchanged.
    const apiKey = await requireApiKey(settings);
    const redirect = redirectUri();
    const state = await issueState();
    const url = buildAuthorizeUrl({
      authUrl: settings.authUrl,
      clientId: settings.clientId,
      redirectUri: redirect,
      state,
    });

    let callbackUrl: string | undefined;
    try {
      callbackUrl = await browser.identity.launchWebAuthFlow({ url, interactive: true });
    } catch (error) {
      await consumeState(state, undefined);
      throw await flowError(error, originAnswers(settings.authUrl, deps.apiConfig.fetch));
    }
    if (!callbackUrl) {
      await consumeState(state, undefined);
      throw linkError('cancelled', 'Linking cancelled: the sign-in window was closed before access was allowed.');
    }

    let callback: AuthCallback;
    try {
      callback = readCallback(callbackUrl);
    } catch (error) {
      await consumeState(state, undefined);
      throw error;
    }
    if (!(await consumeState(state, callback.state))) {
      throw linkError(
        'state-mismatch',
        'Linking stopped: the answer did not belong to this request (state mismatch). Nothing was linked; try again.',
      );
    }
    if (callback.kind === 'error') throw callbackErrorMessage(callback.error);

    let token: { access_token: string; appSpecificAccountId: string; accountName: string };
    try {
      const result = await exchangeCode(
        { baseUrl: settings.apiUrl, apiKey, clientId: settings.clientId, ...deps.apiConfig },
        { code: callback.code, redirectUri: redirect },
      );
      token = result.data;
    } catch (error) {
      // The service's code and (redacted) message travel as the notice's small print, not in the sentence.
      const wire = isApiError(error) ? toWireError(error) : undefined;
      throw new DeskError({
        code: 'exchange-failed',
        message:
          'Linking failed: the service did not hand out an access token, so nothing was linked. Try again; if it fails again, check the API key in Connection settings.',
        ...(wire ? { status: wire.status, details: wire.details } : {}),
      });
    }
    if (expected && String(token.appSpecificAccountId) !== expected.accountKey) {
      // Names come from the service: shown as text, cut short.
      const signedIn = (token.accountName || String(token.appSpecificAccountId)).slice(0, 200);
      throw linkError(
        'relink-other-account',
        `You signed in as ${signedIn}, not ${expected.accountName}. Nothing was changed.`,
      );
    }
    // The token belongs to the API that issued it: the one this flow exchanged the code with.
    return storeLinkedAccount(token, apiOriginOf(settings.apiUrl));
  }

  /** Account, sealed token and active choice are written in one storage call: all or nothing. */
  async function storeLinkedAccount(
    token: { access_token: string; appSpecificAccountId: string; accountName: string },
    apiOrigin: string,
  ): Promise<LinkedAccountView> {
    const accountKey = String(token.appSpecificAccountId);
    const sealed = await sealToken({ accountKey, apiOrigin }, token.access_token);
    // In the lock: an unlink between this read and this write would otherwise be undone by it.
    const account = await withAccountLock(async () => {
      const [accounts, vault] = await Promise.all([linkedAccountsItem.getValue(), tokenVaultItem.getValue()]);
      const previous = accounts.find((a) => a.accountKey === accountKey);
      const account: LinkedAccount = {
        accountKey,
        accountName: token.accountName || accountKey,
        appSpecificAccountId: accountKey,
        // Always later than the link it replaces: work begun under that one must see that it is gone.
        linkedAt: Math.max(Date.now(), (previous?.linkedAt ?? 0) + 1),
        needsRelink: false,
        apiOrigin,
      };
      const nextAccounts = previous
        ? accounts.map((a) => (a.accountKey === accountKey ? account : a))
        : [...accounts, account];
      // The same id on another API origin is another environment's account: its cached lists and queued
      // decisions belong to that server and must not be shown or sent here.
      const forgotten = previous && previous.apiOrigin !== apiOrigin ? await forgetAccount(accountKey) : [];
      await storage.setItems([
        ...forgotten,
        { item: linkedAccountsItem, value: nextAccounts },
        { item: tokenVaultItem, value: { ...vault, [accountKey]: sealed } },
        { item: activeAccountKeyItem, value: accountKey },
      ]);
      return account;
    });
    await notifyAccountsChanged();
    void refreshBadge(deps).catch(() => undefined);
    return toView(account, apiOrigin);
  }

  async function unlinkAccount(accountKey: string): Promise<AccountsView> {
    // One write, inside the account lock: no token, cached list or queued decision outlives its account, and
    // no write after a request puts any of it back (each re-checks the link in the same lock).
    const { activeAccountKey, nextActive } = await withAccountLock(async () => {
      const { accounts, activeAccountKey } = await readAccounts();
      if (!accounts.some((a) => a.accountKey === accountKey)) throw unknownAccountError();
      const remaining = accounts.filter((a) => a.accountKey !== accountKey);
      const nextActive = activeAccountKey === accountKey ? (remaining[0]?.accountKey ?? null) : activeAccountKey;
      const [{ [accountKey]: _removed, ...vault }, data] = await Promise.all([
        tokenVaultItem.getValue(),
        forgetAccount(accountKey),
      ]);
      await storage.setItems([
        ...data,
        { item: tokenVaultItem, value: vault },
        { item: linkedAccountsItem, value: remaining },
        { item: activeAccountKeyItem, value: nextActive },
      ]);
      return { activeAccountKey, nextActive };
    });
    await renderBadge();
    if (nextActive && nextActive !== activeAccountKey) void refreshBadge(deps).catch(() => undefined);
    return notifyAccountsChanged();
  }

  /**
   * Call once from the worker's main(). Which accounts are "linked on another environment" depends on the
   * Connection: when it changes, open pages and the badge are told at once.
   */
  function start(): void {
    void sealLegacyApiKey().catch(() => undefined);
    connectionSettingsItem.watch(() => {
      void notifyAccountsChanged().catch(() => undefined);
      void renderBadge().catch(() => undefined);
    });
  }

  const handlers: Pick<
    Handlers,
    | 'accounts.list'
    | 'accounts.link'
    | 'accounts.relink'
    | 'accounts.unlink'
    | 'accounts.activate'
    | 'accounts.linkingOutcome'
    | 'accounts.dismissLinkingOutcome'
  > = {
    'accounts.list': () => accountsView(),
    'accounts.link': ({ attemptId }) => withLinkingOutcome(attemptId, false, () => linkAccount()),
    'accounts.relink': ({ accountKey, attemptId }) =>
      withLinkingOutcome(attemptId, true, () => relinkAccount(accountKey)),
    'accounts.linkingOutcome': () => lastLinkingOutcome(),
    'accounts.dismissLinkingOutcome': ({ id }) => dismissLinkingOutcome(id),
    'accounts.unlink': ({ accountKey }) => unlinkAccount(accountKey),
    'accounts.activate': async ({ accountKey }) => {
      const view = await activateAccount(accountKey);
      // Show the stored count at once, then ask for a fresh one.
      await renderBadge();
      void refreshBadge(deps).catch(() => undefined);
      return view;
    },
  };

  return { linkAccount, relinkAccount, unlinkAccount, handlers, start };
}

export function accountLinkingFeature(deps: DeskDeps, forgetAccount: ForgetAccount) {
  const { handlers, start } = createAccountLinking(deps, forgetAccount);
  return defineFeature({ name: 'account-linking', handlers, start });
}
