// The linked accounts as this page knows them: one store per page, loaded when a component first
// needs it and kept fresh by 'accounts.changed'. Activate and unlink show the worker's answer at once.
import { signal } from '@preact/signals-core';
import type { AccountsView, LinkedAccountView, LinkingOutcomeView } from '../../lib/messaging/protocol/index.ts';
import { followEvents, query, type StoreIo, useStarted, workerIo } from '../ui/store.ts';
import { useValue } from '../ui/use-value.ts';

export type AccountsStore = ReturnType<typeof createAccountsStore>;

export function createAccountsStore(io: StoreIo = workerIo) {
  const accounts = query(() => io.ask('accounts.list', {}));
  /** The account the last Link/Relink on this page linked: shown by name as confirmation until dismissed. */
  const lastLinked = signal<LinkedAccountView | null>(null);
  /**
   * A Link/Relink that ended while no page of this kind was waiting for it (typically: started in the popup,
   * which closed when the sign-in window opened). Shown once, then marked seen in the background.
   */
  const rememberedOutcome = signal<LinkingOutcomeView | null>(null);
  // Attempts started on this page: their reply is shown where they were started, not as a remembered outcome.
  const ownAttempts = new Set<string>();
  let following = false;

  function newLinkingAttempt(): string {
    const id = crypto.randomUUID();
    ownAttempts.add(id);
    return id;
  }

  function markOutcomeSeen(id: string): void {
    void io.ask('accounts.dismissLinkingOutcome', { id }).catch(() => undefined);
  }

  function showRemembered(outcome: LinkingOutcomeView | null): void {
    if (!outcome || ownAttempts.has(outcome.id)) return;
    rememberedOutcome.value = outcome;
    markOutcomeSeen(outcome.id);
  }

  /** Asks for the accounts; while a question is in flight, once more after it. */
  const load = (): Promise<void> => accounts.refresh();

  async function activate(accountKey: string): Promise<void> {
    accounts.set(await io.ask('accounts.activate', { accountKey }));
  }

  async function unlink(accountKey: string): Promise<void> {
    accounts.set(await io.ask('accounts.unlink', { accountKey }));
  }

  /** Page-wide: the first component to need the accounts starts following them, for the page's life. */
  function start(): () => void {
    if (!following) {
      following = true;
      followEvents({ 'accounts.changed': accounts.set, 'accounts.linkingOutcome': showRemembered }, io);
      void io
        .ask('accounts.linkingOutcome', {})
        .then(({ outcome }) => showRemembered(outcome))
        .catch(() => undefined);
    }
    if (accounts.value.peek() === null) void load();
    return () => undefined;
  }

  return {
    view: accounts.value,
    error: accounts.error,
    lastLinked,
    rememberedOutcome,
    load,
    activate,
    unlink,
    newLinkingAttempt,
    markOutcomeSeen,
    start,
  };
}

export const accountsStore = createAccountsStore();

/** The accounts view (null until loaded); starts the page's accounts store on first use. */
export function useAccounts(): AccountsView | null {
  useStarted(accountsStore);
  return useValue(accountsStore.view);
}

export function activeAccount(view: AccountsView | null): LinkedAccountView | undefined {
  return view?.accounts.find((a) => a.accountKey === view.activeAccountKey);
}
