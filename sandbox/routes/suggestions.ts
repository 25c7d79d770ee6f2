// Publisher suggestions: list, accept, reject.
import type { SandboxApp, SandboxDeps } from '../deps.ts';
import { ApiError, CODES, ok } from '../envelope.ts';
import { listQuery, queryOf, resolveAccount } from '../guard.ts';
import { SUGGESTION_STATUSES, type Suggestion } from '../model.ts';
import { resolveSuggestion } from '../rules/suggestions.ts';

const BASE = '/v2/accounts/:accountId/powerlistings/publishersuggestions';

function publicSuggestion(s: Suggestion) {
  return {
    id: s.id,
    publisherId: s.publisherId,
    locationId: s.locationId,
    dateCreated: s.dateCreated,
    // A date (YYYY-MM-DD) in the vendor's schema: absent, not '', while the suggestion waits.
    ...(s.dateResolved ? { dateResolved: s.dateResolved } : {}),
    fieldName: s.fieldName,
    status: s.status,
    resolvedBy: s.resolvedBy,
    originalContent: s.originalContent,
    suggestedContent: s.suggestedContent,
  };
}

export function register(app: SandboxApp, { store }: SandboxDeps): void {
  app.get(BASE, (c) => {
    const account = resolveAccount(c, store);
    const page = listQuery(c, { defaultLimit: 10, maxLimit: 50, statuses: SUGGESTION_STATUSES });
    if (!account.listingsSubscription) return ok({ count: 0, suggestions: [] });
    const matching = store.state.suggestions.filter((s) => s.accountId === account.accountId && page.matches(s));
    return ok({
      count: matching.length,
      suggestions: matching.slice(page.offset, page.offset + page.limit).map(publicSuggestion),
    });
  });

  app.put(`${BASE}/:suggestionId`, (c) => {
    const account = resolveAccount(c, store);
    const status = queryOf(c).get('status');
    if (status !== 'ACCEPTED' && status !== 'REJECTED') {
      throw new ApiError(400, CODES.SUGGESTION_BAD_STATUS, 'Invalid parameter status: expected ACCEPTED or REJECTED');
    }
    const id = c.req.param('suggestionId');
    const suggestion = store.state.suggestions.find((s) => s.id === id && s.accountId === account.accountId);
    if (!suggestion) throw new ApiError(404, CODES.SUGGESTION_NOT_FOUND, `Publisher suggestion not found: ${id}`);
    if (suggestion.status !== 'WAITING_ON_CUSTOMER') {
      throw new ApiError(
        409,
        CODES.SUGGESTION_ALREADY_RESOLVED,
        `Publisher suggestion ${id} is already resolved (${suggestion.status})`,
      );
    }
    resolveSuggestion(store, suggestion, status);
    return ok({});
  });
}
