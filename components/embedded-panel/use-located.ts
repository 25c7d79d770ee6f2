// The panel's located-store while the panel is shown.
import { useMemo } from 'preact/hooks';
import type { WireError } from '../../lib/messaging/wire-error.ts';
import { useStarted } from '../ui/store.ts';
import { createLocatedStore } from './located-store.ts';

export function useLocated() {
  const store = useMemo(() => createLocatedStore(), []);
  useStarted(store);
  // Loading until the first answer: the store starts after the first render.
  const view = store.view.value;
  const error = store.error.value as WireError | null;
  return { view, error, loading: store.loading.value || (view === null && error === null), store };
}
