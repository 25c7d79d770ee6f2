// The users list: one dense row per user with a checkbox for bulk actions and its own actions.
import type { RoleView, UserView } from '../../lib/messaging/protocol/index.ts';
import { Button } from '../ui/Button.tsx';
import { TableScroll } from '../ui/TableScroll.tsx';
import { accessSummary } from './acl-rules.ts';
import { lastLoginText, lastLoginTitle } from './last-login.ts';
import { fullName, type UsersSort, type UsersSortColumn } from './users-list.ts';

export interface UsersTableProps {
  users: UserView[];
  roles: RoleView[];
  selected: ReadonlySet<string>;
  onSelect: (ids: string[], on: boolean) => void;
  sort: UsersSort;
  onSort: (column: UsersSortColumn) => void;
  onEdit: (user: UserView) => void;
  onPassword: (user: UserView) => void;
  onDelete: (user: UserView) => void;
  now: number;
}

const COLUMNS: { column: UsersSortColumn | null; label: string }[] = [
  { column: 'name', label: 'Name and username' },
  { column: 'emailAddress', label: 'E-mail' },
  { column: null, label: 'Phone' },
  { column: 'lastLogin', label: 'Last login' },
  { column: null, label: 'SSO' },
  { column: null, label: 'Access' },
];

/**
 * An address may break before its "@" and after a dot, dash, underscore or plus of its local part
 * ("priya." / "natarajan" / "@harborbakery.com"), never inside the domain; a part wider than its column
 * alone (the table's layout is fixed) still breaks where it must.
 */
export function breakableAddress(text: string) {
  const at = text.lastIndexOf('@');
  const local = at > 0 ? text.slice(0, at) : text;
  const parts = [...local.split(/(?<=[.\-_+])/), ...(at > 0 ? [text.slice(at)] : [])];
  if (parts.length < 2) return text;
  return parts.map((part, i) => (i === 0 ? part : [<wbr key={i} />, part]));
}

export function UsersTable({
  users,
  roles,
  selected,
  onSelect,
  sort,
  onSort,
  onEdit,
  onPassword,
  onDelete,
  now,
}: UsersTableProps) {
  const allSelected = users.length > 0 && users.every((u) => selected.has(u.id));
  return (
    // A narrow window scrolls the table in its own box, not the page (reflow); its buttons make it reachable by Tab.
    <TableScroll label="Users">
      <table class="ui-table ue-table" aria-label="Users">
        <thead>
          <tr>
            <th scope="col" class="ue-table__check">
              <input
                type="checkbox"
                aria-label="Select every user shown"
                checked={allSelected}
                onChange={(event) =>
                  onSelect(
                    users.map((u) => u.id),
                    event.currentTarget.checked,
                  )
                }
              />
            </th>
            {COLUMNS.map(({ column, label }) => (
              <th
                key={label}
                scope="col"
                aria-sort={
                  column && sort.column === column ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined
                }
              >
                {column ? (
                  <button type="button" class="ue-table__sort" onClick={() => onSort(column)}>
                    {label}
                    <span aria-hidden="true">
                      {sort.column === column ? (sort.direction === 'asc' ? ' ▲' : ' ▼') : ''}
                    </span>
                  </button>
                ) : (
                  label
                )}
              </th>
            ))}
            <th scope="col" class="ue-table__actions">
              <span class="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => {
            const name = fullName(user);
            const summary = accessSummary(user.acl, roles);
            return (
              <tr key={user.id} data-selected={selected.has(user.id) ? '' : undefined}>
                <td class="ue-table__check">
                  <input
                    type="checkbox"
                    aria-label={`Select ${name}`}
                    checked={selected.has(user.id)}
                    onChange={(event) => onSelect([user.id], event.currentTarget.checked)}
                  />
                </td>
                <td class="ue-table__wraps">
                  <button type="button" class="ue-table__name" onClick={() => onEdit(user)} title={`Edit ${name}`}>
                    {name}
                  </button>
                  <span class="ue-table__username" title={user.username}>
                    {breakableAddress(user.username)}
                  </span>
                </td>
                <td class="ue-table__wraps">{breakableAddress(user.emailAddress)}</td>
                <td>{user.phoneNumber || <span class="ue-muted">—</span>}</td>
                <td title={lastLoginTitle(user.lastLoginDate)}>{lastLoginText(user.lastLoginDate, now)}</td>
                <td>{user.sso ? 'SSO' : <span class="ue-muted">—</span>}</td>
                <td class={user.acl.length ? 'ue-table__wraps' : 'ue-table__wraps ue-muted'}>{summary}</td>
                <td class="ue-table__actions">
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => onPassword(user)}
                    aria-label={`Set password for ${name}`}
                  >
                    Password
                  </Button>
                  <Button size="sm" variant="danger" onClick={() => onDelete(user)} aria-label={`Delete ${name}`}>
                    Delete
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
