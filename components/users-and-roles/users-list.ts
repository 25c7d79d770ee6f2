// Which users the list shows, in which order: search by name, username or e-mail, filter by role, sort.
import type { UserView } from '../../lib/messaging/protocol/index.ts';
import { compareText } from '../../lib/shared/format.ts';
import { userHasRole } from './acl-rules.ts';

export type UsersSortColumn = 'name' | 'username' | 'emailAddress' | 'lastLogin';
export interface UsersSort {
  column: UsersSortColumn;
  direction: 'asc' | 'desc';
}

export interface UsersFilter {
  query: string;
  /** '' = every role. */
  roleId: string;
  sort: UsersSort;
}

export const DEFAULT_USERS_FILTER: UsersFilter = { query: '', roleId: '', sort: { column: 'name', direction: 'asc' } };

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

export function fullName(user: Pick<UserView, 'firstName' | 'lastName' | 'id'>): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.id;
}

function compare(a: UserView, b: UserView, column: UsersSortColumn): number {
  switch (column) {
    case 'lastLogin':
      // Never logged in sorts as the oldest.
      return (Number(a.lastLoginDate) || 0) - (Number(b.lastLoginDate) || 0);
    case 'name':
      return compareText(`${a.lastName} ${a.firstName}`, `${b.lastName} ${b.firstName}`);
    default:
      return compareText(a[column], b[column]);
  }
}

// Both caches are keyed by the worker's answer, so one keystroke only filters: folding every user's text
// (NFD) and sorting with the collator happen once per list, not once per key.
const haystacks = new WeakMap<UserView, string>();
const sortedLists = new WeakMap<UserView[], Map<string, UserView[]>>();

function haystackOf(user: UserView): string {
  let text = haystacks.get(user);
  if (text === undefined) {
    text = fold(`${user.firstName} ${user.lastName} ${user.username} ${user.emailAddress}`);
    haystacks.set(user, text);
  }
  return text;
}

function sortedBy(users: UserView[], sort: UsersSort): UserView[] {
  const key = `${sort.column} ${sort.direction}`;
  let byKey = sortedLists.get(users);
  if (!byKey) {
    byKey = new Map();
    sortedLists.set(users, byKey);
  }
  let sorted = byKey.get(key);
  if (!sorted) {
    const sign = sort.direction === 'asc' ? 1 : -1;
    sorted = [...users].sort((a, b) => sign * compare(a, b, sort.column) || compareText(a.id, b.id));
    byKey.set(key, sorted);
  }
  return sorted;
}

export function visibleUsers(users: UserView[], { query, roleId, sort }: UsersFilter): UserView[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  return sortedBy(users, sort).filter((user) => {
    if (roleId && !userHasRole(user.acl, roleId)) return false;
    const haystack = haystackOf(user);
    return words.every((word) => haystack.includes(word));
  });
}
