// Access tokens and authorization codes: how the vendor issues them.
import { randomBytes } from 'node:crypto';
import type { Account, Token } from '../model.ts';
import type { Store } from '../store.ts';

/** Authorization codes are single-use and expire after five minutes of sandbox time. */
export const CODE_TTL_MS = 5 * 60_000;

export function mintToken(store: Store, account: Account): Token {
  const token: Token = {
    access_token: `sbx_${randomBytes(24).toString('hex')}`,
    accountId: account.accountId,
    revoked: false,
    issuedAt: new Date(store.nowMs()).toISOString(),
  };
  store.state.tokens.push(token);
  store.changed();
  return token;
}

export function tokenResponse(token: Token, account: Account) {
  return {
    access_token: token.access_token,
    appSpecificAccountId: `app-${account.accountId}`,
    accountName: account.accountName,
  };
}
