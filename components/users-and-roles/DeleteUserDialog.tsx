// Deleting a user cannot be undone (the interface says so), so the user's username is typed to confirm.
import { useId, useState } from 'preact/hooks';
import type { UserView } from '../../lib/messaging/protocol/index.ts';
import { Button } from '../ui/Button.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import { useUsersAccount, useUsersRequests } from './users-account.ts';
import { fullName } from './users-list.ts';

/** What must be typed: the username, or the e-mail when there is none. */
export function deleteConfirmation(user: Pick<UserView, 'username' | 'emailAddress' | 'id'>): string {
  return user.username || user.emailAddress || user.id;
}

export function DeleteUserDialog({
  user,
  onClose,
  onDeleted,
}: {
  user: UserView;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const accountId = useUsersAccount();
  const requests = useUsersRequests();
  const id = useId();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const expected = deleteConfirmation(user);
  const matches = typed.trim() === expected;

  const submit = async (event: Event) => {
    event.preventDefault();
    if (!matches) return;
    setBusy(true);
    setError(null);
    try {
      await requests.remove(accountId, user.id);
      onDeleted();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={`Delete ${fullName(user)}?`}
      class={'ue-dialog'}
      // Escape does nothing while the request is under way: its outcome must be seen.
      onClose={busy ? () => undefined : onClose}
      actions={
        <>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant="danger" type="submit" form="ue-delete-form" disabled={!matches} busy={busy}>
            Delete user
          </Button>
        </>
      }
    >
      <form id="ue-delete-form" class="ue-form" onSubmit={submit} noValidate>
        <ErrorNotice error={error} title="The user was not deleted" />
        <p class="ue-warning">
          This cannot be undone. {fullName(user)} loses access at once, and the service keeps no copy to restore.
        </p>
        <label class="ue-confirm" for={id}>
          Type <strong class="ue-mono">{expected}</strong> to confirm
        </label>
        <input
          id={id}
          class="ui-input ue-mono"
          autoComplete="off"
          spellcheck={false}
          value={typed}
          onInput={(event) => setTyped(event.currentTarget.value)}
        />
      </form>
    </Dialog>
  );
}
