// The toolbar popup: the active account, the listings health bar and the suggestion triage list.
// The list paints from the background's cache before anything else has answered.
import { NoAccountLinked } from '../account-linking/NoAccountLinked.tsx';
import { AccountSwitcher } from '../account-switcher/AccountSwitcher.tsx';
import { useAccounts } from '../account-switcher/accounts-store.ts';
import { HealthSummary } from '../listings-health/HealthSummary.tsx';
import { useListingsHealth } from '../listings-health/use-listings-health.ts';
import { SuggestionTriage } from '../suggestion-triage/SuggestionTriage.tsx';
import './popup.css';

export function PopupApp() {
  const accounts = useAccounts();
  const health = useListingsHealth();
  if (accounts && accounts.accounts.length === 0) {
    return (
      <main class="popup popup--empty">
        <h1 class="visually-hidden">Listings Desk</h1>
        <NoAccountLinked />
      </main>
    );
  }
  return (
    <main class="popup">
      <h1 class="visually-hidden">Listings Desk</h1>
      <header class="popup__bar">
        {accounts ? (
          <AccountSwitcher view={accounts} label="Account" hideLabel />
        ) : (
          <div class="popup__bar-placeholder" />
        )}
      </header>
      <HealthSummary view={health.view} error={health.error} />
      <SuggestionTriage listingsTotal={health.view?.total ?? null} linkAction={<NoAccountLinked />} />
    </main>
  );
}
