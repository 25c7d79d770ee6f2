// The workspace's view (tab, filters, sort) kept in the URL: a change pushes a history entry (typing
// replaces it), and the back button or a pasted link restores it.
//
// Two views: the one the user last asked for (`wanted`, a signal: the filter bar draws it at once and
// nothing else does) and the one the page draws (`view`), which follows it when its rows come.
//
// The URL is written once the page shows the change's result (`shows`, called after that paint):
// history.pushState costs 1–25 ms of the main thread, which the filter's answer would wait for. Each
// change still gets its own entry (a pending write is done before the next change's, and on pagehide),
// and Back while a change is pending undoes that change, as it would have had the URL been written.
import { batch, computed, type ReadonlySignal, signal } from '@preact/signals';
import { useEffect, useMemo, useRef } from 'preact/hooks';
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

export interface WorkspaceViews {
  /** What the page draws. */
  view: WorkspaceView;
  /** What the user last asked for; the URL follows it. */
  wanted: ReadonlySignal<WorkspaceView>;
  /** The view asked for is not drawn yet (its rows are on their way). */
  undrawn: ReadonlySignal<boolean>;
  /** The user asks for `next`: its URL is owed, and nothing is drawn but what reads `wanted`. */
  want: (next: WorkspaceView, typing?: boolean) => void;
  /** The page draws `next`. */
  draw: (next: WorkspaceView) => void;
  /** The page shows `shown`'s result: its URL is written if it is the change waiting for it. */
  shows: (shown: WorkspaceView) => void;
}

export function useWorkspaceView(): WorkspaceViews {
  // Reading `drawn.value` here redraws the calling component when it changes.
  const drawn = useMemo(() => signal(viewFromHash(location.hash)), []);
  const wanted = useMemo(() => signal(drawn.peek()), []);
  const undrawn = useMemo(() => computed(() => wanted.value !== drawn.value), []);
  const draw = (next: WorkspaceView) => {
    drawn.value = next;
  };
  const pending = useRef<PendingWrite | undefined>(undefined);
  const written = useRef({ hash: location.hash, place: placeOf(history.state) });

  const write = () => {
    const next = pending.current;
    if (!next) return;
    clearTimeout(next.timer);
    pending.current = undefined;
    // The page went elsewhere meanwhile (another section, Back): the change is not written over it.
    if (location.hash !== written.current.hash || next.hash === location.hash) return;
    if (next.typing) {
      history.replaceState({ workspaceEntry: written.current.place }, '', next.hash);
    } else {
      const place = written.current.place + 1;
      history.pushState({ workspaceEntry: place }, '', next.hash);
      written.current = { hash: next.hash, place };
      return;
    }
    written.current = { ...written.current, hash: next.hash };
  };

  useEffect(() => {
    const restore = (event: Event) => {
      // Only a URL this page did not write is news (an event may come late for one it did).
      if (location.hash === written.current.hash) return;
      const unwritten = pending.current;
      if (unwritten) {
        clearTimeout(unwritten.timer);
        pending.current = undefined;
        // Back before the last change reached the URL: the browser skipped over the entry shown before it.
        const back = event.type === 'popstate' && placeOf(history.state) < written.current.place;
        if (back && !unwritten.typing && written.current.hash !== location.hash) {
          history.pushState({ workspaceEntry: written.current.place }, '', written.current.hash);
        }
      }
      written.current = { hash: location.hash, place: placeOf(history.state) };
      if (location.hash.replace(/^#/, '').split('?')[0] !== 'listings') return;
      const restored = viewFromHash(location.hash);
      batch(() => {
        wanted.value = restored;
        drawn.value = restored;
      });
    };
    // Leaving or reloading the page keeps the last change in the URL.
    const flush = () => write();
    addEventListener('popstate', restore);
    addEventListener('hashchange', restore);
    addEventListener('pagehide', flush);
    // The hash may have changed between the first render and these listeners.
    if (location.hash !== written.current.hash) restore(new Event('hashchange'));
    return () => {
      removeEventListener('popstate', restore);
      removeEventListener('hashchange', restore);
      removeEventListener('pagehide', flush);
      write();
    };
  }, []);

  const want = (next: WorkspaceView, typing = false) => {
    // The change before still owes its entry.
    write();
    const timer = setTimeout(write, URL_LATEST_MS);
    pending.current = { hash: hashFromView(next), typing, timer };
    wanted.value = next;
  };
  const shows = (shown: WorkspaceView) => {
    if (pending.current?.hash === hashFromView(shown)) write();
  };
  return { view: drawn.value, wanted, undrawn, want, draw, shows };
}
