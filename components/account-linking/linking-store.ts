// One Link/Relink button's attempt: busy while the sign-in window is open, then the account it linked
// or why it linked nothing. Each button has its own; what it linked is shown page-wide too (lastLinked).
import { batch, signal } from '@preact/signals-core';
import type { LinkedAccountView } from '../../lib/messaging/protocol/index.ts';
import { type StoreIo, workerIo } from '../ui/store.ts';
import { type AccountsStore, accountsStore } from './accounts-store.ts';

export function createLinkingStore(accounts: AccountsStore = accountsStore, io: Pick<StoreIo, 'ask'> = workerIo) {
  const busy = signal(false);
  const linked = signal<LinkedAccountView | null>(null);
  const error = signal<unknown>(null);

  async function run(relinkKey?: string): Promise<void> {
    batch(() => {
      busy.value = true;
      error.value = null;
      linked.value = null;
      accounts.lastLinked.value = null;
      accounts.rememberedOutcome.value = null;
    });
    const attemptId = accounts.newLinkingAttempt();
    try {
      const account = relinkKey
        ? await io.ask('accounts.relink', { accountKey: relinkKey, attemptId })
        : await io.ask('accounts.link', { attemptId });
      batch(() => {
        linked.value = account;
        accounts.lastLinked.value = account;
      });
      await accounts.load();
    } catch (failure) {
      error.value = failure;
    } finally {
      busy.value = false;
      // Shown here, so the next page to open need not show it again.
      accounts.markOutcomeSeen(attemptId);
    }
  }

  function dismiss(): void {
    batch(() => {
      linked.value = null;
      error.value = null;
    });
  }

  return { busy, linked, error, run, dismiss };
}
