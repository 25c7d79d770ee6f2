// The one way background features call the API on behalf of a linked account. A 401 is final:
// the account is marked "needs relinking" and the UI offers Relink; the call is never retried.
import { ApiClient, type ApiConfig } from '../../api/client.ts';
import { isApiError } from '../../api/errors.ts';
import { DeskError } from '../../messaging/wire-error.ts';
import type { LinkedAccount } from './account-items.ts';
import { apiOriginOf, getConnectionSettings, requireApiKey } from './connection.ts';
import { findAccount, markNeedsRelink } from './linked-accounts.ts';
import { createReachability, isUnanswered, type Reachability } from './reachability.ts';
import { type BudgetPurpose, createRequestBudget, type RequestBudget } from './request-budget.ts';
import { openToken } from './token-vault.ts';

export interface AccountSession {
  client: ApiClient;
  account: LinkedAccount;
}

export function needsRelinkError(account: Pick<LinkedAccount, 'accountName' | 'accountKey'>): DeskError {
  return new DeskError({
    code: 'needs-relink',
    message: `${account.accountName} needs to be linked again: its access is no longer accepted. Choose Relink.`,
    status: 401,
    fields: { accountKey: account.accountKey },
  });
}

export function noAccountError(): DeskError {
  return new DeskError({ code: 'no-account', message: 'No account is linked yet. Choose “Link account”.' });
}

/** Only the origin is named (scheme, host, port): never a path, key or token. */
function otherEnvironmentError(account: Pick<LinkedAccount, 'accountName' | 'accountKey' | 'apiOrigin'>) {
  return new DeskError({
    code: 'other-environment',
    message: `${account.accountName} was linked on ${account.apiOrigin}; switch the Connection back or link it again here.`,
    fields: { accountKey: account.accountKey },
  });
}

/**
 * Per-feature client settings, e.g. the decision outbox's "never wait for a rate limit in memory", and who
 * the requests are for: background spenders name themselves and ask the request budget before each one;
 * without a purpose a request is a person's, asked for now ('user').
 */
export type SessionConfig = Partial<ApiConfig> & { purpose?: BudgetPurpose };

export type WithAccount = <T>(
  run: (client: ApiClient, account: LinkedAccount) => Promise<T>,
  accountKey?: string,
  config?: SessionConfig,
) => Promise<T>;

/** An account's session held open for many calls (a batch): the token is opened once, not per call. */
export interface OpenAccount {
  account: LinkedAccount;
  /** One call, with withAccount's rule: a 401 marks the account for relinking and throws 'needs-relink'. */
  run<T>(call: (client: ApiClient, account: LinkedAccount) => Promise<T>): Promise<T>;
}

export interface ApiSession {
  openSession(accountKey?: string, config?: SessionConfig): Promise<AccountSession>;
  /** Opens an account once for a batch of calls; withAccount is this for one call. */
  openAccount(accountKey?: string, config?: SessionConfig): Promise<OpenAccount>;
  withAccount: WithAccount;
  /** Whether the service answered the last call made through withAccount. */
  reachability: Reachability;
  /** The hour's requests, shared by every account and feature. */
  budget: RequestBudget;
}

/** `clientConfig` applies to every client the session opens: tests and the bench inject fetch or shrink retries. */
export function createApiSession(
  clientConfig: Partial<ApiConfig> = {},
  budget: RequestBudget = createRequestBudget(),
): ApiSession {
  const reachability = createReachability();

  /**
   * Every request's transport outcome, whichever feature made it and however it reports errors: a response
   * of any status is an answer; a rejected fetch that nobody cancelled is none.
   */
  function observed(apiOrigin: string, base: typeof fetch | undefined, purpose: BudgetPurpose): typeof fetch {
    return async (input, init) => {
      // Every attempt, retries included, asks the budget and is counted: each one spends the quota.
      await budget.beforeRequest(purpose, init?.signal);
      try {
        const response = await (base ?? fetch)(input, init);
        reachability.noteAnswer(apiOrigin);
        budget.noteAnswer(purpose, response.headers, response.status);
        return response;
      } catch (error) {
        budget.noteNoAnswer();
        const cancelled = (error as { name?: string })?.name === 'AbortError';
        if (!cancelled) reachability.noteFailure(apiOrigin, Date.now());
        throw error;
      }
    };
  }
  /**
   * An API client for a linked account (the active one by default), with its token opened from the vault.
   * The token goes only to the API origin that issued it: on any other Connection nothing is sent.
   */
  async function openSession(accountKey?: string, sessionConfig: SessionConfig = {}): Promise<AccountSession> {
    const { purpose = 'user', ...config } = sessionConfig;
    const account = await findAccount(accountKey);
    if (!account) throw noAccountError();
    const settings = await getConnectionSettings();
    const apiOrigin = apiOriginOf(settings.apiUrl);
    if (!account.apiOrigin) {
      // Linked before origins were recorded: which server issued the token is unknown.
      await markNeedsRelink(account);
      throw needsRelinkError(account);
    }
    if (account.apiOrigin !== apiOrigin) throw otherEnvironmentError(account);
    if (account.needsRelink) throw needsRelinkError(account);
    let token: string | null;
    try {
      // Opened for the origin it will be sent to, not the stored one: an edited record cannot redirect it.
      token = await openToken({ accountKey: account.accountKey, apiOrigin });
    } catch {
      token = null;
    }
    if (!token) {
      // A lost vault key or a missing token cannot be repaired by anything but linking again.
      await markNeedsRelink(account);
      throw needsRelinkError(account);
    }
    const client = new ApiClient({
      baseUrl: settings.apiUrl,
      apiKey: await requireApiKey(settings),
      version: settings.apiVersion,
      accessToken: token,
      ...config,
      ...clientConfig,
      fetch: observed(apiOrigin, clientConfig.fetch ?? config.fetch, purpose),
      retry: { ...config.retry, ...clientConfig.retry },
    });
    return { client, account };
  }

  /** The account's session for a batch of calls: opened (connection, key, token) once, a 401 handled per call. */
  async function openAccount(accountKey?: string, config: SessionConfig = {}): Promise<OpenAccount> {
    const { client, account } = await openSession(accountKey, config);
    return {
      account,
      async run(call) {
        try {
          return await call(client, account);
        } catch (error) {
          // A timeout aborts the fetch, which the transport cannot tell from a cancel: it is noted here.
          if (isUnanswered(error)) reachability.noteFailure(account.apiOrigin as string, Date.now());
          if (isApiError(error) && error.status === 401) {
            await markNeedsRelink(account);
            throw needsRelinkError(account);
          }
          throw error;
        }
      },
    };
  }

  /**
   * Runs API calls for an account (the active one by default). On a 401 the account is marked
   * "needs relinking" and a 'needs-relink' DeskError is thrown instead of the ApiError. An account linked
   * on another API origin fails with 'other-environment' before any request.
   */
  async function withAccount<T>(
    run: (client: ApiClient, account: LinkedAccount) => Promise<T>,
    accountKey?: string,
    config: SessionConfig = {},
  ): Promise<T> {
    return (await openAccount(accountKey, config)).run(run);
  }

  return { openSession, openAccount, withAccount, reachability, budget };
}

/** The production session, for code that has no deps at hand; features use `deps.withAccount`. */
export const { withAccount, openSession, openAccount } = createApiSession();
