// Which location the partner page is about, asked again whenever the content script says the page's
// address changed. Such a nudge carries nothing and may come from anyone: the answer is the worker's.
import { useEffect, useState } from 'preact/hooks';
import type { PanelLocateView } from '../../lib/messaging/protocol/index.ts';
import { ask } from '../../lib/messaging/ui.ts';
import type { WireError } from '../../lib/messaging/wire-error.ts';
import { latestAnswer } from '../ui/store.ts';

export function useLocated() {
  const [view, setView] = useState<PanelLocateView | null>(null);
  const [error, setError] = useState<WireError | null>(null);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    const answers = latestAnswer();
    const load = async () => {
      setLoading(true);
      try {
        const answer = await answers.ask(() => ask('panel.locate', {}));
        if (!answer.stale) {
          setView(answer.value);
          setError(null);
        }
      } catch (caught) {
        setError(caught as WireError);
      } finally {
        setLoading(false);
      }
    };
    void load();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onMessage = (event: MessageEvent) => {
      if ((event.data as { desk?: unknown } | null)?.desk !== 'panel-page-changed') return;
      clearTimeout(timer);
      // A client-side navigation renders the new record a moment after the address changes.
      timer = setTimeout(() => void load(), 150);
    };
    addEventListener('message', onMessage);
    return () => {
      removeEventListener('message', onMessage);
      clearTimeout(timer);
    };
  }, []);
  return { view, error, loading };
}
