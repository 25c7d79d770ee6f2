// fetchAll* against the real sandbox: many pages, in order, bounded, and a count that moves.
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../lib/api/client.ts';
import { isApiError } from '../../lib/api/errors.ts';
import { fetchAllListings, listListings, optOut } from '../../lib/api/listings.ts';
import type { Progress } from '../../lib/api/paging.ts';
import { harnessPerFile } from './api-sandbox.ts';

const h = harnessPerFile();
let client: ApiClient;
beforeEach(async () => {
  client = await h.client();
});

const LISTINGS = '/v2/accounts/me/powerlistings/listings';

describe('fetchAllListings', () => {
  it('walks every page of 100 and returns the listings in the service order', async () => {
    const progress: Progress[] = [];
    const all = await fetchAllListings(client, {}, { onProgress: (p) => progress.push(p) });
    const expected = (await h.state()).listings.filter((l) => l.accountId === '1001').map((l) => l.id);
    expect(expected.length).toBeGreaterThan(1500);
    expect(all.count).toBe(expected.length);
    expect(all.listings.map((l) => l.id)).toEqual(expected);

    const pages = Math.ceil(expected.length / 100);
    expect(progress).toHaveLength(pages);
    expect(progress.at(-1)).toEqual({ done: pages, total: pages });
    const calls = (await h.requests()).filter((r) => r.path.endsWith('/powerlistings/listings'));
    expect(calls).toHaveLength(pages);
  });

  it('applies filters to every page', async () => {
    const publisherIds = (await h.state()).publishers.slice(0, 4).map((p) => p.id);
    const all = await fetchAllListings(client, { publisherIds, statuses: ['LIVE', 'WAITING_ON_PUBLISHER'] });
    expect(all.listings.length).toBe(all.count);
    expect(all.listings.every((l) => publisherIds.includes(l.publisherId))).toBe(true);
    const first = await listListings(client, { publisherIds, statuses: ['LIVE', 'WAITING_ON_PUBLISHER'] });
    expect(first.data.count).toBe(all.count);
  });

  it('keeps at most `concurrency` pages in flight', async () => {
    await h.control('POST', 'latency', { ms: 60 });
    const started = Date.now();
    const all = await fetchAllListings(client, {}, { concurrency: 2 });
    const pages = Math.ceil(all.count / 100);
    // Two at a time, after the first page alone: no faster than that many rounds of latency.
    expect(Date.now() - started).toBeGreaterThanOrEqual(60 * (1 + Math.ceil((pages - 1) / 2)) - 20);
  });

  it('fails with count-changed when the set changes while paging', async () => {
    const live = (await h.state()).listings.filter((l) => l.accountId === '1001' && l.status === 'LIVE');
    expect(live.length).toBeGreaterThan(300);
    await h.control('POST', 'latency', { ms: 40 });
    let change: Promise<unknown> | undefined;
    const error = await fetchAllListings(
      client,
      { statuses: ['LIVE'] },
      {
        concurrency: 1,
        onProgress: () => {
          const target = live.at(-1)!;
          change ??= optOut(client, { locationIds: [target.locationId], publisherIds: [target.publisherId] });
        },
      },
    ).catch((e: unknown) => e);
    await change;
    expect(isApiError(error) && error.kind).toBe('count-changed');
    expect(isApiError(error) && error.operation).toBe('fetchAllListings');
  });

  it('outlasts a burst of 5xx longer than the client retries, fetching again only the failed pages', async () => {
    const expected = (await h.state()).listings.filter((l) => l.accountId === '1001').length;
    await h.control('POST', 'faults', { path: LISTINGS, status: 503, count: 9 });
    const all = await fetchAllListings(client, {}, { pageRetryDelayMs: [20] });
    expect(all.incomplete).toBeUndefined();
    expect(all.listings).toHaveLength(expected);
    const calls = (await h.requests()).filter((r) => r.path === LISTINGS);
    expect(calls.filter((r) => r.status === 503)).toHaveLength(9);
    expect(calls.filter((r) => r.status === 200)).toHaveLength(Math.ceil(expected / 100));
  });

  it('outlasts a second 429 of one page by waiting for the reset', async () => {
    await h.control('POST', 'rate-limit', { count: 2, resetInSeconds: 1 });
    const all = await fetchAllListings(client, {}, { concurrency: 1, pageRetryDelayMs: [20] });
    expect(all.incomplete).toBeUndefined();
    expect(all.listings).toHaveLength(all.count);
    expect((await h.requests()).filter((r) => r.status === 429)).toHaveLength(2);
  });

  it('is cancelled by its signal', async () => {
    await h.control('POST', 'latency', { ms: 50 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 120);
    const error = await fetchAllListings(client, {}, { signal: controller.signal }).catch((e: unknown) => e);
    expect(isApiError(error) && error.kind).toBe('aborted');
    const calls = (await h.requests()).length;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await h.requests()).length).toBe(calls);
  });

  it("ends at the hourly quota's 429: no page after it, what came is kept, and the reset says when the rest can come", async () => {
    // 8 requests left this hour; the account's 21 pages need more.
    await h.control('POST', 'quota', { perHour: 1000, used: 992 });
    await h.control('DELETE', 'requests');
    const topOfHour = (at: number) => (Math.floor(at / 3_600_000) + 1) * 3_600_000;
    const startedAt = Date.now();
    const all = await fetchAllListings(client, {});
    const calls = (await h.requests()).filter((r) => r.path.endsWith('/powerlistings/listings'));
    const pages = Math.ceil(all.count / 100);
    expect(pages).toBeGreaterThan(12);
    const answered = calls.filter((c) => c.status === 200).length;
    expect(answered).toBe(8);
    // Before: every remaining page was sent and met the same 429 (13 of them). Now at most those in flight.
    expect(calls.length - answered).toBeLessThanOrEqual(4);
    expect(all.listings).toHaveLength(800);
    expect(all.incomplete).toMatchObject({ missingPages: pages - 8, pages });
    // The sandbox's hour ends on the hour; a run that crosses one may hear either (it failed at 05:00:07).
    expect([topOfHour(startedAt), topOfHour(Date.now())]).toContain(all.incomplete?.quotaResetAt);
    expect(all.incomplete?.missingOffsets).toHaveLength(pages - 8);
  });
});
