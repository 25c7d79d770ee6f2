import { z } from 'zod';
import { lazy } from '../shared/lazy.ts';
import type { ApiMessage } from './errors.ts';
import { type ItemReader, num, readItems } from './schemas-common.ts';

/** What a response reader gives the client: the data, or why the answer cannot be used. */
export type ReadResult<T> = { ok: true; data: T; warnings: ApiMessage[] } | { ok: false; detail: string };

export interface ResponseReader<T> {
  read: (response: unknown) => ReadResult<T>;
  /** What an empty body or a missing `response` means; without it, such an answer is unusable. */
  empty?: () => ReadResult<T>;
}

/** Warnings the client adds itself, beside the service's meta.errors; `name` tells them apart. */
export const SKIPPED_ITEMS = 'client.skipped-items';
export const EMPTY_ANSWER = 'client.empty-answer';

export function skippedItemsWarning(skipped: number, noun: string): ApiMessage {
  const message =
    skipped === 1
      ? `1 of the ${noun} could not be read and is not shown`
      : `${skipped} ${noun} could not be read and are not shown`;
  return { code: 0, type: 'WARNING', name: SKIPPED_ITEMS, message, count: skipped, subject: noun };
}

/**
 * The warnings of many pages as one list: the same message once, and the items left out added up
 * ("2 listings…" on one page and "1 listing…" on another read "3 listings…").
 */
export function mergeWarnings(warnings: readonly ApiMessage[]): ApiMessage[] {
  const merged: ApiMessage[] = [];
  const seen = new Set<string>();
  const skipped = new Map<string, ApiMessage>();
  for (const warning of warnings) {
    if (warning.name === SKIPPED_ITEMS && warning.count !== undefined && warning.subject !== undefined) {
      const earlier = skipped.get(warning.subject);
      const sum = skippedItemsWarning((earlier?.count ?? 0) + warning.count, warning.subject);
      if (earlier) merged[merged.indexOf(earlier)] = sum;
      else merged.push(sum);
      skipped.set(warning.subject, sum);
      continue;
    }
    const key = `${warning.code}\u0000${warning.type}\u0000${warning.name ?? ''}\u0000${warning.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    merged.push(warning);
  }
  return merged;
}

// The interface: listings calls answer empty without an active Listings subscription or on a
// non-production account. A person needs to know why a list is empty.
export function emptyAnswerWarning(noun: string): ApiMessage {
  return {
    code: 0,
    type: 'WARNING',
    name: EMPTY_ANSWER,
    message:
      `The service sent no ${noun}. It answers empty when the account has no active Listings ` +
      'subscription or is not a production account.',
  };
}

export interface ListOptions {
  /** Listings calls: an empty answer means "no data" (no subscription), not an error. */
  emptyMeansNoData?: boolean;
  /**
   * Paged lists once answered whole (accounts: a bare array, or `{<key>: [...]}` with no count): such an
   * answer is every item, its count its length.
   */
  wholeWithoutCount?: boolean;
}

const isEmptyObject = (response: unknown) =>
  response === null || (typeof response === 'object' && !Array.isArray(response) && Object.keys(response).length === 0);

function unreadable(noun: string, where: string): ReadResult<never> {
  return { ok: false, detail: `${where}: not a list of ${noun}` };
}

function itemsResult<T, D>(values: unknown[], reader: ItemReader<T>, build: (items: T[]) => D): ReadResult<D> {
  const { items, skipped } = readItems(values, reader);
  return { ok: true, data: build(items), warnings: skipped > 0 ? [skippedItemsWarning(skipped, reader.noun)] : [] };
}

/** A paged list `{count, <key>: [...]}`; only a page whose shape is unusable fails. */
export function pageReader<K extends string, T>(
  key: K,
  reader: ItemReader<T>,
  { emptyMeansNoData = false, wholeWithoutCount = false }: ListOptions = {},
): ResponseReader<{ count: number; nextPageToken?: string } & Record<K, T[]>> {
  // The items are checked one by one after this: zod would walk each of them here too.
  const shape = lazy(() =>
    z.object({ count: num(), [key]: z.custom<unknown[]>(Array.isArray, { message: 'expected an array' }) }),
  );
  type Page = { count: number; nextPageToken?: string } & Record<K, T[]>;
  const empty = (): ReadResult<Page> => {
    const data = { count: 0, [key]: [] } as unknown as Page;
    return { ok: true, data, warnings: [emptyAnswerWarning(reader.noun)] };
  };
  const whole = wholeWithoutCount ? arrayReader(key, reader) : undefined;
  const read = (response: unknown): ReadResult<Page> => {
    if (emptyMeansNoData && isEmptyObject(response)) return empty();
    if (whole && (Array.isArray(response) || (response as { count?: unknown } | undefined)?.count === undefined)) {
      const all = whole.read(response);
      return all.ok ? { ...all, data: { count: all.data.length, [key]: all.data } as unknown as Page } : all;
    }
    const page = shape().safeParse(response);
    if (!page.success) {
      const issue = page.error.issues[0];
      return unreadable(reader.noun, issue?.path.length ? `response.${issue.path.join('.')}` : 'response');
    }
    const { count } = page.data;
    // The vendor's newer paging: kept for the walk to follow (an empty token is no next page).
    const token = (response as { nextPageToken?: unknown }).nextPageToken;
    const nextPageToken = typeof token === 'string' && token !== '' ? { nextPageToken: token } : {};
    return itemsResult(
      page.data[key] as unknown[],
      reader,
      (items) => ({ count, [key]: items, ...nextPageToken }) as unknown as Page,
    );
  };
  return emptyMeansNoData ? { read, empty } : { read };
}

/** A list answered either as a bare array or wrapped as `{<key>: [...]}`; both seen in the public record. */
export function arrayReader<T>(key: string, reader: ItemReader<T>, options: ListOptions = {}): ResponseReader<T[]> {
  const empty = (): ReadResult<T[]> => ({ ok: true, data: [], warnings: [emptyAnswerWarning(reader.noun)] });
  const read = (response: unknown): ReadResult<T[]> => {
    if (options.emptyMeansNoData && isEmptyObject(response)) return empty();
    const values = Array.isArray(response) ? response : (response as Record<string, unknown> | undefined)?.[key];
    if (!Array.isArray(values))
      return unreadable(reader.noun, Array.isArray(response) ? 'response' : `response.${key}`);
    return itemsResult(values, reader, (items) => items);
  };
  return options.emptyMeansNoData ? { read, empty } : { read };
}
