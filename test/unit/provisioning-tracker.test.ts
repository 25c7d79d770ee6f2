// The add request tracker with a fake service: it follows the schedule, notifies on REVIEW and on an end,
// keeps an unknown status open, and treats a failed check as a check to repeat, not as the request's outcome.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ApiClient } from '../../lib/api/client.ts';
import { ApiError } from '../../lib/api/errors.ts';
import type { DeskDeps } from '../../lib/background/core/deps.ts';
import { provisioningFeature } from '../../lib/background/provisioning/index.ts';
import { createTracker, POLL_ALARM } from '../../lib/background/provisioning/tracker.ts';
import { type TrackedAddRequest, trackerItem } from '../../lib/background/provisioning/tracker-store.ts';

let now = 1_000_000;
let answers: (string | Error)[] = [];
let notified: string[] = [];

/** A client whose every get answers the next status of `answers` (or throws it), read by the call's schema. */
const client = {
  request: async (call: { schema: { parse(v: unknown): unknown } }) => {
    const next = answers.shift() ?? 'PROCESSING';
    if (next instanceof Error) throw next;
    return { data: call.schema.parse({ id: 7, status: next, statusDetail: '' }), status: 200, warnings: [] };
  },
} as unknown as ApiClient;

const tracker = () =>
  createTracker({
    withAccount: (run) => run(client),
    notify: async (entry) => {
      notified.push(`${entry.locationName}:${entry.status}`);
    },
    changed: async () => undefined,
    now: () => now,
  });

function entry(): TrackedAddRequest {
  return {
    key: 'acct|7',
    accountKey: 'acct',
    id: '7',
    fromAccountId: '1001',
    locationName: 'Harbor Bakery – Annex',
    locationId: 'HB-ANNEX',
    mode: 'NEW',
    skus: ['PL-ESSENTIALS'],
    status: 'PROCESSING',
    statusDetail: '',
    dateSubmitted: '',
    dateCompleted: '',
    statusSince: now,
    timeline: [{ status: 'PROCESSING', at: now }],
    nextCheckAt: now,
    checkProblem: null,
    origin: 'sent',
  };
}

const stored = async () => (await trackerItem.getValue())[0]!;

beforeEach(async () => {
  fakeBrowser.reset();
  now = 1_000_000;
  answers = [];
  notified = [];
  await trackerItem.setValue([entry()]);
});

describe('the add request tracker', () => {
  it('checks again 2 s later while PROCESSING, with an alarm to wake a stopped worker', async () => {
    await tracker().checkDue();
    expect((await stored()).nextCheckAt).toBe(now + 2000);
    expect((await browser.alarms.get(POLL_ALARM))?.scheduledTime).toBeGreaterThanOrEqual(now + 2000);
    expect(notified).toEqual([]);
  });

  it('notifies on REVIEW, backs off, then notifies the end and stops checking', async () => {
    const t = tracker();
    answers = ['REVIEW'];
    await t.checkDue();
    expect(notified).toEqual(['Harbor Bakery – Annex:REVIEW']);
    expect((await stored()).nextCheckAt).toBe(now + 60_000);

    now += 60_000;
    answers = ['REVIEW'];
    await t.checkDue();
    expect(notified).toHaveLength(1);

    now += 3 * 3_600_000;
    answers = ['COMPLETE'];
    await t.checkDue();
    const done = await stored();
    expect(done.status).toBe('COMPLETED');
    expect(done.nextCheckAt).toBeNull();
    expect(done.timeline.map((s) => s.status)).toEqual(['PROCESSING', 'REVIEW', 'COMPLETED']);
    expect(notified).toEqual(['Harbor Bakery – Annex:REVIEW', 'Harbor Bakery – Annex:COMPLETED']);
    expect(await browser.alarms.get(POLL_ALARM)).toBeFalsy();
  });

  it('keeps an unknown status, verbatim, and keeps checking it', async () => {
    answers = ['AWAITING_PARTNER'];
    await tracker().checkDue();
    const open = await stored();
    expect(open.status).toBe('AWAITING_PARTNER');
    expect(open.nextCheckAt).toBe(now + 2000);
    expect(notified).toEqual([]);
  });

  it('treats a 503 as a check to repeat, not as the request failing', async () => {
    answers = [new ApiError({ kind: 'http', operation: 'getAddRequest', status: 503 })];
    await tracker().checkDue();
    const after = await stored();
    expect(after.status).toBe('PROCESSING');
    expect(after.checkProblem).toMatch(/503/);
    expect(after.nextCheckAt).toBe(now + 2000);
    expect(notified).toEqual([]);

    now += 2000;
    answers = ['COMPLETED'];
    await tracker().checkDue();
    expect(await stored()).toMatchObject({ status: 'COMPLETED', checkProblem: null });
  });

  it('checks nothing before it is due', async () => {
    await trackerItem.setValue([{ ...entry(), nextCheckAt: now + 10_000 }]);
    answers = ['COMPLETED'];
    await tracker().checkDue();
    expect((await stored()).status).toBe('PROCESSING');
  });
});

describe('the tracker at the browser’s start', () => {
  const open = (n: number): TrackedAddRequest[] =>
    Array.from({ length: n }, (_, i) => ({
      ...entry(),
      key: `acct|${i}`,
      id: String(i),
      locationName: `Location ${i}`,
      status: 'REVIEW',
      // Checked a minute ago; the next check is an hour away.
      nextCheckAt: now + 60 * 60_000,
    }));
  const startWorker = () =>
    provisioningFeature({
      withAccount: (run: (c: ApiClient) => Promise<unknown>) => run(client),
      broadcast: async () => undefined,
      now: () => now,
      apiConfig: {},
    } as unknown as DeskDeps).start?.();
  const ended = async () => (await trackerItem.getValue()).filter((r) => r.status === 'COMPLETED').length;

  it('checks every open request at once, not at its next alarm, in rounds', async () => {
    await trackerItem.setValue(open(25));
    answers = Array(25).fill('COMPLETED');
    startWorker();
    await vi.waitFor(async () => expect(await ended()).toBe(25), { timeout: 5000 });
  });

  it('a worker that restarts in the same browser session checks only what is due', async () => {
    await trackerItem.setValue(open(2));
    answers = ['COMPLETED', 'COMPLETED'];
    startWorker();
    await vi.waitFor(async () => expect(await ended()).toBe(2), { timeout: 5000 });
    await trackerItem.setValue(open(2));
    answers = ['COMPLETED', 'COMPLETED'];
    await createTracker({
      withAccount: (run) => run(client),
      notify: async () => undefined,
      changed: async () => undefined,
      now: () => now,
    }).checkAtStart();
    expect(await ended()).toBe(0);
  });
});
