import { type ApiClient, type ApiResult, type CallOptions, listingsPath } from './client.ts';
import type { ApiMessage } from './errors.ts';
import { pageReader } from './lists.ts';
import { type FetchAllOptions, fetchAllPages, type Incomplete } from './paging.ts';
import { itemReader, itemSchema } from './schemas-common.ts';

/** Known values; others are kept verbatim. */
export const SUGGESTION_STATUSES = ['WAITING_ON_CUSTOMER', 'ACCEPTED', 'REJECTED', 'EXPIRED'] as const;

export type SuggestionDecision = 'ACCEPTED' | 'REJECTED';

export const SUGGESTIONS_PAGE_SIZE = 50;

export interface Suggestion {
  id: string;
  status: string;
  publisherId?: string;
  locationId?: string;
  fieldName?: string;
  originalContent?: string;
  suggestedContent?: string;
  dateCreated?: string;
  dateResolved?: string;
  resolvedBy?: string;
  [field: string]: unknown;
}

export const suggestionReader = itemReader<Suggestion>('suggestions', {
  required: { id: 'id', status: 'string' },
  optional: {
    publisherId: 'id',
    locationId: 'id',
    fieldName: 'string',
    originalContent: 'string',
    suggestedContent: 'string',
    dateCreated: 'string',
    dateResolved: 'string',
    resolvedBy: 'string',
  },
});
export const SuggestionSchema = itemSchema(suggestionReader);

export interface SuggestionsPage {
  count: number;
  suggestions: Suggestion[];
}
const readSuggestionsPage = pageReader('suggestions', suggestionReader, { emptyMeansNoData: true });

export interface SuggestionFilters {
  locationIds?: readonly string[];
  publisherIds?: readonly string[];
  statuses?: readonly string[];
}

export interface SuggestionsQuery extends SuggestionFilters {
  limit?: number;
  offset?: number;
}

export function listSuggestions(
  client: ApiClient,
  query: SuggestionsQuery = {},
  options?: CallOptions,
): Promise<ApiResult<SuggestionsPage>> {
  const { locationIds, publisherIds, statuses, limit, offset } = query;
  return client.request(
    {
      operation: 'listSuggestions',
      method: 'GET',
      path: listingsPath('publishersuggestions'),
      query: { locationIds, publisherIds, statuses, limit, offset },
      read: readSuggestionsPage,
    },
    options,
  );
}

export async function fetchAllSuggestions(
  client: ApiClient,
  filters: SuggestionFilters = {},
  options: FetchAllOptions = {},
): Promise<{ count: number; suggestions: Suggestion[]; warnings: ApiMessage[]; incomplete?: Incomplete }> {
  const { count, items, warnings, incomplete } = await fetchAllPages({
    ...options,
    operation: 'fetchAllSuggestions',
    pageSize: SUGGESTIONS_PAGE_SIZE,
    fetchPage: async (offset, limit, signal) => {
      const { data, warnings } = await listSuggestions(client, { ...filters, offset, limit }, { signal });
      return { count: data.count, items: data.suggestions, warnings };
    },
  });
  return incomplete ? { count, suggestions: items, warnings, incomplete } : { count, suggestions: items, warnings };
}

/** The decision travels in the query (`status`), not in a body; the answer is empty. */
export function decideSuggestion(
  client: ApiClient,
  suggestionId: string,
  status: SuggestionDecision,
  options?: CallOptions,
): Promise<ApiResult<undefined>> {
  return client.request(
    {
      operation: 'decideSuggestion',
      method: 'PUT',
      path: listingsPath('publishersuggestions', suggestionId),
      ids: { 'suggestion id': suggestionId },
      query: { status },
    },
    options,
  );
}
