// Bulk opt-in jobs, run in the background so closing the page does not stop them. Like the decision
// outbox, every job lives in storage: a batch is claimed (state 'sending', this run's id, attempts + 1)
// before its request, so a batch whose worker died is sent again by the next one. The worker resumes on
// start, and an alarm is the backstop while any job is unfinished. The client's retry policy retries a
// batch's passing faults; a batch that still fails is kept with the interface's error for "Retry failed".
// A job opts in or out (its direction); the machinery is the same. A batch tried before (claimed by a run
// that died, or failed: a timeout may have been applied) may have reached the service already, so its pairs'
// statuses are read first and only those still to change are sent. An answer that proves nothing (a 2xx
// whose body was cut off) is checked the same way: the batch is done if nothing is left to change.

import { browser } from 'wxt/browser';
import type { Batch } from '../../api/batching.ts';
import { isUnprovenAnswer } from '../../api/errors.ts';
import { fetchAllListings, optIn, optOut } from '../../api/listings.ts';
import { toWireError } from '../../messaging/background.ts';
import type { OptDirection, OptInBatchView, OptInJobView } from '../../messaging/protocol/index.ts';
import type { WireError } from '../../messaging/wire-error.ts';
import { coalesce } from '../../shared/coalesce.ts';
import { UNCONFIRMED } from '../../shared/triage-batch.ts';
import { defineItem } from '../../storage-item.ts';
import { linkedAccountsItem } from '../core/account-items.ts';
import { type AccountLink, withAccountLock } from '../core/account-lock.ts';
import { heldBackUntil } from '../core/request-budget.ts';
import type { StorageWrites } from '../feature.ts';
import type { WorkspaceDeps } from './deps.ts';
import { splitOptIn } from './opt-in-plan.ts';

export const OPT_IN_ALARM = 'listings-opt-in';
/** A job runs in the background: it asks the request budget before each request. */
const OPT_IN_JOBS = { purpose: 'opt-in jobs' } as const;

/** Batches sent at the same time: gentle on the hourly quota the whole desk shares. */
const CONCURRENCY = 3;

export interface StoredBatch extends Batch {
  state: 'pending' | 'sending' | 'done' | 'failed';
  attempts: number;
  error: WireError | null;
  /** The worker run that claimed it; a claim by another run died with its worker. */
  claimedBy: string | null;
}

export interface StoredJob {
  id: string;
  accountKey: string;
  link: AccountLink | null;
  /** Absent in jobs stored before opt-out existed: those opt in. */
  direction?: OptDirection;
  createdAt: number;
  pairs: number;
  batches: StoredBatch[];
  finishedAt: number | null;
}

export const optInJobsItem = defineItem<StoredJob[]>('local:listingsOptInJobs', { fallback: [] });

export function toJobView(job: StoredJob): OptInJobView {
  const count = (state: StoredBatch['state']) => job.batches.filter((b) => b.state === state).length;
  const failed: OptInBatchView[] = [];
  job.batches.forEach((b, index) => {
    if (b.state === 'failed') {
      failed.push({ index, ...pick(b), state: b.state, attempts: b.attempts, error: b.error });
    }
  });
  return {
    id: job.id,
    accountKey: job.accountKey,
    direction: job.direction ?? 'in',
    createdAt: job.createdAt,
    state: job.finishedAt === null ? 'running' : 'finished',
    pairs: job.pairs,
    batches: {
      total: job.batches.length,
      done: count('done'),
      failed: failed.length,
      pending: count('pending') + count('sending'),
    },
    failed,
    finishedAt: job.finishedAt,
  };
}

const pick = (b: Batch): Batch => ({ locationIds: b.locationIds, publisherIds: b.publisherIds });

export interface JobHooks {
  /** A job has no batch left to send: refresh the rows its done batches touched. */
  finished(job: StoredJob): Promise<void>;
  /** One opt-in or opt-out request; throws what the API session throws. */
  send?(accountKey: string, batch: Batch, direction: OptDirection): Promise<void>;
  /** The statuses of a batch's listings now, as the service holds them. */
  statuses?(accountKey: string, batch: Batch): Promise<{ locationId: string; publisherId: string; status: string }[]>;
}

interface Claim {
  jobId: string;
  accountKey: string;
  direction: OptDirection;
  index: number;
  batch: Batch;
  /** Tried before (a run that died, a failure): its request may have reached the service. */
  triedBefore: boolean;
}

export function createOptInJobs(deps: WorkspaceDeps, hooks: JobHooks) {
  const runId = crypto.randomUUID();
  // What this run has seen end stays ended, whatever a stale copy (a write racing a clear) puts back:
  // dismissed or forgotten jobs, and batches answered (with when their job finished).
  const gone = new Set<string>();
  const answered = new Set<string>();
  const finishedAt = new Map<string, number>();
  const batchKey = (jobId: string, index: number) => `${jobId}\u0000${index}`;

  const send =
    hooks.send ??
    ((accountKey: string, batch: Batch, direction: OptDirection) =>
      deps.withAccount(
        async (client) => {
          await (direction === 'out' ? optOut : optIn)(client, batch);
        },
        accountKey,
        OPT_IN_JOBS,
      ));
  const statuses =
    hooks.statuses ??
    ((accountKey: string, batch: Batch) =>
      deps.withAccount(
        async (client) => {
          const { listings, incomplete } = await fetchAllListings(client, batch);
          if (incomplete) throw incomplete.error;
          return listings;
        },
        accountKey,
        OPT_IN_JOBS,
      ));

  /** The batch's pairs still in the state the job changes (opted out for an opt-in, not opted out for an opt-out). */
  async function stillToChange(c: Claim) {
    const wanted = new Set(c.batch.locationIds.flatMap((l) => c.batch.publisherIds.map((p) => `${l}\u0000${p}`)));
    return (await statuses(c.accountKey, c.batch)).filter(
      (l) =>
        wanted.has(`${l.locationId}\u0000${l.publisherId}`) && (c.direction === 'out') !== (l.status === 'OPTED_OUT'),
    );
  }

  /** A batch tried before: only its pairs still to change are sent, in requests that hold nothing else. */
  async function sendRest(c: Claim): Promise<void> {
    for (const batch of splitOptIn(await stillToChange(c)).batches) await send(c.accountKey, batch, c.direction);
  }

  /** After an answer that proved nothing: null when the service holds every pair changed, else why not. */
  async function confirm(c: Claim, cause: unknown): Promise<WireError | null> {
    let why: string;
    try {
      const left = (await stillToChange(c)).length;
      if (left === 0) return null;
      const state = c.direction === 'in' ? 'opted out' : 'not opted out';
      why = `${left === 1 ? '1 of its listings is' : `${left} of its listings are`} still ${state} there`;
    } catch {
      why = 'Listings Desk could not check its listings afterwards';
    }
    return {
      ...toWireError(cause),
      code: UNCONFIRMED,
      message: `Listings Desk could not confirm this request: the service’s answer could not be read, and ${why}. Choose Retry failed to send what is left.`,
    };
  }

  /** Drops what ended in this run or whose account is no longer linked; marks batches already answered as done. */
  async function current(stored: StoredJob[]): Promise<StoredJob[]> {
    const kept: StoredJob[] = [];
    const accounts = await linkedAccountsItem.getValue();
    for (const job of stored) {
      if (gone.has(job.id)) continue;
      // Still linked on the job's API origin: a relink there keeps the job, another origin's link does not.
      const origin = job.link?.apiOrigin;
      if (!accounts.some((a) => a.accountKey === job.accountKey && (!origin || a.apiOrigin === origin))) continue;
      job.batches.forEach((b, index) => {
        if (answered.has(batchKey(job.id, index)) && b.state !== 'done' && b.state !== 'failed') {
          b.state = 'done';
          b.claimedBy = runId;
        }
      });
      const ended = finishedAt.get(job.id);
      if (
        job.finishedAt === null &&
        ended !== undefined &&
        job.batches.every((b) => b.state === 'done' || b.state === 'failed')
      ) {
        job.finishedAt = ended;
      }
      kept.push(job);
    }
    return kept;
  }

  /** Read-modify-write of the jobs in the account lock, always of the value stored now. */
  function update<T>(change: (jobs: StoredJob[]) => T): Promise<T> {
    return withAccountLock(async () => {
      // A copy: with nothing stored, getValue() hands out the item's one fallback array.
      const jobs = await current(structuredClone(await optInJobsItem.getValue()));
      const result = change(jobs);
      await optInJobsItem.setValue(jobs);
      return result;
    });
  }

  async function create(job: Omit<StoredJob, 'id' | 'batches' | 'finishedAt'>, batches: Batch[]): Promise<StoredJob> {
    const stored: StoredJob = {
      ...job,
      id: crypto.randomUUID(),
      finishedAt: null,
      batches: batches.map((b) => ({ ...pick(b), state: 'pending', attempts: 0, error: null, claimedBy: null })),
    };
    await update((jobs) => jobs.unshift(stored));
    void resume();
    return stored;
  }

  /** Claims up to CONCURRENCY batches: pending ones, or ones claimed by a run that is gone. */
  function claim(): Promise<Claim[]> {
    return update((jobs) => {
      const claimed: Claim[] = [];
      for (const job of jobs) {
        job.batches.forEach((b, index) => {
          if (claimed.length >= CONCURRENCY) return;
          if (b.state === 'pending' || (b.state === 'sending' && b.claimedBy !== runId)) {
            const triedBefore = b.attempts > 0;
            b.state = 'sending';
            b.claimedBy = runId;
            b.attempts++;
            const direction = job.direction ?? 'in';
            claimed.push({ jobId: job.id, accountKey: job.accountKey, direction, index, batch: pick(b), triedBefore });
          }
        });
      }
      return claimed;
    });
  }

  async function round(): Promise<boolean> {
    const claimed = await claim();
    if (claimed.length === 0) return false;
    const outcomes = await Promise.all(
      claimed.map(async (c) => {
        try {
          if (c.triedBefore) await sendRest(c);
          else await send(c.accountKey, c.batch, c.direction);
          return { ...c, error: null, heldBack: false };
        } catch (error) {
          if (isUnprovenAnswer(error)) return { ...c, error: await confirm(c, error), heldBack: false };
          return { ...c, error: toWireError(error), heldBack: heldBackUntil(error) !== undefined };
        }
      }),
    );
    const { changed, finished } = await update((jobs) => {
      const changedJobs = new Set<StoredJob>();
      for (const outcome of outcomes) {
        const job = jobs.find((j) => j.id === outcome.jobId);
        const batch = job?.batches[outcome.index];
        if (!outcome.error) answered.add(batchKey(outcome.jobId, outcome.index));
        if (!job || !batch || batch.claimedBy !== runId) continue;
        if (outcome.heldBack) {
          // Not sent (the hour's budget is kept for the person): pending again, for the alarm after the reset.
          Object.assign(batch, { state: 'pending', claimedBy: null, attempts: batch.attempts - 1 });
          continue;
        }
        batch.state = outcome.error ? 'failed' : 'done';
        batch.error = outcome.error;
        changedJobs.add(job);
      }
      const done: StoredJob[] = [];
      for (const job of changedJobs) {
        if (job.finishedAt === null && job.batches.every((b) => b.state === 'done' || b.state === 'failed')) {
          job.finishedAt = deps.now();
          finishedAt.set(job.id, job.finishedAt);
          done.push(job);
        }
      }
      return { changed: [...changedJobs], finished: done };
    });
    for (const job of changed)
      await deps.broadcast('listings.optIn.changed', { accountKey: job.accountKey, job: toJobView(job) });
    for (const job of finished) await hooks.finished(job).catch(() => undefined);
    // Held back: the next round would be too; the minute alarm tries again.
    return !outcomes.some((o) => o.heldBack);
  }

  async function armAlarm(): Promise<void> {
    const unfinished = (await optInJobsItem.getValue()).some((j) => j.finishedAt === null);
    if (unfinished) {
      if (!(await browser.alarms.get(OPT_IN_ALARM))) browser.alarms.create(OPT_IN_ALARM, { periodInMinutes: 1 });
    } else await browser.alarms.clear(OPT_IN_ALARM);
  }

  /** Sends until no batch is left; one drain at a time, and a call during a drain runs it once more. */
  const resume = coalesce(async () => {
    try {
      await armAlarm();
      while (await round()) {
        // one round after another until nothing is claimable
      }
    } finally {
      await armAlarm().catch(() => undefined);
    }
  });

  async function jobs(accountKey: string): Promise<OptInJobView[]> {
    const stored = await current(structuredClone(await optInJobsItem.getValue()));
    return stored.filter((j) => j.accountKey === accountKey).map(toJobView);
  }

  async function retryFailed(accountKey: string, jobId: string): Promise<StoredJob | undefined> {
    const job = await update((all) => {
      const found = all.find((j) => j.id === jobId && j.accountKey === accountKey);
      if (!found) return undefined;
      for (const b of found.batches) {
        if (b.state === 'failed') {
          b.state = 'pending';
          b.claimedBy = null;
        }
      }
      if (found.batches.some((b) => b.state === 'pending')) found.finishedAt = null;
      return structuredClone(found);
    });
    if (job) void resume();
    return job;
  }

  async function dismiss(accountKey: string, jobId: string): Promise<void> {
    await update((all) => {
      const index = all.findIndex((j) => j.id === jobId && j.accountKey === accountKey && j.finishedAt !== null);
      if (index >= 0) gone.add(all.splice(index, 1)[0]!.id);
    });
  }

  /** The write that drops the account's jobs (unlink makes it, in the lock). */
  async function forgetAccount(accountKey: string): Promise<StorageWrites> {
    const all = await optInJobsItem.getValue();
    for (const job of all) if (job.accountKey === accountKey) gone.add(job.id);
    return [{ item: optInJobsItem, value: all.filter((j) => j.accountKey !== accountKey) }];
  }

  function start(): void {
    browser.alarms.onAlarm.addListener((alarm) => {
      if (alarm.name === OPT_IN_ALARM) void resume();
    });
    void resume();
  }

  /** Tests: until the current drain (if any) has ended. */
  function settled(): Promise<void> {
    return resume.idle();
  }

  return { create, resume, jobs, retryFailed, dismiss, forgetAccount, start, settled, runId };
}

export type OptInJobs = ReturnType<typeof createOptInJobs>;
