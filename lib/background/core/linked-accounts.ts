// The list of linked accounts and which one is active, as stored. Tokens live in the token vault.
import { broadcast } from '../../messaging/background.ts';
import type { AccountsView, LinkedAccountView } from '../../messaging/protocol/index.ts';
import { DeskError } from '../../messaging/wire-error.ts';
import { activeAccountKeyItem, type LinkedAccount, linkedAccountsItem } from './account-items.ts';
import { type AccountLink, sameLink, withAccountLock } from './account-lock.ts';
import { currentApiOrigin } from './connection.ts';

/**
 * What the UI is told about an account. `currentOrigin` is the API origin of the Connection now in use:
 * an account linked on another one is flagged, and one with no recorded origin needs relinking.
 */
export function toView(account: LinkedAccount, currentOrigin: string): LinkedAccountView {
  return {
    accountKey: account.accountKey,
    accountName: account.accountName,
    appSpecificAccountId: account.appSpecificAccountId,
    linkedAt: account.linkedAt,
    needsRelink: account.needsRelink || !account.apiOrigin,
    apiOrigin: account.apiOrigin,
    otherEnvironment: Boolean(account.apiOrigin) && account.apiOrigin !== currentOrigin,
  };
}

export async function readAccounts(): Promise<{ accounts: LinkedAccount[]; activeAccountKey: string | null }> {
  const [accounts, storedActive] = await Promise.all([linkedAccountsItem.getValue(), activeAccountKeyItem.getValue()]);
  // A stale active key (its account gone) falls back to the first account rather than to nothing.
  const activeAccountKey = accounts.some((a) => a.accountKey === storedActive)
    ? storedActive
    : (accounts[0]?.accountKey ?? null);
  return { accounts, activeAccountKey };
}

export async function accountsView(): Promise<AccountsView> {
  const [{ accounts, activeAccountKey }, origin] = await Promise.all([readAccounts(), currentApiOrigin()]);
  return { accounts: accounts.map((a) => toView(a, origin)), activeAccountKey };
}

/** The account with this key, or the active one when no key is given. */
export async function findAccount(accountKey?: string): Promise<LinkedAccount | undefined> {
  const { accounts, activeAccountKey } = await readAccounts();
  const key = accountKey ?? activeAccountKey;
  return accounts.find((a) => a.accountKey === key);
}

export function unknownAccountError(): DeskError {
  return new DeskError({ code: 'unknown-account', message: 'That account is not linked (any more).' });
}

export async function notifyAccountsChanged(): Promise<AccountsView> {
  const view = await accountsView();
  await broadcast('accounts.changed', view);
  return view;
}

/**
 * After a 401: the token is no longer accepted, and only linking again helps. Only for the link that
 * token came with: an account unlinked or relinked since is left as it is now.
 */
export async function markNeedsRelink(link: AccountLink): Promise<void> {
  const marked = await withAccountLock(async () => {
    const accounts = await linkedAccountsItem.getValue();
    if (!accounts.some((a) => sameLink(a, link) && !a.needsRelink)) return false;
    await linkedAccountsItem.setValue(accounts.map((a) => (sameLink(a, link) ? { ...a, needsRelink: true } : a)));
    return true;
  });
  if (marked) await notifyAccountsChanged();
}

export async function activateAccount(accountKey: string): Promise<AccountsView> {
  const accounts = await linkedAccountsItem.getValue();
  if (!accounts.some((a) => a.accountKey === accountKey)) throw unknownAccountError();
  await activeAccountKeyItem.setValue(accountKey);
  return notifyAccountsChanged();
}
