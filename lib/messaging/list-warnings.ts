// A list that came with something to say about it (ListWarnings shows them), and why an empty listings answer is
// empty: apart from error-words.ts, so a page shows them without loading an error's words.
import type { ListWarningView } from './protocol/index.ts';

/** The protocol's warning about a list (a type only: nothing of the protocol's schemas comes with it). */
export type ListWarning = ListWarningView;

/** The client's names for its own warnings, as lib/api/lists.ts writes them (a unit test holds them equal). */
export const EMPTY_ANSWER = 'client.empty-answer';
export const SKIPPED_ITEMS = 'client.skipped-items';

/** Why a listings answer is empty, as vendor-facts requires every empty list to say. */
export const NO_LISTINGS_WHY =
  'The service answers with no listings when the account has no active Listings subscription or is not a production account. Check both with the service, then refresh.';
