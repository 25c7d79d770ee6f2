import { accountsStore, useAccounts } from '../account-linking/accounts-store.ts';
import { LinkedAccounts } from '../account-linking/LinkedAccounts.tsx';
import { NoAccountLinked } from '../account-linking/NoAccountLinked.tsx';
import { Button } from '../ui/Button.tsx';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import { ProgressBar } from '../ui/ProgressBar.tsx';

/** The linked accounts, or how to link the first one. */
export function AccountsSection() {
  const view = useAccounts();
  const error = accountsStore.error.value;
  if (error) {
    return (
      <ErrorNotice
        title="Linked accounts could not be loaded"
        error={error}
        actions={
          <Button size="sm" onClick={() => void accountsStore.load()}>
            Retry
          </Button>
        }
      />
    );
  }
  if (view === null) return <ProgressBar label="Loading linked accounts" />;
  if (view.accounts.length === 0) return <NoAccountLinked />;
  return <LinkedAccounts view={view} />;
}
