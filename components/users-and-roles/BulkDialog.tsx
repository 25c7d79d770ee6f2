// Acting on several users at once: delete them (the count typed to confirm) or add access rows to each.
// One request per user, two at a time, with a progress bar; every failure is listed with its error.
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import type { RoleView, UserView } from '../../lib/messaging/protocol/index.ts';
import { Button } from '../ui/Button.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { describeError } from '../ui/ErrorNotice.tsx';
import { ProgressBar } from '../ui/ProgressBar.tsx';
import { AclEditor } from './AclEditor.tsx';
import type { AclDraftRow } from './acl-rules.ts';
import { useUsersAccount, useUsersRequests } from './users-account.ts';
import { fullName } from './users-list.ts';

export type BulkAction = 'delete' | 'access';

interface Failure {
  user: UserView;
  message: string;
}

/** Runs `task` for every item, `width` at a time, calling `progress` after each. */
export async function runEach<T>(
  items: T[],
  width: number,
  task: (item: T) => Promise<void>,
  progress: (done: number, failed: { item: T; error: unknown }[]) => void,
): Promise<{ item: T; error: unknown }[]> {
  const failed: { item: T; error: unknown }[] = [];
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      try {
        await task(item);
      } catch (error) {
        failed.push({ item, error });
      }
      done++;
      progress(done, [...failed]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return failed;
}

export interface BulkDialogProps {
  action: BulkAction;
  users: UserView[];
  roles: RoleView[];
  onClose: () => void;
}

export function BulkDialog({ action, users, roles, onClose }: BulkDialogProps) {
  const accountId = useUsersAccount();
  const requests = useUsersRequests();
  const id = useId();
  const [typed, setTyped] = useState('');
  const [rows, setRows] = useState<AclDraftRow[]>([]);
  const [running, setRunning] = useState(false);
  const [done, setDone] = useState<number | null>(null);
  const [failures, setFailures] = useState<Failure[]>([]);
  const count = users.length;
  const finished = done === count && !running;
  const form = useRef<HTMLFormElement>(null);
  // The confirm button focus sat on gives way to Close: the heading takes focus, then the outcome is read.
  useEffect(() => {
    if (finished) form.current?.closest('dialog')?.querySelector<HTMLElement>('.ui-dialog__title')?.focus();
  }, [finished]);
  const ready = action === 'delete' ? typed.trim() === String(count) : rows.length > 0;

  const run = async (event: Event) => {
    event.preventDefault();
    if (!ready || running) return;
    setRunning(true);
    setDone(0);
    setFailures([]);
    const task = async (user: UserView) => {
      if (action === 'delete') {
        await requests.remove(accountId, user.id);
        return;
      }
      for (const row of rows) {
        await requests.addAcl(accountId, user.id, {
          roleId: row.roleId,
          roleName: row.roleName,
          onType: row.onType as 'ACCOUNT',
          on: row.on,
        });
      }
    };
    await runEach(users, 2, task, (n, failed) => {
      setDone(n);
      setFailures(failed.map(({ item, error }) => ({ user: item, message: describeError(error).message })));
    });
    setRunning(false);
  };

  const verb = action === 'delete' ? 'Delete' : 'Add access to';
  return (
    <Dialog
      title={`${verb} ${count} ${count === 1 ? 'user' : 'users'}`}
      class={action === 'access' ? 'ue-dialog ue-wide-dialog' : 'ue-dialog'}
      // Escape does nothing while the request is under way: its outcome must be seen.
      onClose={running ? () => undefined : onClose}
      actions={
        finished ? (
          <Button variant="primary" onClick={onClose}>
            Close
          </Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={running}>
              Cancel
            </Button>
            <Button
              variant={action === 'delete' ? 'danger' : 'primary'}
              type="submit"
              form="ue-bulk-form"
              disabled={!ready}
              busy={running}
            >
              {action === 'delete' ? `Delete ${count}` : `Add to ${count}`}
            </Button>
          </>
        )
      }
    >
      <form id="ue-bulk-form" class="ue-form" onSubmit={run} noValidate ref={form}>
        {done === null ? (
          action === 'delete' ? (
            <>
              <p class="ue-warning">
                This cannot be undone: {count} {count === 1 ? 'user loses' : 'users lose'} access at once and the
                service keeps no copy.
              </p>
              <ul class="ue-bulk__names">
                {users.slice(0, 8).map((user) => (
                  <li key={user.id}>{fullName(user)}</li>
                ))}
                {count > 8 ? <li>and {count - 8} more</li> : null}
              </ul>
              <label class="ue-confirm" for={id}>
                Type the number of users, <strong>{count}</strong>, to confirm
              </label>
              <input
                id={id}
                class="ui-input"
                inputMode="numeric"
                autoComplete="off"
                value={typed}
                onInput={(event) => setTyped(event.currentTarget.value)}
              />
            </>
          ) : (
            <>
              <p class="ue-form__note">Each row is added to every selected user that does not have it yet.</p>
              <AclEditor rows={rows} roles={roles} onChange={setRows} />
            </>
          )
        ) : (
          <>
            <ProgressBar
              label={action === 'delete' ? 'Deleting users' : 'Adding access'}
              value={done}
              max={count}
              text={`${done} of ${count}`}
            />
            {finished ? (
              <p role="status">
                {count - failures.length} of {count} done
                {failures.length ? `; ${failures.length} failed.` : '.'}
              </p>
            ) : null}
          </>
        )}
        {failures.length > 0 ? (
          <ul class="ue-bulk__failures" aria-label="Failures">
            {failures.map((failure) => (
              <li key={failure.user.id}>
                <strong>{fullName(failure.user)}</strong>: {failure.message}
              </li>
            ))}
          </ul>
        ) : null}
      </form>
    </Dialog>
  );
}
