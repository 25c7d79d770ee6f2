// Every storage item of the extension, typed and versioned. The service worker can be stopped at any
// moment, so anything a handler needs later lives here, never in module memory.
// Bump an item's `version` and add a migration whenever its shape changes.
import { storage } from 'wxt/utils/storage';

// ---- connection-settings -------------------------------------------------------------------

export type Environment = 'sandbox' | 'production' | 'custom';

export interface ConnectionSettings {
  environment: Environment;
  /** API origin (token endpoint and /v2 live here), e.g. https://api.yext.com */
  apiUrl: string;
  /** Host that serves the OAuth authorize page, e.g. https://www.yext.com */
  authUrl: string;
  clientId: string;
  /** The `v` query parameter, YYYYMMDD. */
  apiVersion: string;
}

/**
 * Before the API key was sealed it was stored here in plaintext; the worker seals such a key at start and
 * deletes it (sealLegacyApiKey), so nothing else reads this field.
 */
export type StoredConnectionSettings = ConnectionSettings & { apiKey?: string };

/** null until the user saves the Connection section: the build-time defaults apply. */
export const connectionSettingsItem = storage.defineItem<StoredConnectionSettings | null>('local:connectionSettings', {
  fallback: null,
  version: 1,
});

// ---- account-linking -----------------------------------------------------------------------

export interface LinkedAccount {
  /** Stable key of a linked account: its appSpecificAccountId (the token response has no account id). */
  accountKey: string;
  accountName: string;
  appSpecificAccountId: string;
  /** Epoch ms of the last successful link (or relink). */
  linkedAt: number;
  /** Set by a 401: the token no longer works and only linking again helps. */
  needsRelink: boolean;
  /**
   * Origin of the API that issued the token (`new URL(apiUrl).origin` at link time). The token is sent
   * there and nowhere else; null for accounts linked before this was recorded (they need relinking).
   */
  apiOrigin: string | null;
}

/** v1 accounts have no apiOrigin: nobody knows which server issued their token, so they must be linked again. */
export function migrateLinkedAccountsToV2(accounts: unknown): LinkedAccount[] {
  if (!Array.isArray(accounts)) return [];
  return accounts.map((account: Omit<LinkedAccount, 'apiOrigin'> & { apiOrigin?: unknown }) => {
    // Idempotent: storage.setItems writes no version, so this may run again over v2 values.
    if (typeof account.apiOrigin === 'string' && account.apiOrigin !== '') return account as LinkedAccount;
    return { ...account, apiOrigin: null, needsRelink: true };
  });
}

export const linkedAccountsItem = storage.defineItem<LinkedAccount[]>('local:linkedAccounts', {
  fallback: [],
  version: 2,
  migrations: { 2: migrateLinkedAccountsToV2 },
});

export const activeAccountKeyItem = storage.defineItem<string | null>('local:activeAccountKey', {
  fallback: null,
  version: 1,
});

export interface PendingAuthState {
  state: string;
  createdAt: number;
  expiresAt: number;
}

/** Issued OAuth states: single-use, expire after 10 minutes; kept in storage so a worker restart mid-flow is harmless. */
export const pendingAuthStatesItem = storage.defineItem<PendingAuthState[]>('local:pendingAuthStates', {
  fallback: [],
  version: 1,
});

/**
 * How the last Link or Relink ended, kept until a page has shown it: the popup that started it closes
 * when the sign-in window takes focus, so its reply may reach nobody.
 */
export interface LinkingOutcome {
  /** The attempt's id, chosen by the page that started it (or by the worker). */
  id: string;
  relink: boolean;
  finishedAt: number;
  /** Set when an account was linked; names come from the service and are shown as text. */
  account: { accountKey: string; accountName: string } | null;
  /** Set when nothing was linked: the redacted reason, as every reply carries it. */
  error: { code: string; message: string } | null;
}

export const linkingOutcomeItem = storage.defineItem<LinkingOutcome | null>('local:linkingOutcome', {
  fallback: null,
  version: 1,
});

// ---- token-vault ---------------------------------------------------------------------------

export interface SealedToken {
  /** base64 of the 12-byte AES-GCM nonce */
  iv: string;
  /** base64 of the AES-GCM ciphertext + tag; the plaintext token is never stored. */
  ciphertext: string;
}

/**
 * accountKey → sealed access token. The AES key itself is a non-extractable CryptoKey in IndexedDB.
 * Since linkedAccounts v2 the issuing API origin is bound into the ciphertext: v1 tokens no longer open,
 * which matches their accounts being marked for relinking.
 */
export const tokenVaultItem = storage.defineItem<Record<string, SealedToken>>('local:tokenVault', {
  fallback: {},
  version: 1,
});

export interface SealedApiKey {
  /** The API origin the key was entered for; it is bound into the ciphertext and sent nowhere else. */
  apiOrigin: string;
  sealed: SealedToken;
}

/** The app's API key (also the OAuth client secret), sealed like a token; null until the user enters one. */
export const apiKeyVaultItem = storage.defineItem<SealedApiKey | null>('local:apiKeyVault', {
  fallback: null,
  version: 1,
});

// ---- badge ---------------------------------------------------------------------------------

export interface BadgeCount {
  count: number;
  updatedAt: number;
}

/** accountKey → last known number of WAITING_ON_CUSTOMER suggestions. */
export const badgeCountsItem = storage.defineItem<Record<string, BadgeCount>>('local:badgeCounts', {
  fallback: {},
  version: 1,
});

// ---- suggestion-triage ----
// (owned by the suggestion-triage feature; items below this line are added by that feature)

// One decision type for the whole extension: the API's own.
type SuggestionDecision = import('./api/suggestions.ts').SuggestionDecision;

/** What the triage list needs of a suggestion; everything is publisher data, shown only as text. */
export interface SuggestionView {
  id: string;
  status: string;
  publisherId: string;
  locationId: string;
  fieldName: string;
  originalContent: string;
  suggestedContent: string;
  dateCreated: string;
}

export interface CachedSuggestions {
  fetchedAt: number;
  /** The service's count; may exceed suggestions.length when the list was capped. */
  count: number;
  suggestions: SuggestionView[];
}

/** `${accountKey} ${status}` → the last fetched list, painted at once when the popup opens. */
export const triageCacheItem = storage.defineItem<Record<string, CachedSuggestions>>('local:triageCache', {
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
  lastError?: import('./messaging/wire-error.ts').WireError | null;
}

/** Decisions inside their undo window or in flight. Kept here because the worker's timers die with it. */
export const triagePendingItem = storage.defineItem<PendingDecision[]>('local:triagePending', {
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
export const triageFailuresItem = storage.defineItem<FailedDecision[]>('local:triageFailures', {
  fallback: [],
  version: 1,
});

/** Bumped with every triage write: views and events carry it, so a UI can drop an older answer. */
export const triageRevisionItem = storage.defineItem<number>('local:triageRevision', {
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
export const triageBatchesItem = storage.defineItem<DecisionBatch[]>('local:triageBatches', {
  fallback: [],
  version: 1,
});

/** Test-only: a shorter undo window. Honoured only outside production builds. */
export const triageUndoWindowMsForTestsItem = storage.defineItem<number | null>('local:triageUndoWindowMsForTests', {
  fallback: null,
  version: 1,
});

export interface PublisherNames {
  fetchedAt: number;
  /** publisher id → name (untrusted text). */
  names: Record<string, string>;
}

/** accountKey → publisher names; the list changes rarely, so it is refreshed once a day. */
export const publisherNamesItem = storage.defineItem<Record<string, PublisherNames>>('local:publisherNames', {
  fallback: {},
  version: 1,
});

/** WCAG 2.1.4: single-key shortcuts can be switched off in the options page. */
export const keyboardShortcutsItem = storage.defineItem<boolean>('local:keyboardShortcuts', {
  fallback: true,
  version: 1,
});

// ---- listings-health (kept with suggestion-triage: same owner, same popup) ----

export interface ListingsHealth {
  fetchedAt: number;
  /** All listings of the account, whatever their status. */
  total: number;
  /** status → count, for the known statuses plus "OTHER" when statuses the client does not know exist. */
  counts: Record<string, number>;
}

/** accountKey → last listings health summary. */
export const listingsHealthItem = storage.defineItem<Record<string, ListingsHealth>>('local:listingsHealth', {
  fallback: {},
  version: 1,
});
