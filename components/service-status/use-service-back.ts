// "The service is back": a screen whose figures an outage left stale asks again when the worker reaches the
// service again. One hook for every such screen (the request budget, the Inbox), on the service status.
import { effect } from '@preact/signals';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { StoreIo } from '../ui/store.ts';
import { useStarted, workerIo } from '../ui/store.ts';
import { createServiceStatusStore } from './service-status-store.ts';

/**
 * Calls `onBack` each time the service answers again after not answering, and returns whether it answers
 * now (true until the worker has said otherwise). Followed on the status signal itself, not on renders:
 * an outage that ends before the next render would otherwise go unseen.
 */
export function useServiceBack(onBack: () => void, io: StoreIo = workerIo): boolean {
  const [status] = useState(() => createServiceStatusStore(io));
  useStarted(status);
  const latest = useRef(onBack);
  latest.current = onBack;
  useEffect(() => {
    let was = status.view.peek()?.reachable ?? true;
    return effect(() => {
      const reachable = status.view.value?.reachable ?? true;
      if (reachable && !was) latest.current();
      was = reachable;
    });
  }, [status]);
  return status.view.value?.reachable ?? true;
}
