// The Users section's state in signals: the worker's list of the active account's users and roles,
// loaded when the section opens and again when the worker says the users or the account changed.
import { followEvents, query, type StoreIo, workerIo } from '../ui/store.ts';

export type UsersStore = ReturnType<typeof createUsersStore>;

export function createUsersStore(io: StoreIo = workerIo) {
  const list = query((refresh: boolean) => io.ask('users.list', { refresh }));

  function start(): () => void {
    void list.load(false);
    return followEvents(
      {
        'users.changed': () => void list.refresh(false),
        'accounts.changed': () => void list.refresh(false),
      },
      io,
    );
  }

  return {
    view: list.value,
    loading: list.loading,
    /** A failure to reach the worker at all; the service's errors arrive in view.error. */
    error: list.error,
    load: (refresh = false) => list.load(refresh),
    start,
  };
}
