// Views and worker answers for the popup's triage component tests (the worker itself is faked by
// vi.mock of lib/messaging/ui.ts in each test file, which records questions and event handlers).
import type {
  BatchOutcomeView,
  PendingDecisionView,
  SuggestionView,
  TriageView,
} from '../../lib/messaging/protocol/index.ts';

export function suggestion(id: string, over: Partial<SuggestionView> = {}): SuggestionView {
  return {
    id,
    status: 'WAITING_ON_CUSTOMER',
    publisherId: 'GOOGLEMYBUSINESS',
    locationId: 'HB-001',
    fieldName: 'hours',
    originalContent: 'Open 9am to 5pm',
    suggestedContent: 'Open 8am to 5pm',
    dateCreated: '2026-03-04',
    ...over,
  };
}

export function triageView(over: Partial<TriageView> = {}): TriageView {
  return {
    account: { accountKey: 'app-1001', accountName: 'Harbor Bakery Group', needsRelink: false },
    status: 'WAITING_ON_CUSTOMER',
    suggestions: [suggestion('1'), suggestion('2', { locationId: 'HB-002' }), suggestion('3', { publisherId: 'BING' })],
    count: 3,
    fetchedAt: Date.now(),
    refreshing: false,
    error: null,
    publishers: { GOOGLEMYBUSINESS: 'Google Business Profile' },
    pending: [],
    failures: [],
    keyboardShortcuts: true,
    undoWindowMs: 5000,
    revision: 1,
    batches: [],
    warnings: [],
    complete: true,
    ...over,
  };
}

export function pendingView(suggestionId: string, over: Partial<PendingDecisionView> = {}): PendingDecisionView {
  return {
    suggestionId,
    decision: 'ACCEPTED',
    dueAt: Date.now() + 5000,
    batchId: 'b1',
    sending: false,
    attempts: 0,
    retryAt: null,
    lastError: null,
    ...over,
  };
}

export function batchOutcome(over: Partial<BatchOutcomeView> = {}): BatchOutcomeView {
  return {
    batchId: 'b1',
    decision: 'ACCEPTED',
    size: 3,
    sent: 0,
    resolvedElsewhere: 0,
    failed: 0,
    undone: 0,
    queued: 0,
    ...over,
  };
}

/** A promise with its resolve, to deliver a worker's answer when the test says so. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
