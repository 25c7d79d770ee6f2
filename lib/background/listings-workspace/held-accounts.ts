// The linked accounts and the active one, kept in memory for the listings queries: a storage read costs
// more than a filter's whole frame.
import { activeAccountKeyItem, linkedAccountsItem } from '../core/account-items.ts';
import { heldRead } from '../core/held-read.ts';
import { readAccounts } from '../core/linked-accounts.ts';

type Accounts = Awaited<ReturnType<typeof readAccounts>>;

export function heldAccounts(): () => Promise<Accounts> {
  const accounts = heldRead(readAccounts, (forget) => {
    linkedAccountsItem.watch(forget);
    activeAccountKeyItem.watch(forget);
  });
  return accounts.get;
}
