import { describe, expect, test } from 'vitest';
import type { ListingPair } from '../../lib/api/batching.ts';
import { lowerBound, splitOptIn } from '../../lib/background/listings-workspace/opt-in-plan.ts';

const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`);
const rectangle = (locations: string[], publishers: string[]): ListingPair[] =>
  locations.flatMap((locationId) => publishers.map((publisherId) => ({ locationId, publisherId })));

/** Every batch within the cap, only selected pairs, every selected pair sent. */
function expectValid(pairs: ListingPair[], batches: ReturnType<typeof splitOptIn>['batches']) {
  const selected = new Set(pairs.map((p) => `${p.locationId}|${p.publisherId}`));
  const sent = new Set<string>();
  for (const batch of batches) {
    expect(batch.locationIds.length * batch.publisherIds.length).toBeLessThanOrEqual(100);
    for (const l of batch.locationIds) {
      for (const p of batch.publisherIds) {
        expect(selected.has(`${l}|${p}`)).toBe(true);
        sent.add(`${l}|${p}`);
      }
    }
  }
  expect(sent).toEqual(selected);
}

describe('opt-in split', () => {
  test('a folder of 100 locations × 10 publishers goes in the 10 requests it must take', () => {
    const pairs = rectangle(ids('L', 100), ids('P', 10));
    const { batches, minimumRequests } = splitOptIn(pairs);
    expectValid(pairs, batches);
    expect(batches).toHaveLength(10);
    expect(minimumRequests).toBe(10);
  });

  test('one publisher over 250 locations: 3 requests of up to 100 locations', () => {
    const pairs = rectangle(ids('L', 250), ['YELP']);
    const { batches, minimumRequests } = splitOptIn(pairs);
    expectValid(pairs, batches);
    expect(batches).toHaveLength(3);
    expect(minimumRequests).toBe(3);
  });

  test('columns of different lengths are split by publisher, not one request per location', () => {
    // Location i wants publishers 1..(i mod 5 + 1): every location a different set, but columns are nested.
    const pairs = ids('L', 60).flatMap((l, i) => rectangle([l], ids('P', (i % 5) + 1)));
    const { batches } = splitOptIn(pairs);
    expectValid(pairs, batches);
    expect(batches.length).toBeLessThanOrEqual(5);
  });

  test('a diagonal needs one request per pair, and the bound proves it', () => {
    const pairs = ids('L', 12).map((l, i) => ({ locationId: l, publisherId: `P${i}` }));
    const { batches, minimumRequests } = splitOptIn(pairs);
    expectValid(pairs, batches);
    expect(batches).toHaveLength(12);
    expect(minimumRequests).toBe(12);
  });

  test('repeated pairs are sent once, and nothing selected means nothing sent', () => {
    const pairs = [...rectangle(['L1'], ['P1']), ...rectangle(['L1'], ['P1'])];
    expect(splitOptIn(pairs).batches).toEqual([{ locationIds: ['L1'], publisherIds: ['P1'] }]);
    expect(splitOptIn([])).toEqual({ batches: [], minimumRequests: 0 });
    expect(lowerBound([])).toBe(0);
  });
});
