// One banner for "the service does not answer": which address, since when, and when Listings Desk tries
// again by itself, with Try now. Built on the worker's reachability, not on any one screen's error.
// The signals adapter re-renders this page's components that read `.value`; ui/store.ts no longer brings it
// (the popup reads signals through ui/use-value.ts and leaves the adapter out).
import '@preact/signals';
import { useState } from 'preact/hooks';
import { Button } from '../ui/Button.tsx';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import { useStarted } from '../ui/store.ts';
import { createServiceStatusStore } from './service-status-store.ts';

const clock = (at: number) =>
  new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });

export function ServiceBanner({ size = 'md' }: { size?: 'sm' | 'md' }) {
  const [store] = useState(createServiceStatusStore);
  useStarted(store);
  const [trying, setTrying] = useState(false);
  const view = store.view.value;
  if (!view || view.reachable) return null;
  const when = view.nextTryAt ? `It tries again at ${clock(view.nextTryAt)}` : 'It tries again with your next action';
  const message = `Listings Desk gets no answer from ${view.apiOrigin} (since ${clock(view.since)}). ${when}; until then, what you see may be out of date.`;
  const tryNow = async () => {
    setTrying(true);
    try {
      await store.retry();
    } finally {
      setTrying(false);
    }
  };
  return (
    <ErrorNotice
      class="service-banner"
      tone="warn"
      size={size}
      title="The listings service cannot be reached"
      // A sentence, no code: "network" is the product's name for it, and the service said nothing.
      error={message}
      actions={
        <Button size="sm" busy={trying} onClick={() => void tryNow()}>
          Try now
        </Button>
      }
    />
  );
}
