// The users and roles of each linked account, as last fetched: the list opens at once and is refreshed
// on demand. Passwords are never part of it (lib/api drops the get call's echo).
import type { Role } from '../../api/roles.ts';
import type { User } from '../../api/users.ts';
import type { RoleView, UserView } from '../../messaging/protocol/index.ts';
import { defineItem } from '../../storage-item.ts';

export interface CachedUsers {
  users: UserView[];
  roles: RoleView[];
  fetchedAt: number;
}

export const usersCacheItem = defineItem<Record<string, CachedUsers>>('local:usersAndRoles', {
  fallback: {},
});

export function userView(user: User): UserView {
  return {
    id: user.id,
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    username: user.username ?? '',
    emailAddress: user.emailAddress ?? '',
    phoneNumber: user.phoneNumber ?? '',
    emailLanguagePreference: user.emailLanguagePreference ?? '',
    displayLanguagePreference: user.displayLanguagePreference ?? '',
    lastLoginDate: user.lastLoginDate ?? '',
    sso: user.sso === true,
    acl: (user.acl ?? []).map((entry) => ({
      roleId: entry.roleId ?? '',
      roleName: entry.roleName ?? '',
      on: entry.on ?? '',
      onType: entry.onType ?? '',
      accountId: entry.accountId ?? '',
    })),
  };
}

export function roleView(role: Role): RoleView {
  return { id: String(role.id), name: role.name };
}

let queue: Promise<unknown> = Promise.resolve();

/** Read-modify-write of one account's entry, one at a time: bulk actions patch it concurrently. */
export function patchCache(accountKey: string, patch: (entry: CachedUsers) => CachedUsers): Promise<void> {
  const run = queue.then(async () => {
    const all = await usersCacheItem.getValue();
    const entry = all[accountKey];
    if (!entry) return;
    await usersCacheItem.setValue({ ...all, [accountKey]: patch(entry) });
  });
  queue = run.catch(() => undefined);
  return run;
}

export function putUser(entry: CachedUsers, user: UserView): CachedUsers {
  const index = entry.users.findIndex((u) => u.id === user.id);
  const users = index < 0 ? [...entry.users, user] : entry.users.map((u, i) => (i === index ? user : u));
  return { ...entry, users };
}
