// Add requests are sent in the background, one per location as the interface requires, from a batch kept
// in storage: closing the options page (or a worker stop) does not lose the locations not yet sent.
import type { ApiClient } from '../../api/client.ts';
import {
  type AddRequest,
  createExistingLocationAddRequest,
  createNewLocationAddRequest,
  type ExistingLocationAddRequest,
  type NewLocationAddRequest,
} from '../../api/provisioning.ts';
import { coalesce } from '../../shared/coalesce.ts';
import { problemText } from './tracker.ts';
import {
  firstTracked,
  type SendBatch,
  type SendItem,
  sendBatchesItem,
  type TrackedAddRequest,
  updateBatches,
  updateTracker,
} from './tracker-store.ts';

const INTERRUPTED =
  'The worker stopped while sending this one, so it is not sent twice: choose Check now in the Tracker to see whether the service has it.';

/** Finished batches kept for the progress bar's last word. */
const KEPT_BATCHES = 5;

export interface SenderDeps {
  withAccount: <T>(run: (client: ApiClient) => Promise<T>, accountKey: string) => Promise<T>;
  now: () => number;
  /** After each location: progress for open pages, and the tracker's first quick check. */
  progressed: () => Promise<void>;
  tracked: () => Promise<void>;
}

function send(client: ApiClient, batch: SendBatch, item: SendItem): Promise<{ data: AddRequest }> {
  return item.mode === 'NEW'
    ? createNewLocationAddRequest(client, batch.fromAccountId, item.body as unknown as NewLocationAddRequest)
    : createExistingLocationAddRequest(client, batch.fromAccountId, item.body as unknown as ExistingLocationAddRequest);
}

export function firstEntry(batch: SendBatch, item: SendItem, answer: AddRequest, now: number): TrackedAddRequest {
  const { locationName, locationId, mode } = item;
  const skus = answer.skus ?? (item.body.skus as string[] | undefined) ?? [];
  return firstTracked(
    batch.accountKey,
    answer,
    { fromAccountId: batch.fromAccountId, locationName, locationId, mode, skus, origin: 'sent' },
    now,
  );
}

export function createSender(deps: SenderDeps) {
  async function setItem(batchId: string, index: number, change: Partial<SendItem>) {
    await updateBatches((batches) =>
      batches.map((b) =>
        b.batchId === batchId ? { ...b, items: b.items.map((it, i) => (i === index ? { ...it, ...change } : it)) } : b,
      ),
    );
  }

  async function sendWaiting(): Promise<void> {
    // Left 'sending' by a worker that stopped mid-request (runs never overlap in one worker): the service
    // may have it, so it is not sent again.
    await updateBatches((batches) =>
      batches.map((b) => ({
        ...b,
        items: b.items.map((i) =>
          i.state === 'sending' ? { ...i, state: 'failed' as const, message: INTERRUPTED } : i,
        ),
      })),
    );
    for (;;) {
      const batches = await sendBatchesItem.getValue();
      const batch = batches.find((b) => b.items.some((i) => i.state === 'waiting'));
      if (!batch) return;
      const index = batch.items.findIndex((i) => i.state === 'waiting');
      const item = batch.items[index]!;
      await setItem(batch.batchId, index, { state: 'sending' });
      try {
        const answer = (await deps.withAccount((client) => send(client, batch, item), batch.accountKey)).data;
        const entry = firstEntry(batch, item, answer, deps.now());
        await updateTracker((list) => [...list.filter((r) => r.key !== entry.key), entry]);
        await setItem(batch.batchId, index, { state: 'sent' });
        await deps.tracked();
      } catch (error) {
        await setItem(batch.batchId, index, { state: 'failed', message: problemText(error) });
      }
      await deps.progressed();
    }
  }

  /** Sends every waiting location of every batch, one at a time; safe to call again while running. */
  const resume = coalesce(sendWaiting);

  async function enqueue(batch: SendBatch): Promise<SendBatch> {
    await updateBatches((batches) => {
      const finished = batches.filter((b) => b.items.every((i) => i.state === 'sent' || i.state === 'failed'));
      const open = batches.filter((b) => !finished.includes(b));
      return [...finished.slice(-KEPT_BATCHES), ...open, batch];
    });
    void resume();
    return batch;
  }

  return { enqueue, resume };
}
