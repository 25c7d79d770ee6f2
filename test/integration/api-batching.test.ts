// Bulk opt-in/opt-out through planBatches + runBatches against the real sandbox.
import { beforeEach, describe, expect, it } from 'vitest';
import { type ListingPair, planBatches, runBatches } from '../../lib/api/batching.ts';
import type { ApiClient } from '../../lib/api/client.ts';
import { optIn, optOut } from '../../lib/api/listings.ts';
import { harnessPerFile, type SandboxStateView } from './api-sandbox.ts';

const h = harnessPerFile();
let client: ApiClient;
beforeEach(async () => {
  client = await h.client();
});

const OPT_PATH = '/v2/accounts/me/powerlistings/listings';

/** 25 locations × 10 publishers of account 1001, plus 5 more locations on 3 other publishers. */
async function bigSet(): Promise<ListingPair[]> {
  const state = await h.state();
  const locations = state.locations.filter((l) => l.accountId === '1001').map((l) => l.id);
  const publishers = state.publishers.map((p) => p.id);
  expect(locations.length).toBeGreaterThanOrEqual(30);
  const cross = (locs: string[], pubs: string[]) =>
    locs.flatMap((locationId) => pubs.map((publisherId) => ({ locationId, publisherId })));
  return [
    ...cross(locations.slice(0, 25), publishers.slice(0, 10)),
    ...cross(locations.slice(25, 30), publishers.slice(10, 13)),
  ];
}

const statusOf = (state: SandboxStateView, pairs: ListingPair[]) =>
  pairs.map(
    (p) =>
      state.listings.find(
        (l) => l.accountId === '1001' && l.locationId === p.locationId && l.publisherId === p.publisherId,
      )?.status,
  );

describe('bulk opt-out and opt-in', () => {
  it('changes exactly the requested pairs in the fewest requests', async () => {
    const pairs = await bigSet();
    const batches = planBatches(pairs);
    expect(batches).toHaveLength(4);

    const out = await runBatches(batches, (batch, signal) => optOut(client, batch, { signal }));
    expect(out.every((o) => o.ok)).toBe(true);
    let state = await h.state();
    expect(statusOf(state, pairs).every((s) => s === 'OPTED_OUT')).toBe(true);
    // A neighbour of the big rectangle: a location in it, a publisher outside its columns.
    const neighbour = { locationId: pairs[0]!.locationId, publisherId: pairs.at(-1)!.publisherId };
    await optOut(client, { locationIds: [neighbour.locationId], publisherIds: [neighbour.publisherId] });

    await h.control('DELETE', 'requests');
    const progress: number[] = [];
    const into = await runBatches(batches, (batch, signal) => optIn(client, batch, { signal }), {
      onProgress: (p) => progress.push(p.done),
    });
    expect(into.every((o) => o.ok)).toBe(true);
    expect(progress.sort()).toEqual([1, 2, 3, 4]);
    state = await h.state();
    expect(statusOf(state, pairs).every((s) => s !== 'OPTED_OUT')).toBe(true);
    // No pair outside the set was sent: the neighbour stays opted out.
    expect(statusOf(state, [neighbour])).toEqual(['OPTED_OUT']);
    const calls = (await h.requests()).filter((r) => r.path === `${OPT_PATH}/optin`);
    expect(calls).toHaveLength(4);
  });

  it('reports a failing batch alone; retrying only that batch completes the set', async () => {
    const pairs = await bigSet();
    const batches = planBatches(pairs);
    await runBatches(batches, (batch) => optOut(client, batch));
    await h.control('DELETE', 'requests');

    // 503 on the first opt-in call and its 3 retries: only that batch fails.
    await h.control('POST', 'faults', { method: 'PUT', path: `${OPT_PATH}/optin`, status: 503, count: 4 });
    const outcomes = await runBatches(batches, (batch, signal) => optIn(client, batch, { signal }), { concurrency: 1 });
    expect(outcomes.map((o) => o.ok)).toEqual([false, true, true, true]);
    const failed = outcomes.filter((o) => !o.ok);
    expect(failed[0]).toMatchObject({ error: { kind: 'http', status: 503, operation: 'optIn' } });

    const failedPairs = failed.flatMap((o) =>
      o.batch.locationIds.flatMap((locationId) =>
        o.batch.publisherIds.map((publisherId) => ({ locationId, publisherId })),
      ),
    );
    let state = await h.state();
    expect(statusOf(state, failedPairs).every((s) => s === 'OPTED_OUT')).toBe(true);
    const goodPairs = pairs.filter(
      (p) => !failedPairs.some((f) => f.locationId === p.locationId && f.publisherId === p.publisherId),
    );
    expect(statusOf(state, goodPairs).every((s) => s !== 'OPTED_OUT')).toBe(true);

    await h.control('DELETE', 'requests');
    const retried = await runBatches(
      failed.map((o) => o.batch),
      (batch) => optIn(client, batch),
    );
    expect(retried.every((o) => o.ok)).toBe(true);
    state = await h.state();
    expect(statusOf(state, pairs).every((s) => s !== 'OPTED_OUT')).toBe(true);
    expect(await h.requests()).toHaveLength(1);
  });

  it('a single request over 100 listings is refused by the service with 400', async () => {
    const pairs = await bigSet();
    const locationIds = [...new Set(pairs.map((p) => p.locationId))].slice(0, 11);
    const publisherIds = [...new Set(pairs.map((p) => p.publisherId))].slice(0, 10);
    await expect(optIn(client, { locationIds, publisherIds })).rejects.toMatchObject({
      status: 400,
      errors: [{ code: 2101 }],
    });
  });
});
