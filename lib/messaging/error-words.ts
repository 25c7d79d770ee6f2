// What a failed call means, in the words of the person who asked for it: what happened, what Listings
// Desk does now, what they can do. The service's code, status and (redacted) message go to the small
// print; the client's operation names ("deleteUser: HTTP 503 — …") never reach a sentence. Plain code,
// small on purpose (the popup loads it): the worker words every error it replies with (toWireError, with
// service-words.ts for every status), and pages word only what changes while shown (a retry's countdown).

export interface ProblemDetail {
  code: number;
  type?: string;
  message: string;
}

export interface Problem {
  /** An interface error code ('7301'), an ApiError kind ('network') or a product reason ('needs-relink'). */
  code: string;
  message?: string;
  status?: number;
  details?: readonly ProblemDetail[];
  /** Epoch ms at which the service's request limit resets, when it said. */
  resetAt?: number;
}

export interface ProblemWords {
  sentence: string;
  /** "code 2099 · HTTP 503 · “Injected fault”": for support, shown small. */
  smallPrint: string;
}

export interface WordsOptions {
  /** Still queued: Listings Desk tries again at this time (epoch ms). */
  retryAt?: number | null;
  now?: number;
  /** A feature's own sentence for a code or status it knows better (triage's 7301), else undefined. */
  own?: (code: string, status: number | undefined, problem: Problem) => string | undefined;
}

/** The old wording the client built from its operation name, as stored failures may still hold it. */
const INTERNAL_MESSAGE = /^[a-z][A-Za-z]+: /;
const SMALL_PRINT_MESSAGE_LENGTH = 160;

export function isInternalMessage(message: string): boolean {
  return INTERNAL_MESSAGE.test(message);
}

/** The HTTP status, from the problem or (older failures kept only the text) from its message. */
function statusOf(problem: Problem): number | undefined {
  if (problem.status) return problem.status;
  const match = /\bHTTP (\d{3})\b/.exec(problem.message ?? '');
  return match ? Number(match[1]) : undefined;
}

function inWords(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  if (seconds < 90) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  return minutes < 90 ? `${minutes} min` : `${Math.round(minutes / 60)} h`;
}

export function quoted(text: string): string {
  const short = text.length > SMALL_PRINT_MESSAGE_LENGTH ? `${text.slice(0, SMALL_PRINT_MESSAGE_LENGTH - 1)}…` : text;
  return `“${short}”`;
}

/**
 * The service's code, HTTP status and own message: what support needs, nothing a person must read. The
 * product's own codes ("network", "needs-relink") are names, not the service's: never shown.
 */
export function smallPrintOf(problem: Problem): string {
  const status = statusOf(problem);
  const code = problem.code;
  const serviceMessage = problem.details?.find((d) => d.message)?.message;
  return [
    /^\d+$/.test(code) ? `code ${code}` : '',
    status ? `HTTP ${status}` : '',
    serviceMessage ? quoted(serviceMessage) : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The short sentences a page needs itself (a queued decision's countdown); the worker's are fuller. */
function coreSentence(code: string, status: number | undefined, retry: string): string {
  if (code === 'needs-relink' || status === 401) return 'The account’s link was revoked or has expired; link it again';
  if (status === 429 || code === '2040') return `The service asked Listings Desk to slow down${retry}`;
  if (status !== undefined && status >= 500) return `The service was busy${retry}`;
  // No countdown while nothing answers: a queued decision waits for the service, not for a clock.
  if (code === 'network' || code === 'timeout' || status === 408)
    return retry
      ? 'Queued: the service can’t be reached; Listings Desk keeps trying'
      : 'Listings Desk couldn’t reach the service';
  return retry ? `This wasn’t sent yet${retry}` : 'The service refused this';
}

/**
 * `retryAt` set: the work is still queued and will be tried again then. Without it, it failed for good
 * and the sentence says why and what to do.
 */
export function problemWords(problem: Problem, options: WordsOptions = {}): ProblemWords {
  const { retryAt = null, now = Date.now(), own } = options;
  const status = statusOf(problem);
  const code = problem.code;
  const retry = retryAt === null ? '' : `; Listings Desk will try again in ${inWords(retryAt - now)}`;
  // A feature's own sentence first (the worker's for every status: service-words.ts), then the core's.
  const sentence = own?.(code, status, problem) ?? coreSentence(code, status, retry);
  return { sentence: `${sentence}.`, smallPrint: smallPrintOf(problem) };
}

/**
 * A worded error (a reply's WireError: its message is already a sentence) as one line with its small
 * print, for places that keep plain text (a batch's failed items). Old internal messages are worded again.
 */
export function problemLine(problem: Problem): string {
  const sentence =
    problem.message && !isInternalMessage(problem.message) ? problem.message : problemWords(problem).sentence;
  const smallPrint = smallPrintOf(problem);
  return smallPrint ? `${sentence} (${smallPrint})` : sentence;
}

// Warnings and the empty-list sentence live apart (list-warnings.ts): the popup needs them without these words.
export { EMPTY_ANSWER, type ListWarning, NO_LISTINGS_WHY, SKIPPED_ITEMS } from './list-warnings.ts';
