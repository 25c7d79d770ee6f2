// Which location the partner page is about, asked again whenever the content script says the page's
// address changed. Such a nudge carries nothing and may come from anyone: the answer is the worker's.
// With no match, the user searches the site's accounts' locations and picks one for the record.
import { signal } from '@preact/signals-core';
import type { PanelLocateView } from '../../lib/messaging/protocol/index.ts';
import { query, type StoreIo, workerIo } from '../ui/store.ts';

/** Where the page's nudges arrive: the panel frame's window. */
export type NudgeTarget = Pick<Window, 'addEventListener' | 'removeEventListener'>;

/** A client-side navigation renders the new record a moment after the address changes. */
export const NUDGE_SETTLE_MS = 150;

export function createLocatedStore(io: StoreIo = workerIo, target: NudgeTarget = globalThis as unknown as Window) {
  const located = query(() => io.ask('panel.locate', {}));
  const search = query((text: string) => io.ask('panel.search', { query: text }));
  const pickError = signal<unknown>(null);

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

  /** This record is that location (null: forget the choice); the worker answers as it locates. */
  async function pick(choice: { accountKey: string; locationId: string } | null): Promise<PanelLocateView | null> {
    pickError.value = null;
    try {
      const view = await io.ask('panel.pick', { pick: choice });
      located.set(view);
      return view;
    } catch (caught) {
      pickError.value = caught;
      return null;
    }
  }

  return {
    view: located.value,
    error: located.error,
    loading: located.loading,
    start,
    search: { value: search.value, error: search.error, loading: search.loading, load: search.load },
    pick,
    pickError,
  };
}

export type LocatedStore = ReturnType<typeof createLocatedStore>;
