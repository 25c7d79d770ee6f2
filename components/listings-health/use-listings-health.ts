// The health summary as the popup sees it: the cached counts at once, then the refreshed ones.
// Asking with refresh on every open is cheap: the background refetches only counts older than its max age.
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { ListingsHealthView } from '../../lib/messaging/protocol/index.ts';
import { ask, onDeskEvent } from '../../lib/messaging/ui.ts';

export function useListingsHealth(): { view: ListingsHealthView | null; error: unknown } {
  const [view, setView] = useState<ListingsHealthView | null>(null);
  const [error, setError] = useState<unknown>(null);
  const generation = useRef(0);
  const load = useCallback(async (refresh: boolean) => {
    const mine = ++generation.current;
    try {
      const next = await ask('health.summary', { refresh });
      if (mine === generation.current) {
        setView(next);
        setError(null);
      }
    } catch (caught) {
      if (mine === generation.current) setError(caught);
    }
  }, []);
  useEffect(() => {
    void load(true);
    const offHealth = onDeskEvent('health.changed', () => void load(false));
    const offAccounts = onDeskEvent('accounts.changed', () => void load(true));
    return () => {
      offHealth();
      offAccounts();
    };
  }, [load]);
  return { view, error };
}
