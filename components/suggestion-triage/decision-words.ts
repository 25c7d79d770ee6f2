// What a failed or retried decision means, in the words of someone triaging: the shared wording
// (lib/messaging/error-words.ts) with the sentences only a decision has (already resolved, gone,
// unconfirmed, held until the service's limit resets).
import { type Problem, type ProblemWords, problemWords as wordsFor } from '../../lib/messaging/error-words.ts';
import { UNCONFIRMED } from '../../lib/shared/triage-batch.ts';

export type DecisionProblem = Problem;
export type { ProblemWords };

/** "14:00" (or "2:00 PM"), in the browser's language: when a wait for the service ends. */
export function clockTime(at: number): string {
  return new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }).format(at);
}

function decisionSentence(problem: Problem, status: number | undefined, retryAt: number | null): string | undefined {
  const code = problem.code;
  if (code === '7301' || status === 409) return 'This suggestion was already resolved in the service';
  if (code === '7302' || status === 404) return 'The service no longer has this suggestion';
  if (code === '7303') return 'The service did not accept this decision';
  if (code === 'needs-relink' || status === 401)
    return 'The account’s link was revoked or has expired; link it again to send this';
  if (status === 403) return 'This account is not allowed to decide this suggestion';
  if (code === UNCONFIRMED && problem.message) return problem.message.replace(/\.$/, '');
  // A rate limit is a time, not a countdown: the decision goes when the service's limit resets.
  if ((status === 429 || code === '2040') && retryAt !== null)
    return `Waiting for the service’s limit to reset at ${clockTime(retryAt)}; Listings Desk will send it then`;
  if (retryAt !== null || status === 429 || (status ?? 0) >= 500 || ['network', 'timeout', '2040'].includes(code))
    return undefined;
  return 'The service refused this decision';
}

/**
 * `retryAt` set: the decision is still queued and will be tried again then. Without it, the decision
 * failed for good and the sentence says why.
 */
export function problemWords(problem: DecisionProblem, retryAt: number | null = null, now = Date.now()): ProblemWords {
  return wordsFor(problem, { retryAt, now, own: (_code, status) => decisionSentence(problem, status, retryAt) });
}
