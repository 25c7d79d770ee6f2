// What the triage worker keeps in storage, and the one way it writes it: every write bumps the triage
// revision in the same storage call, so views and events carry an order a UI can trust, across restarts.
import { storage } from 'wxt/utils/storage';
import type {
  BatchOutcomeView,
  FailedDecisionView,
  PendingDecisionView,
  TriageView,
} from '../../messaging/protocol/index.ts';
import { DeskError } from '../../messaging/wire-error.ts';
import { activeAccountKeyItem, type LinkedAccount, linkedAccountsItem } from '../core/account-items.ts';
import { type PublisherNames, publisherNamesItem } from '../core/publisher-names.ts';
import type { StorageWrites } from '../feature.ts';
import {
  type CachedSuggestions,
  type DecisionBatch,
  type FailedDecision,
  keyboardShortcutsItem,
  type PendingDecision,
  triageBatchesItem,
  triageCacheItem,
  triageFailuresItem,
  triagePendingItem,
  triageRevisionItem,
  triageUndoWindowMsForTestsItem,
} from './triage-items.ts';

export const UNDO_WINDOW_MS = 5000;
/** Batch outcomes are kept this long for the popup's bulk progress. */
export const BATCH_MEMORY_MS = 10 * 60_000;

export interface ListFilters {
  locationIds?: string[];
  publisherIds?: string[];
}

/** Ids have no spaces (SAFE_ID), so the account is everything before the first space-separated status. */
export function cacheKey(accountKey: string, status: string, filters: ListFilters = {}): string {
  const parts = [status];
  if (filters.locationIds?.length) parts.push(`loc=${[...filters.locationIds].sort().join(',')}`);
  if (filters.publisherIds?.length) parts.push(`pub=${[...filters.publisherIds].sort().join(',')}`);
  return `${accountKey} ${parts.join('|')}`;
}

/** Statuses and filters have no spaces, so the account is everything before the last one. */
function isCacheKeyOf(key: string, accountKey: string): boolean {
  return key.slice(0, key.lastIndexOf(' ')) === accountKey;
}

/** Every cached list of this account and status, whatever its filters. */
export function isListOf(key: string, accountKey: string, status: string): boolean {
  if (!isCacheKeyOf(key, accountKey)) return false;
  const rest = key.slice(key.lastIndexOf(' ') + 1);
  return rest === status || rest.startsWith(`${status}|`);
}

/**
 * Writes triage items and the next revision in one storage call; returns that revision. Call inside
 * withAccountLock, like every triage write.
 */
export async function commitTriage(writes: StorageWrites): Promise<number> {
  const revision = (await triageRevisionItem.getValue()) + 1;
  await storage.setItems([...writes, { item: triageRevisionItem, value: revision }]);
  return revision;
}

/**
 * The writes that drop an account's triage data (cached lists, pending decisions, failures, batches),
 * with the next revision. Call inside withAccountLock, and write them in the same
 * storage call as the account's own removal: no triage write lands between this read and that write.
 */
export async function withoutTriageData(accountKey: string): Promise<StorageWrites> {
  const [cache, pending, failures, batches, revision] = await Promise.all([
    triageCacheItem.getValue(),
    triagePendingItem.getValue(),
    triageFailuresItem.getValue(),
    triageBatchesItem.getValue(),
    triageRevisionItem.getValue(),
  ]);
  return [
    {
      item: triageCacheItem,
      value: Object.fromEntries(Object.entries(cache).filter(([key]) => !isCacheKeyOf(key, accountKey))),
    },
    // Nothing may be sent later on behalf of a forgotten account.
    { item: triagePendingItem, value: pending.filter((p) => p.accountKey !== accountKey) },
    { item: triageFailuresItem, value: failures.filter((f) => f.accountKey !== accountKey) },
    { item: triageBatchesItem, value: batches.filter((b) => b.accountKey !== accountKey) },
    { item: triageRevisionItem, value: revision + 1 },
  ];
}

/** The window in force: a test build may shorten it through a storage item; production never does. */
export async function undoWindowMs(): Promise<number> {
  return undoWindowFrom(await triageUndoWindowMsForTestsItem.getValue());
}

function undoWindowFrom(forTests: number | null): number {
  if (import.meta.env.LISTINGS_DESK_ENVIRONMENT === 'production') return UNDO_WINDOW_MS;
  return typeof forTests === 'number' && forTests >= 0 ? forTests : UNDO_WINDOW_MS;
}

export function toPendingView(p: PendingDecision): PendingDecisionView {
  return {
    suggestionId: p.suggestionId,
    decision: p.decision,
    dueAt: p.dueAt,
    batchId: p.batchId,
    sending: Boolean(p.sendingBy),
    attempts: p.attempts ?? 0,
    retryAt: p.sendingBy ? null : (p.retryAt ?? null),
    lastError: p.lastError ?? null,
  };
}

export function toFailureView(f: FailedDecision): FailedDecisionView {
  return { suggestionId: f.suggestionId, decision: f.decision, code: f.code, message: f.message, failedAt: f.failedAt };
}

export function toBatchView(b: DecisionBatch): BatchOutcomeView {
  const answered = b.sent + b.resolvedElsewhere + b.failed + b.undone;
  const { batchId, decision, size, sent, resolvedElsewhere, failed, undone } = b;
  return { batchId, decision, size, sent, resolvedElsewhere, failed, undone, queued: Math.max(0, size - answered) };
}

/** What the stored items say, before the worker adds what only it knows (refreshing, the last error). */
export type StoredTriageView = Omit<TriageView, 'refreshing' | 'error'> & { accountRecord: LinkedAccount | null };

const VIEW_ITEMS = [
  linkedAccountsItem,
  activeAccountKeyItem,
  triageCacheItem,
  triagePendingItem,
  triageFailuresItem,
  publisherNamesItem,
  keyboardShortcutsItem,
  triageBatchesItem,
  triageRevisionItem,
  triageUndoWindowMsForTestsItem,
];

/** The storage keys a view is made from: a change to any of them makes an earlier read stale. */
export const VIEW_KEYS: readonly string[] = VIEW_ITEMS.map((item) => item.key.slice(item.key.indexOf(':') + 1));

export type TriageItems = Awaited<ReturnType<typeof storage.getItems>>;

/** The triage revision those items were read at. */
export const revisionOf = (items: TriageItems): number => items[VIEW_ITEMS.indexOf(triageRevisionItem)]?.value ?? 0;

/** One storage read for everything the view needs: the popup's first paint waits for this answer. */
export function readTriageItems(): Promise<TriageItems> {
  return storage.getItems(VIEW_ITEMS);
}

/** The stored items' values, typed, in VIEW_ITEMS order. */
export function triageValues(values: TriageItems) {
  return values.map((v) => v.value) as [
    LinkedAccount[],
    string | null,
    Record<string, CachedSuggestions>,
    PendingDecision[],
    FailedDecision[],
    Record<string, PublisherNames>,
    boolean,
    DecisionBatch[],
    number,
    number | null,
  ];
}

export async function readStoredTriageView(
  status: string,
  filters: ListFilters = {},
  now = Date.now(),
  rows?: number,
  items: Promise<TriageItems> = readTriageItems(),
  /** This account's list rather than the active one's (the embedded panel's located account). */
  accountKey?: string,
): Promise<StoredTriageView> {
  const [accounts, activeKey, cache, pending, failures, publishers, keyboardShortcuts, batches, revision, forTests] =
    triageValues(await items);
  // The same rule as linked-accounts' readAccounts: a stale active key falls back to the first account.
  const account =
    accountKey !== undefined
      ? (accounts.find((a) => a.accountKey === accountKey) ?? null)
      : (accounts.find((a) => a.accountKey === activeKey) ?? accounts[0] ?? null);
  const base = { revision, status, keyboardShortcuts, undoWindowMs: undoWindowFrom(forTests), accountRecord: account };
  if (!account) {
    return {
      ...base,
      account: null,
      suggestions: [],
      complete: true,
      warnings: [],
      count: 0,
      fetchedAt: null,
      publishers: {},
      pending: [],
      failures: [],
      batches: [],
    };
  }
  const cached = cache[cacheKey(account.accountKey, status, filters)];
  const all = cached?.suggestions ?? [];
  const mine = <T extends { accountKey: string }>(x: T) => x.accountKey === account.accountKey;
  return {
    ...base,
    account: { accountKey: account.accountKey, accountName: account.accountName, needsRelink: account.needsRelink },
    suggestions: rows === undefined ? all : all.slice(0, rows),
    complete: rows === undefined || all.length <= rows,
    count: cached?.count ?? 0,
    fetchedAt: cached?.fetchedAt ?? null,
    warnings: cached?.warnings ?? [],
    publishers: publishers[account.accountKey]?.names ?? {},
    pending: pending.filter(mine).map(toPendingView),
    failures: failures.filter(mine).map(toFailureView),
    batches: batches.filter((b) => mine(b) && now - b.decidedAt < BATCH_MEMORY_MS).map(toBatchView),
  };
}

export function notActiveAccountError(): DeskError {
  return new DeskError({
    code: 'not-active-account',
    message: 'Decisions are made for the active account only; that account is not the active one (any more).',
  });
}

/** Being sent, or sent before: an undo can no longer promise that nothing reaches the service. */
export function tooLateToUndo(p: PendingDecision): boolean {
  return Boolean(p.sendingBy) || (p.attempts ?? 0) > 0;
}

export const same = (a: PendingDecision, b: PendingDecision) =>
  a.suggestionId === b.suggestionId && a.batchId === b.batchId && a.accountKey === b.accountKey;

export function keepRecent(batches: DecisionBatch[], now: number): DecisionBatch[] {
  return batches.filter((b) => now - b.decidedAt < BATCH_MEMORY_MS);
}
