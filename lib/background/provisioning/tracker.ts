// The add request tracker: follows every add request to its end on the schedule of
// lib/api/add-request-schedule.ts, driven by an alarm (and a timer for the first quick checks), so a
// stopped worker or a restarted browser picks up where it was. It notifies when a request ends or enters REVIEW.
import { browser } from 'wxt/browser';
import { isTerminalAddRequestStatus, nextPollDelayMs } from '../../api/add-request-schedule.ts';
import type { ApiClient } from '../../api/client.ts';
import { isApiError } from '../../api/errors.ts';
import { type AddRequest, getAddRequest } from '../../api/provisioning.ts';
import { toWireError } from '../../messaging/background.ts';
import { problemLine } from '../../messaging/error-words.ts';
import type { TrackedAddRequestView } from '../../messaging/protocol/index.ts';
import { coalesce } from '../../shared/coalesce.ts';
import { heldBackUntil } from '../core/request-budget.ts';
import {
  checkedThisSessionItem,
  pollScaleForTestsItem,
  type TrackedAddRequest,
  trackerItem,
  updateTracker,
} from './tracker-store.ts';

export const POLL_ALARM = 'provisioning-poll';
/** A check that could not be made (relink needed, other connection, network down) is tried again this late. */
const BLOCKED_RETRY_MS = 5 * 60_000;
/** Checks sent together, per round; the rest wait for the next round a moment later. */
const CHECKS_PER_ROUND = 20;

export interface TrackerDeps {
  withAccount: <T>(run: (client: ApiClient) => Promise<T>, accountKey: string) => Promise<T>;
  notify: (entry: TrackedAddRequest) => Promise<void>;
  changed: (inReview: number) => Promise<void>;
  now: () => number;
}

export function inReviewCount(list: readonly TrackedAddRequest[]): number {
  return list.filter((r) => r.status === 'REVIEW').length;
}

export function toView(entry: TrackedAddRequest): TrackedAddRequestView {
  const { accountKey: _account, statusSince: _since, ...view } = entry;
  return { ...view, terminal: isTerminalAddRequestStatus(entry.status) };
}

/** What went wrong in words, with the service's code and own message after it. */
export function problemText(error: unknown): string {
  return problemLine(toWireError(error));
}

function isPassing(error: unknown): boolean {
  return (
    isApiError(error) &&
    (error.kind === 'network' || error.kind === 'timeout' || (error.status ?? 0) >= 500 || error.status === 429)
  );
}

/** A tracked entry brought up to date with an answer from the service. Notifies on REVIEW and on an end. */
export function applyAnswer(
  entry: TrackedAddRequest,
  answer: AddRequest,
  now: number,
  scale: number,
): TrackedAddRequest {
  const moved = answer.status !== entry.status;
  const statusSince = moved ? now : entry.statusSince;
  const delay = nextPollDelayMs(answer.status, now - statusSince);
  return {
    ...entry,
    status: answer.status,
    statusDetail: answer.statusDetail ?? entry.statusDetail,
    dateSubmitted: answer.dateSubmitted ?? entry.dateSubmitted,
    dateCompleted: answer.dateCompleted ?? entry.dateCompleted,
    statusSince,
    timeline: moved ? [...entry.timeline, { status: answer.status, at: now }] : entry.timeline,
    nextCheckAt: delay === null ? null : now + Math.max(50, delay * scale),
    checkProblem: null,
  };
}

export function worthNotifying(before: TrackedAddRequest | undefined, after: TrackedAddRequest): boolean {
  if (before?.status === after.status) return false;
  return after.status === 'REVIEW' || isTerminalAddRequestStatus(after.status);
}

export function createTracker(deps: TrackerDeps) {
  let forceNext = false;
  let startCheck: Promise<void> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function scale(): Promise<number> {
    const value = await pollScaleForTestsItem.getValue();
    return typeof value === 'number' && value > 0 ? value : 1;
  }

  /** Records answers and problems, notifies for the moves that matter, tells open pages. */
  async function record(answers: Map<string, AddRequest>, problems: Map<string, { text: string; retryAt: number }>) {
    const factor = await scale();
    const now = deps.now();
    const moved: TrackedAddRequest[] = [];
    const list = await updateTracker((current) =>
      current.map((entry) => {
        const answer = answers.get(entry.key);
        if (answer) {
          const next = applyAnswer(entry, answer, now, factor);
          if (worthNotifying(entry, next)) moved.push(next);
          return next;
        }
        const problem = problems.get(entry.key);
        return problem ? { ...entry, checkProblem: problem.text, nextCheckAt: problem.retryAt } : entry;
      }),
    );
    for (const entry of moved) await deps.notify(entry).catch(() => undefined);
    await deps.changed(inReviewCount(list));
  }

  /** One round: what is due, plus (in a forced pass) every open request not yet checked in that pass. */
  /** True when the round was full, so more may be due at once. */
  async function checkOnce(forced: Set<string> | null): Promise<boolean> {
    const now = deps.now();
    const due = (await trackerItem.getValue())
      .filter(
        (r) => !isTerminalAddRequestStatus(r.status) && ((forced && !forced.has(r.key)) || (r.nextCheckAt ?? 0) <= now),
      )
      .sort((a, b) => (a.nextCheckAt ?? 0) - (b.nextCheckAt ?? 0))
      .slice(0, CHECKS_PER_ROUND);
    if (due.length === 0) return false;
    for (const entry of due) forced?.add(entry.key);
    const factor = await scale();
    const answers = new Map<string, AddRequest>();
    const problems = new Map<string, { text: string; retryAt: number }>();
    const byAccount = Map.groupBy(due, (r) => r.accountKey);
    await Promise.all(
      [...byAccount].map(async ([accountKey, entries]) => {
        try {
          await deps.withAccount(async (client) => {
            for (const entry of entries) {
              try {
                answers.set(entry.key, (await getAddRequest(client, entry.fromAccountId, entry.id)).data);
              } catch (error) {
                // The client already retried a passing fault; still not an outcome of the request.
                const delay = nextPollDelayMs(entry.status, now - entry.statusSince) ?? BLOCKED_RETRY_MS;
                const retryIn = isPassing(error) ? delay * factor : Math.max(delay, BLOCKED_RETRY_MS) * factor;
                // Held back by the request budget: asked again once the hour's requests reset.
                const retryAt = heldBackUntil(error) ?? deps.now() + Math.max(50, retryIn);
                problems.set(entry.key, { text: problemText(error), retryAt });
              }
            }
          }, accountKey);
        } catch (error) {
          for (const entry of entries) {
            problems.set(entry.key, { text: problemText(error), retryAt: deps.now() + BLOCKED_RETRY_MS * factor });
          }
        }
      }),
    );
    await record(answers, problems);
    return due.length === CHECKS_PER_ROUND;
  }

  /**
   * Checks what is due; forced, every request still open, in rounds of CHECKS_PER_ROUND. Safe to call any
   * time; runs one at a time, and a forced call made while a check runs is still honoured after it.
   */
  function checkDue(force = false): Promise<void> {
    if (force) forceNext = true;
    return checking();
  }

  // A forced call during a check makes the one run after it a forced pass.
  const checking = coalesce(async () => {
    const forced = forceNext ? new Set<string>() : null;
    forceNext = false;
    while (await checkOnce(forced)) {
      // full rounds until what is due fits in one
    }
    await schedule();
  });

  /**
   * At the browser's start every open request is checked at once, not at its next alarm: it may have
   * ended while the browser was closed. storage.session is empty after a browser start, so a worker that
   * merely restarts in the same session checks only what is due.
   */
  function checkAtStart(): Promise<void> {
    startCheck ??= (async () => {
      if (await checkedThisSessionItem.getValue()) return checkDue();
      await checkDue(true);
      await checkedThisSessionItem.setValue(true);
    })();
    return startCheck;
  }

  /** The alarm for the next check (it wakes a stopped worker); a timer too while checks are seconds apart. */
  async function schedule(): Promise<void> {
    const next = (await trackerItem.getValue())
      .filter((r) => !isTerminalAddRequestStatus(r.status) && r.nextCheckAt !== null)
      .map((r) => r.nextCheckAt as number);
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (next.length === 0) {
      await browser.alarms.clear(POLL_ALARM);
      return;
    }
    const when = Math.min(...next);
    const wait = Math.max(0, when - deps.now());
    if (wait < 60_000) timer = setTimeout(() => void checkDue(), wait);
    await browser.alarms.create(POLL_ALARM, { when: deps.now() + wait + 250 });
  }

  return { checkDue, checkAtStart, schedule, record };
}
