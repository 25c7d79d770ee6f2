// The one typed map of every request a UI context can make of the background, and who may make it.
// 'extension' requests come only from the extension's own pages (popup, options);
// 'content' requests may also come from the embedded panel on an allowed partner CRM page.
// Inputs are zod schemas, checked at the background's boundary; outputs are types only.
import { z } from 'zod';
import type { SuggestionDecision } from '../api/suggestions.ts';
import { STATUS_NAME, WAITING } from '../listing-statuses.ts';
import type { SuggestionView } from '../storage.ts';
import type { WireError } from './wire-error.ts';

export type Access = 'extension' | 'content';

export interface RequestSpec<Input extends z.ZodType, Output> {
  input: Input;
  access: Access;
  /** Phantom: carries the output type, never read at run time. */
  output?: Output;
}

function request<Output>() {
  return <Input extends z.ZodType>(access: Access, input: Input): RequestSpec<Input, Output> => ({ input, access });
}

const empty = z.object({}).strict();

// ---- account-linking / account-switcher ----------------------------------------------------

/** A linked account as the UI sees it: never its token. Keyed by appSpecificAccountId (stable). */
export interface LinkedAccountView {
  accountKey: string;
  accountName: string;
  appSpecificAccountId: string;
  linkedAt: number;
  needsRelink: boolean;
  apiOrigin?: string | null;
  otherEnvironment?: boolean;
}

export interface AccountsView {
  accounts: LinkedAccountView[];
  activeAccountKey: string | null;
}

const accountKey = z.string().min(1).max(200);

// ---- connection-settings -------------------------------------------------------------------

export const ENVIRONMENTS = ['sandbox', 'production', 'custom'] as const;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

function isAbsoluteHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    if (url.username || url.password) return false;
    // Tokens and the API key travel in the query, so plain http is only for the local sandbox.
    return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
  } catch {
    return false;
  }
}

function isRealDate(value: string): boolean {
  const date = new Date(`${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10).replaceAll('-', '') === value;
}

const absoluteUrl = (what: string) =>
  z
    .string()
    .trim()
    .refine(
      isAbsoluteHttpUrl,
      `Enter the ${what} as an absolute https:// URL (http:// only for 127.0.0.1 or localhost).`,
    )
    // One spelling per address: no trailing slash, so `${apiUrl}/oauth2/...` and origin checks agree.
    .transform((value) => value.replace(/\/+$/, ''));

/** Shared by the options page (messages beside each field) and the background (the boundary check). */
export const connectionSettingsInput = z
  .object({
    environment: z.enum(ENVIRONMENTS, { error: 'Choose Sandbox, Production or Custom.' }),
    apiUrl: absoluteUrl('API base URL'),
    authUrl: absoluteUrl('auth URL'),
    clientId: z.string().trim().min(1, 'Enter the client ID.').max(500),
    apiKey: z.string().trim().min(1, 'Enter the API key.').max(500),
    apiVersion: z
      .string()
      .trim()
      .regex(/^\d{8}$/, 'Enter the API version as a date: YYYYMMDD, e.g. 20261101.')
      .refine(isRealDate, 'That date does not exist; use YYYYMMDD.'),
  })
  .strict();

export type ConnectionSettingsInput = z.input<typeof connectionSettingsInput>;

export interface ConnectionPreset {
  apiUrl: string;
  authUrl: string;
  clientId: string;
  apiKey: string;
}

export interface ConnectionView {
  settings: z.output<typeof connectionSettingsInput>;
  /** False while the build-time defaults apply. */
  saved: boolean;
  /** What choosing an environment fills in; Custom keeps what is there. */
  presets: { sandbox: ConnectionPreset; production: ConnectionPreset };
  defaultApiVersion: string;
  /** The exact URI to register in the app's OAuth configuration. */
  redirectUri: string;
  /** Origins the manifest already grants; any other needs a run-time host permission. */
  grantedOrigins: string[];
}

// ---- badge ---------------------------------------------------------------------------------

export interface BadgeView {
  accountKey: string | null;
  count: number | null;
}

// ---- suggestion-triage / listings-health ----------------------------------------------------

/**
 * Ids go into URL paths: letters, digits and `_ - . ~ :` only, and never `.` or `..` alone (no `/ ? # %`).
 * Shared by suggestion, location and publisher ids.
 */
export const SAFE_ID = /^(?!\.{1,2}$)[\w.~:-]{1,200}$/;
const safeId = (what: string) =>
  z.string().regex(SAFE_ID, `A ${what} id uses letters, digits and _ - . ~ : only (not "." or "..").`);
const suggestionId = safeId('suggestion');
/** Known values are listed in lib/api; an unknown status from the service is still a valid filter. */
const statusName = z.string().regex(STATUS_NAME, 'Use a status such as WAITING_ON_CUSTOMER.');

export interface TriageAccountView {
  accountKey: string;
  accountName: string;
  needsRelink: boolean;
}

export interface PendingDecisionView {
  suggestionId: string;
  decision: SuggestionDecision;
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
  decision: SuggestionDecision;
  code: string;
  message: string;
  failedAt: number;
}

export interface BatchOutcomeView {
  batchId: string;
  decision: SuggestionDecision;
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
  /** null: no account is linked. */
  account: TriageAccountView | null;
  status: string;
  /** The last fetched list (stale-while-revalidate); pending ones included, marked by `pending`. */
  suggestions: SuggestionView[];
  /** The service's total for these filters; `suggestions` is capped at 500. */
  count: number;
  /** null: never fetched for this account and status. */
  fetchedAt: number | null;
  refreshing: boolean;
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

export interface TriageSettingsView {
  keyboardShortcuts: boolean;
}

export interface ListingsHealthView {
  accountKey: string | null;
  /** null: never fetched. */
  total: number | null;
  counts: { status: string; count: number }[];
  fetchedAt: number | null;
  refreshing: boolean;
  error: WireError | null;
}

export interface ListingRowView {
  id: string;
  locationId: string;
  publisherId: string;
  status: string;
  listingUrl: string;
}

export interface ListingsPageView {
  accountKey: string | null;
  count: number;
  offset: number;
  listings: ListingRowView[];
  publishers: Record<string, string>;
}

const triageProtocol = {
  'triage.view': request<TriageView>()(
    'content',
    z
      .object({
        status: statusName.default(WAITING),
        refresh: z.boolean().default(false),
        force: z.boolean().default(false),
        locationIds: z.array(safeId('location')).max(100).optional(),
        publisherIds: z.array(safeId('publisher')).max(100).optional(),
      })
      .strict(),
  ),
  'triage.decide': request<{ batchId: string; pending: PendingDecisionView[]; revision: number }>()(
    'content',
    z
      .object({
        accountKey,
        suggestionIds: z.array(suggestionId).min(1).max(500),
        decision: z.enum(['ACCEPTED', 'REJECTED']),
      })
      .strict(),
  ),
  /** Undo names what it undoes: a batch, or suggestions. Ones already being sent come back in `tooLate`. */
  'triage.undo': request<{ undone: string[]; tooLate: string[]; revision: number }>()(
    'content',
    z.union([
      z.object({ batchId: z.string().min(1).max(100) }).strict(),
      z.object({ suggestionIds: z.array(suggestionId).min(1).max(500) }).strict(),
    ]),
  ),
  'triage.dismissFailures': request<{ dismissed: number }>()(
    'content',
    z.object({ suggestionIds: z.array(suggestionId).max(500) }).strict(),
  ),
  'triage.settings.get': request<TriageSettingsView>()('extension', empty),
  'triage.settings.set': request<TriageSettingsView>()(
    'extension',
    z.object({ keyboardShortcuts: z.boolean() }).strict(),
  ),
  'health.summary': request<ListingsHealthView>()(
    'content',
    z.object({ refresh: z.boolean().default(false) }).strict(),
  ),
  'health.listings': request<ListingsPageView>()(
    'extension',
    z
      .object({
        status: statusName.optional(),
        offset: z.number().int().min(0).max(1_000_000).default(0),
        limit: z.number().int().min(1).max(100).default(50),
      })
      .strict(),
  ),
} as const;

export const protocol = {
  'accounts.list': request<AccountsView>()('content', empty),
  'accounts.link': request<LinkedAccountView>()('extension', empty),
  'accounts.relink': request<LinkedAccountView>()('extension', z.object({ accountKey }).strict()),
  'accounts.unlink': request<AccountsView>()('extension', z.object({ accountKey }).strict()),
  'accounts.activate': request<AccountsView>()('content', z.object({ accountKey }).strict()),
  'connection.get': request<ConnectionView>()('extension', empty),
  'connection.save': request<ConnectionView>()('extension', connectionSettingsInput),
  'badge.refresh': request<BadgeView>()('extension', empty),
  ...triageProtocol,
} as const;

export type Protocol = typeof protocol;
export type RequestType = keyof Protocol;
export type RequestInput<K extends RequestType> = z.input<Protocol[K]['input']>;
export type ParsedInput<K extends RequestType> = z.output<Protocol[K]['input']>;
export type RequestOutput<K extends RequestType> = NonNullable<Protocol[K]['output']>;

/** What travels over runtime.sendMessage. The `desk` tag keeps foreign messages out. */
export interface RequestMessage<K extends RequestType = RequestType> {
  desk: 'request';
  type: K;
  input: unknown;
}

export type Reply<K extends RequestType = RequestType> =
  | { ok: true; value: RequestOutput<K> }
  | { ok: false; error: import('./wire-error.ts').WireError };

// ---- events the background broadcasts to open UI contexts ----------------------------------

export interface DeskEvents {
  /** Re-ask 'triage.view': the list, a pending decision or a failure changed. */
  'triage.changed': { accountKey: string | null; resolvedElsewhere: number; revision: number };
  'health.changed': { accountKey: string | null };
  'accounts.changed': AccountsView;
}

export interface EventMessage<K extends keyof DeskEvents = keyof DeskEvents> {
  desk: 'event';
  type: K;
  payload: DeskEvents[K];
}
