// The Users section's state in signals: the worker's list of users and roles of the chosen account (the
// linked one, 'me', or an account of its provisioning tree), loaded when the section opens and again when
// the worker says the users or the account changed; and the accounts the link may manage, to choose from.
import { signal } from '@preact/signals';
import type { ProvisioningAccountsView, RequestInput } from '../../lib/messaging/protocol/index.ts';
import { followEvents, query, type StoreIo, workerIo } from '../ui/store.ts';

export type UsersStore = ReturnType<typeof createUsersStore>;

/**
 * What the section's dialogs ask of the worker, each naming the account it acts in. The list follows by
 * itself: the worker says users.changed after every change.
 */
export function usersRequests(io: StoreIo = workerIo) {
  return {
    get: (accountId: string, userId: string) => io.ask('users.get', { accountId, userId }),
    create: (accountId: string, user: RequestInput<'users.create'>['user']) =>
      io.ask('users.create', { accountId, user }),
    update: (accountId: string, userId: string, user: RequestInput<'users.update'>['user']) =>
      io.ask('users.update', { accountId, userId, user }),
    remove: (accountId: string, userId: string) => io.ask('users.delete', { accountId, userId }),
    setPassword: (accountId: string, userId: string, newPassword: string) =>
      io.ask('users.setPassword', { accountId, userId, newPassword }),
    addAcl: (accountId: string, userId: string, row: RequestInput<'users.addAcl'>['row']) =>
      io.ask('users.addAcl', { accountId, userId, row }),
    /** Scopes (accounts, folders, locations) an access row may be on: by search text, or by ids for names. */
    scopes: (input: RequestInput<'users.scopes'>) => io.ask('users.scopes', input),
  };
}

export type UsersRequests = ReturnType<typeof usersRequests>;

export function createUsersStore(io: StoreIo = workerIo) {
  const accountId = signal('me');
  const list = query(({ refresh, accountId }: { refresh: boolean; accountId: string }) =>
    io.ask('users.list', { refresh, accountId }),
  );
  // A link without sub-accounts, or one the service does not let list them, just has no choice to offer.
  const tree = query(() => io.ask('provisioning.accounts', {}).catch((): ProvisioningAccountsView | null => null));

  function start(): () => void {
    void list.load({ refresh: false, accountId: accountId.value });
    void tree.load();
    return followEvents(
      {
        'users.changed': (changed) => {
          if (!changed.accountId || changed.accountId === accountId.value)
            void list.refresh({ refresh: false, accountId: accountId.value });
        },
        // Another linked account: its own users, and its own tree.
        'accounts.changed': () => {
          accountId.value = 'me';
          void list.refresh({ refresh: false, accountId: 'me' });
          void tree.refresh();
        },
      },
      io,
    );
  }

  return {
    requests: usersRequests(io),
    view: list.value,
    loading: list.loading,
    /** A failure to reach the worker at all; the service's errors arrive in view.error. */
    error: list.error,
    /** The account whose users are shown: 'me' or a sub-account's id. */
    accountId,
    accounts: tree.value,
    load: (refresh = false) => list.load({ refresh, accountId: accountId.value }),
    choose(id: string) {
      accountId.value = id;
      return list.load({ refresh: false, accountId: id });
    },
    start,
  };
}
