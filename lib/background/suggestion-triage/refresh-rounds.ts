// The rounds that keep the waiting lists of every linked account fresh (issue 37): an open's round (the lists a
// page shows first, within its share of the hour's requests) and the round of every account (the refresh alarm,
// Refresh, lists never fetched), one account at a time so the request budget can slow or stop them. The lists
// themselves, their fetch and their cache, are cached-list.ts's.
import { SUGGESTIONS_PAGE_SIZE } from '../../api/suggestions.ts';
import { toWireError } from '../../messaging/background.ts';
import type { SuggestionView } from '../../messaging/protocol/index.ts';
import type { WireError } from '../../messaging/wire-error.ts';
import { coalesce } from '../../shared/coalesce.ts';
import { WAITING } from '../../shared/listing-statuses.ts';
import type { LinkedAccount } from '../core/account-items.ts';
import { withAccountLock } from '../core/account-lock.ts';
import { currentApiOrigin } from '../core/connection.ts';
import type { DeskDeps } from '../core/deps.ts';
import { readAccounts } from '../core/linked-accounts.ts';
import { type BudgetPurpose, quotaSpentError } from '../core/request-budget.ts';
import type { RefreshWish } from '../core/swr-cache.ts';
import { accountListError, blockedAccount, refreshEveryAccount } from './across-accounts.ts';
import { type CachedSuggestions, triageCacheItem } from './triage-items.ts';
import { cacheKey, commitTriage } from './triage-state.ts';

/** What a page's wish may start now (refreshGate): the wish, the quota's refusal, the open's share. */
export interface Gate {
  wish: RefreshWish;
  spent: WireError | null;
  share: number;
}

export interface RefreshRoundsDeps extends Pick<DeskDeps, 'broadcast' | 'now'> {
  /** The lists' cache: whether a copy wants fetching for a wish, and whether one is out and how it ended. */
  cache: {
    wants(fetchedAt: number | null, wish: RefreshWish): boolean;
    state(key: string): { refreshing: boolean; error: WireError | null };
  };
  /** Fetches one account's waiting list; `after`: a Refresh's, not answered by a fetch already sent. */
  revalidate(accountKey: string, purpose: BudgetPurpose, after: boolean): Promise<void>;
  /** When this worker last stored the account's waiting list (epoch ms), if it did. */
  storedAt(accountKey: string): number | undefined;
  /**
   * Before each account's turn of the refresh across accounts: the request budget may slow it, or stop
   * it (false) while paused. Refreshes a person asked for (`'user'`) are never held.
   */
  beforeTurn?: (accountKey: string, purpose: BudgetPurpose) => Promise<boolean>;
  /** How many requests a page's open may spend refreshing the lists it shows (0: none, the budget waits). */
  openShare?: () => Promise<number>;
  /** The service said the hour's quota is spent until then (epoch ms): no refresh is started before it. */
  spentUntil?: () => Promise<number | null>;
}

/**
 * The stale lists an open refreshes, in the order the person sees them: the active account's, any never
 * fetched, then by their oldest row (the merged list's top). Each costs its pages (as last counted);
 * they are taken while they fit the share.
 */
export function withinShare(
  stale: { accountKey: string }[],
  cached: Record<string, { count: number; suggestions: SuggestionView[] } | undefined>,
  active: string | undefined,
  share: number,
): string[] {
  const listOf = (key: string) => cached[cacheKey(key, WAITING)];
  const rank = (key: string) =>
    key === active ? '0' : listOf(key) ? `2${listOf(key)?.suggestions[0]?.dateCreated ?? '~'}` : '1';
  const ordered = stale.map((a) => a.accountKey).sort((a, b) => rank(a).localeCompare(rank(b)));
  const taken: string[] = [];
  let spent = 0;
  for (const key of ordered) {
    const cost = Math.max(1, Math.ceil((listOf(key)?.count ?? 0) / SUGGESTIONS_PAGE_SIZE));
    if (spent + cost > share) break;
    spent += cost;
    taken.push(key);
  }
  return taken;
}

export function createRefreshRounds(deps: RefreshRoundsDeps) {
  const { cache, beforeTurn } = deps;
  /**
   * Every linked account's waiting list that the wish calls for, one account at a time. Asks made during a
   * run cost one more run after it, not one alongside: a refresh if any ask was, forced if any was, and a
   * person's if any was (a person's run is never held by the budget).
   */
  const everyAccount = coalesce(
    (wish: RefreshWish, purpose: BudgetPurpose) =>
      refreshEveryAccount({
        accounts: async () => {
          const [{ accounts }, apiOrigin, stored] = await Promise.all([
            readAccounts(),
            currentApiOrigin().catch(() => null),
            triageCacheItem.getValue(),
          ]);
          const fetchedAt = new Map(accounts.map((a) => [a.accountKey, stored[cacheKey(a.accountKey, WAITING)]]));
          return { accounts, apiOrigin, fetchedAt: (key) => fetchedAt.get(key)?.fetchedAt ?? null };
        },
        wants: (_key, fetchedAt) => cache.wants(fetchedAt, wish),
        revalidate: (key) => deps.revalidate(key, purpose, Boolean(wish.force)).finally(() => waiting.delete(key)),
        beforeTurn: beforeTurn ? (key) => beforeTurn(key, purpose) : undefined,
      }),
    {
      merge: (queued, [wish, purpose]): [RefreshWish, BudgetPurpose] => [
        // A view's ask for lists never fetched stays that: made a refresh, every view during a first fetch of
        // 30 accounts cost a second round of all 30.
        { refresh: Boolean(queued?.[0].refresh || wish.refresh), force: Boolean(queued?.[0].force || wish.force) },
        queued?.[1] === 'user' || purpose === 'user' ? 'user' : 'inbox refresh',
      ],
    },
  );
  /** The refresh across accounts in progress: its runs, then the one event after the last. */
  let every: Promise<void> | null = null;
  /** Accounts a page's ask sent to that round and whose turn has not ended: their lines say "refreshing". */
  const waiting = new Set<string>();
  /** Lists a page's open is refreshing or about to, one at a time (refreshShown), and those rounds. */
  const opening = new Set<string>();
  const openRounds = new Set<Promise<void>>();

  /**
   * A page's open: the lists it shows first, one at a time, each as background work (slowed or held by the
   * budget). The others ride the refresh alarm, or a filter to their account.
   */
  async function refreshShown(keys: string[]): Promise<void> {
    const askedAt = deps.now();
    for (const key of keys) opening.add(key);
    try {
      for (const key of keys) {
        // Fetched since the open asked (a fetch that was out then has ended): nothing to refresh.
        if ((deps.storedAt(key) ?? Number.NEGATIVE_INFINITY) >= askedAt) continue;
        if (beforeTurn && !(await beforeTurn(key, 'inbox refresh'))) break;
        await deps.revalidate(key, 'inbox refresh', false).catch(() => undefined);
        opening.delete(key);
      }
    } finally {
      for (const key of keys) opening.delete(key);
    }
  }

  function refreshEvery(wish: RefreshWish = { refresh: true }, purpose: BudgetPurpose = 'user'): Promise<void> {
    if (every && everyAccount.running) {
      void everyAccount(wish, purpose);
      return every;
    }
    const runs: Promise<void> = everyAccount(wish, purpose)
      .finally(() => {
        if (every !== runs) return;
        every = null;
        waiting.clear();
      })
      .then(async () => {
        // Views answered while it ran said "refreshing" (a last pass that fetched nothing broadcast nothing).
        const revision = await withAccountLock(() => commitTriage([]));
        await deps.broadcast('triage.changed', { accountKey: null, resolvedElsewhere: 0, revision });
      });
    every = runs;
    return runs;
  }

  /**
   * What a page's wish may start: nothing while the service says the quota is spent (the view says until
   * when), and an open's refresh (not a forced one) only while the budget lets background work go.
   */
  async function refreshGate(wish: RefreshWish): Promise<Gate> {
    if (!wish.refresh && !wish.force) return { wish, spent: null, share: 0 };
    const until = (await deps.spentUntil?.()) ?? null;
    if (until !== null) return { wish: {}, spent: toWireError(quotaSpentError(until)), share: 0 };
    if (wish.force) return { wish, spent: null, share: Number.POSITIVE_INFINITY };
    const share = deps.openShare ? await deps.openShare() : Number.POSITIVE_INFINITY;
    return { wish: share > 0 ? wish : {}, spent: null, share };
  }

  /**
   * What a page showing every account starts for the gate's wish, after its answer has left: an open (a
   * refresh not forced) the stale lists that top what it shows, within its share of the hour's requests;
   * Refresh, and lists never fetched, every account's turn. `accountKeys`: the accounts it is filtered to.
   */
  function startAcross(
    accounts: LinkedAccount[],
    cached: Record<string, CachedSuggestions>,
    apiOrigin: string | null,
    gate: Gate,
    { accountKeys, active }: { accountKeys?: string[]; active?: string },
  ): { due: boolean; starting: Set<string> } {
    const wanted = accountKeys?.length ? new Set(accountKeys) : null;
    const stale = accounts.filter((a) => {
      if ((wanted && !wanted.has(a.accountKey)) || blockedAccount(a, apiOrigin) || gate.spent) return false;
      const key = cacheKey(a.accountKey, WAITING);
      // A list whose last fetch failed is asked again on a refresh (the popup opening, Retry), not on every
      // view: each fetch's end makes pages ask for a view again.
      if (cache.state(key).error && !gate.wish.refresh && !gate.wish.force) return false;
      return cache.wants(cached[key]?.fetchedAt ?? null, gate.wish);
    });
    const open = Boolean(gate.wish.refresh) && !gate.wish.force;
    const shown = open ? withinShare(stale, cached, active, gate.share) : [];
    const due = open ? shown.length > 0 : stale.length > 0;
    if (open && due) {
      const round: Promise<void> = new Promise<void>((resolve) => setTimeout(resolve, 0))
        .then(() => refreshShown(shown))
        .finally(() => openRounds.delete(round));
      openRounds.add(round);
    } else if (due) {
      for (const a of stale) waiting.add(a.accountKey);
      setTimeout(() => void refreshEvery(gate.wish), 0);
    }
    return { due, starting: new Set(open ? shown : due ? stale.map((a) => a.accountKey) : []) };
  }

  /** One account's waiting list as a page across accounts shows it: being fetched (or about to), its last error. */
  function accountState(accountKey: string): { refreshing: boolean; error: WireError | null } {
    const state = cache.state(cacheKey(accountKey, WAITING));
    const refreshing = state.refreshing || opening.has(accountKey) || waiting.has(accountKey);
    return { refreshing, error: accountListError(state.error) };
  }

  /** Tests and the bench: every round started so far has ended (the lists' own fetches are the cache's). */
  async function settled(): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, 0));
    while (every || openRounds.size > 0) await Promise.all([every, ...openRounds]);
  }

  return {
    refreshEvery,
    refreshGate,
    startAcross,
    accountState,
    /** Whether a round of every account is under way (pages across accounts say "refreshing"). */
    everyRunning: () => every !== null,
    settled,
  };
}
