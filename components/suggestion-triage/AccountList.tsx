// The account filter's checkboxes (AccountFilter.tsx), loaded when the filter is first opened: one, several
// or all linked accounts, each with its waiting count or why it is not listed.
import type { TriageAccountSummary } from '../../lib/messaging/protocol/index.ts';
import { formatNumber } from '../../lib/shared/format.ts';

export interface AccountListProps {
  accounts: TriageAccountSummary[];
  /** The accounts picked that are still linked; none = all. */
  chosen: ReadonlySet<string>;
  onPick: (accountKeys: string[]) => void;
}

/** What an account's line says beside its name: its waiting count, or why its suggestions are missing. */
export function accountState(a: TriageAccountSummary): string {
  if (a.needsRelink) return 'needs relinking';
  if (a.error) return 'couldn’t refresh';
  return a.waiting === null ? 'loading' : `${formatNumber(a.waiting)} waiting`;
}

export function AccountList({ accounts, chosen, onPick }: AccountListProps) {
  const toggle = (accountKey: string, on: boolean) => {
    const next = new Set(chosen.size === 0 ? accounts.map((a) => a.accountKey) : chosen);
    if (on) next.add(accountKey);
    else next.delete(accountKey);
    // Every account (or none) picked is no filter: the list follows accounts linked later too.
    const keys = accounts.map((a) => a.accountKey).filter((k) => next.has(k));
    onPick(keys.length === accounts.length || keys.length === 0 ? [] : keys);
  };
  return (
    <>
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
    </>
  );
}
