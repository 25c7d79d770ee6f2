// What the decision outbox is built from (its deps and hooks), apart from the outbox itself, so the
// files it is split into (decision-answers.ts, decision-round.ts) import these without an import cycle.
import type { SuggestionDecision } from '../../api/suggestions.ts';
import type { DeskEvents } from '../../messaging/protocol/index.ts';

/**
 * One PUT with an account's session already open; throws what the API session throws. Answers the
 * service's Rate-Limit-Remaining after it, when the answer said: the outbox sends wider while it is ample.
 */
export type DecisionSender = (suggestionId: string, decision: SuggestionDecision) => Promise<number | undefined>;

export interface OutboxDeps {
  /**
   * Opens an account once for a round of PUTs (connection, key and token read once, not per decision);
   * throws what opening the session throws (needs relinking, another Connection, no account).
   */
  openSender: (accountKey: string) => Promise<DecisionSender>;
  /**
   * What the service now holds for a suggestion (its status; null when it is not listed), read from the
   * list filtered by its location and publisher: the check after an answer that proved nothing.
   */
  readSuggestionStatus: (accountKey: string, suggestionId: string) => Promise<string | null>;
  setBadgeCount: (accountKey: string, count: number) => Promise<void>;
  broadcast: <K extends keyof DeskEvents>(type: K, payload: DeskEvents[K]) => Promise<void>;
  /** Tells the user that decisions failed while nobody was looking. */
  notifyFailures: (accountKey: string, failed: number) => Promise<void>;
  now: () => number;
}

export interface OutboxHooks {
  /** After a round: ids the service now has decided, and how many were settled elsewhere. */
  settled: (accountKey: string, decidedIds: string[], resolvedElsewhere: number) => void;
}
