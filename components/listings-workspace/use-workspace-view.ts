// The workspace's view (tab, filters, sort) kept in the URL: a change pushes a history entry (typing
// replaces it), and the back button or a pasted link restores it.
import { useEffect, useRef, useState } from 'preact/hooks';
import { hashFromView, viewFromHash, type WorkspaceView } from './workspace-filters.ts';

/** Long enough for a worker's answer to a filter to come first. */
const URL_WRITE_DELAY_MS = 50;

export function useWorkspaceView(): [WorkspaceView, (next: WorkspaceView, typing?: boolean) => void] {
  const [view, setView] = useState<WorkspaceView>(() => viewFromHash(location.hash));
  const pendingWrite = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const written = useRef(location.hash);
  useEffect(() => {
    const restore = () => {
      // Only a hash this page did not write is news (an event may come late for one it did).
      if (location.hash === written.current) return;
      written.current = location.hash;
      clearTimeout(pendingWrite.current);
      if (location.hash.replace(/^#/, '').split('?')[0] !== 'listings') return;
      setView(viewFromHash(location.hash));
    };
    addEventListener('popstate', restore);
    addEventListener('hashchange', restore);
    // The hash may have changed between the first render and these listeners.
    restore();
    return () => {
      removeEventListener('popstate', restore);
      removeEventListener('hashchange', restore);
    };
  }, []);
  const change = (next: WorkspaceView, typing = false) => {
    setView(next);
    // The URL follows a task later: history.pushState costs milliseconds the filter's answer
    // would otherwise wait for. A back/forward meanwhile wins (it cancels the pending write).
    clearTimeout(pendingWrite.current);
    pendingWrite.current = setTimeout(() => {
      const hash = hashFromView(next);
      written.current = hash;
      if (hash === location.hash) return;
      if (typing) history.replaceState(null, '', hash);
      else history.pushState(null, '', hash);
    }, URL_WRITE_DELAY_MS);
  };
  return [view, change];
}
