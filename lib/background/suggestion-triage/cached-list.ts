// The triage list the popup paints from: each status's suggestions as last fetched, kept in storage and
// refreshed behind the answer (stale-while-revalidate). Decisions are the outbox's job (decision-outbox.ts).
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
import type { DeskDeps } from '../core/deps.ts';
import { heldRead } from '../core/held-read.ts';
import { refreshPublisherNames } from '../core/publisher-names.ts';
import { type RefreshWish, staleWhileRevalidate } from '../core/swr-cache.ts';
import { triageCacheItem, triageRevisionItem } from './triage-items.ts';
import {
  cacheKey,
  commitTriage,
  type ListFilters,
  readStoredTriageView,
  readTriageItems,
  revisionOf,
  type TriageItems,
  VIEW_KEYS,
} from './triage-state.ts';

/**
 * An open of the popup younger than this shows the cached list without asking the service again:
 * opening, closing and reopening it should not cost a list fetch each time.
 */
export const TRIAGE_FRESH_MS = 30_000;
/** Resolved lists can be long; the popup shows the newest pages of them, never more than this. */
const MAX_LIST = 500;
/** How long a sent decision is remembered, to drop it from lists whose fetch began before it was sent. */
const RECENTLY_SENT_MS = 60_000;

export interface CachedListDeps extends Pick<DeskDeps, 'withAccount' | 'broadcast' | 'now'> {
  setBadgeCount: (accountKey: string, count: number) => Promise<void>;
}

function toSuggestionView(s: Suggestion): SuggestionView {
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
  const walk = () => fetchAllSuggestions(client, query, { maxItems: MAX_LIST, concurrency: 3 });
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

  const cache = staleWhileRevalidate<[status: string, filters: ListFilters]>({
    maxAgeMs: TRIAGE_FRESH_MS,
    now: deps.now,
    async fetch(key, status, filters) {
      try {
        await fetchAndStore(key, status, filters);
      } catch (error) {
        // What the view says changed (an error, no longer refreshing): a newer revision makes pages ask again.
        await withAccountLock(() => commitTriage([]));
        throw error;
      }
    },
    async done(key) {
      const accountKey = key.slice(0, key.lastIndexOf(' '));
      const revision = await triageRevisionItem.getValue();
      await deps.broadcast('triage.changed', { accountKey, resolvedElsewhere: 0, revision });
    },
  });

  function forgetOldSent(now: number): void {
    for (const [id, at] of recentlySent) if (now - at > RECENTLY_SENT_MS) recentlySent.delete(id);
  }

  async function fetchAndStore(key: string, status: string, filters: ListFilters): Promise<void> {
    const accountKey = key.slice(0, key.lastIndexOf(' '));
    const startedAt = deps.now();
    // Taken before the fetch: what it brings back is written only for this same link.
    const link = await currentLink(accountKey);
    const list = await deps.withAccount(async (client) => {
      const [fetched] = await Promise.all([
        fetchList(client, status, filters),
        // Names are a nicety: the ids show if the publishers list cannot be had.
        link ? refreshPublisherNames(client, link, deps.now, commitTriage).catch(() => undefined) : undefined,
      ]);
      return fetched;
    }, accountKey);
    forgetOldSent(deps.now());
    // A list asked for before a decision was sent may still show it as waiting.
    const stale = (id: string) => (recentlySent.get(id) ?? Number.NEGATIVE_INFINITY) >= startedAt;
    const suggestions = status === WAITING ? list.suggestions.filter((s) => !stale(s.id)) : list.suggestions;
    const count = Math.max(0, list.count - (list.suggestions.length - suggestions.length));
    const unfiltered = !filters.locationIds?.length && !filters.publisherIds?.length;
    const entry = { fetchedAt: deps.now(), count, suggestions, warnings: list.warnings };
    await writeIfLinked(link, async () => {
      const stored = await triageCacheItem.getValue();
      await commitTriage([{ item: triageCacheItem, value: { ...stored, [key]: entry } }]);
      // In the lock too: unlink drops the account's badge count in its own locked write.
      if (status === WAITING && unfiltered) await deps.setBadgeCount(accountKey, count).catch(() => undefined);
    });
  }

  /** Fetches one list in the background; concurrent asks for the same list share one fetch. */
  function revalidate(accountKey: string, status: string, filters: ListFilters = {}): Promise<void> {
    return cache.revalidate(cacheKey(accountKey, status, filters), status, filters);
  }

  /**
   * How one account's unfiltered list stands, for a page that shows every account (the Inbox): starts the
   * refresh the wish calls for, as view() does for the active account.
   */
  function stateOf(accountKey: string, status: string, fetchedAt: number | null, wish: RefreshWish) {
    return cache.answer(cacheKey(accountKey, status), fetchedAt, wish, status, {});
  }

  /** `rows`: only the first rows of the list (the popup's first paint), the rest on the next ask. */
  async function view(
    status: string,
    refresh: boolean,
    force = false,
    filters: ListFilters = {},
    rows?: number,
  ): Promise<TriageView> {
    const items = itemsForView();
    const { accountRecord: account, ...stored } = await readStoredTriageView(status, filters, deps.now(), rows, items);
    if (!account) return { ...stored, refreshing: false, error: null };
    const key = cacheKey(account.accountKey, status, filters);
    // After this answer has left: the popup paints from the cache while the refresh runs.
    const state = cache.answer(
      key,
      stored.fetchedAt,
      { refresh, force, blocked: account.needsRelink },
      status,
      filters,
    );
    const error = account.needsRelink ? toWireError(needsRelinkError(account)) : state.error;
    return { ...stored, refreshing: state.refreshing, error };
  }

  /** Decisions the service now has: dropped from lists whose fetch began before they were sent. */
  function markSent(ids: string[]): void {
    const now = deps.now();
    for (const id of ids) recentlySent.set(id, now);
  }

  return { view, revalidate, stateOf, markSent, readEarly, settled: cache.settled };
}
