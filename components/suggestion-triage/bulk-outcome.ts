// What the bulk progress bar (BulkProgress.tsx, loaded on the first bulk decision) shows, worked out in the list's render.
import type { BatchOutcomeView } from '../../lib/messaging/protocol/index.ts';

/**
 * One bulk decision's outcome: across accounts it is a batch per account at the worker, added up here so the
 * bar follows the whole decision and ends when every account's part is answered. Undefined until every
 * batch is in the view (a bar over part of it would end early).
 */
export function bulkOutcome(
  batches: readonly BatchOutcomeView[] | undefined,
  batchIds: readonly string[],
): BatchOutcomeView | undefined {
  if (batchIds.length === 0) return undefined;
  const parts = batchIds.map((id) => batches?.find((b) => b.batchId === id));
  if (parts.some((b) => !b)) return undefined;
  return (parts as BatchOutcomeView[]).reduce((sum, b) => ({
    batchId: batchIds.join(' '),
    decision: sum.decision,
    size: sum.size + b.size,
    sent: sum.sent + b.sent,
    resolvedElsewhere: sum.resolvedElsewhere + b.resolvedElsewhere,
    failed: sum.failed + b.failed,
    undone: sum.undone + b.undone,
    queued: sum.queued + b.queued,
  }));
}
