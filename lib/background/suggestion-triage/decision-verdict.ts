// What one PUT's answer means for a decision: done, settled elsewhere, worth another try later, waiting
// for Relink (or the Connection it was made on), or refused for good. Only a definitive answer fails it.
import { isApiError, isUnprovenAnswer } from '../../api/errors.ts';
import { toWireError } from '../../messaging/background.ts';
import { DeskError, type WireError } from '../../messaging/wire-error.ts';
import { WAITING } from '../../shared/listing-statuses.ts';
import { UNCONFIRMED } from '../../shared/triage-batch.ts';

export type Verdict =
  | { kind: 'sent' }
  /** A 2xx whose body could not be read (cut off, a captive portal): it proves nothing until checked. */
  | { kind: 'unconfirmed' }
  | { kind: 'resolved-elsewhere' }
  | { kind: 'retry'; retryAt: number; error: WireError }
  | { kind: 'blocked'; error: WireError }
  | { kind: 'failed'; error: WireError }
  | { kind: 'dropped' };

/** Seconds, then minutes, bounded: a long outage costs one try per half hour at most. */
export const RETRY_BACKOFF_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000];
const MAX_RETRY_MS = RETRY_BACKOFF_MS.at(-1)!;

/** 7303: the status sent was refused. That one is our failure, not the suggestion's state. */
const BAD_STATUS = 7303;

/**
 * The rest of the 7300 range is "already resolved" (7301) or "not found" (7302): either way it was
 * settled elsewhere (or by an earlier send of ours), so the list is refreshed instead of failing.
 */
export function isResolvedElsewhere(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.errors.some((e) => e.code >= 7300 && e.code < 7400 && e.code !== BAD_STATUS);
}

export function inWords(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  return minutes < 60 ? `${minutes} min` : `${Math.round(minutes / 60)} h`;
}

function codeOf(error: unknown): string {
  return toWireError(error).code;
}

/** Codes of a decision that waits for the account or its Connection, not for a clock. */
export const BLOCKED_CODES = new Set(['needs-relink', 'other-environment']);

/**
 * `attempts` counts this one: more than one means an earlier PUT of ours may have reached the service,
 * so "already resolved" is then our own decision. `realNow` reads a Rate-Limit-Reset (wall-clock seconds).
 */
export function verdictOf(caught: unknown, attempts: number, now: number, realNow = Date.now()): Verdict {
  if (caught === undefined) return { kind: 'sent' };
  if (isResolvedElsewhere(caught)) return attempts > 1 ? { kind: 'sent' } : { kind: 'resolved-elsewhere' };
  if (caught instanceof DeskError) {
    if (BLOCKED_CODES.has(caught.code)) {
      const wire = caught.toWire();
      return {
        kind: 'blocked',
        error: { ...wire, message: `${wire.message} The decision waits and is sent once that is done.` },
      };
    }
    if (caught.code === 'no-account' || caught.code === 'unknown-account') return { kind: 'dropped' };
    return { kind: 'failed', error: caught.toWire() };
  }
  if (!isApiError(caught)) return { kind: 'failed', error: toWireError(caught) };
  // A 2xx with a body that could not be read proves nothing (cut off half way, a captive portal's page):
  // the outbox reads the suggestion again before it counts the decision as sent.
  if (isUnprovenAnswer(caught)) return { kind: 'unconfirmed' };
  const { status, kind } = caught;
  const transient =
    kind === 'network' ||
    kind === 'timeout' ||
    (kind === 'http' && status !== undefined && (status >= 500 || status === 408 || status === 429));
  if (!transient) {
    const detail = caught.errors[0]?.message;
    return {
      kind: 'failed',
      error: {
        ...toWireError(caught),
        message: `The service refused this decision${detail ? `: ${detail}` : '.'}`,
      },
    };
  }
  const step = RETRY_BACKOFF_MS[Math.min(Math.max(0, attempts - 1), RETRY_BACKOFF_MS.length - 1)]!;
  const reset = caught.rateLimit?.reset;
  const delay =
    status === 429 && reset !== undefined ? Math.min(MAX_RETRY_MS, Math.max(1000, reset * 1000 - realNow)) : step;
  const why =
    kind === 'network'
      ? 'Listings Desk could not reach the service'
      : kind === 'timeout'
        ? 'The service did not answer in time'
        : status === 429
          ? 'The service asked Listings Desk to slow down'
          : 'The service was busy';
  return {
    kind: 'retry',
    retryAt: now + delay,
    error: {
      code: codeOf(caught),
      message: `${why}; Listings Desk will try again in ${inWords(delay)}.`,
      operation: caught.operation,
      status,
    },
  };
}

/**
 * What reading the suggestion again says about an unconfirmed decision: `status` is what the service
 * now holds for it (null: not listed, or the check itself failed).
 */
export function confirmedVerdict(
  decision: string,
  status: string | null,
  checkError: unknown,
  attempts: number,
): Verdict {
  if (status === decision) return { kind: 'sent' };
  if (status !== null && status !== WAITING) {
    return attempts > 1 ? { kind: 'sent' } : { kind: 'resolved-elsewhere' };
  }
  const why =
    status === WAITING
      ? 'the service’s answer could not be read, and the suggestion is still waiting there'
      : checkError === undefined
        ? 'the service’s answer could not be read, and the suggestion is not listed there any more'
        : 'the service’s answer could not be read, and Listings Desk could not check the suggestion afterwards';
  return {
    kind: 'failed',
    error: {
      code: UNCONFIRMED,
      message: `Listings Desk could not confirm this decision: ${why}. Choose Retry to send it again.`,
      status: 200,
    },
  };
}
