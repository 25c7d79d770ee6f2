// One paged list per resource: the resource names its noun, where a page is asked and how an item reads,
// and gets its one-page call (`list<Noun>`) and its walk over every page (`fetchAll<Noun>`).
import { type ApiClient, type ApiResult, accountPath, type CallOptions, type QueryValue } from './client.ts';
import type { ApiMessage } from './errors.ts';
import { pageReader } from './lists.ts';
import { type FetchAllOptions, fetchAllPages, type Incomplete, type Page } from './paging.ts';
import type { ItemReader } from './schemas-common.ts';

export interface Paging {
  limit?: number;
  offset?: number;
  /** A page's `nextPageToken`, for the page after it (the vendor's newer paging; no offset with it). */
  pageToken?: string;
}

/** One page as the service answers it: `{count, <noun>: [...]}`, and `nextPageToken` where it pages by token. */
export type PageOf<K extends string, T> = { count: number; nextPageToken?: string } & Record<K, T[]>;

/** Every page: the items in order, the pages' warnings merged, and what is missing if pages are. */
export type AllOf<K extends string, T> = { count: number; warnings: ApiMessage[]; incomplete?: Incomplete } & Record<
  K,
  T[]
>;

export interface PagedListSpec<K extends string, T, Q> {
  /** The answer's key for the items, and the operations' names: 'folders' → listFolders, fetchAllFolders. */
  noun: K;
  item: ItemReader<T>;
  pageSize: number;
  /** Listings calls: an empty answer means "no data" (no subscription), not an error. */
  emptyMeansNoData?: boolean;
  /** An answer without a count is the whole list (see ListOptions). */
  wholeWithoutCount?: boolean;
  /** The operation takes `pageToken` (the vendor's OpenAPI): a page's `nextPageToken` is followed to the end. */
  pageToken?: boolean;
  /** Where a page of `query` is asked: the path, the ids put in it, the filters (limit and offset follow). */
  where(query: Q): { path: string; ids?: Record<string, string>; query?: Record<string, QueryValue> };
}

export function pagedList<K extends string, T, Q extends object>(spec: PagedListSpec<K, T, Q>) {
  const name = spec.noun.charAt(0).toUpperCase() + spec.noun.slice(1);
  const readPage = pageReader(spec.noun, spec.item, {
    emptyMeansNoData: spec.emptyMeansNoData ?? false,
    wholeWithoutCount: spec.wholeWithoutCount ?? false,
  });

  function list(client: ApiClient, query = {} as Q & Paging, options?: CallOptions): Promise<ApiResult<PageOf<K, T>>> {
    const { path, ids, query: filters } = spec.where(query);
    const { limit, offset, pageToken } = query;
    return client.request(
      {
        operation: `list${name}`,
        method: 'GET',
        path,
        ids,
        query: { ...filters, limit, offset, pageToken },
        read: readPage,
      },
      options,
    );
  }

  async function fetchAll(client: ApiClient, query = {} as Q, options: FetchAllOptions<T> = {}): Promise<AllOf<K, T>> {
    const page = async (asked: Q & Paging, signal: AbortSignal): Promise<Page<T>> => {
      const { data, warnings } = await list(client, asked, { signal });
      const read: Page<T> = { count: data.count, items: data[spec.noun], warnings };
      if (data.nextPageToken !== undefined) read.nextPageToken = data.nextPageToken;
      return read;
    };
    const { count, items, warnings, incomplete } = await fetchAllPages({
      ...options,
      operation: `fetchAll${name}`,
      pageSize: spec.pageSize,
      fetchPage: (offset, limit, signal) => page({ ...query, offset, limit }, signal),
      ...(spec.pageToken
        ? { fetchPageByToken: (pageToken, limit, signal) => page({ ...query, pageToken, limit }, signal) }
        : {}),
    });
    const all = { count, [spec.noun]: items, warnings } as AllOf<K, T>;
    if (incomplete) all.incomplete = incomplete;
    return all;
  }

  return { list, fetchAll, readPage };
}

/**
 * A list kept per account (`v2/accounts/{accountId}/<noun>`), called as `list(client, accountId, paging)`
 * and `fetchAll(client, accountId, options)`; the `me` macro by default.
 */
export function accountList<K extends string, T>(
  noun: K,
  item: ItemReader<T>,
  pageSize: number,
  { pageToken = false }: { pageToken?: boolean } = {},
) {
  const paged = pagedList({
    noun,
    item,
    pageSize,
    pageToken,
    where: ({ accountId }: { accountId: string }) => ({
      path: accountPath(accountId, noun),
      ids: { 'account id': accountId },
    }),
  });
  return {
    list: (client: ApiClient, accountId = 'me', paging: Paging = {}, options?: CallOptions) =>
      paged.list(client, { accountId, ...paging }, options),
    fetchAll: (client: ApiClient, accountId = 'me', options: FetchAllOptions<T> = {}) =>
      paged.fetchAll(client, { accountId }, options),
  };
}
