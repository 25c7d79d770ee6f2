import { ApiError, type ApiMessage, abortedError } from './errors.ts';

export interface Progress {
  done: number;
  total: number;
}

export interface Page<T> {
  count: number;
  items: T[];
  warnings?: ApiMessage[];
}

export interface FetchAllOptions {
  /** Pages fetched at the same time after the first one. Default 4. */
  concurrency?: number;
  /** Called after each page: pages done, pages in total. */
  onProgress?: (progress: Progress) => void;
  signal?: AbortSignal;
}

export interface FetchAllPagesOptions<T> extends FetchAllOptions {
  operation: string;
  pageSize: number;
  fetchPage: (offset: number, limit: number, signal: AbortSignal) => Promise<Page<T>>;
}

export interface AllPages<T> {
  count: number;
  items: T[];
  warnings: ApiMessage[];
}

/** Runs task(0..n-1) with at most `concurrency` in flight; results keep their index. */
export async function mapBounded<R>(n: number, concurrency: number, task: (index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(n);
  let next = 0;
  const worker = async () => {
    while (next < n) {
      const index = next++;
      results[index] = await task(index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, n)) }, worker));
  return results;
}

/**
 * Walks offset/limit until `count` is reached: the first page tells the count, the rest are fetched
 * with bounded concurrency and returned in order. A count that moves while paging fails the walk,
 * because the pages no longer line up.
 */
export async function fetchAllPages<T>(options: FetchAllPagesOptions<T>): Promise<AllPages<T>> {
  const { operation, pageSize, fetchPage, onProgress, concurrency = 4 } = options;
  const controller = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, controller.signal]) : controller.signal;
  if (signal.aborted) throw abortedError(operation);

  const first = await fetchPage(0, pageSize, signal);
  const { count } = first;
  const total = Math.max(1, Math.ceil(count / pageSize));
  let done = 1;
  onProgress?.({ done, total });

  let failure: unknown;
  const rest = await mapBounded(total - 1, concurrency, async (index) => {
    if (failure !== undefined) throw failure;
    try {
      const page = await fetchPage((index + 1) * pageSize, pageSize, signal);
      if (page.count !== count) {
        throw new ApiError({
          kind: 'count-changed',
          operation,
          detail: `the number of items changed from ${count} to ${page.count} while paging; load again`,
        });
      }
      onProgress?.({ done: ++done, total });
      return page;
    } catch (error) {
      // The first failure wins: the other pages are cancelled and only echo it.
      failure ??= error;
      controller.abort();
      throw failure;
    }
  });

  const pages = [first, ...rest];
  return {
    count,
    items: pages.flatMap((page) => page.items),
    warnings: pages.flatMap((page) => page.warnings ?? []),
  };
}
