// The waiting list across every linked account (issue 24): each account's one cached list of waiting
// suggestions (cacheKey(account, WAITING, {}), fetched whole), merged oldest first, filtered here by
// account, location and publisher. Its refresh takes one account at a time (refreshEveryAccount), so a
// request budget can slow or pause it between turns.
import type {
  PendingDecisionView,
  SuggestionView,
  TriageAccountSummary,
  TriageView,
} from '../../messaging/protocol/index.ts';
import type { WireError } from '../../messaging/wire-error.ts';
import type { LinkedAccount } from '../core/account-items.ts';
import type { PublisherNames } from '../core/publisher-names.ts';
import type { CachedSuggestions, DecisionBatch, FailedDecision, PendingDecision } from './triage-items.ts';
import {
  BATCH_MEMORY_MS,
  cacheKey,
  type ListFilters,
  type StoredTriageView,
  toBatchView,
  toFailureView,
  toPendingView,
} from './triage-state.ts';

/** Which accounts a view covers: the ones named (none named: all), in the order linked. */
export interface AccountFilters extends ListFilters {
  accountKeys?: string[];
}

/** Oldest first, as one account's list is (the service applies unreviewed suggestions after a while). */
function older(a: SuggestionView, b: SuggestionView): boolean {
  if (a.dateCreated !== b.dateCreated) return a.dateCreated < b.dateCreated;
  return a.id.length !== b.id.length ? a.id.length < b.id.length : a.id < b.id;
}

/**
 * Merges lists each sorted oldest first into one, oldest first, taking at most `limit` rows: a popup's
 * first rows cost k × limit comparisons, not a sort of every account's rows.
 */
export function mergeOldestFirst(
  lists: SuggestionView[][],
  limit = Number.POSITIVE_INFINITY,
  take: (row: SuggestionView, list: number) => SuggestionView = (row) => row,
): SuggestionView[] {
  const heads = lists.map(() => 0);
  const out: SuggestionView[] = [];
  while (out.length < limit) {
    let best = -1;
    for (let i = 0; i < lists.length; i++) {
      const row = lists[i]![heads[i]!];
      if (row && (best < 0 || older(row, lists[best]![heads[best]!]!))) best = i;
    }
    if (best < 0) break;
    out.push(take(lists[best]![heads[best]!++]!, best));
  }
  return out;
}

/** The location and publisher filters, applied to a list already fetched whole. */
export function matchesFilters(s: SuggestionView, filters: ListFilters): boolean {
  if (filters.locationIds?.length && !filters.locationIds.includes(s.locationId)) return false;
  if (filters.publisherIds?.length && !filters.publisherIds.includes(s.publisherId)) return false;
  return true;
}

/**
 * An account's failed list refresh, as the pages across accounts say it: a 403 (the app may no longer read
 * that account) in words about its suggestions rather than the general "nothing was changed"; the code,
 * status and the service's own words stay for the small print.
 */
export function accountListError(error: WireError | null): WireError | null {
  if (error?.status !== 403) return error;
  return {
    ...error,
    message:
      'The service refused access to this account’s suggestions (not enough privileges); the other accounts carry on. Ask an administrator of the account for access, or relink it as a user who has it.',
  };
}

/** An account whose lists cannot be fetched now: Relink, or linked on another Connection. */
export function blockedAccount(a: LinkedAccount, apiOrigin: string | null): boolean {
  return a.needsRelink || !a.apiOrigin || (apiOrigin !== null && a.apiOrigin !== apiOrigin);
}

export interface AcrossItems {
  accounts: LinkedAccount[];
  active: LinkedAccount | null;
  cache: Record<string, CachedSuggestions>;
  pending: PendingDecision[];
  failures: FailedDecision[];
  publishers: Record<string, PublisherNames>;
  batches: DecisionBatch[];
}

/**
 * The stored view across accounts; `base` is what readStoredTriageView says of the active account
 * (revision, settings). Per-account freshness and errors are the worker's to add (`summary`).
 */
export function acrossAccountsView(
  base: StoredTriageView,
  items: AcrossItems,
  filters: AccountFilters,
  now: number,
  rows: number | undefined,
  summary: (a: LinkedAccount) => Pick<TriageAccountSummary, 'refreshing' | 'error'>,
): Omit<TriageView, 'refreshing' | 'error'> & { accounts: TriageAccountSummary[] } {
  const wanted = filters.accountKeys?.length ? new Set(filters.accountKeys) : null;
  const scope = items.accounts.filter((a) => !wanted || wanted.has(a.accountKey));
  const inScope = new Set(scope.map((a) => a.accountKey));
  const filtered = Boolean(filters.locationIds?.length || filters.publisherIds?.length);
  const lists = scope.map((a) => {
    // Its list can no longer be refreshed or decided on: it says Relink instead (its rows come back after).
    if (a.needsRelink || !a.apiOrigin) return [];
    const list = items.cache[cacheKey(a.accountKey, base.status, {})]?.suggestions ?? [];
    return filtered ? list.filter((s) => matchesFilters(s, filters)) : list;
  });
  const total = lists.reduce((n, l) => n + l.length, 0);
  const suggestions = mergeOldestFirst(lists, rows, (s, k) => ({ ...s, accountKey: scope[k]!.accountKey }));
  const publishers: Record<string, string> = {};
  for (const a of scope) Object.assign(publishers, items.publishers[a.accountKey]?.names);
  const fetched = scope.map((a) => items.cache[cacheKey(a.accountKey, base.status, {})]?.fetchedAt ?? null);
  const known = fetched.filter((t): t is number => t !== null);
  const mine = <T extends { accountKey: string }>(x: T) => inScope.has(x.accountKey);
  const pendingView = (p: PendingDecision): PendingDecisionView => ({ ...toPendingView(p), accountKey: p.accountKey });
  return {
    ...withoutRecord(base),
    // Each row with its account: rows of several accounts mix, and decisions go to the row's own account.
    suggestions,
    complete: rows === undefined || total <= rows,
    count: total,
    fetchedAt: known.length > 0 ? Math.min(...known) : null,
    warnings: scope.flatMap((a) => items.cache[cacheKey(a.accountKey, base.status, {})]?.warnings ?? []),
    publishers,
    pending: items.pending.filter(mine).map(pendingView),
    failures: items.failures.filter(mine).map(toFailureView),
    batches: items.batches.filter((b) => mine(b) && now - b.decidedAt < BATCH_MEMORY_MS).map(toBatchView),
    accounts: items.accounts.map((a) => {
      const cached = items.cache[cacheKey(a.accountKey, base.status, {})];
      return {
        accountKey: a.accountKey,
        accountName: a.accountName,
        needsRelink: a.needsRelink || !a.apiOrigin,
        waiting: cached ? cached.count : null,
        fetchedAt: cached?.fetchedAt ?? null,
        ...summary(a),
      };
    }),
  };
}

function withoutRecord({ accountRecord: _record, ...rest }: StoredTriageView) {
  return rest;
}

export interface EveryAccountDeps {
  /** The linked accounts, the Connection's API origin and when each list was fetched, as stored now. */
  accounts: () => Promise<{
    accounts: LinkedAccount[];
    apiOrigin: string | null;
    fetchedAt: (accountKey: string) => number | null;
  }>;
  /** Whether this account's list wants fetching now (its age, the wish). */
  wants: (accountKey: string, fetchedAt: number | null) => boolean;
  /** Fetches and stores one account's list; never throws (its error is kept for the view). */
  revalidate: (accountKey: string) => Promise<void>;
  /** Before each account's turn: where a request budget slows background refresh, or stops it (false). */
  beforeTurn?: (accountKey: string) => Promise<boolean>;
}

/**
 * Keeps every linked account's waiting list fresh, one account at a time: on the refresh alarm, after
 * a decision, when the popup opens. An account needing Relink (or linked on another Connection) is
 * skipped and shown as such; one that fails never stops the others.
 */
export async function refreshEveryAccount(deps: EveryAccountDeps): Promise<{ refreshed: string[] }> {
  const { accounts, apiOrigin, fetchedAt } = await deps.accounts();
  const refreshed: string[] = [];
  for (const a of accounts) {
    if (blockedAccount(a, apiOrigin)) continue;
    if (!deps.wants(a.accountKey, fetchedAt(a.accountKey))) continue;
    // Paused for the rest of the hour: the round ends; the next alarm or a person's ask tries again.
    if ((await deps.beforeTurn?.(a.accountKey)) === false) break;
    await deps.revalidate(a.accountKey).catch(() => undefined);
    refreshed.push(a.accountKey);
  }
  return { refreshed };
}
