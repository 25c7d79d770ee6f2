import { useRef, useState } from 'preact/hooks';
import type { AccountsView, LinkedAccountView, TriageAccountSummary } from '../../lib/messaging/protocol/index.ts';
import { formatNumber } from '../../lib/shared/format.ts';
import { accountsStore, activeAccount } from '../account-linking/accounts-store.ts';
import { AccountLinkNotices } from '../account-linking/first-use.ts';
import { ErrorNotice } from '../ui/first-use.ts';
import { Select } from '../ui/Select.tsx';
import { useValue } from '../ui/use-value.ts';
import './account-switcher.css';

export interface AccountSwitcherProps {
  view: AccountsView;
  /** Label shown above the select; the popup hides it visually. */
  label?: string;
  hideLabel?: boolean;
  /**
   * Only the select, its label beside it (and a switching error): for page headers where the page shows
   * link outcomes elsewhere.
   */
  compact?: boolean;
  /** The popup's dense bar: smaller notices and gaps. */
  dense?: boolean;
  /** Across accounts (the popup's list): each account's waiting suggestions, shown beside its name. */
  waiting?: TriageAccountSummary[];
}

/** The option text says why an account cannot be used right now. */
function optionLabel(account: LinkedAccountView, waiting?: number | null): string {
  if (account.otherEnvironment) return `${account.accountName} (linked on another environment)`;
  if (account.needsRelink) return `${account.accountName} (needs relinking)`;
  return typeof waiting === 'number'
    ? `${account.accountName} (${formatNumber(waiting)} waiting)`
    : account.accountName;
}

/**
 * Chooses the active account. When the active one was linked on another environment or needs
 * relinking, says so and offers Relink.
 */
export function AccountSwitcher({
  view,
  label = 'Active account',
  hideLabel = false,
  compact = false,
  dense = false,
  waiting,
}: AccountSwitcherProps) {
  const counts = new Map(waiting?.map((a) => [a.accountKey, a.waiting]));
  const size = dense ? 'sm' : 'md';
  const [error, setError] = useState<unknown>(null);
  const [switching, setSwitching] = useState(false);
  const active = activeAccount(view);
  // The linking notices load once one has something to say, then stay (a Relink's outcome is their state).
  const linked = useValue(accountsStore.lastLinked);
  const remembered = useValue(accountsStore.rememberedOutcome);
  const noticesShown = useRef(false);
  noticesShown.current ||= !compact && Boolean(active?.otherEnvironment || active?.needsRelink || linked || remembered);

  const activate = async (accountKey: string) => {
    setSwitching(true);
    setError(null);
    try {
      await accountsStore.activate(accountKey);
    } catch (failure) {
      setError(failure);
    } finally {
      setSwitching(false);
    }
  };

  return (
    <div class="account-switcher" data-dense={dense ? '' : undefined}>
      <Select
        label={label}
        hideLabel={hideLabel}
        inline={compact}
        selectClass="account-switcher__select"
        value={view.activeAccountKey ?? ''}
        choices={view.accounts.map((account) => ({
          value: account.accountKey,
          label: optionLabel(account, counts.get(account.accountKey)),
        }))}
        disabled={view.accounts.length === 0}
        busy={switching}
        onValue={(accountKey) => void activate(accountKey)}
      />
      {noticesShown.current ? <AccountLinkNotices active={active} size={size} /> : null}
      {error ? <ErrorNotice error={error} size={size} /> : null}
    </div>
  );
}
