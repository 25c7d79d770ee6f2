import { ApiError, type ApiMessage, abortedError, isApiError } from './errors.ts';
import { mergeWarnings } from './lists.ts';

export interface Progress {
  done: number;
  total: number;
}

export interface Page<T> {
  count: number;
  items: T[];
  warnings?: ApiMessage[];
  /** The vendor's newer paging: the next page is asked by this token, not by offset. */
  nextPageToken?: string;
}

export interface FetchAllOptions<T = unknown> {
  /** Pages fetched at the same time after the first one. Default 4. */
  concurrency?: number;
  /** Called after each page: pages done, pages in total. */
  onProgress?: (progress: Progress) => void;
  signal?: AbortSignal;
  /**
   * Further tries of one page after the client's own retries failed on a passing fault. Default 3; none for
   * a first page nothing answered (the walk fails at once: nothing is known, and the service is down).
   */
  pageRetries?: number;
  /** Wait before each further try of a page (the last step repeats). Default 2 s, 8 s, 20 s. */
  pageRetryDelayMs?: readonly number[];
  /**
   * A 429 whose reset is further away than this is the hourly quota: it ends the walk at once (no page is
   * sent after it, what was fetched is kept, `incomplete.quotaResetAt` says when). Default 60 s.
   */
  maxRateLimitWaitMs?: number;
  /** Stop after the pages holding this many items (the count stays the service's). Default: all. */
  maxItems?: number;
  /** Each page's items as it arrives (pages may arrive out of order), so a caller can show them at once. */
  onPage?: (items: readonly T[], offset: number, count: number) => void;
}

export interface FetchAllPagesOptions<T> extends FetchAllOptions<T> {
  operation: string;
  pageSize: number;
  fetchPage: (offset: number, limit: number, signal: AbortSignal) => Promise<Page<T>>;
  /** Where the service pages by token: the page after the one that named `token`. */
  fetchPageByToken?: (token: string, limit: number, signal: AbortSignal) => Promise<Page<T>>;
}

/** Some pages could not be fetched: the items are what was, in order, and this says what is missing. */
export interface Incomplete {
  /** The first failure that ended a page. */
  error: ApiError;
  /** Pages not fetched, of `pages` in all. */
  missingPages: number;
  pages: number;
  /** The offsets of the pages not fetched, in order: what a later walk needs to fetch. */
  missingOffsets: number[];
  /**
   * Present when the walk ended on the hourly quota (a 429 whose reset is further than maxRateLimitWaitMs):
   * the reset, epoch ms. No page was sent after that answer; the rest can be fetched from then.
   */
  quotaResetAt?: number;
}

export interface AllPages<T> {
  count: number;
  items: T[];
  warnings: ApiMessage[];
  /** Present only when pages are missing. */
  incomplete?: Incomplete;
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

/** A fault that may pass: no answer, a timeout, 408, 429 or 5xx. */
export function isPassingFault(error: ApiError): boolean {
  if (error.kind === 'network' || error.kind === 'timeout') return true;
  const { status } = error;
  return error.kind === 'http' && status !== undefined && (status === 408 || status === 429 || status >= 500);
}

/** Resolves once `until` (epoch ms) has passed; rejects with an 'aborted' ApiError when the signal fires. */
function waitUntil(until: () => number, signal: AbortSignal, operation: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (signal.aborted) return reject(abortedError(operation));
      const wait = until() - Date.now();
      if (wait <= 0) {
        signal.removeEventListener('abort', onAbort);
        return resolve();
      }
      timer = setTimeout(check, wait);
    };
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortedError(operation));
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    signal.addEventListener('abort', onAbort, { once: true });
    check();
  });
}

/**
 * Walks offset/limit until `count` is reached: the first page tells the count, the rest are fetched
 * with bounded concurrency and returned in order. A page that meets a passing fault is tried again on
 * its own; a 429 pauses every page not yet sent until its reset, and the hourly quota's 429 (a reset
 * further than maxRateLimitWaitMs) ends the walk at once. Pages that still fail are reported
 * in `incomplete` and the rest are kept. A count that moves while paging fails the walk, because the
 * pages no longer line up; so does a first page that cannot be fetched, since nothing is known then.
 */
export async function fetchAllPages<T>(options: FetchAllPagesOptions<T>): Promise<AllPages<T>> {
  const { operation, pageSize, fetchPage, onProgress, concurrency = 4 } = options;
  const { pageRetries = 3, pageRetryDelayMs = [2000, 8000, 20_000], maxRateLimitWaitMs = 60_000 } = options;
  const controller = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, controller.signal]) : controller.signal;
  if (signal.aborted) throw abortedError(operation);

  // One pause for every request of this walk: a 429 on one page holds back the others.
  let pausedUntil = 0;
  let definitive: ApiError | undefined;
  // The quota's 429: every request after it would meet the same answer until the top of the hour.
  let quota: ApiError | undefined;

  const fetchWithRetries = async (offset: number, token?: string): Promise<Page<T>> => {
    for (let attempt = 0; ; attempt++) {
      await waitUntil(() => pausedUntil, signal, operation);
      if (quota) throw quota;
      try {
        if (token !== undefined && options.fetchPageByToken)
          return await options.fetchPageByToken(token, pageSize, signal);
        return await fetchPage(offset, pageSize, signal);
      } catch (error) {
        if (!isApiError(error) || error.kind === 'aborted' || signal.aborted) throw error;
        const reset = error.status === 429 || error.kind === 'held-back' ? error.rateLimit?.reset : undefined;
        // The worker's budget holding background work back until the reset ends the walk as the quota does.
        if (reset !== undefined && (error.kind === 'held-back' || reset * 1000 - Date.now() > maxRateLimitWaitMs)) {
          quota ??= error;
          definitive ??= error;
          throw error;
        }
        if (!isPassingFault(error) || attempt >= pageRetries) throw error;
        // Nothing answered the first page through the client's own retries (~5 s): the service is down, and
        // 30 s more of waiting would only keep the person from the words (and the Retry) that say so.
        if (offset === 0 && error.kind === 'network' && error.status === undefined) throw error;
        const step = pageRetryDelayMs[Math.min(attempt, pageRetryDelayMs.length - 1)] ?? 0;
        // A reset already past (a clock apart, or a quota spent again) still waits one step.
        const until = reset !== undefined && reset * 1000 > Date.now() ? reset * 1000 : Date.now() + step;
        if (error.status === 429) pausedUntil = Math.max(pausedUntil, until);
        else await waitUntil(() => until, signal, operation);
      }
    }
  };

  const first = await fetchWithRetries(0);
  const { count } = first;
  options.onPage?.(first.items, 0, count);
  const total = Math.max(1, Math.ceil(Math.min(count, options.maxItems ?? count) / pageSize));
  let done = 1;
  onProgress?.({ done, total });
  const countChanged = (page: Page<T>) =>
    new ApiError({
      kind: 'count-changed',
      operation,
      detail: `the number of items changed from ${count} to ${page.count} while paging; load again`,
    });

  // A token only leads to the next page: one after the other, the same retries, what could not be had reported.
  if (first.nextPageToken !== undefined && options.fetchPageByToken) {
    const pages = [first];
    let token: string | undefined = first.nextPageToken;
    let offset = first.items.length;
    let failure: ApiError | undefined;
    while (token && offset < Math.min(count, options.maxItems ?? count)) {
      let page: Page<T>;
      try {
        page = await fetchWithRetries(offset, token);
      } catch (error) {
        if (!isApiError(error) || error.kind === 'aborted')
          throw options.signal?.aborted ? abortedError(operation) : error;
        failure = error;
        break;
      }
      if (page.count !== count) throw countChanged(page);
      // A page with nothing on it is the end, whatever its token says: a loop would never end.
      if (page.items.length === 0) break;
      options.onPage?.(page.items, offset, count);
      onProgress?.({ done: ++done, total: Math.max(total, done) });
      pages.push(page);
      offset += page.items.length;
      token = page.nextPageToken;
    }
    const result: AllPages<T> = {
      count,
      items: pages.flatMap((page) => page.items),
      warnings: mergeWarnings(pages.flatMap((page) => page.warnings ?? [])),
    };
    if (failure) {
      const missingOffsets: number[] = [];
      for (let at = offset; at < Math.min(count, options.maxItems ?? count); at += pageSize) missingOffsets.push(at);
      result.incomplete = {
        error: quota ?? failure,
        missingPages: missingOffsets.length,
        pages: done + missingOffsets.length,
        missingOffsets,
      };
      const reset = quota?.rateLimit?.reset;
      if (reset !== undefined) result.incomplete.quotaResetAt = reset * 1000;
    }
    return result;
  }

  let failure: ApiError | undefined;
  let failedPages = 0;
  const missingOffsets: number[] = [];
  const rest = await mapBounded(total - 1, concurrency, async (index): Promise<Page<T> | undefined> => {
    if (definitive) {
      failedPages++;
      missingOffsets.push((index + 1) * pageSize);
      return undefined;
    }
    try {
      const page = await fetchWithRetries((index + 1) * pageSize);
      if (page.count !== count) throw countChanged(page);
      options.onPage?.(page.items, (index + 1) * pageSize, count);
      onProgress?.({ done: ++done, total });
      return page;
    } catch (error) {
      if (!isApiError(error) || error.kind === 'aborted' || error.kind === 'count-changed') {
        // The walk is over: the other pages are cancelled and only echo it.
        controller.abort();
        throw error;
      }
      failure ??= error;
      failedPages++;
      missingOffsets.push((index + 1) * pageSize);
      // Only a passing fault leaves the other pages worth fetching.
      if (!isPassingFault(error)) definitive ??= error;
      return undefined;
    }
  }).catch((error: unknown) => {
    throw options.signal?.aborted ? abortedError(operation) : error;
  });

  const pages = [first, ...rest.filter((page): page is Page<T> => page !== undefined)];
  const result: AllPages<T> = {
    count,
    items: pages.flatMap((page) => page.items),
    warnings: mergeWarnings(pages.flatMap((page) => page.warnings ?? [])),
  };
  if (failure) {
    result.incomplete = {
      error: quota ?? failure,
      missingPages: failedPages,
      pages: total,
      missingOffsets: missingOffsets.sort((a, b) => a - b),
    };
    const reset = quota?.rateLimit?.reset;
    if (reset !== undefined) result.incomplete.quotaResetAt = reset * 1000;
  }
  return result;
}
