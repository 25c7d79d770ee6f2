// What a failed or retried decision means, in the words of someone triaging: the shared wording
// (lib/messaging/error-words.ts) with the sentences only a decision has (already resolved, gone).
import { type Problem, type ProblemWords, problemWords as wordsFor } from '../../lib/messaging/error-words.ts';

export type DecisionProblem = Problem;
export type { ProblemWords };

function decisionSentence(code: string, status: number | undefined, queued: boolean): string | undefined {
  if (code === '7301' || status === 409) return 'This suggestion was already resolved in the service';
  if (code === '7302' || status === 404) return 'The service no longer has this suggestion';
  if (code === '7303') return 'The service did not accept this decision';
  if (code === 'needs-relink' || status === 401)
    return 'The account’s link was revoked or has expired; link it again to send this';
  if (status === 403) return 'This account is not allowed to decide this suggestion';
  if (queued || status === 429 || (status ?? 0) >= 500 || ['network', 'timeout', '2040'].includes(code))
    return undefined;
  return 'The service refused this decision';
}

/**
 * `retryAt` set: the decision is still queued and will be tried again then. Without it, the decision
 * failed for good and the sentence says why.
 */
export function problemWords(problem: DecisionProblem, retryAt: number | null = null, now = Date.now()): ProblemWords {
  return wordsFor(problem, { retryAt, now, own: (code, status) => decisionSentence(code, status, retryAt !== null) });
}
