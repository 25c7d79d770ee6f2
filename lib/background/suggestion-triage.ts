// Publisher-suggestion triage in the worker: the cached list (stale-while-revalidate) and the view the
// popup paints from. Decisions live in the decision outbox (decision-outbox.ts); this module wires the
// two together and serves the protocol's triage requests.
import { browser } from 'wxt/browser';
import type { ApiClient } from '../api/client.ts';
import { mapBounded } from '../api/paging.ts';
import { listPublishers } from '../api/publishers.ts';
import { decideSuggestion, listSuggestions, SUGGESTIONS_PAGE_SIZE, type Suggestion } from '../api/suggestions.ts';
import { WAITING } from '../listing-statuses.ts';
import { broadcast as broadcastEvent, type Handlers, toWireError } from '../messaging/background.ts';
import type { DeskEvents, TriageView } from '../messaging/protocol/index.ts';
import type { WireError } from '../messaging/wire-error.ts';
import {
  connectionSettingsItem,
  keyboardShortcutsItem,
  linkedAccountsItem,
  publisherNamesItem,
  type SuggestionView,
  triageCacheItem,
  triageRevisionItem,
} from '../storage.ts';
import { type AccountLink, currentLink, writeIfLinked } from './account-lock.ts';
import { needsRelinkError, withAccount } from './api-session.ts';
import { setBadgeCount } from './badge.ts';
import { createDecisionOutbox, FLUSH_ALARM, type OutboxDeps } from './decision-outbox.ts';
import { deferredRefreshes } from './deferred-refresh.ts';
import { notifyFailures } from './failure-notice.ts';
import { defineFeature } from './feature.ts';
import { readAccounts } from './linked-accounts.ts';
import { cacheKey, commitTriage, type ListFilters, readStoredTriageView } from './triage-state.ts';

export { FLUSH_ALARM } from './decision-outbox.ts';
export { isResolvedElsewhere } from './decision-verdict.ts';
export { cacheKey, readStoredTriageView, toPendingView, UNDO_WINDOW_MS, withoutTriageData } from './triage-state.ts';

/**
 * An open of the popup younger than this shows the cached list without asking the service again:
 * opening, closing and reopening it should not cost a list fetch each time.
 */
export const TRIAGE_FRESH_MS = 30_000;

export const REFRESH_ALARM = 'suggestion-triage-refresh';
const REFRESH_PERIOD_MINUTES = 15;
const PUBLISHERS_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Resolved lists can be long; the popup shows the newest pages of them, never more than this. */
const MAX_LIST = 500;
/** How long a sent decision is remembered, to drop it from lists whose fetch began before it was sent. */
const RECENTLY_SENT_MS = 60_000;

export interface TriageDeps extends Partial<Pick<OutboxDeps, 'sendDecision' | 'notifyFailures'>> {
  withAccount: <T>(run: (client: ApiClient) => Promise<T>, accountKey: string) => Promise<T>;
  setBadgeCount: (accountKey: string, count: number) => Promise<void>;
  broadcast: <K extends keyof DeskEvents>(type: K, payload: DeskEvents[K]) => Promise<void>;
  now: () => number;
}

/**
 * A decision's PUT never waits for a rate limit in the worker's memory (Chrome stops an idle worker
 * after 30 s): the 429 comes back at once, and the outbox stores the retry time and arms an alarm.
 */
export function sendDecisionNow(accountKey: string, suggestionId: string, decision: 'ACCEPTED' | 'REJECTED') {
  return withAccount(
    async (client) => {
      await decideSuggestion(client, suggestionId, decision);
    },
    accountKey,
    { retry: { maxRateLimitWaitMs: 0 } },
  );
}

const defaultDeps: TriageDeps = {
  withAccount: (run, accountKey) => withAccount((client) => run(client), accountKey),
  setBadgeCount,
  broadcast: broadcastEvent,
  now: () => Date.now(),
};

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
  };
}

function byDate(a: SuggestionView, b: SuggestionView): number {
  // Oldest first: the service applies unreviewed suggestions on its own after a while.
  return a.dateCreated.localeCompare(b.dateCreated) || a.id.localeCompare(b.id, undefined, { numeric: true });
}

/** One suggestion status (and the filters, sent to the service), every page up to MAX_LIST. */
async function fetchList(
  client: ApiClient,
  status: string,
  filters: ListFilters,
): Promise<{ count: number; suggestions: SuggestionView[] }> {
  const query = { statuses: [status], locationIds: filters.locationIds, publisherIds: filters.publisherIds };
  const first = await listSuggestions(client, { ...query, limit: SUGGESTIONS_PAGE_SIZE, offset: 0 });
  const { count } = first.data;
  const pages = Math.ceil(Math.min(count, MAX_LIST) / SUGGESTIONS_PAGE_SIZE);
  const rest = await mapBounded(Math.max(0, pages - 1), 3, async (index) => {
    const page = await listSuggestions(client, {
      ...query,
      limit: SUGGESTIONS_PAGE_SIZE,
      offset: (index + 1) * SUGGESTIONS_PAGE_SIZE,
    });
    return page.data.suggestions;
  });
  // Pages may overlap when something was decided while paging: keep one of each.
  const seen = new Map<string, SuggestionView>();
  for (const s of [first.data.suggestions, ...rest].flat()) seen.set(s.id, toSuggestionView(s));
  return { count, suggestions: [...seen.values()].sort(byDate) };
}

export function createSuggestionTriage(deps: TriageDeps = defaultDeps) {
  const refreshing = new Map<string, Promise<void>>();
  const refreshErrors = new Map<string, WireError>();
  const recentlySent = new Map<string, number>();

  const { later, settled } = deferredRefreshes(refreshing);

  const outbox = createDecisionOutbox(
    {
      sendDecision: deps.sendDecision ?? sendDecisionNow,
      notifyFailures: deps.notifyFailures ?? notifyFailures,
      setBadgeCount: deps.setBadgeCount,
      broadcast: deps.broadcast,
      now: deps.now,
    },
    {
      settled(accountKey, decidedIds, resolvedElsewhere) {
        const now = deps.now();
        for (const id of decidedIds) recentlySent.set(id, now);
        // Only when the service said "already resolved": then what else changed is worth one fetch.
        if (resolvedElsewhere > 0) void revalidate(accountKey, WAITING);
      },
    },
  );

  async function activeAccount() {
    const { accounts, activeAccountKey } = await readAccounts();
    return accounts.find((a) => a.accountKey === activeAccountKey) ?? null;
  }

  function forgetOldSent(now: number): void {
    for (const [id, at] of recentlySent) if (now - at > RECENTLY_SENT_MS) recentlySent.delete(id);
  }

  async function refreshPublishers(client: ApiClient, link: AccountLink, force = false): Promise<void> {
    const { accountKey } = link;
    const all = await publisherNamesItem.getValue();
    const known = all[accountKey];
    if (!force && known && deps.now() - known.fetchedAt < PUBLISHERS_MAX_AGE_MS) return;
    const { data } = await listPublishers(client);
    const names: Record<string, string> = {};
    for (const p of data) names[p.id] = p.name;
    await writeIfLinked(link, async () => {
      const latest = await publisherNamesItem.getValue();
      await commitTriage([
        { item: publisherNamesItem, value: { ...latest, [accountKey]: { fetchedAt: deps.now(), names } } },
      ]);
    });
  }

  /** Fetches one list in the background; concurrent asks for the same list share one fetch. */
  function revalidate(accountKey: string, status: string, filters: ListFilters = {}): Promise<void> {
    const key = cacheKey(accountKey, status, filters);
    const running = refreshing.get(key);
    if (running) return running;
    const task = (async () => {
      const startedAt = deps.now();
      try {
        // Taken before the fetch: what it brings back is written only for this same link.
        const link = await currentLink(accountKey);
        const list = await deps.withAccount(async (client) => {
          const [fetched] = await Promise.all([
            fetchList(client, status, filters),
            // Names are a nicety: the ids show if the publishers list cannot be had.
            link ? refreshPublishers(client, link).catch(() => undefined) : undefined,
          ]);
          return fetched;
        }, accountKey);
        forgetOldSent(deps.now());
        // A list asked for before a decision was sent may still show it as waiting.
        const stale = (id: string) => (recentlySent.get(id) ?? Number.NEGATIVE_INFINITY) >= startedAt;
        const suggestions = status === WAITING ? list.suggestions.filter((s) => !stale(s.id)) : list.suggestions;
        const dropped = list.suggestions.length - suggestions.length;
        const count = Math.max(0, list.count - dropped);
        const unfiltered = !filters.locationIds?.length && !filters.publisherIds?.length;
        await writeIfLinked(link, async () => {
          const cache = await triageCacheItem.getValue();
          await commitTriage([
            { item: triageCacheItem, value: { ...cache, [key]: { fetchedAt: deps.now(), count, suggestions } } },
          ]);
          // In the lock too: unlink drops the account's badge count in its own locked write.
          if (status === WAITING && unfiltered) await deps.setBadgeCount(accountKey, count).catch(() => undefined);
        });
        refreshErrors.delete(key);
      } catch (error) {
        refreshErrors.set(key, toWireError(error));
      } finally {
        refreshing.delete(key);
      }
      const revision = await triageRevisionItem.getValue();
      await deps.broadcast('triage.changed', { accountKey, resolvedElsewhere: 0, revision });
    })();
    refreshing.set(key, task);
    return task;
  }

  async function view(status: string, refresh: boolean, force = false, filters: ListFilters = {}): Promise<TriageView> {
    const { accountRecord: account, ...stored } = await readStoredTriageView(status, filters, deps.now());
    if (!account) return { ...stored, refreshing: false, error: null };
    const key = cacheKey(account.accountKey, status, filters);
    const age = stored.fetchedAt === null ? Number.POSITIVE_INFINITY : deps.now() - stored.fetchedAt;
    // A negative age (the clock went back) counts as stale, so a bad clock cannot freeze the list.
    const fresh = age >= 0 && age < TRIAGE_FRESH_MS;
    const revalidating = (stored.fetchedAt === null || force || (refresh && !fresh)) && !account.needsRelink;
    // After this answer has left: the popup paints from the cache while the refresh runs.
    if (revalidating) later(() => revalidate(account.accountKey, status, filters));
    const error = account.needsRelink ? toWireError(needsRelinkError(account)) : (refreshErrors.get(key) ?? null);
    return { ...stored, refreshing: revalidating || refreshing.has(key), error };
  }

  async function refreshActive(): Promise<void> {
    const account = await activeAccount();
    if (account && !account.needsRelink) await revalidate(account.accountKey, WAITING);
  }

  /** Call once from the worker's main(): alarms, and whatever a previous worker left overdue. */
  function start(): void {
    browser.alarms.onAlarm.addListener((alarm) => {
      if (alarm.name === FLUSH_ALARM) void outbox.flushDue();
      else if (alarm.name === REFRESH_ALARM) void refreshActive().catch(() => undefined);
    });
    void browser.alarms.get(REFRESH_ALARM).then((existing) => {
      if (!existing)
        browser.alarms.create(REFRESH_ALARM, { periodInMinutes: REFRESH_PERIOD_MINUTES, delayInMinutes: 1 });
    });
    // Decisions waiting for Relink, or for the Connection they were made on, go as soon as that is back.
    linkedAccountsItem.watch(() => void outbox.flushDue());
    connectionSettingsItem.watch(() => void outbox.flushDue());
    void outbox.flushDue();
  }

  const handlers: Pick<
    Handlers,
    | 'triage.view'
    | 'triage.decide'
    | 'triage.undo'
    | 'triage.dismissFailures'
    | 'triage.settings.get'
    | 'triage.settings.set'
  > = {
    'triage.view': async ({ status, refresh, force, locationIds, publisherIds }) => {
      setTimeout(() => void outbox.flushDue(), 0);
      return view(status, refresh, force, { locationIds, publisherIds });
    },
    'triage.decide': async ({ accountKey, suggestionIds, decision }) => {
      void outbox.flushDue();
      return outbox.decide(accountKey, suggestionIds, decision);
    },
    'triage.undo': async (target) => outbox.undo(target),
    'triage.dismissFailures': async ({ suggestionIds }) => outbox.dismissFailures(suggestionIds),
    'triage.settings.get': async () => ({ keyboardShortcuts: await keyboardShortcutsItem.getValue() }),
    'triage.settings.set': async ({ keyboardShortcuts }) => {
      await keyboardShortcutsItem.setValue(keyboardShortcuts);
      return { keyboardShortcuts };
    },
  };

  return { handlers, start, view, revalidate, settled, ...outbox };
}

let instance: ReturnType<typeof createSuggestionTriage> | undefined;

/** The worker's one triage instance (created on first use, so importing this module has no side effect). */
export function suggestionTriage(): ReturnType<typeof createSuggestionTriage> {
  instance ??= createSuggestionTriage();
  return instance;
}

export function suggestionTriageFeature() {
  const instance = suggestionTriage();
  return defineFeature({ name: 'suggestion-triage', handlers: instance.handlers, start: () => instance.start() });
}
