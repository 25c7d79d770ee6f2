// How a bulk opt-in is split into requests. The service takes at most 100 listings (locations ×
// publishers) per request, and a request opts in its whole rectangle, so a request may only hold
// locations that all want all of its publishers: nothing the user did not select is ever sent.
//
// Algorithm: planBatches groups locations that want exactly the same publishers and cuts each group into
// the rectangle shape needing the fewest requests; the same is done with the roles swapped (publishers
// that want exactly the same locations), and the split with fewer requests wins. A selection made of
// whole rows or columns (a folder × some publishers, a publisher × some locations) is split into the
// fewest requests possible. For scattered selections, `minimumRequests` is a proven lower bound, so
// requests / minimumRequests is at most how far from the best split this one can be.
import { type Batch, type ListingPair, planBatches } from '../../api/batching.ts';

export const OPT_IN_MAX_PAIRS = 100;
/** Above this many pairs the fooling-set search (quadratic) is skipped and only the count bound is given. */
const FOOLING_SET_LIMIT = 20_000;

export interface OptInSplit {
  batches: Batch[];
  /** A lower bound on the requests any valid split needs. */
  minimumRequests: number;
}

const pairKey = (locationId: string, publisherId: string) => `${locationId}\u0000${publisherId}`;

export function uniquePairs(pairs: readonly ListingPair[]): ListingPair[] {
  const seen = new Set<string>();
  const out: ListingPair[] = [];
  for (const pair of pairs) {
    const key = pairKey(pair.locationId, pair.publisherId);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(pair);
  }
  return out;
}

/**
 * Two selected pairs that no valid request can hold together: a request with both would also hold
 * (l1, p2) and (l2, p1), and one of those is not selected. A set of such pairs needs one request each.
 */
function foolingSetSize(pairs: readonly ListingPair[], selected: ReadonlySet<string>): number {
  const chosen: ListingPair[] = [];
  for (const pair of pairs) {
    const apart = chosen.every(
      (other) =>
        !selected.has(pairKey(pair.locationId, other.publisherId)) ||
        !selected.has(pairKey(other.locationId, pair.publisherId)),
    );
    if (apart) chosen.push(pair);
  }
  return chosen.length;
}

export function lowerBound(pairs: readonly ListingPair[], max = OPT_IN_MAX_PAIRS): number {
  if (pairs.length === 0) return 0;
  const byCount = Math.ceil(pairs.length / max);
  if (pairs.length > FOOLING_SET_LIMIT) return byCount;
  const selected = new Set(pairs.map((p) => pairKey(p.locationId, p.publisherId)));
  return Math.max(byCount, foolingSetSize(pairs, selected));
}

export function splitOptIn(selection: readonly ListingPair[], max = OPT_IN_MAX_PAIRS): OptInSplit {
  const pairs = uniquePairs(selection);
  const byLocation = planBatches(pairs, max);
  const swapped = planBatches(
    pairs.map(({ locationId, publisherId }) => ({ locationId: publisherId, publisherId: locationId })),
    max,
  ).map(({ locationIds, publisherIds }) => ({ locationIds: publisherIds, publisherIds: locationIds }));
  const batches = swapped.length < byLocation.length ? swapped : byLocation;
  return { batches, minimumRequests: lowerBound(pairs, max) };
}
