// Words people read for the service's codes. Kept out of lib/api so the popup bundle never pulls zod.
import type { DecisionView } from '../../lib/messaging/protocol/index.ts';

export {
  downgradesToHttp,
  fieldLabel,
  SUGGESTION_STATUS_LABELS,
  shortDate,
  suggestionStatusLabel,
} from '../../lib/shared/suggestion-words.ts';

export function decisionVerb(decision: DecisionView, tense: 'past' | 'ing' | 'base'): string {
  const accept = decision === 'ACCEPTED';
  if (tense === 'past') return accept ? 'Accepted' : 'Rejected';
  if (tense === 'ing') return accept ? 'Accepting' : 'Rejecting';
  return accept ? 'accept' : 'reject';
}
