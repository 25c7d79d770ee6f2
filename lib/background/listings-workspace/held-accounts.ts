// The linked accounts and the active one, kept in memory for the listings queries: a storage read is an
// IPC to the browser, 15–40 ms a query on a busy machine, more than a filter's whole frame. Chrome fires
// storage.onChanged before the write that caused it resolves, so a change here is seen by the next query.
import { activeAccountKeyItem, linkedAccountsItem } from '../core/account-items.ts';
import { readAccounts } from '../core/linked-accounts.ts';

type Accounts = Awaited<ReturnType<typeof readAccounts>>;

export function heldAccounts(): () => Promise<Accounts> {
  let held: Promise<Accounts> | undefined;
  let watching = false;
  // A change drops the read, also one still on its way: the next query reads again.
  const forget = () => {
    held = undefined;
  };
  return () => {
    if (!watching) {
      watching = true;
      linkedAccountsItem.watch(forget);
      activeAccountKeyItem.watch(forget);
    }
    if (held) return held;
    const read = readAccounts();
    held = read;
    read.catch(() => {
      if (held === read) held = undefined;
    });
    return read;
  };
}
