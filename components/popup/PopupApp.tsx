// The toolbar popup: the active account, the listings health bar and the suggestion triage list.
// The list paints from the background's cache before anything else has answered.
import { useState } from 'preact/hooks';
import type { TriageView } from '../../lib/messaging/protocol/index.ts';
import { useAccounts } from '../account-linking/accounts-store.ts';
import { ListRelinkButton, NoAccountLinked } from '../account-linking/first-use.ts';
import { AccountSwitcher } from '../account-switcher/AccountSwitcher.tsx';
import { HealthSummary } from '../listings-health/HealthSummary.tsx';
import { createHealthStore } from '../listings-health/health-store.ts';
import { InReviewLine } from '../provisioning/InReviewLine.tsx';
import { createListStore, SuggestionTriage } from '../suggestion-triage/SuggestionTriage.tsx';
import { useStarted } from '../ui/store.ts';
import { useValue } from '../ui/use-value.ts';
import './popup.css';

export interface PopupAppProps {
  /** The triage list's first view, asked by the popup's entry before this app loaded; given once. */
  takeFirstView?: () => TriageView | Promise<TriageView> | undefined;
  /** The worker's first-paint snapshot of that view, shown until the live view comes; given once. */
  takeSnapshot?: () => TriageView | null;
}

/** Focuses the list's current suggestion, or the first control where the list would be (the hash holds the filters). */
function skipToSuggestions() {
  const target =
    document.querySelector<HTMLElement>('.st-feed .st-row[tabindex="0"]') ??
    document.querySelector<HTMLElement>('.st-feed button, .st-listhead button, .st-link button');
  target?.focus();
}

export function PopupApp({ takeFirstView, takeSnapshot }: PopupAppProps) {
  const accounts = useAccounts();
  if (accounts && accounts.accounts.length === 0) {
    return (
      <main class="popup" data-empty="">
        <h1 class="visually-hidden">Listings Desk</h1>
        <NoAccountLinked />
      </main>
    );
  }
  return <PopupList accounts={accounts} takeFirstView={takeFirstView} takeSnapshot={takeSnapshot} />;
}

/**
 * The popup with an account (or before the accounts are known): its list's store is made here, with the list,
 * so the account switcher reads each account's waiting count from the same view the list shows.
 */
function PopupList({
  accounts,
  takeFirstView,
  takeSnapshot,
}: PopupAppProps & { accounts: ReturnType<typeof useAccounts> }) {
  const [health] = useState(createHealthStore);
  useStarted(health);
  const healthView = useValue(health.view);
  const healthError = useValue(health.error);
  const [triage] = useState(() => createListStore({ takeFirstView, takeSnapshot }));
  const waiting = useValue(triage.view)?.accounts;
  const relinkAction = (accountKey: string) => {
    const account = accounts?.accounts.find((a) => a.accountKey === accountKey);
    return account ? <ListRelinkButton account={account} /> : null;
  };
  return (
    <main class="popup">
      <h1 class="visually-hidden">Listings Desk</h1>
      {/* The first tab stop: past the account, the health counts and the filters, straight to the list. */}
      <button type="button" class="popup__skip" onClick={skipToSuggestions}>
        Skip to suggestions
      </button>
      <header class="popup__bar">
        {accounts ? (
          <AccountSwitcher view={accounts} label="Account" hideLabel dense waiting={waiting} />
        ) : (
          <div class="popup__bar-placeholder" />
        )}
      </header>
      <HealthSummary view={healthView} error={healthError} />
      <InReviewLine />
      <SuggestionTriage
        store={triage}
        listingsTotal={healthView?.total ?? null}
        linkAction={<NoAccountLinked />}
        relinkAction={waiting ? relinkAction : undefined}
      />
    </main>
  );
}
