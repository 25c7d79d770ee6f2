// The linked accounts as the UI knows them: loaded once per page, kept fresh by 'accounts.changed'.
import { signal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import type { AccountsView, LinkedAccountView } from '../../lib/messaging/protocol.ts';
import { ask, onDeskEvent } from '../../lib/messaging/ui.ts';

export const accountsView = signal<AccountsView | null>(null);
export const accountsError = signal<unknown>(null);
/** The account the last Link/Relink on this page linked: shown by name as confirmation until dismissed. */
export const lastLinked = signal<LinkedAccountView | null>(null);

let subscribed = false;
let loading: Promise<void> | null = null;

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
    }
    if (accountsView.value === null) void loadAccounts();
  }, []);
  return accountsView.value;
}

export function activeAccount(view: AccountsView | null): LinkedAccountView | undefined {
  return view?.accounts.find((a) => a.accountKey === view.activeAccountKey);
}
