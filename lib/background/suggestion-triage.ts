// Publisher-suggestion triage in the worker: the cached list (stale-while-revalidate), decisions held
// for an undo window and then sent once, and what comes back from the service.
//
// The worker can die at any moment, taking its timers with it. So every pending decision lives in
// storage; a timer sends it while the worker lives, start-up and every triage message flush whatever
// is overdue, and an alarm is the backstop. A decision is claimed (sendingBy = this run) before its
// PUT, and removed after the answer: a claim left by a dead run is re-sent, and the service's
// "already resolved" answer to such a repeat counts as done, so nothing is lost or applied twice.
import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import type { ApiClient } from '../api/client.ts';
import { isApiError } from '../api/errors.ts';
import { mapBounded } from '../api/paging.ts';
import { listPublishers } from '../api/publishers.ts';
import {
  decideSuggestion,
  listSuggestions,
  SUGGESTIONS_PAGE_SIZE,
  type Suggestion,
  type SuggestionDecision,
} from '../api/suggestions.ts';
import { WAITING } from '../listing-statuses.ts';
import { broadcast as broadcastEvent, type Handlers, toWireError } from '../messaging/background.ts';
import type { DeskEvents, FailedDecisionView, PendingDecisionView, TriageView } from '../messaging/protocol.ts';
import { DeskError, type WireError } from '../messaging/wire-error.ts';
import {
  activeAccountKeyItem,
  type CachedSuggestions,
  type FailedDecision,
  keyboardShortcutsItem,
  type LinkedAccount,
  linkedAccountsItem,
  type PendingDecision,
  type PublisherNames,
  publisherNamesItem,
  type SuggestionView,
  triageCacheItem,
  triageFailuresItem,
  triagePendingItem,
} from '../storage.ts';
import { latestBatch } from '../triage-batch.ts';
import { type AccountLink, currentLink, withAccountLock, writeIfLinked } from './account-lock.ts';
import { needsRelinkError, withAccount } from './api-session.ts';
import { setBadgeCount } from './badge.ts';
import { deferredRefreshes } from './deferred-refresh.ts';
import { readAccounts, unknownAccountError } from './linked-accounts.ts';

export const UNDO_WINDOW_MS = 5000;
/**
 * An open of the popup younger than this shows the cached list without asking the service again:
 * opening, closing and reopening it should not cost a list fetch each time.
 */
export const TRIAGE_FRESH_MS = 30_000;

export function cacheKey(accountKey: string, status: string): string {
  return `${accountKey} ${status}`;
}

/** Statuses have no spaces, so the account is everything before the last one. */
function isCacheKeyOf(key: string, accountKey: string): boolean {
  return key.slice(0, key.lastIndexOf(' ')) === accountKey;
}

type StorageWrites = Parameters<typeof storage.setItems>[0];

/**
 * The writes that drop an account's triage data (cached lists, pending decisions, failures, publisher
 * names). Call inside withAccountLock, and write them in the same storage call as the account's own
 * removal (unlink, or a relink on another API origin): no triage write lands between this read and that
 * write, and every later one finds the link gone.
 */
export async function withoutTriageData(accountKey: string): Promise<StorageWrites> {
  const [cache, pending, failures, publishers] = await Promise.all([
    triageCacheItem.getValue(),
    triagePendingItem.getValue(),
    triageFailuresItem.getValue(),
    publisherNamesItem.getValue(),
  ]);
  const { [accountKey]: _names, ...otherNames } = publishers;
  return [
    {
      item: triageCacheItem,
      value: Object.fromEntries(Object.entries(cache).filter(([key]) => !isCacheKeyOf(key, accountKey))),
    },
    // Nothing may be sent later on behalf of a forgotten account.
    { item: triagePendingItem, value: pending.filter((p) => p.accountKey !== accountKey) },
    { item: triageFailuresItem, value: failures.filter((f) => f.accountKey !== accountKey) },
    { item: publisherNamesItem, value: otherNames },
  ];
}

function notActiveAccountError(): DeskError {
  return new DeskError({
    code: 'not-active-account',
    message: 'Decisions are made for the active account only; that account is not the active one (any more).',
  });
}

/** What the stored items say, before the worker adds what only it knows (refreshing, the last error). */
export type StoredTriageView = Omit<TriageView, 'refreshing' | 'error'> & { accountRecord: LinkedAccount | null };

/** One storage read for everything the view needs: the popup's first paint waits for this answer. */
export async function readStoredTriageView(status: string): Promise<StoredTriageView> {
  const values = await storage.getItems([
    linkedAccountsItem,
    activeAccountKeyItem,
    triageCacheItem,
    triagePendingItem,
    triageFailuresItem,
    publisherNamesItem,
    keyboardShortcutsItem,
  ]);
  const [accounts, activeKey, cache, pending, failures, publishers, keyboardShortcuts] = values.map((v) => v.value) as [
    LinkedAccount[],
    string | null,
    Record<string, CachedSuggestions>,
    PendingDecision[],
    FailedDecision[],
    Record<string, PublisherNames>,
    boolean,
  ];
  // The same rule as linked-accounts' readAccounts: a stale active key falls back to the first account.
  const account = accounts.find((a) => a.accountKey === activeKey) ?? accounts[0] ?? null;
  const base = { status, keyboardShortcuts, undoWindowMs: UNDO_WINDOW_MS, accountRecord: account };
  if (!account) {
    return {
      ...base,
      account: null,
      suggestions: [],
      count: 0,
      fetchedAt: null,
      publishers: {},
      pending: [],
      failures: [],
    };
  }
  const cached = cache[cacheKey(account.accountKey, status)];
  return {
    ...base,
    account: { accountKey: account.accountKey, accountName: account.accountName, needsRelink: account.needsRelink },
    suggestions: cached?.suggestions ?? [],
    count: cached?.count ?? 0,
    fetchedAt: cached?.fetchedAt ?? null,
    publishers: publishers[account.accountKey]?.names ?? {},
    pending: pending.filter((p) => p.accountKey === account.accountKey).map(toPendingView),
    failures: failures.filter((f) => f.accountKey === account.accountKey).map(toFailureView),
  };
}

export function toPendingView(p: PendingDecision): PendingDecisionView {
  return {
    suggestionId: p.suggestionId,
    decision: p.decision,
    dueAt: p.dueAt,
    batchId: p.batchId,
    sending: Boolean(p.sendingBy),
  };
}

function toFailureView(f: FailedDecision): FailedDecisionView {
  return { suggestionId: f.suggestionId, decision: f.decision, code: f.code, message: f.message };
}

export const FLUSH_ALARM = 'suggestion-triage-flush';
export const REFRESH_ALARM = 'suggestion-triage-refresh';
const REFRESH_PERIOD_MINUTES = 15;
const PUBLISHERS_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Resolved lists can be long; the popup shows the newest pages of them, never more than this. */
const MAX_LIST = 500;
const SEND_CONCURRENCY = 4;
/** How long a sent decision is remembered, to drop it from lists whose fetch began before it was sent. */
const RECENTLY_SENT_MS = 60_000;

export interface TriageDeps {
  withAccount: <T>(run: (client: ApiClient) => Promise<T>, accountKey: string) => Promise<T>;
  setBadgeCount: (accountKey: string, count: number) => Promise<void>;
  broadcast: <K extends keyof DeskEvents>(type: K, payload: DeskEvents[K]) => Promise<void>;
  now: () => number;
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

/** 7303: the status sent was refused. That one is our failure, not the suggestion's state. */
const BAD_STATUS = 7303;

/**
 * The rest of the 7300 range is "already resolved" (7301) or "not found" (7302): either way it was
 * settled elsewhere (or by an earlier send of ours), so the list is refreshed instead of failing.
 */
export function isResolvedElsewhere(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.errors.some((e) => e.code >= 7300 && e.code < 7400 && e.code !== BAD_STATUS);
}

function byDate(a: SuggestionView, b: SuggestionView): number {
  // Oldest first: the service applies unreviewed suggestions on its own after a while.
  return a.dateCreated.localeCompare(b.dateCreated) || a.id.localeCompare(b.id, undefined, { numeric: true });
}

/** One suggestion status, every page up to MAX_LIST, in parallel after the first page. */
async function fetchList(client: ApiClient, status: string): Promise<{ count: number; suggestions: SuggestionView[] }> {
  const first = await listSuggestions(client, { statuses: [status], limit: SUGGESTIONS_PAGE_SIZE, offset: 0 });
  const { count } = first.data;
  const pages = Math.ceil(Math.min(count, MAX_LIST) / SUGGESTIONS_PAGE_SIZE);
  const rest = await mapBounded(Math.max(0, pages - 1), 3, async (index) => {
    const page = await listSuggestions(client, {
      statuses: [status],
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
  /** Identifies this worker's life: a claim by another run is a send that died with its worker. */
  const runId = crypto.randomUUID();
  const refreshing = new Map<string, Promise<void>>();
  const refreshErrors = new Map<string, WireError>();
  const recentlySent = new Map<string, number>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let flushing: Promise<void> | undefined;
  let flushAgain = false;

  const { later, settled } = deferredRefreshes(refreshing);

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
      await publisherNamesItem.setValue({ ...latest, [accountKey]: { fetchedAt: deps.now(), names } });
    });
  }

  /** Fetches one list in the background; concurrent asks for the same list share one fetch. */
  function revalidate(accountKey: string, status: string): Promise<void> {
    const key = cacheKey(accountKey, status);
    const running = refreshing.get(key);
    if (running) return running;
    const task = (async () => {
      const startedAt = deps.now();
      try {
        // Taken before the fetch: what it brings back is written only for this same link.
        const link = await currentLink(accountKey);
        const list = await deps.withAccount(async (client) => {
          const [fetched] = await Promise.all([
            fetchList(client, status),
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
        await writeIfLinked(link, async () => {
          const cache = await triageCacheItem.getValue();
          await triageCacheItem.setValue({ ...cache, [key]: { fetchedAt: deps.now(), count, suggestions } });
          // In the lock too: unlink drops the account's badge count in its own locked write.
          if (status === WAITING) await deps.setBadgeCount(accountKey, count).catch(() => undefined);
        });
        refreshErrors.delete(key);
      } catch (error) {
        refreshErrors.set(key, toWireError(error));
      } finally {
        refreshing.delete(key);
      }
      await deps.broadcast('triage.changed', { accountKey, resolvedElsewhere: 0 });
    })();
    refreshing.set(key, task);
    return task;
  }

  async function view(status: string, refresh: boolean, force = false): Promise<TriageView> {
    const { accountRecord: account, ...stored } = await readStoredTriageView(status);
    if (!account) return { ...stored, refreshing: false, error: null };
    const key = cacheKey(account.accountKey, status);
    const age = stored.fetchedAt === null ? Number.POSITIVE_INFINITY : deps.now() - stored.fetchedAt;
    // A negative age (the clock went back) counts as stale, so a bad clock cannot freeze the list.
    const fresh = age >= 0 && age < TRIAGE_FRESH_MS;
    const revalidating = (stored.fetchedAt === null || force || (refresh && !fresh)) && !account.needsRelink;
    // After this answer has left: the popup paints from the cache while the refresh runs.
    if (revalidating) later(() => revalidate(account.accountKey, status));
    const error = account.needsRelink ? toWireError(needsRelinkError(account)) : (refreshErrors.get(key) ?? null);
    return { ...stored, refreshing: revalidating || refreshing.has(key), error };
  }

  /** Only for the active account, as for undo: a page (even a content script) decides for the account it shows. */
  async function decide(accountKey: string, suggestionIds: string[], decision: SuggestionDecision) {
    const ids = new Set(suggestionIds);
    const result = await withAccountLock(async () => {
      // Checked in the lock, so an unlink cannot come between the check and the write.
      const { accounts, activeAccountKey } = await readAccounts();
      if (!accounts.some((a) => a.accountKey === accountKey)) throw unknownAccountError();
      if (accountKey !== activeAccountKey) throw notActiveAccountError();
      const [pending, failures] = await Promise.all([triagePendingItem.getValue(), triageFailuresItem.getValue()]);
      const ours = (p: { accountKey: string; suggestionId: string }) =>
        p.accountKey === accountKey && ids.has(p.suggestionId);
      // One already on its way cannot change; one still waiting takes the newer decision.
      const sending = new Set(pending.filter((p) => p.sendingBy && ours(p)).map((p) => p.suggestionId));
      const kept = pending.filter((p) => !(ours(p) && !p.sendingBy));
      const batchId = crypto.randomUUID();
      const dueAt = deps.now() + UNDO_WINDOW_MS;
      for (const suggestionId of ids) {
        if (!sending.has(suggestionId)) kept.push({ suggestionId, accountKey, decision, dueAt, batchId });
      }
      await Promise.all([
        triagePendingItem.setValue(kept),
        triageFailuresItem.setValue(failures.filter((f) => !ours(f))),
      ]);
      return kept.filter((p) => p.accountKey === accountKey).map(toPendingView);
    });
    await schedule();
    await deps.broadcast('triage.changed', { accountKey, resolvedElsewhere: 0 });
    return { pending: result };
  }

  /** Only the active account's decisions: a page (even a content script) never reaches another account's. */
  async function undo(suggestionIds?: string[]): Promise<{ undone: string[] }> {
    const account = await activeAccount();
    if (!account) return { undone: [] };
    const undone = await withAccountLock(async () => {
      const pending = await triagePendingItem.getValue();
      const open = pending.filter((p) => !p.sendingBy && p.accountKey === account.accountKey);
      const ids = suggestionIds && new Set(suggestionIds);
      const targets = ids ? open.filter((p) => ids.has(p.suggestionId)) : latestBatch(open);
      if (targets.length === 0) return [];
      const gone = new Set(targets);
      await triagePendingItem.setValue(pending.filter((p) => !gone.has(p)));
      return targets.map((p) => p.suggestionId);
    });
    if (undone.length > 0) {
      await schedule();
      await deps.broadcast('triage.changed', { accountKey: account.accountKey, resolvedElsewhere: 0 });
    }
    return { undone };
  }

  /** The active account's failures only, as for undo. */
  async function dismissFailures(suggestionIds: string[]): Promise<{ dismissed: number }> {
    const account = await activeAccount();
    if (!account) return { dismissed: 0 };
    const ids = new Set(suggestionIds);
    const dismissed = await withAccountLock(async () => {
      const failures = await triageFailuresItem.getValue();
      const kept = failures.filter((f) => !(f.accountKey === account.accountKey && ids.has(f.suggestionId)));
      if (kept.length === failures.length) return 0;
      await triageFailuresItem.setValue(kept);
      return failures.length - kept.length;
    });
    if (dismissed > 0) await deps.broadcast('triage.changed', { accountKey: account.accountKey, resolvedElsewhere: 0 });
    return { dismissed };
  }

  /** Arms the timer for the next due decision, and the alarm in case the worker dies first. */
  async function schedule(): Promise<void> {
    const pending = await triagePendingItem.getValue();
    const waiting = pending.filter((p) => p.sendingBy !== runId);
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (waiting.length === 0) {
      await browser.alarms.clear(FLUSH_ALARM);
      return;
    }
    const next = Math.min(...waiting.map((p) => p.dueAt));
    timer = setTimeout(() => void flushDue(), Math.max(0, next - deps.now()));
    // Browsers round alarms up to about 30 s; the timer is what keeps the 5-second promise.
    await browser.alarms.create(FLUSH_ALARM, { when: Math.max(next, deps.now()) + 1000 });
  }

  /** Sends every decision whose undo window has closed. Safe to call any time, from anywhere. */
  function flushDue(): Promise<void> {
    if (flushing) {
      flushAgain = true;
      return flushing;
    }
    flushing = (async () => {
      do {
        flushAgain = false;
        await flushOnce();
      } while (flushAgain);
    })().finally(() => {
      flushing = undefined;
    });
    return flushing;
  }

  async function flushOnce(): Promise<void> {
    const claimed = await withAccountLock(async () => {
      const pending = await triagePendingItem.getValue();
      const now = deps.now();
      const due = pending.filter((p) => p.dueAt <= now && p.sendingBy !== runId);
      if (due.length === 0) return [];
      const claim = new Set(due);
      await triagePendingItem.setValue(pending.map((p) => (claim.has(p) ? { ...p, sendingBy: runId } : p)));
      return due.map((p) => ({ ...p, sendingBy: runId }));
    });
    if (claimed.length > 0) {
      const touched = new Map<string, number>();
      await mapBounded(claimed.length, SEND_CONCURRENCY, async (index) => {
        const entry = claimed[index]!;
        const outcome = await send(entry);
        if (outcome === 'resolved-elsewhere') touched.set(entry.accountKey, (touched.get(entry.accountKey) ?? 0) + 1);
        else if (!touched.has(entry.accountKey)) touched.set(entry.accountKey, 0);
      });
      for (const [accountKey, resolvedElsewhere] of touched) {
        // In the lock: an unlinked account's list is gone from the cache, and so no count is written back.
        await withAccountLock(async () => {
          const waiting = (await triageCacheItem.getValue())[cacheKey(accountKey, WAITING)];
          if (waiting) await deps.setBadgeCount(accountKey, waiting.count).catch(() => undefined);
        });
        // Only when the service said "already resolved": then what else changed is worth one fetch.
        if (resolvedElsewhere > 0) {
          void revalidate(accountKey, WAITING);
          await deps.broadcast('triage.changed', { accountKey, resolvedElsewhere });
        }
      }
    }
    await schedule();
  }

  /** Our claim on it is still stored: unlink (or a relink on another API) has not dropped it meanwhile. */
  function stillClaimed(pending: PendingDecision[], entry: PendingDecision): boolean {
    return pending.some(
      (p) =>
        p.suggestionId === entry.suggestionId &&
        p.batchId === entry.batchId &&
        p.accountKey === entry.accountKey &&
        p.sendingBy === runId,
    );
  }

  async function send(entry: PendingDecision): Promise<'sent' | 'resolved-elsewhere' | 'failed' | 'dropped'> {
    // Claimed sends wait their turn; one whose account was unlinked in the meantime is never sent.
    if (!stillClaimed(await triagePendingItem.getValue(), entry)) return 'dropped';
    let outcome: 'sent' | 'resolved-elsewhere' | 'failed';
    let error: WireError | undefined;
    try {
      await deps.withAccount(
        (client) => decideSuggestion(client, entry.suggestionId, entry.decision),
        entry.accountKey,
      );
      outcome = 'sent';
    } catch (caught) {
      if (isResolvedElsewhere(caught)) outcome = 'resolved-elsewhere';
      else {
        outcome = 'failed';
        error = toWireError(caught);
      }
    }
    if (outcome !== 'failed') recentlySent.set(entry.suggestionId, deps.now());
    await withAccountLock(async () => {
      const [pending, cache, failures] = await Promise.all([
        triagePendingItem.getValue(),
        triageCacheItem.getValue(),
        triageFailuresItem.getValue(),
      ]);
      // Dropped while in flight: nothing about it is written back for a forgotten account.
      if (!stillClaimed(pending, entry)) return;
      await triagePendingItem.setValue(
        pending.filter((p) => !(p.suggestionId === entry.suggestionId && p.batchId === entry.batchId)),
      );
      if (outcome !== 'failed') {
        // The known list shrinks by one: no refetch, so a decision costs exactly one request.
        const key = cacheKey(entry.accountKey, WAITING);
        const list = cache[key];
        if (list?.suggestions.some((s) => s.id === entry.suggestionId)) {
          await triageCacheItem.setValue({
            ...cache,
            [key]: {
              ...list,
              count: Math.max(0, list.count - 1),
              suggestions: list.suggestions.filter((s) => s.id !== entry.suggestionId),
            },
          });
        }
      } else if (error) {
        const failure: FailedDecision = {
          suggestionId: entry.suggestionId,
          accountKey: entry.accountKey,
          decision: entry.decision,
          code: error.code,
          message: error.message,
          failedAt: deps.now(),
        };
        await triageFailuresItem.setValue([...failures.filter((f) => f.suggestionId !== entry.suggestionId), failure]);
      }
    });
    await deps.broadcast('triage.changed', { accountKey: entry.accountKey, resolvedElsewhere: 0 });
    return outcome;
  }

  async function refreshActive(): Promise<void> {
    const account = await activeAccount();
    if (account && !account.needsRelink) await revalidate(account.accountKey, WAITING);
  }

  /** Call once from the worker's main(): alarms, and whatever a previous worker left overdue. */
  function start(): void {
    browser.alarms.onAlarm.addListener((alarm) => {
      if (alarm.name === FLUSH_ALARM) void flushDue();
      else if (alarm.name === REFRESH_ALARM) void refreshActive().catch(() => undefined);
    });
    void browser.alarms.get(REFRESH_ALARM).then((existing) => {
      if (!existing)
        browser.alarms.create(REFRESH_ALARM, { periodInMinutes: REFRESH_PERIOD_MINUTES, delayInMinutes: 1 });
    });
    void flushDue();
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
    'triage.view': async ({ status, refresh, force }) => {
      setTimeout(() => void flushDue(), 0);
      return view(status, refresh, force);
    },
    'triage.decide': async ({ accountKey, suggestionIds, decision }) => {
      void flushDue();
      return decide(accountKey, suggestionIds, decision);
    },
    'triage.undo': async ({ suggestionIds }) => undo(suggestionIds),
    'triage.dismissFailures': async ({ suggestionIds }) => dismissFailures(suggestionIds),
    'triage.settings.get': async () => ({ keyboardShortcuts: await keyboardShortcutsItem.getValue() }),
    'triage.settings.set': async ({ keyboardShortcuts }) => {
      await keyboardShortcutsItem.setValue(keyboardShortcuts);
      return { keyboardShortcuts };
    },
  };

  return { handlers, start, flushDue, view, decide, undo, dismissFailures, revalidate, schedule, settled, runId };
}

let instance: ReturnType<typeof createSuggestionTriage> | undefined;

/** The worker's one triage instance (created on first use, so importing this module has no side effect). */
export function suggestionTriage(): ReturnType<typeof createSuggestionTriage> {
  instance ??= createSuggestionTriage();
  return instance;
}
