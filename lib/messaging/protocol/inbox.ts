// The Inbox: every waiting suggestion of every linked account, held in the worker (lib/background/inbox/)
// and asked for a count and a window at a time, as the listings workspace is. Extension pages only: the
// embedded panel never sees other accounts' suggestions.
import { z } from 'zod';
import type { WireError } from '../wire-error.ts';
import { accountKey, lazy, request, safeId } from './request.ts';
import type { BatchOutcomeView } from './suggestion-triage.ts';

/** Age buckets: under a week, one to two weeks, two weeks and more. */
export const INBOX_AGES = ['new', 'week', 'old'] as const;
export type InboxAge = (typeof INBOX_AGES)[number];
export const INBOX_SORTS = ['oldest', 'newest'] as const;
export type InboxSort = (typeof INBOX_SORTS)[number];
export const HISTORY_STATUSES = ['ACCEPTED', 'REJECTED', 'EXPIRED'] as const;

/** Facets a page keeps (by tag): an account filter toggled on and off asks for neither set again. */
export const INBOX_FACETS_HELD = 4;

const ids = (what: string) => z.array(safeId(what)).max(500).default([]);

export const inboxFilters = lazy(() =>
  z
    .object({
      accounts: z.array(accountKey()).max(100).default([]),
      locations: ids('location'),
      publishers: ids('publisher'),
      /** Field names are the service's words (NAME, PHONE, …): the same characters as ids. */
      fields: ids('field'),
      ages: z.array(z.enum(INBOX_AGES)).max(3).default([]),
    })
    .strict()
    .default({ accounts: [], locations: [], publishers: [], fields: [], ages: [] }),
);
export type InboxFilters = z.output<ReturnType<typeof inboxFilters>>;

export interface InboxRowView {
  accountKey: string;
  accountName: string;
  id: string;
  locationId: string;
  /** '' when the account's locations are not known (show the id then). */
  locationName: string;
  publisherId: string;
  publisherName: string;
  fieldName: string;
  originalContent: string;
  suggestedContent: string;
  dateCreated: string;
  /** Whole days since dateCreated. */
  ageDays: number;
  /** Decided here and inside its undo window, or being sent. */
  pending: 'ACCEPTED' | 'REJECTED' | null;
  sending: boolean;
  /**
   * A pending decision tried and held back (a 429, an outage, Relink): why, and when it is tried again
   * (null: it waits for the account or the service, not for a clock).
   */
  queued: { error: WireError; retryAt: number | null } | null;
  /** The last decision did not go through (refused, or not confirmed): which, and why. */
  failure: { decision: 'ACCEPTED' | 'REJECTED'; error: WireError } | null;
}

/** A batch's outcome, with what of it is held back: waiting for Relink, or for another try after a 429 or an outage. */
export type InboxBatchView = BatchOutcomeView & { accountKey: string; waitingForRelink: number; retrying: number };

export interface InboxGroupView {
  /** Unique in the list (the page keys its header by it). */
  key: string;
  level: 0 | 1 | 2;
  /** The account, location or field this header stands for. */
  label: string;
  count: number;
}

export type InboxItemView = { kind: 'group'; group: InboxGroupView } | { kind: 'row'; row: InboxRowView };

/** One line per linked account: how many wait, and whether it can be triaged now. */
export interface InboxAccountView {
  accountKey: string;
  accountName: string;
  waiting: number;
  needsRelink: boolean;
  /** null: never fetched. */
  fetchedAt: number | null;
  refreshing: boolean;
  /** The last fetch failed (403, outage…): words for people, the code in small print. */
  error: WireError | null;
}

export interface InboxFacetView {
  id: string;
  label: string;
  count: number;
}

export interface InboxFacetsView {
  locations: InboxFacetView[];
  publishers: InboxFacetView[];
  fields: InboxFacetView[];
}

export interface InboxTags {
  accounts: string;
  facets: string;
}

export interface InboxView {
  revision: number;
  /** Rows matching the filters (group headers not counted). */
  matched: number;
  /** Items in the list: rows, plus headers when grouped. */
  items: number;
  /** Every waiting row of every account. */
  total: number;
  offset: number;
  window: InboxItemView[];
  /** When grouped: the index of every group header in the list (ascending), so the page can place them shorter. */
  heads: number[];
  /** The index of every row with a note under it (a failed or held-back decision, ascending): drawn taller. */
  noted: number[];
  /** Matching rows not already decided: what "Accept all N matching" takes. */
  decidable: number;
  accounts: InboxAccountView[];
  facets: InboxFacetsView;
  /** Names of this `accounts` and `facets` (of their content): a question that sends them back gets null for an unchanged part. */
  tags: InboxTags;
  batches: InboxBatchView[];
  keyboardShortcuts: boolean;
  undoWindowMs: number;
}

/**
 * The worker's answer: an InboxView whose account lines and facets are null when the question held them
 * (`held`, the tags of the page's copy). The 882 location facets were half of every 130 KB answer.
 */
export type InboxAnswer = Omit<InboxView, 'accounts' | 'facets'> & {
  accounts: InboxAccountView[] | null;
  facets: InboxFacetsView | null;
};

export interface InboxPlanView {
  suggestions: number;
  accounts: number;
  /** One PUT per suggestion: the interface decides one suggestion per request. */
  requests: number;
  perAccount: { accountKey: string; accountName: string; suggestions: number }[];
}

export interface InboxHistoryRowView {
  accountKey: string;
  accountName: string;
  id: string;
  status: string;
  locationId: string;
  locationName: string;
  publisherName: string;
  fieldName: string;
  originalContent: string;
  suggestedContent: string;
  dateCreated: string;
  dateResolved: string;
  resolvedBy: string;
}

export interface InboxHistoryView {
  /** The window asked for (from `offset`), newest resolved first. */
  rows: InboxHistoryRowView[];
  /** Every resolved suggestion of the chosen accounts and statuses: the lists are fetched whole. */
  total: number;
  offset: number;
  /** Accounts whose history could not be had, with why. */
  failed: { accountKey: string; accountName: string; error: WireError }[];
}

const query = () =>
  z
    .object({
      filters: inboxFilters(),
      sort: z.enum(INBOX_SORTS).default('oldest'),
      group: z.boolean().default(false),
      offset: z.number().int().min(0).default(0),
      limit: z.number().int().min(0).max(500).default(100),
      /** The tags of the parts the page holds (InboxView.tags): its account lines, its last few facets. */
      held: z
        .object({ accounts: z.string().max(40), facets: z.array(z.string().max(40)).max(INBOX_FACETS_HELD) })
        .strict()
        .optional(),
    })
    .strict();

const decision = () => z.enum(['ACCEPTED', 'REJECTED']);

export const inboxProtocol = {
  'inbox.query': request<InboxAnswer>()('extension', query),
  /**
   * The page's open (`force: false`): the waiting lists it shows first, within an open's share of the hour;
   * its Refresh (`force: true`): every linked account's, one at a time. Each one fetch, shared with the popup's.
   */
  'inbox.refresh': request<{ accounts: number }>()('extension', () =>
    z.object({ force: z.boolean().default(false) }).strict(),
  ),
  'inbox.plan': request<InboxPlanView>()('extension', () =>
    z.object({ filters: inboxFilters(), decision: decision() }).strict(),
  ),
  /** Every matching suggestion not already decided, into each account's outbox in batches of at most 500. */
  'inbox.decideAll': request<{ batches: { accountKey: string; batchId: string; size: number }[]; revision: number }>()(
    'extension',
    () => z.object({ filters: inboxFilters(), decision: decision(), expected: z.number().int().min(0) }).strict(),
  ),
  'inbox.decide': request<{ batchId: string; revision: number }>()('extension', () =>
    z
      .object({
        accountKey: accountKey(),
        suggestionIds: z.array(safeId('suggestion')).min(1).max(500),
        decision: decision(),
      })
      .strict(),
  ),
  'inbox.undo': request<{ undone: number; tooLate: number }>()('extension', () =>
    z
      .object({
        batches: z
          .array(z.object({ accountKey: accountKey(), batchId: z.string().min(1).max(100) }).strict())
          .min(1)
          .max(100),
      })
      .strict(),
  ),
  'inbox.history': request<InboxHistoryView>()('extension', () =>
    z
      .object({
        accounts: z.array(accountKey()).max(100).default([]),
        statuses: z
          .array(z.enum(HISTORY_STATUSES))
          .min(1)
          .max(3)
          .default([...HISTORY_STATUSES]),
        refresh: z.boolean().default(true),
        offset: z.number().int().min(0).default(0),
        limit: z.number().int().min(1).max(500).default(100),
      })
      .strict(),
  ),
  'inbox.csv': request<{ csv: string; rows: number; filename: string }>()('extension', () =>
    z.object({ filters: inboxFilters(), sort: z.enum(INBOX_SORTS).default('oldest') }).strict(),
  ),
} as const;
