// The triage list the popup paints from: each status's suggestions as last fetched, kept in storage and
// refreshed behind the answer (stale-while-revalidate). The rounds that refresh every account's list, and an
// open's share of them, are refresh-rounds.ts; decisions are the outbox's job (decision-outbox.ts).
import { browser } from 'wxt/browser';
import type { ApiClient } from '../../api/client.ts';
import { isApiError } from '../../api/errors.ts';
import { fetchAllSuggestions, type Suggestion } from '../../api/suggestions.ts';
import { toWireError } from '../../messaging/background.ts';
import type { SuggestionView, TriageView } from '../../messaging/protocol/index.ts';
import { listWarning } from '../../messaging/service-words.ts';
import { WAITING } from '../../shared/listing-statuses.ts';
import { currentLink, withAccountLock, writeIfLinked } from '../core/account-lock.ts';
import { needsRelinkError } from '../core/api-session.ts';
import { currentApiOrigin } from '../core/connection.ts';
import type { DeskDeps } from '../core/deps.ts';
import { heldRead } from '../core/held-read.ts';
import { refreshPublisherNames } from '../core/publisher-names.ts';
import type { BudgetPurpose } from '../core/request-budget.ts';
import { type RefreshWish, staleWhileRevalidate } from '../core/swr-cache.ts';
import { type AccountFilters, acrossAccountsView } from './across-accounts.ts';
import { createRefreshRounds } from './refresh-rounds.ts';
import { triageCacheItem, triageRevisionItem } from './triage-items.ts';
import {
  cacheKey,
  commitTriage,
  type ListFilters,
  readStoredTriageView,
  readTriageItems,
  revisionOf,
  type TriageItems,
  triageValues,
  VIEW_KEYS,
} from './triage-state.ts';

/**
 * An open of the popup younger than this shows the cached list without asking the service again:
 * opening, closing and reopening it should not cost a list fetch each time.
 */
export const TRIAGE_FRESH_MS = 30_000;
/**
 * Resolved and filtered lists can be long; the popup shows the newest pages of them, never more than this.
 * An account's unfiltered waiting list is fetched whole: the view across accounts filters and merges it.
 */
const MAX_LIST = 500;
/** How long a sent decision is remembered, to drop it from lists whose fetch began before it was sent. */
const RECENTLY_SENT_MS = 60_000;

export interface CachedListDeps extends Pick<DeskDeps, 'withAccount' | 'broadcast' | 'now'> {
  setBadgeCount: (accountKey: string, count: number) => Promise<void>;
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

/** A service suggestion as pages see it: the waiting lists' and the Inbox history's rows. */
export function toSuggestionView(s: Suggestion): SuggestionView {
  return {
    id: s.id,
    status: s.status,
    publisherId: s.publisherId ?? '',
    locationId: s.locationId ?? '',
    fieldName: s.fieldName ?? '',
    originalContent: s.originalContent ?? '',
    suggestedContent: s.suggestedContent ?? '',
    dateCreated: s.dateCreated ?? '',
    // Resolved lists only (the Inbox's history); a waiting suggestion has neither.
    ...(s.dateResolved ? { dateResolved: s.dateResolved } : {}),
    ...(s.resolvedBy ? { resolvedBy: s.resolvedBy } : {}),
  };
}

function byDate(a: SuggestionView, b: SuggestionView): number {
  // Oldest first: the service applies unreviewed suggestions on its own after a while.
  return a.dateCreated.localeCompare(b.dateCreated) || a.id.localeCompare(b.id, undefined, { numeric: true });
}

/** One suggestion status (and the filters, sent to the service), every page up to MAX_LIST, with the warnings. */
async function fetchList(client: ApiClient, status: string, filters: ListFilters) {
  const query = { statuses: [status], locationIds: filters.locationIds, publisherIds: filters.publisherIds };
  const whole = status === WAITING && !filters.locationIds?.length && !filters.publisherIds?.length;
  const walk = () => fetchAllSuggestions(client, query, { ...(whole ? {} : { maxItems: MAX_LIST }), concurrency: 3 });
  // Decisions sent while paging move the count and the pages no longer line up: one more walk, at once.
  const all = await walk().catch((error: unknown) => {
    if (isApiError(error) && error.kind === 'count-changed') return walk();
    throw error;
  });
  if (all.incomplete) throw all.incomplete.error;
  // Pages may overlap when something was decided while paging: keep one of each.
  const seen = new Map<string, SuggestionView>();
  for (const s of all.suggestions) seen.set(s.id, toSuggestionView(s));
  const warnings = all.warnings.map((w) => listWarning(w, 'suggestions'));
  return { count: all.count, suggestions: [...seen.values()].sort(byDate), warnings };
}

export function createCachedList(deps: CachedListDeps) {
  const recentlySent = new Map<string, number>();
  /** When this worker last fetched each list (an open's round skips one fetched since it was asked). */
  const storedAt = new Map<string, number>();
  /** The stored items a view is made from, as last read; dropped at any change to them. */
  const items = heldRead(readTriageItems, (forget) =>
    browser.storage.onChanged.addListener((changes, area) => {
      if (area === 'local' && VIEW_KEYS.some((key) => Object.hasOwn(changes, key))) forget();
    }),
  );

  /**
   * The items for a view: from memory while the triage revision is the one they were read at (every
   * triage write bumps it in the same storage call), else read again. A popup's open then costs one
   * small read, not the whole cache.
   */
  async function itemsForView(): Promise<TriageItems> {
    const kept = items.held();
    if (!kept) return items.read();
    const [value, revision] = await Promise.all([kept, triageRevisionItem.getValue()]);
    if (items.held() === kept && revisionOf(value) === revision) return value;
    const newer = items.held();
    return newer && newer !== kept ? newer : items.read();
  }

  /** A popup's first view is most often what started the worker: its read overlaps the rest of the start. */
  function readEarly(): void {
    if (!items.held()) void items.read().catch(() => undefined);
  }

  // The purpose says whose fetch it is for the request budget: a page's, or the refresh alarm's.
  const cache = staleWhileRevalidate<[status: string, filters: ListFilters, purpose?: BudgetPurpose]>({
    maxAgeMs: TRIAGE_FRESH_MS,
    now: deps.now,
    fetch: (key, status, filters, purpose) => fetchAndStore(key, status, filters, purpose),
    async done(key) {
      // Runs once the fetch no longer counts as in flight, so its revision is newer than any view that said
      // "refreshing" (one answered between the list's write and the badge's did, at the write's revision).
      const accountKey = key.slice(0, key.lastIndexOf(' '));
      const revision = await withAccountLock(() => commitTriage([]));
      await deps.broadcast('triage.changed', { accountKey, resolvedElsewhere: 0, revision });
    },
  });

  function forgetOldSent(now: number): void {
    for (const [id, at] of recentlySent) if (now - at > RECENTLY_SENT_MS) recentlySent.delete(id);
  }

  async function fetchAndStore(
    key: string,
    status: string,
    filters: ListFilters,
    purpose: BudgetPurpose = 'user',
  ): Promise<void> {
    const accountKey = key.slice(0, key.lastIndexOf(' '));
    const startedAt = deps.now();
    // Taken before the fetch: what it brings back is written only for this same link.
    const link = await currentLink(accountKey);
    const list = await deps.withAccount(
      async (client) => {
        // Its token is taken: a Refresh pressed from now on gets a fetch of its own, after this one.
        cache.markSent(key);
        const [fetched] = await Promise.all([
          fetchList(client, status, filters),
          // Names are a nicety: the ids show if the publishers list cannot be had.
          link ? refreshPublisherNames(client, link, deps.now, commitTriage).catch(() => undefined) : undefined,
        ]);
        return fetched;
      },
      accountKey,
      { purpose },
    );
    forgetOldSent(deps.now());
    // A list asked for before a decision was sent may still show it as waiting.
    const stale = (id: string) => (recentlySent.get(id) ?? Number.NEGATIVE_INFINITY) >= startedAt;
    const suggestions = status === WAITING ? list.suggestions.filter((s) => !stale(s.id)) : list.suggestions;
    const count = Math.max(0, list.count - (list.suggestions.length - suggestions.length));
    const unfiltered = !filters.locationIds?.length && !filters.publisherIds?.length;
    const entry = { fetchedAt: deps.now(), count, suggestions, warnings: list.warnings };
    storedAt.set(key, entry.fetchedAt);
    await writeIfLinked(link, async () => {
      const stored = await triageCacheItem.getValue();
      await commitTriage([{ item: triageCacheItem, value: { ...stored, [key]: entry } }]);
      // In the lock too: unlink drops the account's badge count in its own locked write.
      if (status === WAITING && unfiltered) await deps.setBadgeCount(accountKey, count).catch(() => undefined);
    });
  }

  /**
   * Fetches one list in the background; concurrent asks for the same list share one fetch. `after`: a
   * Refresh's ask, which a fetch already sent does not answer (one more runs after it).
   */
  function revalidate(
    accountKey: string,
    status: string,
    filters: ListFilters = {},
    purpose: BudgetPurpose = 'user',
    after = false,
  ): Promise<void> {
    const key = cacheKey(accountKey, status, filters);
    return after
      ? cache.revalidateAfter(key, status, filters, purpose)
      : cache.revalidate(key, status, filters, purpose);
  }

  const rounds = createRefreshRounds({
    ...deps,
    cache,
    revalidate: (accountKey, purpose, after) => revalidate(accountKey, WAITING, {}, purpose, after),
    storedAt: (accountKey) => storedAt.get(cacheKey(accountKey, WAITING)),
  });

  /**
   * `accountKey`: another account's list than the active one's (the embedded panel's located account).
   * `rows`: only the first rows of the list (the popup's first paint), the rest on the next ask. `across`:
   * the asker may see every account (the extension's pages); a content script sees the active one's only.
   */
  async function view(
    status: string,
    refresh: boolean,
    force = false,
    filters: AccountFilters = {},
    rows?: number,
    { across = true, accountKey }: { across?: boolean; accountKey?: string } = {},
  ): Promise<TriageView> {
    const items = itemsForView();
    const { locationIds, publisherIds } = filters;
    const stored = await readStoredTriageView(
      status,
      { locationIds, publisherIds },
      deps.now(),
      rows,
      items,
      accountKey,
    );
    const values = triageValues(await items);
    const linked = values[0];
    // More than one account linked: the waiting list is every account's (issue 24); other lists stay the active one's.
    if (across && status === WAITING && linked.length > 1)
      return acrossView(stored, values, filters, rows, { refresh, force });
    const { accountRecord: account, ...rest } = stored;
    if (!account) return { ...rest, refreshing: false, error: null };
    const key = cacheKey(account.accountKey, status, filters);
    const gate = await rounds.refreshGate({ refresh, force });
    // After this answer has left: the popup paints from the cache while the refresh runs.
    const wish = { ...gate.wish, blocked: account.needsRelink || gate.spent !== null };
    const state = cache.answer(key, rest.fetchedAt, wish, status, filters);
    const error = account.needsRelink ? toWireError(needsRelinkError(account)) : (gate.spent ?? state.error);
    return { ...rest, refreshing: state.refreshing, error };
  }

  async function acrossView(
    stored: Awaited<ReturnType<typeof readStoredTriageView>>,
    values: ReturnType<typeof triageValues>,
    filters: AccountFilters,
    rows: number | undefined,
    wish: RefreshWish,
  ): Promise<TriageView> {
    const [accounts, , cached, pending, failures, publishers, , batches] = values;
    const [apiOrigin, gate] = await Promise.all([currentApiOrigin().catch(() => null), rounds.refreshGate(wish)]);
    const { due, starting } = rounds.startAcross(accounts, cached, apiOrigin, gate, {
      accountKeys: filters.accountKeys,
      active: stored.accountRecord?.accountKey,
    });
    const view = acrossAccountsView(
      stored,
      { accounts, active: stored.accountRecord, cache: cached, pending, failures, publishers, batches },
      filters,
      deps.now(),
      rows,
      (a) => {
        if (a.needsRelink || !a.apiOrigin) return { refreshing: false, error: toWireError(needsRelinkError(a)) };
        const state = rounds.accountState(a.accountKey);
        return { ...state, refreshing: state.refreshing || starting.has(a.accountKey) };
      },
    );
    const refreshing = due || rounds.everyRunning() || view.accounts.some((a) => a.refreshing);
    return { ...view, refreshing, error: gate.spent };
  }

  /**
   * A page across accounts other than the popup (the Inbox) asked: `{}` when it reads (lists never fetched),
   * `refresh` when it opens or is filtered to `accountKeys`, `force` for its Refresh. Starts what the popup's
   * view would; answers the quota's refusal when the service said it is spent, and the accounts starting.
   */
  async function askAcross(wish: RefreshWish, accountKeys?: string[]) {
    const [accounts, , cached] = triageValues(await itemsForView());
    const [apiOrigin, gate] = await Promise.all([currentApiOrigin().catch(() => null), rounds.refreshGate(wish)]);
    const { starting } = rounds.startAcross(accounts, cached, apiOrigin, gate, { accountKeys });
    return { spent: gate.spent, starting };
  }

  /** Decisions the service now has: dropped from lists whose fetch began before they were sent. */
  function markSent(ids: string[]): void {
    const now = deps.now();
    for (const id of ids) recentlySent.set(id, now);
  }

  /** Tests and the bench: every refresh started so far, the one across accounts included, has ended. */
  async function settled(): Promise<void> {
    await rounds.settled();
    await cache.settled();
  }

  return {
    view,
    revalidate,
    refreshEvery: rounds.refreshEvery,
    askAcross,
    accountState: rounds.accountState,
    markSent,
    readEarly,
    settled,
  };
}
