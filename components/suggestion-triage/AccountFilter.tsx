// The account filter of the list across accounts: one, several or all linked accounts, as checkboxes in
// a disclosure (native details/summary: Enter and Space open it, Escape is the browser's, Tab moves on).
// The checkboxes (AccountList.tsx) load when it is first opened; the closed filter shows only its summary.
import { useRef, useState } from 'preact/hooks';
import type { TriageAccountSummary } from '../../lib/messaging/protocol/index.ts';
import { AccountList } from './first-use.ts';

export interface AccountFilterProps {
  accounts: TriageAccountSummary[];
  /** The accounts picked; none = all. */
  picked: string[];
  onPick: (accountKeys: string[]) => void;
}

export function AccountFilter({ accounts, picked, onPick }: AccountFilterProps) {
  const ref = useRef<HTMLDetailsElement>(null);
  const [opened, setOpened] = useState(false);
  const chosen = new Set(picked.filter((k) => accounts.some((a) => a.accountKey === k)));
  const summary =
    chosen.size === 0 || chosen.size === accounts.length
      ? 'All accounts'
      : chosen.size === 1
        ? (accounts.find((a) => chosen.has(a.accountKey))?.accountName ?? '1 account')
        : `${chosen.size} accounts`;
  return (
    <details
      ref={ref}
      class="st-accounts st-filters__filter"
      // A head start: the press comes before the toggle.
      onPointerDown={() => void AccountList.preload()}
      // A click on its summary (or toggle, where it opens otherwise) shows the list.
      onClick={() => setOpened(true)}
      onToggle={(event) => {
        if (event.currentTarget.open) setOpened(true);
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !ref.current?.open) return;
        // Closes the list and gives focus back to its button, without closing the popup.
        event.preventDefault();
        event.stopPropagation();
        ref.current.open = false;
        ref.current.querySelector('summary')?.focus();
      }}
    >
      <summary class="st-accounts__summary ui-input" data-size="sm" aria-label={`Accounts: ${summary}`}>
        {summary}
      </summary>
      <fieldset class="st-accounts__list">
        <legend class="visually-hidden">Show suggestions of</legend>
        {opened ? <AccountList accounts={accounts} chosen={chosen} onPick={onPick} /> : null}
      </fieldset>
    </details>
  );
}
