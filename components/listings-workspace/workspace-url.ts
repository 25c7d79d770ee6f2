// The workspace's view (tab, filters, sort) kept in the URL: a change pushes a history entry (typing
// replaces it), and the back button or a pasted link restores it. Part of the workspace's store.
//
// Two views: the one the user last asked for (`wanted`: the filter bar draws it at once and nothing
// else does) and the one the page draws (`drawn`), which follows it when its rows come.
//
// The URL is written once the page shows the change's result (`shows`, called after that paint):
// history.pushState costs 1–25 ms of the main thread, which the filter's answer would wait for. Each
// change still gets its own entry (a pending write is done before the next change's, and on pagehide),
// and Back while a change is pending undoes that change, as it would have had the URL been written.
import { batch, computed, type ReadonlySignal, signal } from '@preact/signals';
import { hashFromView, viewFromHash, type WorkspaceView } from './workspace-filters.ts';

/** When the result never shows (an error, a slow worker), the URL follows anyway after this long. */
const URL_LATEST_MS = 250;

interface PendingWrite {
  hash: string;
  typing: boolean;
  timer: ReturnType<typeof setTimeout>;
}

/** Our entries carry their place, so a popstate tells Back from Forward. */
interface EntryState {
  workspaceEntry: number;
}

const placeOf = (state: unknown): number =>
  typeof (state as EntryState | null)?.workspaceEntry === 'number' ? (state as EntryState).workspaceEntry : -1;

export interface UrlViews {
  /** What the page draws. */
  drawn: ReadonlySignal<WorkspaceView>;
  /** What the user last asked for; the URL follows it. */
  wanted: ReadonlySignal<WorkspaceView>;
  /** The view asked for is not drawn yet (its rows are on their way). */
  undrawn: ReadonlySignal<boolean>;
  /** The user asks for `next`: its URL is owed, and nothing is drawn but what reads `wanted`. */
  want(next: WorkspaceView, typing?: boolean): void;
  /** The page draws `next`. */
  draw(next: WorkspaceView): void;
  /** The page shows `shown`'s result: its URL is written if it is the change waiting for it. */
  shows(shown: WorkspaceView): void;
  /** Follows Back, Forward and pasted links; its stop writes what is owed. */
  start(): () => void;
}

export function urlViews(): UrlViews {
  const drawn = signal(viewFromHash(location.hash));
  const wanted = signal(drawn.peek());
  const undrawn = computed(() => wanted.value !== drawn.value);
  let pending: PendingWrite | undefined;
  let written = { hash: location.hash, place: placeOf(history.state) };

  const write = () => {
    const next = pending;
    if (!next) return;
    clearTimeout(next.timer);
    pending = undefined;
    // The page went elsewhere meanwhile (another section, Back): the change is not written over it.
    if (location.hash !== written.hash || next.hash === location.hash) return;
    if (next.typing) {
      history.replaceState({ workspaceEntry: written.place }, '', next.hash);
      written = { ...written, hash: next.hash };
      return;
    }
    const place = written.place + 1;
    history.pushState({ workspaceEntry: place }, '', next.hash);
    written = { hash: next.hash, place };
  };

  const restore = (event: Event) => {
    // Only a URL this page did not write is news (an event may come late for one it did).
    if (location.hash === written.hash) return;
    const unwritten = pending;
    if (unwritten) {
      clearTimeout(unwritten.timer);
      pending = undefined;
      // Back before the last change reached the URL: the browser skipped over the entry shown before it.
      const back = event.type === 'popstate' && placeOf(history.state) < written.place;
      if (back && !unwritten.typing && written.hash !== location.hash) {
        history.pushState({ workspaceEntry: written.place }, '', written.hash);
      }
    }
    written = { hash: location.hash, place: placeOf(history.state) };
    if (location.hash.replace(/^#/, '').split('?')[0] !== 'listings') return;
    const restored = viewFromHash(location.hash);
    batch(() => {
      wanted.value = restored;
      drawn.value = restored;
    });
  };

  return {
    drawn,
    wanted,
    undrawn,
    want(next, typing = false) {
      // The change before still owes its entry.
      write();
      const timer = setTimeout(write, URL_LATEST_MS);
      pending = { hash: hashFromView(next), typing, timer };
      wanted.value = next;
    },
    draw(next) {
      drawn.value = next;
    },
    shows(shown) {
      if (pending?.hash === hashFromView(shown)) write();
    },
    start() {
      // Leaving or reloading the page keeps the last change in the URL.
      const flush = () => write();
      addEventListener('popstate', restore);
      addEventListener('hashchange', restore);
      addEventListener('pagehide', flush);
      // The hash may have changed between the store's making and these listeners.
      if (location.hash !== written.hash) restore(new Event('hashchange'));
      return () => {
        removeEventListener('popstate', restore);
        removeEventListener('hashchange', restore);
        removeEventListener('pagehide', flush);
        write();
      };
    },
  };
}
