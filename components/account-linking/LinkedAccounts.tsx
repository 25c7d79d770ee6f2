import { useState } from 'preact/hooks';
import type { AccountsView, LinkedAccountView } from '../../lib/messaging/protocol/index.ts';
import { Button } from '../ui/Button.tsx';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import { accountsStore } from './accounts-store.ts';
import { LinkAccountButton } from './LinkAccountButton.tsx';
import { LinkedConfirmation, LinkingOutcome, RememberedLinkingOutcome } from './LinkingOutcome.tsx';
import { RelinkButton } from './RelinkButton.tsx';
import { useLinking } from './use-linking.ts';
import './account-linking.css';
import './linked-accounts.css';
import { TableScroll } from '../ui/TableScroll.tsx';

const linkedAtFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function AccountRow({
  account,
  active,
  onError,
}: {
  account: LinkedAccountView;
  active: boolean;
  onError: (error: unknown) => void;
}) {
  const linking = useLinking();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<'activate' | 'unlink' | null>(null);

  const run = async (kind: 'activate' | 'unlink') => {
    setBusy(kind);
    onError(null);
    try {
      await accountsStore[kind](account.accountKey);
    } catch (error) {
      onError(error);
    } finally {
      setBusy(null);
      setConfirming(false);
    }
  };

  return (
    <>
      <tr data-account-key={account.accountKey} aria-current={active ? 'true' : undefined}>
        <th scope="row" class="linked-accounts__name">
          {account.accountName}
        </th>
        <td class="linked-accounts__id">{account.appSpecificAccountId}</td>
        <td>
          <time dateTime={new Date(account.linkedAt).toISOString()}>{linkedAtFormat.format(account.linkedAt)}</time>
        </td>
        <td>
          {account.otherEnvironment ? (
            <>
              <span class="linked-accounts__status" data-status="other-environment">
                Linked on another environment
              </span>
              <span class="linked-accounts__origin">{account.apiOrigin}</span>
            </>
          ) : account.needsRelink ? (
            <span class="linked-accounts__status" data-status="relink">
              Needs relinking
            </span>
          ) : active ? (
            <span class="linked-accounts__status" data-status="active">
              Active
            </span>
          ) : (
            <span class="linked-accounts__status">Linked</span>
          )}
        </td>
        <td>
          <div class="linked-accounts__actions">
            {account.needsRelink || account.otherEnvironment ? (
              <RelinkButton account={account} state={linking} />
            ) : null}
            {!active ? (
              <Button
                size="sm"
                busy={busy === 'activate'}
                aria-label={`Make active: ${account.accountName}`}
                onClick={() => void run('activate')}
              >
                Make active
              </Button>
            ) : null}
            {confirming ? (
              <>
                <Button
                  size="sm"
                  variant="danger"
                  busy={busy === 'unlink'}
                  aria-label={`Confirm unlink of ${account.accountName}`}
                  onClick={() => void run('unlink')}
                >
                  Confirm unlink
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
                  Cancel
                </Button>
              </>
            ) : (
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Unlink ${account.accountName}`}
                onClick={() => setConfirming(true)}
              >
                Unlink
              </Button>
            )}
          </div>
        </td>
      </tr>
      {linking.error ? (
        <tr class="linked-accounts__outcome-row">
          <td colSpan={5}>
            <LinkingOutcome state={linking} />
          </td>
        </tr>
      ) : null}
    </>
  );
}

/** The Accounts section: every linked account, its app-specific id and link time; link, relink, switch, unlink. */
export function LinkedAccounts({ view }: { view: AccountsView }) {
  const linking = useLinking();
  const [error, setError] = useState<unknown>(null);
  return (
    <div class="linked-accounts">
      <div class="linked-accounts__toolbar">
        <p class="linked-accounts__summary">
          {view.accounts.length === 1 ? '1 linked account' : `${view.accounts.length} linked accounts`}
        </p>
        <LinkAccountButton state={linking} />
      </div>
      <LinkedConfirmation />
      <LinkingOutcome state={linking} />
      <RememberedLinkingOutcome />
      <ErrorNotice error={error} />
      <TableScroll label="Linked accounts">
        <table class="linked-accounts__table">
          <caption class="visually-hidden">Linked accounts</caption>
          <thead>
            <tr>
              <th scope="col">Account</th>
              <th scope="col">App-specific ID</th>
              <th scope="col">Linked</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span class="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {view.accounts.map((account) => (
              <AccountRow
                key={account.accountKey}
                account={account}
                active={account.accountKey === view.activeAccountKey}
                onError={setError}
              />
            ))}
          </tbody>
        </table>
      </TableScroll>
    </div>
  );
}
