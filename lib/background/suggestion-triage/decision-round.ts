// A round of sends: one session per account (opened at its first PUT) and the claims the round may still send.
// Split from decision-outbox.ts: what a round stands on (links, sessions, a blocked account) apart from when it runs.
import { DeskError } from '../../messaging/wire-error.ts';
import { DECISION_SEND_CONCURRENCY, DECISION_SEND_WIDE } from '../../shared/triage-batch.ts';
import { BLOCKED_CODES } from './decision-verdict.ts';
import type { DecisionSender, OutboxDeps } from './outbox-deps.ts';
import { type PendingDecision, triagePendingItem } from './triage-items.ts';

/** What a round reads from its outbox: the run's id, the current link generation, and how to open an account. */
export interface RoundLink {
  runId: string;
  generation: () => number;
  openSender: OutboxDeps['openSender'];
}

export const keyOf = (p: PendingDecision) => `${p.accountKey} ${p.batchId} ${p.suggestionId}`;

/** Requests left to the rest of the desk this hour when a round sends wide (5 % of the vendor's 5,000). */
export const WIDE_RESERVE = 250;

/**
 * Runs `task` for 0..n-1, `width()` at a time: checked after each task, so lanes are added as soon as the
 * width grows, and a lane ends at its next task while there are more than the width allows.
 */
export async function sendWidening(n: number, width: () => number, task: (index: number) => Promise<void>) {
  let next = 0;
  let running = 0;
  const lanes: Promise<void>[] = [];
  const lane = async () => {
    while (next < n && running <= width()) {
      await task(next++);
      grow();
    }
    running--;
  };
  const grow = () => {
    // A lane takes its first task as it starts, so each new one has one waiting for it.
    while (running < width() && next < n) {
      running++;
      lanes.push(lane());
    }
  };
  grow();
  // Lanes added while waiting are awaited too.
  for (let i = 0; i < lanes.length; i++) await lanes[i];
}

export type Round = ReturnType<typeof openRound>;

/**
 * A round's sessions (one per account, opened at its first PUT) and the claims it may still send.
 * Both are checked again only after a change to the accounts, the Connection or the vaults.
 */
export function openRound(claimed: PendingDecision[], link: RoundLink) {
  let generation = link.generation();
  let standing = Promise.resolve(new Set(claimed.map(keyOf)));
  const senders = new Map<string, Promise<DecisionSender>>();
  /** Why an account's PUTs wait (a 401 made it need relinking): its other PUTs wait too, unsent. */
  const blocked = new Map<string, unknown>();
  /** Each account's Rate-Limit-Remaining in its latest answer; gone after an error (a 429 among them). */
  const remaining = new Map<string, number>();
  let started = 0;
  return {
    /**
     * Wide once every account that answered has room for every PUT the round has left and a reserve;
     * narrow before the first answer, and after any account's error or an answer without the header.
     */
    width(): number {
      if (remaining.size === 0) return DECISION_SEND_CONCURRENCY;
      const left = claimed.length - started + WIDE_RESERVE;
      for (const room of remaining.values()) if (room < left) return DECISION_SEND_CONCURRENCY;
      return DECISION_SEND_WIDE;
    },
    async mayStillSend(entry: PendingDecision): Promise<boolean> {
      if (generation !== link.generation()) {
        generation = link.generation();
        senders.clear();
        blocked.clear();
        // Shared: a PUT that asks while the read is on its way waits for it, not for the old claims.
        standing = triagePendingItem
          .getValue()
          .then((pending) => new Set(pending.filter((p) => p.sendingBy === link.runId).map(keyOf)));
      }
      return (await standing).has(keyOf(entry));
    },
    async send(entry: PendingDecision): Promise<void> {
      if (blocked.has(entry.accountKey)) throw blocked.get(entry.accountKey);
      let opened = senders.get(entry.accountKey);
      if (!opened) {
        const opening = link.openSender(entry.accountKey);
        senders.set(entry.accountKey, opening);
        // A session that could not open is opened again by the next PUT.
        opening.catch(() => senders.get(entry.accountKey) === opening && senders.delete(entry.accountKey));
        opened = opening;
      }
      started++;
      try {
        const sender = await opened;
        const room = await sender(entry.suggestionId, entry.decision);
        if (room === undefined) remaining.delete(entry.accountKey);
        else remaining.set(entry.accountKey, room);
      } catch (caught) {
        remaining.delete(entry.accountKey);
        if (caught instanceof DeskError && BLOCKED_CODES.has(caught.code)) blocked.set(entry.accountKey, caught);
        throw caught;
      }
    },
  };
}
