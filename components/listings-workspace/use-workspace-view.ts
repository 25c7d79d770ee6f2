// The workspace's view (tab, filters, sort) kept in the URL: a change pushes a history entry (typing
// replaces it), and the back button or a pasted link restores it.
import { useEffect, useRef, useState } from 'preact/hooks';
import { hashFromView, viewFromHash, type WorkspaceView } from './workspace-filters.ts';

/** Long enough for a worker's answer to a filter to come first. */
const URL_WRITE_DELAY_MS = 50;

export function useWorkspaceView(): [WorkspaceView, (next: WorkspaceView, typing?: boolean) => void] {
  const [view, setView] = useState<WorkspaceView>(() => viewFromHash(location.hash));
  /** The URL write not done yet (it runs once: by its timer, or before the next change's). */
  const pending = useRef<{ write: () => void; timer: ReturnType<typeof setTimeout> } | undefined>(undefined);
  const written = useRef(location.hash);
  useEffect(() => {
    const restore = () => {
      // Only a hash this page did not write is news (an event may come late for one it did).
      if (location.hash === written.current) return;
      written.current = location.hash;
      if (pending.current) clearTimeout(pending.current.timer);
      pending.current = undefined;
      if (location.hash.replace(/^#/, '').split('?')[0] !== 'listings') return;
      setView(viewFromHash(location.hash));
    };
    // Leaving or reloading the page within the delay keeps the last change in the URL.
    const flush = () => pending.current?.write();
    addEventListener('popstate', restore);
    addEventListener('hashchange', restore);
    addEventListener('pagehide', flush);
    // The hash may have changed between the first render and these listeners.
    restore();
    return () => {
      removeEventListener('popstate', restore);
      removeEventListener('hashchange', restore);
      removeEventListener('pagehide', flush);
      if (pending.current) clearTimeout(pending.current.timer);
    };
  }, []);
  const change = (next: WorkspaceView, typing = false) => {
    setView(next);
    // The URL follows shortly after: history.pushState costs the filter's answer milliseconds it would
    // wait for. A change still pending is written first, so each one keeps its own history entry.
    pending.current?.write();
    const write = () => {
      clearTimeout(timer);
      pending.current = undefined;
      const hash = hashFromView(next);
      written.current = hash;
      if (hash === location.hash) return;
      if (typing) history.replaceState(null, '', hash);
      else history.pushState(null, '', hash);
    };
    const timer = setTimeout(write, URL_WRITE_DELAY_MS);
    pending.current = { write, timer };
  };
  return [view, change];
}
