// The options page's Users section: the users of the active account or of an account of its tree (picked
// above the list; searched, filtered by role, sorted), its roles, and the editor, password, delete and bulk
// dialogs. `/` focuses the search, `n` opens a new user.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { RoleView, UserView } from '../../lib/messaging/protocol/index.ts';
import { Button } from '../ui/Button.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import { ProgressBar } from '../ui/ProgressBar.tsx';
import { useStarted } from '../ui/store.ts';
import { type BulkAction, BulkDialog } from './BulkDialog.tsx';
import { DeleteUserDialog } from './DeleteUserDialog.tsx';
import { RolesPanel } from './RolesPanel.tsx';
import { SetPasswordDialog } from './SetPasswordDialog.tsx';
import { UserEditor } from './UserEditor.tsx';
import { UsersTable } from './UsersTable.tsx';
import { UsersAccount, UsersRequestsContext } from './users-account.ts';
import { DEFAULT_USERS_FILTER, type UsersFilter, visibleUsers } from './users-list.ts';
import { createUsersStore, type UsersStore } from './users-store.ts';
import './users-and-roles.css';
import { formatNumber } from '../../lib/shared/format.ts';

type Open =
  | { kind: 'create' }
  | { kind: 'edit'; user: UserView }
  | { kind: 'password'; user: UserView }
  | { kind: 'delete'; user: UserView }
  | { kind: 'bulk'; action: BulkAction; users: UserView[] }
  | null;

const FORBIDDEN = 'users-forbidden';
const NONE_USERS: UserView[] = [];
const NONE_ROLES: RoleView[] = [];

export function UsersSection() {
  return <UsersPanel store={useMemo(() => createUsersStore(), [])} />;
}

/** The section with its store given, so tests can hand it a fake worker. */
export function UsersPanel({ store }: { store: UsersStore }) {
  const [filter, setFilter] = useState<UsersFilter>(DEFAULT_USERS_FILTER);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const search = useRef<HTMLInputElement>(null);

  useStarted(store);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (open || event.ctrlKey || event.metaKey || event.altKey) return;
      if (target?.closest('input, select, textarea, [contenteditable="true"]')) return;
      if (event.key === '/') {
        event.preventDefault();
        search.current?.focus();
      } else if (event.key === 'n' && store.view.value?.accountKey) {
        event.preventDefault();
        setOpen({ kind: 'create' });
      }
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [open, store]);

  const view = store.view.value;
  const accountId = store.accountId.value;
  const tree = store.accounts.value;
  // The linked account is 'me' to the worker; the others are named by their id.
  const choices = (tree?.accounts ?? []).map((a) => ({
    id: a.accountId === tree?.linkedAccountId ? 'me' : a.accountId,
    label: `${a.parentAccountId && a.accountId !== tree?.linkedAccountId ? '↳ ' : ''}${a.accountName} (${a.accountId})`,
    name: a.accountName,
  }));
  const users = view?.users ?? NONE_USERS;
  const roles = view?.roles ?? NONE_ROLES;
  const shown = useMemo(() => visibleUsers(users, filter), [users, filter]);
  const chosen = users.filter((u) => selected.has(u.id));
  const forbidden = view?.error?.code === FORBIDDEN;
  const sectionRef = useRef<HTMLElement>(null);
  /** Deleted users' place in the list: once their rows have gone and the dialog is closed, focus goes to the row now there. */
  const deletedAt = useRef<{ ids: string[]; index: number } | null>(null);
  /** Where the selection to delete in bulk began in the list. */
  const bulkFrom = useRef(0);
  useEffect(() => {
    const deleted = deletedAt.current;
    if (!deleted || open || shown.some((u) => deleted.ids.includes(u.id))) return;
    deletedAt.current = null;
    const names = sectionRef.current?.querySelectorAll<HTMLElement>('.ue-table__name') ?? [];
    const next = names[Math.min(deleted.index, names.length - 1)];
    (next ?? search.current)?.focus();
  });

  // Selection never outlives the users it names (deleted, or another account).
  useEffect(() => {
    setSelected((previous) => {
      const kept = [...previous].filter((id) => users.some((u) => u.id === id));
      return kept.length === previous.size ? previous : new Set(kept);
    });
  }, [users]);

  const select = (ids: string[], on: boolean) =>
    setSelected((previous) => {
      const next = new Set(previous);
      for (const id of ids) on ? next.add(id) : next.delete(id);
      return next;
    });

  const sortBy = (column: UsersFilter['sort']['column']) =>
    setFilter((f) => ({
      ...f,
      sort: { column, direction: f.sort.column === column && f.sort.direction === 'asc' ? 'desc' : 'asc' },
    }));

  const close = () => setOpen(null);

  if (!view && store.loading.value) return <ProgressBar label="Loading users" />;
  if (!view)
    return (
      <ErrorNotice
        error={store.error.value}
        title="Users could not be loaded"
        actions={
          <Button size="sm" onClick={() => void store.load(true)}>
            Retry
          </Button>
        }
      />
    );
  if (!view.accountKey)
    return (
      <EmptyState title="No account linked">Link an account in the Accounts section to manage its users.</EmptyState>
    );

  const chosenName =
    accountId === 'me' ? view.accountName : (choices.find((c) => c.id === accountId)?.name ?? accountId);
  const choose = (id: string) => {
    setSelected(new Set());
    setFilter((f) => ({ ...f, roleId: '' }));
    setNotice(null);
    void store.choose(id);
  };

  return (
    <UsersAccount.Provider value={accountId}>
      <UsersRequestsContext.Provider value={store.requests}>
        <section class="ue" ref={sectionRef} aria-labelledby="ue-title" aria-busy={store.loading.value}>
          <div class="ue__bar">
            <h2 id="ue-title" class="ue__title">
              Users of {chosenName}
            </h2>
            {choices.length > 1 ? (
              <label class="ue__filter">
                <span>Account to manage</span>
                <select class="ui-select" value={accountId} onChange={(event) => choose(event.currentTarget.value)}>
                  {choices.map((choice) => (
                    <option key={choice.id} value={choice.id}>
                      {choice.label}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
            <input
              ref={search}
              type="search"
              class="ui-input ue__search"
              aria-label="Search users by name, username or e-mail"
              placeholder="Search name, username, e-mail  ( / )"
              value={filter.query}
              onInput={(event) => setFilter({ ...filter, query: event.currentTarget.value })}
            />
            <label class="ue__filter">
              <span>Role</span>
              <select
                class="ui-select"
                value={filter.roleId}
                onChange={(event) => setFilter({ ...filter, roleId: event.currentTarget.value })}
              >
                <option value="">Every role</option>
                {roles.map((role) => (
                  <option key={role.id} value={role.id}>
                    {role.name}
                  </option>
                ))}
              </select>
            </label>
            <span class="ue__count" aria-live="polite">
              {view.fetchedAt === null
                ? ''
                : shown.length === users.length
                  ? `${formatNumber(users.length)} users`
                  : `${formatNumber(shown.length)} of ${formatNumber(users.length)}`}
            </span>
            <Button size="sm" busy={store.loading.value} onClick={() => void store.load(true)}>
              Refresh
            </Button>
            <Button size="sm" variant="primary" disabled={forbidden} onClick={() => setOpen({ kind: 'create' })}>
              New user
            </Button>
          </div>
          {forbidden ? (
            <ErrorNotice
              tone="warn"
              error="This account does not let you manage users: the service refused. Ask an administrator of the account for access, or choose another account."
              title="No permission"
            />
          ) : (
            <ErrorNotice
              error={view.error}
              title={
                view.fetchedAt !== null
                  ? 'Showing the users and roles as last fetched: the refresh failed'
                  : 'Users and roles could not be loaded'
              }
              actions={
                <Button size="sm" onClick={() => void store.load(true)}>
                  Retry
                </Button>
              }
            />
          )}
          {notice ? <ErrorNotice tone="ok" error={notice} /> : null}
          {/* Refused: users and roles from before would invite edits the service refuses; the notice says it once. */}
          {chosen.length > 0 && !forbidden ? (
            <div class="ue__bulk" role="toolbar" aria-label="Selected users">
              <span>{chosen.length} selected</span>
              <Button
                size="sm"
                onClick={() => setOpen({ kind: 'bulk', action: 'access', users: chosen })}
                disabled={!roles.length}
              >
                Add access…
              </Button>
              <Button
                size="sm"
                variant="danger"
                onClick={() => {
                  bulkFrom.current = Math.max(
                    0,
                    shown.findIndex((u) => selected.has(u.id)),
                  );
                  setOpen({ kind: 'bulk', action: 'delete', users: chosen });
                }}
              >
                Delete…
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
                Clear selection
              </Button>
            </div>
          ) : null}
          {forbidden ? null : (
            <div class="ue__layout">
              <RolesPanel roles={roles} loaded={view.fetchedAt !== null} />
              {users.length === 0 && !view.error ? (
                <EmptyState title="No users">This account has no users yet. Choose New user to add one.</EmptyState>
              ) : shown.length === 0 && users.length > 0 ? (
                <EmptyState title="No matching users">No user matches the search and role filter.</EmptyState>
              ) : users.length > 0 ? (
                <UsersTable
                  users={shown}
                  roles={roles}
                  selected={selected}
                  onSelect={select}
                  sort={filter.sort}
                  onSort={sortBy}
                  onEdit={(user) => setOpen({ kind: 'edit', user })}
                  onPassword={(user) => setOpen({ kind: 'password', user })}
                  onDelete={(user) => setOpen({ kind: 'delete', user })}
                  now={Date.now()}
                />
              ) : (
                <div />
              )}
            </div>
          )}
          {open?.kind === 'create' || open?.kind === 'edit' ? (
            <UserEditor
              mode={open.kind}
              user={open.kind === 'edit' ? open.user : undefined}
              users={users}
              roles={roles}
              onClose={close}
              onSaved={(id) => {
                setNotice(open.kind === 'create' ? `User ${id} was created.` : `The changes to ${id} were saved.`);
                close();
              }}
            />
          ) : null}
          {open?.kind === 'password' ? <SetPasswordDialog user={open.user} onClose={close} /> : null}
          {open?.kind === 'delete' ? (
            <DeleteUserDialog
              user={open.user}
              onClose={close}
              onDeleted={() => {
                deletedAt.current = { ids: [open.user.id], index: shown.findIndex((u) => u.id === open.user.id) };
                setNotice(`User ${open.user.id} was deleted.`);
                close();
              }}
            />
          ) : null}
          {open?.kind === 'bulk' ? (
            <BulkDialog
              action={open.action}
              users={open.users}
              roles={roles}
              onClose={() => {
                // Their Delete… bar went with the selection: focus goes to the first row after the deleted ones.
                if (open.action === 'delete') {
                  const ids = open.users.map((u) => u.id);
                  deletedAt.current = { ids, index: bulkFrom.current };
                }
                close();
              }}
            />
          ) : null}
        </section>
      </UsersRequestsContext.Provider>
    </UsersAccount.Provider>
  );
}
