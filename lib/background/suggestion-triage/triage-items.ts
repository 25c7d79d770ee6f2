// What the suggestion-triage feature keeps in storage. The service worker can be stopped at any moment,
// so anything a handler needs later lives here, never in module memory. Bump an item's `version` and add
// a migration whenever its shape changes; list a new key in ../core/storage-keys.ts.
import type { SuggestionDecision } from '../../api/suggestions.ts';
import type { WireError } from '../../messaging/wire-error.ts';
import { defineItem } from '../../storage-item.ts';

/** What the triage cache keeps of a suggestion; everything is publisher data, shown only as text. */
export interface StoredSuggestion {
  id: string;
  status: string;
  publisherId: string;
  locationId: string;
  fieldName: string;
  originalContent: string;
  suggestedContent: string;
  dateCreated: string;
  /** Resolved lists only (YYYY-MM-DD, and who resolved it). */
  dateResolved?: string;
  resolvedBy?: string;
}

export interface CachedSuggestions {
  fetchedAt: number;
  /** The service's count; may exceed suggestions.length when the list was capped. */
  count: number;
  suggestions: StoredSuggestion[];
  /** The service's and the client's warnings about this list (items left out, no subscription, …). */
  warnings?: { code: number; type: string; message: string }[];
}

/** `${accountKey} ${status}` → the last fetched list, painted at once when the popup opens. */
export const triageCacheItem = defineItem<Record<string, CachedSuggestions>>('local:triageCache', {
  fallback: {},
  version: 1,
});

export interface PendingDecision {
  suggestionId: string;
  accountKey: string;
  decision: SuggestionDecision;
  /** Epoch ms at which the undo window closes and the decision is sent. */
  dueAt: number;
  /** Decisions made together share a batch: undo and the progress bar treat them as one. */
  batchId: string;
  /** Worker run that claimed it for sending; a claim by an earlier (dead) run means resend. */
  sendingBy?: string;
  /** PUTs started for it so far (counted at claim time, so a dead run's attempt counts too). */
  attempts?: number;
  /** After a transient failure: epoch ms of the next try (an alarm is armed for it). */
  retryAt?: number | null;
  /** Why the last attempt did not settle it (busy service, outage, needs relinking). */
  lastError?: WireError | null;
}

/** Decisions inside their undo window or in flight. Kept here because the worker's timers die with it. */
export const triagePendingItem = defineItem<PendingDecision[]>('local:triagePending', {
  fallback: [],
  version: 1,
});

export interface FailedDecision {
  suggestionId: string;
  accountKey: string;
  decision: SuggestionDecision;
  /** Readable, redacted; the interface's error code when there was one. */
  code: string;
  message: string;
  failedAt: number;
}

/** Decisions the service refused: the suggestion comes back with this error until dismissed or decided again. */
export const triageFailuresItem = defineItem<FailedDecision[]>('local:triageFailures', {
  fallback: [],
  version: 1,
});

/** Bumped with every triage write: views and events carry it, so a UI can drop an older answer. */
export const triageRevisionItem = defineItem<number>('local:triageRevision', {
  fallback: 0,
  version: 1,
});

export interface DecisionBatch {
  batchId: string;
  accountKey: string;
  decision: SuggestionDecision;
  decidedAt: number;
  size: number;
  /** PUTs the service answered with success (or "already resolved" after an earlier attempt of ours). */
  sent: number;
  resolvedElsewhere: number;
  failed: number;
  undone: number;
}

/** Batches decided in the last 10 minutes: the popup's bulk progress reads their outcomes. */
export const triageBatchesItem = defineItem<DecisionBatch[]>('local:triageBatches', {
  fallback: [],
  version: 1,
});

/** Test-only: a shorter undo window. Honoured only outside production builds. */
export const triageUndoWindowMsForTestsItem = defineItem<number | null>('local:triageUndoWindowMsForTests', {
  fallback: null,
  version: 1,
});

/** WCAG 2.1.4: single-key shortcuts can be switched off in the options page. */
export const keyboardShortcutsItem = defineItem<boolean>('local:keyboardShortcuts', {
  fallback: true,
  version: 1,
});
