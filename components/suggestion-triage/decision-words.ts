// What a failed or retried decision means, in the words of someone triaging: the service's code and
// status go to the small print, never into the sentence ("decideSuggestion: HTTP 503 — 2099 …").
import { UNCONFIRMED } from '../../lib/shared/triage-batch.ts';

export interface DecisionProblem {
  /** An interface error code ('7301') or a product reason ('needs-relink', 'network'). */
  code: string;
  message: string;
  status?: number;
}

export interface ProblemWords {
  sentence: string;
  /** "code 2099 · HTTP 503": for support, shown small. */
  smallPrint: string;
}

/** The HTTP status, from the error or (older failures keep only the text) from its message. */
function statusOf(problem: DecisionProblem): number | undefined {
  if (problem.status) return problem.status;
  const match = /\bHTTP (\d{3})\b/.exec(problem.message);
  return match ? Number(match[1]) : undefined;
}

function inWords(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  if (seconds < 90) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  return minutes < 90 ? `${minutes} min` : `${Math.round(minutes / 60)} h`;
}

/** "14:00" (or "2:00 PM"), in the browser's language: when a wait for the service ends. */
export function clockTime(at: number): string {
  return new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }).format(at);
}

/**
 * `retryAt` set: the decision is still queued and will be tried again then. Without it, the decision
 * failed for good and the sentence says why.
 */
export function problemWords(problem: DecisionProblem, retryAt: number | null = null, now = Date.now()): ProblemWords {
  const status = statusOf(problem);
  const code = problem.code;
  const retry = retryAt === null ? '' : `; Listings Desk will try again in ${inWords(retryAt - now)}`;
  let sentence: string;
  if (code === '7301' || status === 409) sentence = 'This suggestion was already resolved in the service';
  else if (code === '7302' || status === 404) sentence = 'The service no longer has this suggestion';
  else if (code === '7303') sentence = 'The service did not accept this decision';
  else if (code === 'needs-relink' || status === 401)
    sentence = 'The account’s link was revoked or has expired; link it again to send this';
  else if (status === 403) sentence = 'This account is not allowed to decide this suggestion';
  else if (code === UNCONFIRMED) sentence = problem.message.replace(/\.$/, '');
  else if ((status === 429 || code === '2040') && retryAt !== null)
    // A rate limit is a time, not a countdown: the decision goes when the service's limit resets.
    sentence = `Waiting for the service’s limit to reset at ${clockTime(retryAt)}; Listings Desk will send it then`;
  else if (status === 429 || code === '2040') sentence = 'The service asked Listings Desk to slow down';
  else if (status !== undefined && status >= 500) sentence = `The service was busy${retry}`;
  else if (code === 'network' || code === 'timeout' || status === 408)
    sentence = `Listings Desk couldn’t reach the service${retry}`;
  else if (retry) sentence = `The decision wasn’t sent yet${retry}`;
  else sentence = 'The service refused this decision';
  const smallPrint = [/^\d+$/.test(code) ? `code ${code}` : code, status ? `HTTP ${status}` : '']
    .filter(Boolean)
    .join(' · ');
  return { sentence: `${sentence}.`, smallPrint };
}
