// What a failed call means, in the words of the person who asked for it: what happened, what Listings
// Desk does now, what they can do. The service's code, status and (redacted) message go to the small
// print; the client's operation names ("deleteUser: HTTP 503 — …") never reach a sentence. Plain code:
// the worker words every error it replies with (toWireError), and pages word what they show.

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
  own?: (code: string, status: number | undefined) => string | undefined;
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

export function inWords(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  if (seconds < 90) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  return minutes < 90 ? `${minutes} min` : `${Math.round(minutes / 60)} h`;
}

function clock(ms: number): string {
  return new Date(ms).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}

function quoted(text: string): string {
  const short = text.length > SMALL_PRINT_MESSAGE_LENGTH ? `${text.slice(0, SMALL_PRINT_MESSAGE_LENGTH - 1)}…` : text;
  return `“${short}”`;
}

/** code, HTTP status and the service's own message: what support needs, nothing a person must read. */
export function smallPrintOf(problem: Problem): string {
  const status = statusOf(problem);
  const code = problem.code;
  const serviceMessage = problem.details?.find((d) => d.message)?.message;
  return [
    /^\d+$/.test(code) ? `code ${code}` : code,
    status ? `HTTP ${status}` : '',
    serviceMessage ? quoted(serviceMessage) : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

function generalSentence(code: string, status: number | undefined, problem: Problem, retry: string): string {
  if (code === 'needs-relink' || status === 401)
    return 'The account’s link was revoked or has expired, so Listings Desk stopped using it. Link the account again, then try again';
  if (status === 429 || code === '2040') {
    if (retry) return `The service asked Listings Desk to slow down${retry}`;
    const after = problem.resetAt ? ` after ${clock(problem.resetAt)}` : ' in a few minutes';
    return `The service’s hourly request limit is used up, so nothing more was sent. Try again${after}`;
  }
  if (status !== undefined && status >= 500) {
    if (retry) return `The service was busy${retry}`;
    return 'The service was busy and did not finish this; Listings Desk tried again and then stopped. Try again in a minute';
  }
  if (code === 'network' || code === 'timeout' || status === 408) {
    if (retry) return `Listings Desk couldn’t reach the service${retry}`;
    return 'Listings Desk couldn’t reach the service. Check the network connection, then try again';
  }
  if (retry) return `This wasn’t sent yet${retry}`;
  if (status === 403)
    return 'This account is not allowed to do this at the service, so nothing was changed. Ask an administrator of the account for access';
  if (status === 404) return 'The service no longer has this, so nothing was changed. Refresh to see what it holds now';
  if (status === 409)
    return 'The service refused this because of what it holds now, so nothing was changed. Its message says why; refresh to see the current state';
  if (code === 'unusable-response')
    return 'The service sent an answer Listings Desk couldn’t read, so none of it is shown. Try again; if it keeps happening, report the code shown with this';
  if (code === 'count-changed')
    return 'The list changed at the service while Listings Desk was reading it. Try again to read it whole';
  if (code === 'aborted')
    return 'This was cancelled before it finished; nothing more will be sent. Start it again when you are ready';
  if (code === 'invalid-input')
    return 'Listings Desk did not send this, because a value in it is not valid. Correct it, then try again';
  if (status === 400 || status === 405 || status === 207)
    return 'The service refused this request, so nothing was changed. Correct what its message names, then try again';
  return 'Something went wrong while talking to the service. Try again; if it keeps happening, report the code shown with this';
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
  const sentence = own?.(code, status) ?? generalSentence(code, status, problem, retry);
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

// ---- warnings: a list that came, with something to say about it ----

export interface ListWarning {
  code: number;
  type: string;
  message: string;
  name?: string;
}

/** The client's names for its own warnings, as lib/api/lists.ts writes them (a unit test holds them equal). */
export const EMPTY_ANSWER = 'client.empty-answer';
export const SKIPPED_ITEMS = 'client.skipped-items';

/** A warning as a view carries it (structured-clone safe); older stores kept only its text. */
export function listWarning(warning: ListWarning | string): ListWarning {
  if (typeof warning === 'string') return { code: 0, type: 'WARNING', message: warning };
  const { code, type, message, name } = warning;
  return name ? { code, type, message, name } : { code, type, message };
}

/** Why a listings answer is empty, as vendor-facts requires every empty list to say. */
export const NO_LISTINGS_WHY =
  'The service answers with no listings when the account has no active Listings subscription or is not a production account. Check both with the service, then refresh.';

/** A calm sentence for one warning; the service's own words and code go to the small print. */
export function warningWords(warning: ListWarning, noun = 'items'): ProblemWords {
  if (warning.name === EMPTY_ANSWER) {
    return { sentence: `The service sent no ${noun} for this account. ${NO_LISTINGS_WHY}`, smallPrint: 'empty answer' };
  }
  if (warning.name === SKIPPED_ITEMS) {
    return {
      sentence: `${warning.message.replace(/\.$/, '')}; Listings Desk shows the rest. Refresh to read them again, or report the code if it stays.`,
      smallPrint: 'unreadable items',
    };
  }
  const code = warning.code ? `code ${warning.code}` : '';
  const smallPrint = [code, warning.type.toLowerCase().replaceAll('_', ' '), quoted(warning.message)]
    .filter(Boolean)
    .join(' · ');
  if (warning.type === 'WARNING') {
    return { sentence: 'The service sent a note with this list; Listings Desk shows everything it sent.', smallPrint };
  }
  return {
    sentence: 'The service could not give part of this list; Listings Desk shows what it sent. Refresh to ask again.',
    smallPrint,
  };
}
