// Decisions made together share a batch; "undo" without ids and the undo bar act on the newest batch
// still inside its window. Shared by the worker and the popup, so both pick the same one.

export interface BatchMember {
  batchId: string;
  /** Epoch ms at which the undo window closes: the newest batch closes last. */
  dueAt: number;
}

/** Of these open (not yet sending) decisions, the ones in the newest batch; [] when there are none. */
export function latestBatch<T extends BatchMember>(open: readonly T[]): T[] {
  let latest: T | undefined;
  for (const p of open) if (!latest || p.dueAt > latest.dueAt) latest = p;
  const batchId = latest?.batchId;
  return batchId === undefined ? [] : open.filter((p) => p.batchId === batchId);
}

/**
 * The code of a decision whose answer (a 2xx) could not be read and whose suggestion the service still
 * lists as waiting, or could not be checked: not known to have failed, so the popup offers Retry.
 */
export const UNCONFIRMED = 'unconfirmed';

/** PUTs the outbox keeps in flight at once; the bench's floor sends the same 500 PUTs at this width. */
export const DECISION_SEND_CONCURRENCY = 4;
