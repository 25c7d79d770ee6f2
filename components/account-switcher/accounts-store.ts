// The linked accounts as the UI knows them: loaded once per page, kept fresh by 'accounts.changed'.
import { signal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import type { AccountsView, LinkedAccountView, LinkingOutcomeView } from '../../lib/messaging/protocol/index.ts';
import { ask, onDeskEvent } from '../../lib/messaging/ui.ts';

export const accountsView = signal<AccountsView | null>(null);
export const accountsError = signal<unknown>(null);
/** The account the last Link/Relink on this page linked: shown by name as confirmation until dismissed. */
export const lastLinked = signal<LinkedAccountView | null>(null);

/**
 * A Link/Relink that ended while no page of this kind was waiting for it (typically: started in the popup,
 * which closed when the sign-in window opened). Shown once, then marked seen in the background.
 */
export const rememberedOutcome = signal<LinkingOutcomeView | null>(null);

let subscribed = false;
let loading: Promise<void> | null = null;
// Attempts started on this page: their reply is shown where they were started, not as a remembered outcome.
const ownAttempts = new Set<string>();

export function newLinkingAttempt(): string {
  const id = crypto.randomUUID();
  ownAttempts.add(id);
  return id;
}

export function markOutcomeSeen(id: string): void {
  void ask('accounts.dismissLinkingOutcome', { id }).catch(() => undefined);
}

function showRemembered(outcome: LinkingOutcomeView | null): void {
  if (!outcome || ownAttempts.has(outcome.id)) return;
  rememberedOutcome.value = outcome;
  markOutcomeSeen(outcome.id);
}

export function loadAccounts(): Promise<void> {
  loading ??= ask('accounts.list', {})
    .then((view) => {
      accountsView.value = view;
      accountsError.value = null;
    })
    .catch((error: unknown) => {
      accountsError.value = error;
    })
    .finally(() => {
      loading = null;
    });
  return loading;
}

/** Replaces the known view, e.g. with what an unlink or activate answered. */
export function setAccountsView(view: AccountsView): void {
  accountsView.value = view;
  accountsError.value = null;
}

/** Loads the accounts (once per page) and follows changes broadcast by the background. */
export function useAccounts(): AccountsView | null {
  useEffect(() => {
    if (!subscribed) {
      subscribed = true;
      onDeskEvent('accounts.changed', setAccountsView);
      onDeskEvent('accounts.linkingOutcome', showRemembered);
      void ask('accounts.linkingOutcome', {})
        .then(({ outcome }) => showRemembered(outcome))
        .catch(() => undefined);
    }
    if (accountsView.value === null) void loadAccounts();
  }, []);
  return accountsView.value;
}

export function activeAccount(view: AccountsView | null): LinkedAccountView | undefined {
  return view?.accounts.find((a) => a.accountKey === view.activeAccountKey);
}
