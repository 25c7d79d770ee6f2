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

// ---- allowed-pages (embedded panel) --------------------------------------------------------

/** Partner CRM origins on which the embedded panel may ask the background for read-and-triage requests. */
export const allowedPageOriginsItem = storage.defineItem<string[]>('local:allowedPageOrigins', {
  fallback: [],
  version: 1,
});
