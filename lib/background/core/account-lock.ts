// One lock for every write of what the worker keeps per linked account (the account list itself, triage,
// listings health, badge counts), shared with unlink and relink, which drop that data. A write that comes
// after an await (a fetch, a 401) re-checks inside the lock that the link it started under still stands,
// so nothing fetched for an unlinked account, or for the account's previous link on another API origin,
// is written back.
import { type LinkedAccount, linkedAccountsItem } from './account-items.ts';

/** Which link of an account a piece of work belongs to: relinking (here or on another API origin) makes a new one. */
export type AccountLink = Pick<LinkedAccount, 'accountKey' | 'apiOrigin' | 'linkedAt'>;

let chain: Promise<unknown> = Promise.resolve();

/**
 * Read-modify-write of per-account data, one at a time for the whole worker. Not re-entrant: a task must
 * not call anything that takes the lock itself, or both wait for ever.
 */
export function withAccountLock<T>(task: () => Promise<T>): Promise<T> {
  const next = chain.then(task, task);
  chain = next.catch(() => undefined);
  return next;
}

export function sameLink(account: AccountLink, link: AccountLink): boolean {
  return (
    account.accountKey === link.accountKey && account.apiOrigin === link.apiOrigin && account.linkedAt === link.linkedAt
  );
}

/** The account's link now: taken before a request, so that its answer can be checked against it afterwards. */
export async function currentLink(accountKey: string): Promise<AccountLink | null> {
  const account = (await linkedAccountsItem.getValue()).find((a) => a.accountKey === accountKey);
  return account ? { accountKey, apiOrigin: account.apiOrigin, linkedAt: account.linkedAt } : null;
}

/**
 * Inside the lock: the account is linked, and when a link is given, by that same link (not unlinked or
 * relinked since). A bare key only asks whether the account is linked at all.
 */
export async function isLinked(link: AccountLink | string | null): Promise<boolean> {
  if (link === null) return false;
  const accounts = await linkedAccountsItem.getValue();
  return typeof link === 'string'
    ? accounts.some((a) => a.accountKey === link)
    : accounts.some((a) => sameLink(a, link));
}

/** Runs `write` in the lock only while `link` still stands; false when it was skipped. */
export function writeIfLinked(link: AccountLink | string | null, write: () => Promise<void>): Promise<boolean> {
  return withAccountLock(async () => {
    if (!(await isLinked(link))) return false;
    await write();
    return true;
  });
}
