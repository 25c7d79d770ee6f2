// A round of sends: one session per account (opened at its first PUT) and the claims the round may still send.
// Split from decision-outbox.ts: what a round stands on (links, sessions, a blocked account) apart from when it runs.
import { DeskError } from '../../messaging/wire-error.ts';
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
  return {
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
      try {
        const sender = await opened;
        await sender(entry.suggestionId, entry.decision);
      } catch (caught) {
        if (caught instanceof DeskError && BLOCKED_CODES.has(caught.code)) blocked.set(entry.accountKey, caught);
        throw caught;
      }
    },
  };
}
