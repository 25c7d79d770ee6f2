import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/errors.ts';
import { fetchAllPages, type Page } from '../../../lib/api/paging.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const fast = { pageRetryDelayMs: [5], concurrency: 3 };

function busy(status: number, reset?: number): ApiError {
  return new ApiError({ kind: 'http', operation: 'listListings', status, rateLimit: reset ? { reset } : {} });
}

/** 1,000 numbered items in pages of 100; `fault(offset, attempt)` may throw instead of answering. */
function pagedList(fault: (offset: number, attempt: number) => ApiError | undefined) {
  const attempts = new Map<number, number>();
  const startedAt: { offset: number; at: number }[] = [];
  const fetchPage = async (offset: number, limit: number): Promise<Page<number>> => {
    const attempt = attempts.get(offset) ?? 0;
    attempts.set(offset, attempt + 1);
    startedAt.push({ offset, at: Date.now() });
    await pause(2);
    const error = fault(offset, attempt);
    if (error) throw error;
    return { count: 1000, items: Array.from({ length: limit }, (_, i) => offset + i) };
  };
  return { fetchPage, attempts, startedAt };
}

const all = Array.from({ length: 1000 }, (_, i) => i);

describe('fetchAllPages under faults', () => {
  it('tries again only the page that met a burst of 5xx, and returns everything', async () => {
    const list = pagedList((offset, attempt) => (offset === 300 && attempt < 3 ? busy(503) : undefined));
    const result = await fetchAllPages({ operation: 'test', pageSize: 100, fetchPage: list.fetchPage, ...fast });
    expect(result.items).toEqual(all);
    expect(result.incomplete).toBeUndefined();
    expect(list.attempts.get(300)).toBe(4);
    expect([...list.attempts].filter(([offset]) => offset !== 300).every(([, n]) => n === 1)).toBe(true);
  });

  it('survives a second 429 of one page and holds back every other page until the reset', async () => {
    const reset = Math.ceil(Date.now() / 1000) + 1;
    const limitedAt: number[] = [];
    const list = pagedList((offset) => {
      if (offset !== 200 || limitedAt.length >= 2) return undefined;
      limitedAt.push(Date.now());
      return busy(429, reset);
    });
    const result = await fetchAllPages({ operation: 'test', pageSize: 100, fetchPage: list.fetchPage, ...fast });
    expect(result.items).toEqual(all);
    // Between the first 429 and its reset no page starts, the limited one included.
    const startedDuringPause = list.startedAt.filter((s) => s.at > limitedAt[0]! && s.at < reset * 1000 - 5);
    expect(startedDuringPause).toEqual([]);
    expect(list.attempts.get(200)).toBe(3);
  });

  it('after a 429 whose reset has passed, still waits a step before any page is sent again', async () => {
    const past = Math.floor(Date.now() / 1000) - 5;
    let limitedAt = 0;
    const list = pagedList((offset, attempt) => {
      if (offset !== 200 || attempt > 0) return undefined;
      limitedAt = Date.now();
      return busy(429, past);
    });
    const result = await fetchAllPages({
      operation: 'test',
      pageSize: 100,
      fetchPage: list.fetchPage,
      pageRetryDelayMs: [80],
      concurrency: 3,
    });
    expect(result.items).toEqual(all);
    const retriedAt = list.startedAt.filter((s) => s.offset === 200)[1]!.at;
    expect(retriedAt - limitedAt).toBeGreaterThanOrEqual(75);
    expect(list.startedAt.filter((s) => s.at > limitedAt && s.at < limitedAt + 75)).toEqual([]);
  });

  it('keeps every page it fetched when one page keeps failing, and says which is missing', async () => {
    const list = pagedList((offset) => (offset === 500 ? busy(502) : undefined));
    const result = await fetchAllPages({ operation: 'test', pageSize: 100, fetchPage: list.fetchPage, ...fast });
    expect(result.items).toEqual(all.filter((i) => i < 500 || i >= 600));
    expect(result.incomplete).toMatchObject({ missingPages: 1, pages: 10, error: { status: 502 } });
    expect(list.attempts.get(500)).toBe(4);
  });

  it('stops sending after a definitive answer but keeps what it has', async () => {
    const list = pagedList((offset) => (offset === 200 ? busy(403) : undefined));
    const result = await fetchAllPages({
      operation: 'test',
      pageSize: 100,
      fetchPage: list.fetchPage,
      pageRetryDelayMs: [5],
      concurrency: 1,
    });
    expect(result.items).toEqual(all.slice(0, 200));
    expect(result.incomplete).toMatchObject({ missingPages: 8, pages: 10, error: { status: 403 } });
    expect(list.attempts.get(200)).toBe(1);
    expect(list.attempts.has(300)).toBe(false);
  });

  it("ends the walk at the hourly quota's 429: no page is sent after it, and it says when the rest can come", async () => {
    const topOfHour = Math.ceil(Date.now() / 1000) + 1800;
    let sent = 0;
    let firstQuotaAt = 0;
    const inFlight = new Set<number>();
    let inFlightAtQuota = 0;
    const list = pagedList(() => undefined);
    const fetchPage = async (offset: number, limit: number): Promise<Page<number>> => {
      sent++;
      const mine = sent;
      inFlight.add(offset);
      try {
        if (mine <= 4) return await list.fetchPage(offset, limit);
        await pause(2);
        if (!firstQuotaAt) {
          firstQuotaAt = sent;
          inFlightAtQuota = inFlight.size - 1;
        }
        throw busy(429, topOfHour);
      } finally {
        inFlight.delete(offset);
      }
    };
    const result = await fetchAllPages({ operation: 'test', pageSize: 100, fetchPage, ...fast });
    // The quota's 429 is not a passing fault: before, every remaining page was still sent (and retried).
    expect(sent - firstQuotaAt).toBeLessThanOrEqual(inFlightAtQuota);
    expect(result.items).toEqual(all.slice(0, 400));
    expect(result.incomplete).toMatchObject({
      missingPages: 6,
      pages: 10,
      missingOffsets: [400, 500, 600, 700, 800, 900],
      quotaResetAt: topOfHour * 1000,
      error: { status: 429 },
    });
  });

  it('fails when the first page cannot be fetched: nothing is known then', async () => {
    const list = pagedList(() => busy(401));
    await expect(fetchAllPages({ operation: 'test', pageSize: 100, fetchPage: list.fetchPage })).rejects.toMatchObject({
      status: 401,
    });
  });
});

describe('fetchAllPages when nothing answers', () => {
  const unanswered = () => new ApiError({ kind: 'network', operation: 'listListings', detail: 'no response' });

  it('ends a walk whose first page got no answer after the client’s own retries, without trying it again', async () => {
    const list = pagedList((offset) => (offset === 0 ? unanswered() : undefined));
    const error = await fetchAllPages({ operation: 'test', pageSize: 100, fetchPage: list.fetchPage, ...fast }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ kind: 'network' });
    expect(list.attempts.get(0)).toBe(1);
  });

  it('still tries again a later page that got no answer: the pages already fetched are worth the wait', async () => {
    const list = pagedList((offset, attempt) => (offset === 300 && attempt < 2 ? unanswered() : undefined));
    const result = await fetchAllPages({ operation: 'test', pageSize: 100, fetchPage: list.fetchPage, ...fast });
    expect(result.items).toEqual(all);
    expect(list.attempts.get(300)).toBe(3);
  });

  it('tries the first page again when the service answered with a passing fault', async () => {
    const list = pagedList((offset, attempt) => (offset === 0 && attempt < 2 ? busy(503) : undefined));
    const result = await fetchAllPages({ operation: 'test', pageSize: 100, fetchPage: list.fetchPage, ...fast });
    expect(result.items).toEqual(all);
    expect(list.attempts.get(0)).toBe(3);
  });
});
