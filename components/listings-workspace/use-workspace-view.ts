// The workspace's view (tab, filters, sort) kept in the URL: a change pushes a history entry (typing
// replaces it), and the back button or a pasted link restores it.
import { useEffect, useState } from 'preact/hooks';
import { hashFromView, viewFromHash, type WorkspaceView } from './workspace-filters.ts';

export function useWorkspaceView(): [WorkspaceView, (next: WorkspaceView, typing?: boolean) => void] {
  const [view, setView] = useState<WorkspaceView>(() => viewFromHash(location.hash));
  useEffect(() => {
    const restore = () => {
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
    const hash = hashFromView(next);
    if (hash !== location.hash) {
      if (typing) history.replaceState(null, '', hash);
      else history.pushState(null, '', hash);
    }
    setView(next);
  };
  return [view, change];
}
