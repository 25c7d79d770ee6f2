import { describe, expect, it } from 'vitest';
import { abortedError } from '../../../lib/api/errors.ts';
import { fetchAllPages, type Page, type Progress } from '../../../lib/api/paging.ts';
import { rejection } from '../../support/api-rejection.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A fake list of `count` numbered items; pages answer after a random short delay so they finish out of order. */
function fakeList(count: number, options: { countAt?: (offset: number) => number } = {}) {
  let inFlight = 0;
  const seen = { maxInFlight: 0, offsets: [] as number[] };
  const fetchPage = async (offset: number, limit: number, signal: AbortSignal): Promise<Page<number>> => {
    seen.offsets.push(offset);
    inFlight++;
    seen.maxInFlight = Math.max(seen.maxInFlight, inFlight);
    await pause(Math.random() * 15);
    inFlight--;
    // As the client does: a cancelled call rejects with an 'aborted' ApiError.
    if (signal.aborted) throw abortedError('page');
    const items = Array.from({ length: Math.max(0, Math.min(limit, count - offset)) }, (_, i) => offset + i);
    return {
      count: options.countAt?.(offset) ?? count,
      items,
      warnings: offset === 0 ? [{ code: 1, type: 'WARNING', message: 'w' }] : [],
    };
  };
  return { fetchPage, seen };
}

describe('fetchAllPages', () => {
  it('walks offset/limit until count and returns the items in order', async () => {
    const { fetchPage, seen } = fakeList(1234);
    const all = await fetchAllPages({ operation: 'test', pageSize: 100, fetchPage });
    expect(all.count).toBe(1234);
    expect(all.items).toEqual(Array.from({ length: 1234 }, (_, i) => i));
    expect(seen.offsets.sort((a, b) => a - b)).toEqual(Array.from({ length: 13 }, (_, i) => i * 100));
    expect(all.warnings).toEqual([{ code: 1, type: 'WARNING', message: 'w' }]);
  });

  it('asks for one page only when everything fits, or nothing exists', async () => {
    for (const count of [0, 50, 100]) {
      const { fetchPage, seen } = fakeList(count);
      const all = await fetchAllPages({ operation: 'test', pageSize: 100, fetchPage });
      expect(all.items).toHaveLength(count);
      expect(seen.offsets).toEqual([0]);
    }
  });

  it('keeps at most `concurrency` pages in flight', async () => {
    for (const concurrency of [1, 3]) {
      const { fetchPage, seen } = fakeList(2000);
      await fetchAllPages({ operation: 'test', pageSize: 50, concurrency, fetchPage });
      expect(seen.maxInFlight).toBe(concurrency);
    }
    const { fetchPage, seen } = fakeList(2000);
    await fetchAllPages({ operation: 'test', pageSize: 50, fetchPage });
    expect(seen.maxInFlight).toBe(4);
  });

  it('reports progress in pages after each page', async () => {
    const progress: Progress[] = [];
    const { fetchPage } = fakeList(230);
    await fetchAllPages({ operation: 'test', pageSize: 50, fetchPage, onProgress: (p) => progress.push(p) });
    expect(progress).toEqual([1, 2, 3, 4, 5].map((done) => ({ done, total: 5 })));
  });

  it('fails with count-changed when the count moves while paging', async () => {
    const { fetchPage } = fakeList(500, { countAt: (offset) => (offset >= 300 ? 501 : 500) });
    const error = await rejection(fetchAllPages({ operation: 'fetchAllListings', pageSize: 100, fetchPage }));
    expect(error).toMatchObject({ kind: 'count-changed', operation: 'fetchAllListings' });
    expect(error.message).toContain('500 to 501');
  });

  it('stops the remaining pages after a failure and reports that failure', async () => {
    const started: number[] = [];
    const boom = new Error('page 2 failed');
    const fetchPage = async (offset: number, limit: number): Promise<Page<number>> => {
      started.push(offset);
      await pause(5);
      if (offset === 200) throw boom;
      return { count: 5000, items: Array.from({ length: limit }, (_, i) => offset + i) };
    };
    await expect(fetchAllPages({ operation: 'test', pageSize: 100, concurrency: 2, fetchPage })).rejects.toBe(boom);
    expect(started.length).toBeLessThan(10);
  });

  it('is cancelled by the caller signal', async () => {
    const controller = new AbortController();
    const { fetchPage, seen } = fakeList(5000);
    setTimeout(() => controller.abort(), 30);
    const pending = fetchAllPages({
      operation: 'test',
      pageSize: 10,
      concurrency: 1,
      fetchPage,
      signal: controller.signal,
    });
    expect((await rejection(pending)).kind).toBe('aborted');
    expect(seen.offsets.length).toBeLessThan(500);

    const before = fakeList(5000);
    const early = fetchAllPages({
      operation: 'test',
      pageSize: 10,
      fetchPage: before.fetchPage,
      signal: AbortSignal.abort(),
    });
    expect((await rejection(early)).kind).toBe('aborted');
    expect(before.seen.offsets).toEqual([]);
  });
});
