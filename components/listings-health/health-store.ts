// The health summary as a page sees it: the cached counts at once, then the refreshed ones.
// Asking with refresh on every open is cheap: the background refetches only counts older than its max age.
import { followEvents, query, type StoreIo, workerIo } from '../ui/store.ts';

export function createHealthStore(io: StoreIo = workerIo) {
  const summary = query((refresh: boolean) => io.ask('health.summary', { refresh }));

  function start(): () => void {
    void summary.load(true);
    return followEvents(
      {
        'health.changed': () => void summary.refresh(false),
        // Another account's counts: ask now, whatever is in flight for the previous one.
        'accounts.changed': () => void summary.load(true),
      },
      io,
    );
  }

  return { view: summary.value, error: summary.error, start };
}
