// The account filter of the list across accounts: one, several or all linked accounts, as checkboxes in
// a disclosure (native details/summary: Enter and Space open it, Escape is the browser's, Tab moves on),
// each with its waiting count or why it is not listed.
import { useRef } from 'preact/hooks';
import type { TriageAccountSummary } from '../../lib/messaging/protocol/index.ts';
import { formatNumber } from '../../lib/shared/format.ts';

export interface AccountFilterProps {
  accounts: TriageAccountSummary[];
  /** The accounts picked; none = all. */
  picked: string[];
  onPick: (accountKeys: string[]) => void;
}

/** What an account's line says beside its name: its waiting count, or why its suggestions are missing. */
export function accountState(a: TriageAccountSummary): string {
  if (a.needsRelink) return 'needs relinking';
  if (a.error) return 'couldn’t refresh';
  return a.waiting === null ? 'loading' : `${formatNumber(a.waiting)} waiting`;
}

export function AccountFilter({ accounts, picked, onPick }: AccountFilterProps) {
  const ref = useRef<HTMLDetailsElement>(null);
  const chosen = new Set(picked.filter((k) => accounts.some((a) => a.accountKey === k)));
  const summary =
    chosen.size === 0 || chosen.size === accounts.length
      ? 'All accounts'
      : chosen.size === 1
        ? (accounts.find((a) => chosen.has(a.accountKey))?.accountName ?? '1 account')
        : `${chosen.size} accounts`;
  const toggle = (accountKey: string, on: boolean) => {
    const next = new Set(chosen.size === 0 ? accounts.map((a) => a.accountKey) : chosen);
    if (on) next.add(accountKey);
    else next.delete(accountKey);
    // Every account (or none) picked is no filter: the list follows accounts linked later too.
    const keys = accounts.map((a) => a.accountKey).filter((k) => next.has(k));
    onPick(keys.length === accounts.length || keys.length === 0 ? [] : keys);
  };
  return (
    <details
      ref={ref}
      class="st-accounts st-filters__filter"
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
        {accounts.map((a) => (
          <label key={a.accountKey} class="st-accounts__choice">
            <input
              type="checkbox"
              checked={chosen.size === 0 || chosen.has(a.accountKey)}
              onChange={(event) => toggle(a.accountKey, event.currentTarget.checked)}
            />
            <span class="st-accounts__name">{a.accountName}</span>
            <small class="st-accounts__state" data-problem={a.needsRelink || a.error ? '' : undefined}>
              {accountState(a)}
            </small>
          </label>
        ))}
        {chosen.size > 0 ? (
          <button type="button" class="st-accounts__all" onClick={() => onPick([])}>
            Show all accounts
          </button>
        ) : null}
      </fieldset>
    </details>
  );
}
