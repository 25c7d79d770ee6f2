import { type ApiClient, type ApiResult, type CallOptions, listingsPath } from './client.ts';
import { pagedList } from './paged-list.ts';
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

export interface SuggestionFilters {
  locationIds?: readonly string[];
  publisherIds?: readonly string[];
  statuses?: readonly string[];
}

const suggestions = pagedList({
  noun: 'suggestions',
  item: suggestionReader,
  pageSize: SUGGESTIONS_PAGE_SIZE,
  emptyMeansNoData: true,
  where: ({ locationIds, publisherIds, statuses }: SuggestionFilters) => ({
    path: listingsPath('publishersuggestions'),
    query: { locationIds, publisherIds, statuses },
  }),
});
export const { list: listSuggestions, fetchAll: fetchAllSuggestions } = suggestions;

export interface SuggestionsQuery extends SuggestionFilters {
  limit?: number;
  offset?: number;
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
