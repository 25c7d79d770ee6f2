// Sets a user's password with the password call (update never touches it). Typed twice; the value
// lives only in this dialog's state and is gone when it closes.
import { useState } from 'preact/hooks';
import type { UserView } from '../../lib/messaging/protocol/index.ts';
import { Button } from '../ui/Button.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import { PasswordInput } from './PasswordInput.tsx';
import { useUsersAccount, useUsersRequests } from './users-account.ts';
import { fullName } from './users-list.ts';

export function SetPasswordDialog({ user, onClose }: { user: UserView; onClose: () => void }) {
  const accountId = useUsersAccount();
  const requests = useUsersRequests();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: true } | { ok: false; error: unknown } | null>(null);

  const check = () => ({
    password: password.length < 8 ? 'Use at least 8 characters.' : undefined,
    confirm: confirm !== password ? 'The two passwords differ.' : undefined,
  });

  const submit = async (event: Event) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (found.password || found.confirm) return;
    setBusy(true);
    setOutcome(null);
    try {
      await requests.setPassword(accountId, user.id, password);
      setPassword('');
      setConfirm('');
      setOutcome({ ok: true });
    } catch (error) {
      setOutcome({ ok: false, error });
    } finally {
      setBusy(false);
    }
  };

  const done = outcome?.ok === true;
  return (
    <Dialog
      title={`Set password for ${fullName(user)}`}
      class={'ue-dialog'}
      // Escape does nothing while the request is under way: its outcome must be seen.
      onClose={busy ? () => undefined : onClose}
      actions={
        done ? (
          <Button variant="primary" onClick={onClose}>
            Done
          </Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button variant="primary" type="submit" form="ue-password-form" busy={busy}>
              Set password
            </Button>
          </>
        )
      }
    >
      {done ? (
        <ErrorNotice tone="ok" error={`The password of ${fullName(user)} is set. It is not kept anywhere here.`} />
      ) : (
        <form id="ue-password-form" class="ue-form" onSubmit={submit} noValidate>
          {outcome && !outcome.ok ? <ErrorNotice error={outcome.error} title="The password was not set" /> : null}
          <PasswordInput
            label="New password"
            value={password}
            onValue={setPassword}
            onBlur={() => setErrors((e) => ({ ...e, password: check().password }))}
            error={errors.password}
            required
          />
          <PasswordInput
            label="Confirm password"
            value={confirm}
            onValue={setConfirm}
            onBlur={() => confirm && setErrors((e) => ({ ...e, confirm: check().confirm }))}
            error={errors.confirm}
            plain
            required
          />
        </form>
      )}
    </Dialog>
  );
}
