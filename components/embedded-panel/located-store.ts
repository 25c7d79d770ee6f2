// Which location the partner page is about, asked again whenever the content script says the page's
// address changed. Such a nudge carries nothing and may come from anyone: the answer is the worker's.
import { query, type StoreIo, workerIo } from '../ui/store.ts';

/** Where the page's nudges arrive: the panel frame's window. */
export type NudgeTarget = Pick<Window, 'addEventListener' | 'removeEventListener'>;

/** A client-side navigation renders the new record a moment after the address changes. */
export const NUDGE_SETTLE_MS = 150;

export function createLocatedStore(io: StoreIo = workerIo, target: NudgeTarget = globalThis as unknown as Window) {
  const located = query(() => io.ask('panel.locate', {}));

  function start(): () => void {
    void located.load();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onMessage = (event: MessageEvent) => {
      if ((event.data as { desk?: unknown } | null)?.desk !== 'panel-page-changed') return;
      clearTimeout(timer);
      // load(), not refresh(): the newest address is asked at once and an older answer is dropped.
      timer = setTimeout(() => void located.load(), NUDGE_SETTLE_MS);
    };
    target.addEventListener('message', onMessage as EventListener);
    return () => {
      target.removeEventListener('message', onMessage as EventListener);
      clearTimeout(timer);
    };
  }

  return { view: located.value, error: located.error, loading: located.loading, start };
}

export type LocatedStore = ReturnType<typeof createLocatedStore>;
