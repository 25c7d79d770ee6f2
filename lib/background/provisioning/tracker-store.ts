// What the provisioning tracker keeps in storage.local: every add request it follows, and the batches of
// add requests still being sent. Both outlive the popup, the worker and the browser.
import type { AddRequest } from '../../api/provisioning.ts';
import type { SendBatchView, TimelineEntry } from '../../messaging/protocol/index.ts';
import { defineItem } from '../../storage-item.ts';

export interface TrackedAddRequest {
  key: string;
  accountKey: string;
  id: string;
  fromAccountId: string;
  locationName: string;
  locationId: string;
  mode: string;
  skus: string[];
  status: string;
  statusDetail: string;
  dateSubmitted: string;
  dateCompleted: string;
  /** Epoch ms the current status was first seen: the schedule backs off from here. */
  statusSince: number;
  timeline: TimelineEntry[];
  nextCheckAt: number | null;
  checkProblem: string | null;
  origin: 'sent' | 'found';
}

export interface SendItem {
  locationName: string;
  locationId: string;
  mode: 'EXISTING' | 'NEW';
  body: Record<string, unknown>;
  /** 'sending': the POST may have left; never sent twice (see sending.ts). */
  state: 'waiting' | 'sending' | 'sent' | 'failed';
  message?: string;
}

export interface SendBatch {
  batchId: string;
  accountKey: string;
  fromAccountId: string;
  createdAt: number;
  items: SendItem[];
}

export const trackerItem = defineItem<TrackedAddRequest[]>('local:provisioningTracker', { fallback: [] });
export const sendBatchesItem = defineItem<SendBatch[]>('local:provisioningSendBatches', { fallback: [] });
/** Test-only: multiplies the polling schedule (e.g. 0.01), so a browser test need not wait minutes in REVIEW. */
export const pollScaleForTestsItem = defineItem<number | null>('local:provisioningPollScaleForTests', {
  fallback: null,
});

/** Set once every open request was checked after the browser started; storage.session empties at each start. */
export const checkedThisSessionItem = defineItem<boolean | null>('session:provisioningCheckedThisSession', {
  fallback: null,
});

export const trackerKey = (accountKey: string, id: string) => `${accountKey}|${id}`;

/** Where a request came from and what it is for: what the sender knew, or what a found request says. */
export type TrackedOrigin = Pick<
  TrackedAddRequest,
  'fromAccountId' | 'locationName' | 'locationId' | 'mode' | 'skus' | 'origin'
>;

/** A request as the tracker first holds it: the service's answer, its status seen now, checked at once. */
export function firstTracked(
  accountKey: string,
  answer: AddRequest,
  from: TrackedOrigin,
  now: number,
): TrackedAddRequest {
  return {
    key: trackerKey(accountKey, answer.id),
    accountKey,
    id: answer.id,
    ...from,
    status: answer.status,
    statusDetail: answer.statusDetail ?? '',
    dateSubmitted: answer.dateSubmitted ?? '',
    dateCompleted: answer.dateCompleted ?? '',
    statusSince: now,
    timeline: [{ status: answer.status, at: now }],
    nextCheckAt: now,
    checkProblem: null,
  };
}

/** One writer at a time for both items: a poll answer and a new request never overwrite each other. */
let queue: Promise<unknown> = Promise.resolve();
export function serialized<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

export function updateTracker(
  change: (list: TrackedAddRequest[]) => TrackedAddRequest[],
): Promise<TrackedAddRequest[]> {
  return serialized(async () => {
    const next = change(await trackerItem.getValue());
    await trackerItem.setValue(next);
    return next;
  });
}

export function updateBatches(change: (list: SendBatch[]) => SendBatch[]): Promise<SendBatch[]> {
  return serialized(async () => {
    const next = change(await sendBatchesItem.getValue());
    await sendBatchesItem.setValue(next);
    return next;
  });
}

export function batchView(batch: SendBatch): SendBatchView {
  return {
    batchId: batch.batchId,
    total: batch.items.length,
    sent: batch.items.filter((i) => i.state === 'sent').length,
    failed: batch.items
      .filter((i) => i.state === 'failed')
      .map((i) => ({ locationName: i.locationName, message: i.message ?? 'Not sent.' })),
    done: batch.items.every((i) => i.state === 'sent' || i.state === 'failed'),
  };
}
