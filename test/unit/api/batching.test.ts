import { describe, expect, it } from 'vitest';
import { type Batch, type ListingPair, planBatches, runBatches } from '../../../lib/api/batching.ts';
import { ApiError } from '../../../lib/api/errors.ts';
import type { Progress } from '../../../lib/api/paging.ts';

const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`);
const cross = (locations: string[], publishers: string[]): ListingPair[] =>
  locations.flatMap((locationId) => publishers.map((publisherId) => ({ locationId, publisherId })));
const key = (p: ListingPair) => `${p.locationId}|${p.publisherId}`;

/** Every requested pair sent exactly once, no other pair sent, every batch within the cap. */
function expectExactCover(pairs: ListingPair[], batches: Batch[], max = 100) {
  const sent = batches.flatMap((b) => cross(b.locationIds, b.publisherIds)).map(key);
  expect(new Set(sent).size).toBe(sent.length);
  expect(new Set(sent)).toEqual(new Set(pairs.map(key)));
  for (const b of batches) expect(b.locationIds.length * b.publisherIds.length).toBeLessThanOrEqual(max);
}

/** Deterministic pseudo-random numbers, so a failing case can be replayed. */
function seeded(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

/** Exhaustive search over every a × b ≤ max for each group of locations sharing a publisher set. */
function fewestPerGroup(pairs: ListingPair[], max: number): number {
  const sets = new Map<string, Set<string>>();
  for (const p of pairs) sets.set(p.locationId, (sets.get(p.locationId) ?? new Set()).add(p.publisherId));
  const groups = new Map<string, number>();
  for (const set of sets.values()) {
    const k = [...set].sort().join(',');
    groups.set(k, (groups.get(k) ?? 0) + 1);
  }
  let total = 0;
  for (const [k, locations] of groups) {
    const publishers = k.split(',').length;
    let best = Number.POSITIVE_INFINITY;
    for (let a = 1; a <= locations; a++)
      for (let b = 1; b <= publishers && a * b <= max; b++)
        best = Math.min(best, Math.ceil(locations / a) * Math.ceil(publishers / b));
    total += best;
  }
  return total;
}

describe('planBatches', () => {
  it('sends a full 30 locations × 10 publishers in 3 requests', () => {
    const pairs = cross(ids('L', 30), ids('P', 10));
    const batches = planBatches(pairs);
    expect(batches).toHaveLength(3);
    expectExactCover(pairs, batches);
  });

  it('sends 1 location × 250 publishers in 3 requests', () => {
    const pairs = cross(['L1'], ids('P', 250));
    const batches = planBatches(pairs);
    expect(batches).toHaveLength(3);
    expectExactCover(pairs, batches);
  });

  it('sends 250 locations × 1 publisher in 3 requests, and 7 × 13 in one', () => {
    expect(planBatches(cross(ids('L', 250), ['P1']))).toHaveLength(3);
    expect(planBatches(cross(ids('L', 7), ids('P', 13)))).toHaveLength(1);
  });

  it('never sends a pair that was not asked for when locations want different publishers', () => {
    const pairs = [...cross(['A', 'B'], ['P1', 'P2']), ...cross(['C'], ['P1'])];
    const batches = planBatches(pairs);
    expectExactCover(pairs, batches);
    expect(batches).toEqual([
      { locationIds: ['A', 'B'], publisherIds: ['P1', 'P2'] },
      { locationIds: ['C'], publisherIds: ['P1'] },
    ]);
  });

  it('sends a pair asked for twice only once, and nothing for no pairs', () => {
    const batches = planBatches([...cross(['A'], ['P1']), ...cross(['A'], ['P1'])]);
    expect(batches).toEqual([{ locationIds: ['A'], publisherIds: ['P1'] }]);
    expect(planBatches([])).toEqual([]);
  });

  it('covers random sets exactly, within the cap, in the fewest rectangles per publisher set', () => {
    const random = seeded(42);
    for (let round = 0; round < 40; round++) {
      const max = [100, 10, 7][round % 3]!;
      const publishers = ids('P', 1 + Math.floor(random() * 40));
      const pairs = ids('L', 1 + Math.floor(random() * 60)).flatMap((locationId) =>
        publishers.filter(() => random() < 0.6).map((publisherId) => ({ locationId, publisherId })),
      );
      const batches = planBatches(pairs, max);
      expectExactCover(pairs, batches, max);
      expect(batches).toHaveLength(fewestPerGroup(pairs, max));
    }
  });
});

describe('runBatches', () => {
  const batches = planBatches(cross(ids('L', 30), ids('P', 10)));

  it('reports each batch outcome in order, so only failed batches need another try', async () => {
    const failing = new ApiError({ kind: 'http', operation: 'optIn', status: 500 });
    const progress: Progress[] = [];
    const outcomes = await runBatches(
      batches,
      async (batch) => {
        if (batch.locationIds.includes('L15')) throw failing;
      },
      { onProgress: (p) => progress.push(p) },
    );
    expect(outcomes.map((o) => o.ok)).toEqual([true, false, true]);
    expect(outcomes[1]).toEqual({ batch: batches[1], ok: false, error: failing });
    expect(progress.at(-1)).toEqual({ done: 3, total: 3 });

    const sent: Batch[] = [];
    const retried = await runBatches(
      outcomes.filter((o) => !o.ok).map((o) => o.batch),
      async (batch) => {
        sent.push(batch);
      },
    );
    expect(retried.every((o) => o.ok)).toBe(true);
    expect(sent).toEqual([batches[1]]);
  });

  it('respects the concurrency bound', async () => {
    let inFlight = 0;
    let most = 0;
    const many = planBatches(cross(ids('L', 100), ids('P', 10)));
    await runBatches(
      many,
      async () => {
        most = Math.max(most, ++inFlight);
        await new Promise((resolve) => setTimeout(resolve, 2));
        inFlight--;
      },
      { concurrency: 2 },
    );
    expect(many).toHaveLength(10);
    expect(most).toBe(2);
  });

  it('marks batches not sent because of cancellation as aborted, without sending them', async () => {
    let calls = 0;
    const outcomes = await runBatches(
      batches,
      async () => {
        calls++;
      },
      { signal: AbortSignal.abort() },
    );
    expect(calls).toBe(0);
    expect(outcomes.map((o) => (o.ok ? 'ok' : o.error.kind))).toEqual(['aborted', 'aborted', 'aborted']);
  });
});
