// The linked accounts and which one is active, as stored. Read through linked-accounts.ts; written in the
// account lock (account-lock.ts). Tokens are not here: they live sealed in the token vault.
import { defineItem } from '../../storage-item.ts';

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

export const linkedAccountsItem = defineItem<LinkedAccount[]>('local:linkedAccounts', {
  fallback: [],
  version: 2,
  migrations: { 2: migrateLinkedAccountsToV2 },
});

export const activeAccountKeyItem = defineItem<string | null>('local:activeAccountKey', {
  fallback: null,
  version: 1,
});
