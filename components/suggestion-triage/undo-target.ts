// The undo bar's target: which decision `u` and the bar act on, and whether it is still inside its window.
// Apart from the store because it is a pure reading of the pending list and this page's decisions.
import type { DecisionView, PendingDecisionView } from '../../lib/messaging/protocol/index.ts';
import { latestBatch } from '../../lib/shared/triage-batch.ts';

/** A decision made on this page, newest last: what `u` and the undo bar act on. */
export interface LocalDecision {
  localBatchId: string;
  ids: string[];
  decision: DecisionView;
  /** The worker's batch id once it answered; null if the decision was refused. */
  batchId: Promise<string | null>;
  workerBatchId: string | null;
  /** Across accounts: one batch per account the decision touched. */
  workerBatchIds?: string[];
  undone: boolean;
}

/** What the undo bar shows and `u` undoes. */
export interface UndoTarget {
  decision: DecisionView;
  count: number;
  dueAt: number;
  /** Every member is being sent, or was tried already: too late to undo. */
  sending: boolean;
  /** Too late to undo and waiting for a retry (a rate limit's reset, a busy service): when, and why. */
  waiting: { until: number; error: NonNullable<PendingDecisionView['lastError']> } | null;
  /** Other decisions still inside their window. */
  others: number;
  local: LocalDecision | null;
  workerBatchId: string | null;
  /** Across accounts: the accounts of the decision's suggestions, so Undo says whose decision it undoes. */
  accountKeys: string[];
}

/** Inside its undo window: not being sent, and never tried (a tried one may have reached the service). */
const undoable = (p: PendingDecisionView) => !p.sending && p.attempts === 0;

/** The earliest retry among decisions that wait for one (none sending), with the reason it waits. */
function waitOf(members: PendingDecisionView[]): UndoTarget['waiting'] {
  if (members.some((p) => p.sending)) return null;
  let first: PendingDecisionView | undefined;
  for (const p of members) if (p.retryAt && p.lastError && (!first || p.retryAt < first.retryAt!)) first = p;
  return first ? { until: first.retryAt!, error: first.lastError! } : null;
}

function membersOf(pending: PendingDecisionView[], d: LocalDecision): PendingDecisionView[] {
  const ids = new Set(d.ids);
  return pending.filter(
    (p) =>
      ids.has(p.suggestionId) &&
      (p.batchId === d.localBatchId || p.batchId === d.workerBatchId || Boolean(d.workerBatchIds?.includes(p.batchId))),
  );
}

function accountsOf(members: PendingDecisionView[]): string[] {
  return [...new Set(members.map((p) => p.accountKey).filter((k): k is string => Boolean(k)))];
}

/** This page's newest decision still pending, else the worker's newest batch (decided before this page opened). */
export function undoTargetOf(pending: PendingDecisionView[], locals: LocalDecision[]): UndoTarget | null {
  const open = pending.filter(undoable);
  for (let i = locals.length - 1; i >= 0; i--) {
    const d = locals[i]!;
    if (d.undone) continue;
    const members = membersOf(pending, d);
    if (members.length === 0) continue;
    const openMembers = members.filter(undoable);
    return {
      decision: d.decision,
      count: members.length,
      dueAt: Math.max(...members.map((p) => p.dueAt)),
      sending: openMembers.length === 0,
      waiting: openMembers.length === 0 ? waitOf(members) : null,
      others: open.length - openMembers.length,
      local: d,
      workerBatchId: d.workerBatchId,
      accountKeys: accountsOf(members),
    };
  }
  // Decided before this page opened: the worker's newest batch still inside its window, else the
  // newest one being sent (too late to undo, and the bar says so).
  const newest = open.length > 0 ? latestBatch(open) : latestBatch(pending);
  const first = newest[0];
  if (!first) return null;
  return {
    decision: first.decision,
    count: newest.length,
    dueAt: first.dueAt,
    sending: open.length === 0,
    waiting: open.length === 0 ? waitOf(newest) : null,
    others: open.length - newest.length,
    local: null,
    workerBatchId: first.batchId,
    accountKeys: accountsOf(newest),
  };
}
