import { describe, expect, it } from 'vitest';
import { nextPollDelayMs } from '../../../lib/api/add-request-schedule.ts';

const S = 1000;
const M = 60 * S;
const H = 60 * M;

/** Every get of one request that stays in `status` for `forMs`, on the schedule. */
function getsOver(status: string, forMs: number): number {
  let t = 0;
  let gets = 0;
  for (;;) {
    gets++;
    const delay = nextPollDelayMs(status, t);
    if (delay === null || t + delay > forMs) return gets;
    t += delay;
  }
}

describe('the add request polling schedule', () => {
  it('asks every 2 s while PROCESSING is young, then backs off', () => {
    expect(nextPollDelayMs('PROCESSING', 0)).toBe(2 * S);
    expect(nextPollDelayMs('PROCESSING', 10 * S)).toBe(2 * S);
    expect(nextPollDelayMs('PROCESSING', 60 * S)).toBe(10 * S);
    expect(nextPollDelayMs('PROCESSING', 10 * M)).toBe(M);
    expect(nextPollDelayMs('PROCESSING', 5 * H)).toBe(15 * M);
  });

  it('backs off in REVIEW, from a minute to half an hour, and never stops polling on its own', () => {
    const delays = [0, 20 * M, 2 * H, 47 * H].map((t) => nextPollDelayMs('REVIEW', t));
    expect(delays).toEqual([M, 5 * M, 15 * M, 30 * M]);
    for (let i = 1; i < delays.length; i++) expect(delays[i]!).toBeGreaterThanOrEqual(delays[i - 1]!);
    expect(nextPollDelayMs('REVIEW', 30 * 24 * H)).toBe(30 * M);
  });

  it('stops at every terminal spelling', () => {
    for (const status of ['COMPLETED', 'COMPLETE', 'CANCELED', 'FAILED']) expect(nextPollDelayMs(status, 0)).toBeNull();
  });

  it('keeps polling an unknown status like a pending one', () => {
    expect(nextPollDelayMs('QUEUED_FOR_HUMAN', 0)).toBe(2 * S);
    expect(nextPollDelayMs('QUEUED_FOR_HUMAN', 10 * H)).toBe(15 * M);
    expect(nextPollDelayMs('', 0)).toBe(2 * S);
  });

  it('stays far inside the vendor quota for 40 requests in REVIEW for 48 hours', () => {
    const perRequest = getsOver('REVIEW', 48 * H);
    expect(perRequest).toBeLessThan(130);
    // The busiest hour is the first: 40 requests together still send well under 5,000 gets.
    expect(40 * getsOver('REVIEW', H)).toBeLessThan(1000);
  });
});
