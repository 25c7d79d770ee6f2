// One Link/Relink button's attempt (linking-store.ts), as plain values for the buttons and outcome notices.
import { useState } from 'preact/hooks';
import type { LinkedAccountView } from '../../lib/messaging/protocol/index.ts';
import { useValue } from '../ui/use-value.ts';
import { createLinkingStore } from './linking-store.ts';

export interface LinkingState {
  busy: boolean;
  linked: LinkedAccountView | null;
  error: unknown;
  /** Starts the OAuth flow in the background; relink names the account that needs it. */
  run(relinkKey?: string): Promise<void>;
  dismiss(): void;
}

/** This component's Link/Relink attempt, as plain values for the buttons and outcome notices. */
export function useLinking(): LinkingState {
  const [store] = useState(() => createLinkingStore());
  return {
    busy: useValue(store.busy),
    linked: useValue(store.linked),
    error: useValue(store.error),
    run: store.run,
    dismiss: store.dismiss,
  };
}
