// When the tracker asks about an add request again. The interface: PROCESSING ends within a few seconds,
// REVIEW within 48 hours. So quickly at first, then backing off. Worst case per request in REVIEW for 48 h:
// 10 + 11 + 20 + 84 = 125 gets (about 2.6 an hour); the vendor's usual quota is 5,000 an hour.

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** [how long the request has been in its status, delay before the next get], first match wins. */
const PENDING_STEPS: readonly (readonly [number, number])[] = [
  [30 * SECOND, 2 * SECOND],
  [2 * MINUTE, 10 * SECOND],
  [30 * MINUTE, MINUTE],
  [Number.POSITIVE_INFINITY, 15 * MINUTE],
];
const REVIEW_STEPS: readonly (readonly [number, number])[] = [
  [10 * MINUTE, MINUTE],
  [MINUTE * 65, 5 * MINUTE],
  [6 * 60 * MINUTE, 15 * MINUTE],
  [Number.POSITIVE_INFINITY, 30 * MINUTE],
];

const TERMINAL: ReadonlySet<string> = new Set(['COMPLETED', 'COMPLETE', 'CANCELED', 'FAILED']);

export function isTerminalAddRequestStatus(status: string): boolean {
  return TERMINAL.has(status);
}

/**
 * Milliseconds until the next get of a request that has been `status` for `inStatusMs`; null once it has
 * ended. An unknown status is treated like PROCESSING: shown verbatim and still asked about.
 */
export function nextPollDelayMs(status: string, inStatusMs: number): number | null {
  if (isTerminalAddRequestStatus(status)) return null;
  const steps = status === 'REVIEW' ? REVIEW_STEPS : PENDING_STEPS;
  const elapsed = Math.max(0, inStatusMs);
  return (steps.find(([upTo]) => elapsed < upTo) ?? steps[steps.length - 1]!)[1];
}
