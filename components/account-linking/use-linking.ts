import { useState } from 'preact/hooks';
import type { LinkedAccountView } from '../../lib/messaging/protocol/index.ts';
import { ask } from '../../lib/messaging/ui.ts';
import {
  lastLinked,
  loadAccounts,
  markOutcomeSeen,
  newLinkingAttempt,
  rememberedOutcome,
} from '../account-switcher/accounts-store.ts';

export interface LinkingState {
  busy: boolean;
  linked: LinkedAccountView | null;
  error: unknown;
  /** Starts the OAuth flow in the background; relink names the account that needs it. */
  run(relinkKey?: string): Promise<void>;
  dismiss(): void;
}

export function useLinking(): LinkingState {
  const [busy, setBusy] = useState(false);
  const [linked, setLinked] = useState<LinkedAccountView | null>(null);
  const [error, setError] = useState<unknown>(null);
  const run = async (relinkKey?: string) => {
    setBusy(true);
    setError(null);
    setLinked(null);
    lastLinked.value = null;
    rememberedOutcome.value = null;
    const attemptId = newLinkingAttempt();
    try {
      const account = relinkKey
        ? await ask('accounts.relink', { accountKey: relinkKey, attemptId })
        : await ask('accounts.link', { attemptId });
      setLinked(account);
      lastLinked.value = account;
      await loadAccounts();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
      // Shown here, so the next page to open need not show it again.
      markOutcomeSeen(attemptId);
    }
  };
  return {
    busy,
    linked,
    error,
    run,
    dismiss: () => {
      setLinked(null);
      setError(null);
    },
  };
}
