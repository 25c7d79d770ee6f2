import { z } from 'zod';
import { STATUS_NAME, WAITING } from '../../shared/listing-statuses.ts';
import type { WireError } from '../wire-error.ts';
import { type Access, accountKey, empty, lazy, request, safeId } from './request.ts';

const suggestionId = lazy(() => safeId('suggestion'));

export type DecisionView = 'ACCEPTED' | 'REJECTED';
/** Known values are listed in lib/api; an unknown status from the service is still a valid filter. */
export const statusName = lazy(() => z.string().regex(STATUS_NAME, 'Use a status such as WAITING_ON_CUSTOMER.'));

/** A suggestion as the triage list shows it; everything is publisher data, shown only as text. */
export interface SuggestionView {
  id: string;
  status: string;
  publisherId: string;
  locationId: string;
  fieldName: string;
  originalContent: string;
  suggestedContent: string;
  dateCreated: string;
  /** The account it belongs to: set in the view across accounts, where rows of several accounts mix. */
  accountKey?: string;
  /** Resolved lists only. */
  dateResolved?: string;
  resolvedBy?: string;
}

/** A warning from the service or the client about a list (items left out, no subscription, …); readable text. */
export interface ListWarningView {
  code: number;
  type: string;
  message: string;
  /** The client's own warnings: 'client.empty-answer', 'client.skipped-items'. */
  name?: string;
  /** Worded by the worker (service-words.ts): what a person reads, and the small print. */
  sentence?: string;
  smallPrint?: string;
}

export interface TriageAccountView {
  accountKey: string;
  accountName: string;
  needsRelink: boolean;
}

/** One account in the view across accounts: its waiting count, and why it may be missing from the list. */
export interface TriageAccountSummary extends TriageAccountView {
  /** Its waiting suggestions as last fetched; null: never fetched. */
  waiting: number | null;
  fetchedAt: number | null;
  refreshing: boolean;
  /** Its last refresh failed (403, outage…) or it needs Relink: the others are listed all the same. */
  error: WireError | null;
}

export interface PendingDecisionView {
  suggestionId: string;
  /** Across accounts: whose decision it is. */
  accountKey?: string;
  decision: DecisionView;
  /** Epoch ms at which the undo window closes. */
  dueAt: number;
  batchId: string;
  /** The PUT is in flight: too late to undo. */
  sending: boolean;
  /** PUTs started for it so far; > 0 and not sending: queued again after a transient failure. */
  attempts: number;
  /** Epoch ms of the next try after a transient failure; null when none is planned (or it waits for Relink). */
  retryAt: number | null;
  /** Why the last attempt did not settle it, in words for people; the code in `code`. */
  lastError: WireError | null;
}

export interface FailedDecisionView {
  suggestionId: string;
  decision: DecisionView;
  code: string;
  message: string;
  failedAt: number;
}

export interface BatchOutcomeView {
  batchId: string;
  decision: DecisionView;
  size: number;
  /** Only PUTs the service answered with success (or a re-send's "already resolved" after our own attempt). */
  sent: number;
  resolvedElsewhere: number;
  failed: number;
  undone: number;
  /** Neither answered nor undone yet: waiting for its window, being sent, or queued for a retry. */
  queued: number;
}

export interface TriageView {
  /** Monotonic across worker restarts: apply a view only if its revision >= the last one applied. */
  revision: number;
  /** null: no account is linked. Across accounts: the active one (an empty list speaks of it). */
  account: TriageAccountView | null;
  /**
   * Set when the list is across accounts (more than one linked, waiting suggestions): every linked account,
   * in the order linked. Rows, pending decisions and failures then carry their account.
   */
  accounts?: TriageAccountSummary[];
  status: string;
  /** The last fetched list (stale-while-revalidate); pending ones included, marked by `pending`. */
  suggestions: SuggestionView[];
  /** The service's total for these filters; `suggestions` is capped at 500. */
  count: number;
  /** False when `rows` cut the list short: `suggestions` are its first rows only. */
  complete: boolean;
  /** null: never fetched for this account and status. */
  fetchedAt: number | null;
  /** What the service or the client warned about when this list was fetched; shown as a notice. */
  warnings: ListWarningView[];
  refreshing: boolean;
  /** The service does not answer now: said beside "Updated …", so the list never looks fresher than it is. */
  unreachable?: string;
  /** The last refresh failed; the cached list is still shown. */
  error: WireError | null;
  /** publisher id → name. */
  publishers: Record<string, string>;
  pending: PendingDecisionView[];
  failures: FailedDecisionView[];
  /** Batches decided in the last 10 minutes, with what became of their decisions. */
  batches: BatchOutcomeView[];
  keyboardShortcuts: boolean;
  undoWindowMs: number;
}

/**
 * The popup's first-paint snapshot, which the worker keeps in storage.session and pages read before it answers
 * (lib/background/suggestion-triage/first-paint-snapshot.ts): the view's first rows, plus the names the live
 * popup shows beside them. Publisher data and names only, bounded; never a token.
 */
/**
 * The popup's first frame as plain DOM (lib/background/suggestion-triage/first-paint-tree.ts): an element is
 * [tag, attributes, ...children], a string is text. The popup's first script makes it with createElement,
 * setAttribute (a fixed set of names, links only to http(s)) and text nodes, never markup.
 */
export type FirstPaintNode = string | [string, Record<string, string> | null, ...FirstPaintNode[]];

export interface TriageSnapshotView extends TriageView {
  /** The rows' locations that the worker's directory names: id → name and city (an unnamed one shows its id). */
  locationNames: Record<string, { name: string; city: string }>;
  /** The popup's account bar: the active account and every linked one in the order linked; null when too many. */
  accountBar: {
    activeAccountKey: string;
    accounts: { accountKey: string; accountName: string; needsRelink: boolean; otherEnvironment: boolean }[];
  } | null;
  /** The popup's first frame drawn from these rows, for its first script; null where it could not look the same. */
  firstPaint?: FirstPaintNode | null;
}

export interface TriageSettingsView {
  keyboardShortcuts: boolean;
}

export const triageProtocol = {
  'triage.view': request<TriageView>()('content', () =>
    z
      .object({
        status: statusName().default(WAITING),
        refresh: z.boolean().default(false),
        force: z.boolean().default(false),
        locationIds: z.array(safeId('location')).max(100).optional(),
        publisherIds: z.array(safeId('publisher')).max(100).optional(),
        /** Across accounts: only these accounts' suggestions (none given: every linked account's). */
        accountKeys: z.array(accountKey()).max(100).optional(),
        /** Only the first rows, for a fast first paint; ask again without it for the rest. */
        rows: z.number().int().min(1).max(500).optional(),
      })
      .strict(),
  ),
  /**
   * Answers what the decision changed (the account's pending decisions, failures and batches), at the
   * revision it wrote: the deciding page needs no second question for the event the decision broadcast.
   */
  'triage.decide': request<{
    batchId: string;
    pending: PendingDecisionView[];
    failures: FailedDecisionView[];
    batches: BatchOutcomeView[];
    revision: number;
  }>()('content', () =>
    z
      .object({
        accountKey: accountKey(),
        suggestionIds: z.array(suggestionId()).min(1).max(500),
        decision: z.enum(['ACCEPTED', 'REJECTED']),
      })
      .strict(),
  ),
  /** Undo names what it undoes: a batch, or suggestions. Ones already being sent come back in `tooLate`. */
  'triage.undo': request<{ undone: string[]; tooLate: string[]; revision: number }>()('content', () =>
    z.union([
      z.object({ batchId: z.string().min(1).max(100) }).strict(),
      z.object({ suggestionIds: z.array(suggestionId()).min(1).max(500) }).strict(),
    ]),
  ),
  'triage.dismissFailures': request<{ dismissed: number }>()('content', () =>
    z.object({ suggestionIds: z.array(suggestionId()).max(500) }).strict(),
  ),
  'triage.settings.get': request<TriageSettingsView>()('extension', empty),
  'triage.settings.set': request<TriageSettingsView>()('extension', () =>
    z.object({ keyboardShortcuts: z.boolean() }).strict(),
  ),
} as const;

export interface TriageEvents {
  /** Re-ask 'triage.view': the list, a pending decision or a failure changed. */
  'triage.changed': { accountKey: string | null; resolvedElsewhere: number; revision: number };
}

/** Who may hear each event (the embedded panel shows the same list). */
export const triageEventAccess = {
  'triage.changed': 'content',
} as const satisfies Record<keyof TriageEvents, Access>;
