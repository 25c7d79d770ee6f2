// Writing a round's answers: each decision's verdict into pending, failures, batches and the cached lists, in one locked write.
// Split from decision-outbox.ts: the outbox sends, this records what came back; it shares only the run's id.
import { WAITING } from '../../shared/listing-statuses.ts';
import { withAccountLock } from '../core/account-lock.ts';
import { keyOf } from './decision-round.ts';
import type { Verdict } from './decision-verdict.ts';
import type { OutboxDeps, OutboxHooks } from './outbox-deps.ts';
import {
  type FailedDecision,
  type PendingDecision,
  triageBatchesItem,
  triageCacheItem,
  triageFailuresItem,
  triagePendingItem,
} from './triage-items.ts';
import { commitTriage, isListOf, keepRecent, same } from './triage-state.ts';

/** One decision of a round and what its PUT (or the check after it) came to. */
export type RoundAnswer = { entry: PendingDecision; verdict: Verdict };

/** Our claim on it is still stored: unlink (or a relink on another API) has not dropped it meanwhile. */
function stillClaimed(pending: PendingDecision[], entry: PendingDecision, runId: string): boolean {
  return pending.some((p) => same(p, entry) && p.sendingBy === runId);
}

export async function recordAnswers(
  deps: OutboxDeps,
  hooks: OutboxHooks,
  runId: string,
  answers: RoundAnswer[],
): Promise<void> {
  const now = deps.now();
  const perAccount = new Map<string, { decided: string[]; elsewhere: number; failed: number }>();
  const revision = await withAccountLock(async () => {
    const [pending, cache, failures, batches] = await Promise.all([
      triagePendingItem.getValue(),
      triageCacheItem.getValue(),
      triageFailuresItem.getValue(),
      triageBatchesItem.getValue(),
    ]);
    // Dropped while in flight: nothing about it is written back for a forgotten account.
    const live = answers.filter(({ entry }) => stillClaimed(pending, entry, runId));
    if (live.length === 0) return null;
    const byEntry = new Map(live.map((a) => [keyOf(a.entry), a.verdict]));
    const verdictFor = (p: PendingDecision) => (p.sendingBy === runId ? byEntry.get(keyOf(p)) : undefined);
    const nextPending: PendingDecision[] = [];
    for (const p of pending) {
      const verdict = verdictFor(p);
      if (!verdict) nextPending.push(p);
      else if (verdict.kind === 'retry') {
        nextPending.push({ ...p, sendingBy: undefined, retryAt: verdict.retryAt, lastError: verdict.error });
      } else if (verdict.kind === 'blocked') {
        nextPending.push({ ...p, sendingBy: undefined, retryAt: null, lastError: verdict.error });
      }
    }
    const newFailures: FailedDecision[] = [];
    const counts = new Map<string, { sent: number; resolvedElsewhere: number; failed: number }>();
    for (const { entry, verdict } of live) {
      const account = perAccount.get(entry.accountKey) ?? { decided: [], elsewhere: 0, failed: 0 };
      perAccount.set(entry.accountKey, account);
      const batch = counts.get(entry.batchId) ?? { sent: 0, resolvedElsewhere: 0, failed: 0 };
      counts.set(entry.batchId, batch);
      if (verdict.kind === 'sent' || verdict.kind === 'resolved-elsewhere') {
        account.decided.push(entry.suggestionId);
        if (verdict.kind === 'sent') batch.sent++;
        else {
          batch.resolvedElsewhere++;
          account.elsewhere++;
        }
      } else if (verdict.kind === 'failed') {
        batch.failed++;
        account.failed++;
        const { suggestionId, accountKey, decision } = entry;
        const { code, message } = verdict.error;
        newFailures.push({ suggestionId, accountKey, decision, code, message, failedAt: now });
      }
    }
    // The known lists shrink: no refetch, so a decision costs exactly one request.
    const nextCache = { ...cache };
    for (const [accountKey, { decided }] of perAccount) {
      const gone = new Set(decided);
      for (const [key, list] of Object.entries(cache)) {
        if (!isListOf(key, accountKey, WAITING)) continue;
        const suggestions = list.suggestions.filter((s) => !gone.has(s.id));
        const removed = list.suggestions.length - suggestions.length;
        if (removed > 0) nextCache[key] = { ...list, count: Math.max(0, list.count - removed), suggestions };
      }
    }
    const failedIds = new Set(newFailures.map((f) => `${f.accountKey} ${f.suggestionId}`));
    const nextBatches = keepRecent(batches, now).map((b) => {
      const c = counts.get(b.batchId);
      return c
        ? {
            ...b,
            sent: b.sent + c.sent,
            resolvedElsewhere: b.resolvedElsewhere + c.resolvedElsewhere,
            failed: b.failed + c.failed,
          }
        : b;
    });
    const written = await commitTriage([
      { item: triagePendingItem, value: nextPending },
      { item: triageCacheItem, value: nextCache },
      {
        item: triageFailuresItem,
        value: [...failures.filter((f) => !failedIds.has(`${f.accountKey} ${f.suggestionId}`)), ...newFailures],
      },
      { item: triageBatchesItem, value: nextBatches },
    ]);
    // In the lock: an unlinked account's list is gone from the cache, and so no count is written back.
    for (const accountKey of perAccount.keys()) {
      const waiting = nextCache[`${accountKey} ${WAITING}`];
      if (waiting) await deps.setBadgeCount(accountKey, waiting.count).catch(() => undefined);
    }
    return written;
  });
  if (revision === null) return;
  let resolvedElsewhere = 0;
  for (const [accountKey, { decided, elsewhere }] of perAccount) {
    hooks.settled(accountKey, decided, elsewhere);
    resolvedElsewhere += elsewhere;
  }
  // One event a write, whatever the number of accounts: a page asks again once, not once per account
  // (an accept-all across 30 accounts sent 30 at each write, and each made the Inbox ask for a view).
  const accountKey = perAccount.size === 1 ? [...perAccount.keys()][0]! : null;
  await deps.broadcast('triage.changed', { accountKey, resolvedElsewhere, revision });
  for (const [key, { failed }] of perAccount) {
    if (failed > 0) await deps.notifyFailures(key, failed).catch(() => undefined);
  }
}
