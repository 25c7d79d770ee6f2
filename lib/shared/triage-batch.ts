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

/** PUTs the outbox keeps in flight at once. */
export const DECISION_SEND_CONCURRENCY = 4;
/**
 * PUTs in flight while the service's Rate-Limit-Remaining covers every PUT left in the round and a reserve
 * (decision-round.ts): a bulk of 500 took 3.8 s at 4, 2.0 s at 16 (busy machine). The bench's floor sends at this width.
 */
export const DECISION_SEND_WIDE = 16;
