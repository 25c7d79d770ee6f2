import { type ApiError, abortedError, isApiError } from './errors.ts';
import { mapBounded, type Progress } from './paging.ts';

export interface ListingPair {
  locationId: string;
  publisherId: string;
}

export interface Batch {
  locationIds: string[];
  publisherIds: string[];
}

export type BatchOutcome = { batch: Batch; ok: true } | { batch: Batch; ok: false; error: ApiError };

export interface RunBatchesOptions {
  /** Batches sent at the same time. Default 4. */
  concurrency?: number;
  onProgress?: (progress: Progress) => void;
  signal?: AbortSignal;
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** a locations × b publishers per request, a·b ≤ max, covering L × P in the fewest requests. */
function bestRectangle(locations: number, publishers: number, max: number): [number, number] {
  let best: [number, number] = [1, Math.min(publishers, max)];
  let fewest = Number.POSITIVE_INFINITY;
  for (let a = 1; a <= Math.min(locations, max); a++) {
    const b = Math.min(publishers, Math.floor(max / a));
    const requests = Math.ceil(locations / a) * Math.ceil(publishers / b);
    if (requests < fewest) {
      fewest = requests;
      best = [a, b];
    }
  }
  return best;
}

/**
 * Splits (location × publisher) pairs into opt-in/opt-out requests whose locations × publishers ≤ max.
 * Each request is a full rectangle, so only locations that want exactly the same publishers share one:
 * no pair that was not asked for is ever sent, and every pair asked for is sent exactly once.
 */
export function planBatches(pairs: readonly ListingPair[], max = 100): Batch[] {
  const publishersByLocation = new Map<string, Set<string>>();
  for (const { locationId, publisherId } of pairs) {
    const publishers = publishersByLocation.get(locationId) ?? new Set<string>();
    publishers.add(publisherId);
    publishersByLocation.set(locationId, publishers);
  }

  const groups = new Map<string, Batch>();
  for (const [locationId, publishers] of publishersByLocation) {
    const publisherIds = [...publishers].sort();
    const key = JSON.stringify(publisherIds);
    const group = groups.get(key) ?? { locationIds: [], publisherIds };
    group.locationIds.push(locationId);
    groups.set(key, group);
  }

  return [...groups.values()].flatMap(({ locationIds, publisherIds }) => {
    const [a, b] = bestRectangle(locationIds.length, publisherIds.length, max);
    return chunk(locationIds, a).flatMap((locs) =>
      chunk(publisherIds, b).map((pubs) => ({ locationIds: locs, publisherIds: pubs })),
    );
  });
}

/** Sends every batch and reports each one's outcome, so failed batches can be retried alone. */
export function runBatches(
  batches: readonly Batch[],
  send: (batch: Batch, signal?: AbortSignal) => Promise<unknown>,
  options: RunBatchesOptions = {},
): Promise<BatchOutcome[]> {
  const { signal, onProgress, concurrency = 4 } = options;
  let done = 0;
  return mapBounded(batches.length, concurrency, async (index): Promise<BatchOutcome> => {
    const batch = batches[index]!;
    try {
      if (signal?.aborted) throw abortedError('runBatches');
      await send(batch, signal);
      return { batch, ok: true };
    } catch (error) {
      if (!isApiError(error)) throw error;
      return { batch, ok: false, error };
    } finally {
      onProgress?.({ done: ++done, total: batches.length });
    }
  });
}
