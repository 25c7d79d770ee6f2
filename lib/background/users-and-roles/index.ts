// Users and roles of the active account, or of any account its link may manage (accountId: 'me' or a
// sub-account's id): the list (every page of 50, cached per linked account and account id), the user calls
// the options page's editor makes, and scope search for ACL rows. Passwords pass through to the API once and
// are never stored, logged or returned.
import type { ApiClient } from '../../api/client.ts';
import { listRoles } from '../../api/roles.ts';
import {
  type AclEntryInput,
  createUser,
  deleteUser,
  fetchAllUsers,
  getUser,
  heldUserFields,
  setUserPassword,
  updateUser,
} from '../../api/users.ts';
import { type Handlers, toWireError } from '../../messaging/background.ts';
import type { AclRowInput, UsersView } from '../../messaging/protocol/index.ts';
import { DeskError, type WireError } from '../../messaging/wire-error.ts';
import { currentLink, writeIfLinked } from '../core/account-lock.ts';
import type { DeskDeps } from '../core/deps.ts';
import { readAccounts } from '../core/linked-accounts.ts';
import { defineFeature, type StorageWrites } from '../feature.ts';
import { patchCache, putUser, roleView, usersCacheItem, userView } from './cache.ts';
import { asUsersCall, usersError } from './errors.ts';
import { holdsFields, type Proof, runReadBack } from './read-back.ts';
import { directoryScopeLoaders } from './scope-lists.ts';
import { createScopeCache, loadAccounts, type ScopeLoaders, searchScopes } from './scopes.ts';

export interface UsersDeps extends Pick<DeskDeps, 'withAccount' | 'broadcast' | 'now'> {
  /** Where account, folder and location scopes come from; tests pass their own. */
  scopeLoaders?: ScopeLoaders;
}

type UsersRequest =
  | 'users.list'
  | 'users.get'
  | 'users.create'
  | 'users.update'
  | 'users.setPassword'
  | 'users.delete'
  | 'users.addAcl'
  | 'users.scopes';

/** The role's name travels with the row, as the interface's ACL entry shows it. */
function aclBody(rows: AclRowInput[], roles: { id: string; name: string }[]): AclEntryInput[] {
  return rows.map((row) => ({
    roleId: row.roleId,
    roleName: row.roleName || roles.find((r) => r.id === row.roleId)?.name,
    on: row.on,
    onType: row.onType,
  }));
}

/** Where an account's users are cached: the linked account's own under its key, as before sub-accounts. */
export const usersCacheKey = (accountKey: string, accountId: string) =>
  accountId === 'me' ? accountKey : `${accountKey}|${accountId}`;

export function createUsersAndRoles(deps: UsersDeps) {
  const errors = new Map<string, WireError>();
  const refreshing = new Map<string, Promise<void>>();
  const scopes = createScopeCache(
    deps.scopeLoaders ?? { ACCOUNT: loadAccounts, ...directoryScopeLoaders(deps) },
    deps.now,
  );

  async function activeKey(): Promise<string> {
    const { activeAccountKey } = await readAccounts();
    if (!activeAccountKey) {
      throw new DeskError({ code: 'no-account', message: 'No account is linked yet. Choose “Link account”.' });
    }
    return activeAccountKey;
  }

  function refresh(accountKey: string, accountId = 'me'): Promise<void> {
    const cacheKey = usersCacheKey(accountKey, accountId);
    const running = refreshing.get(cacheKey);
    if (running) return running;
    const task = (async () => {
      try {
        const link = await currentLink(accountKey);
        const [{ users }, roles] = await asUsersCall(() =>
          deps.withAccount(
            (client) => Promise.all([fetchAllUsers(client, accountId), listRoles(client, accountId)]),
            accountKey,
          ),
        );
        await writeIfLinked(link, async () => {
          const all = await usersCacheItem.getValue();
          const entry = { users: users.map(userView), roles: roles.data.roles.map(roleView), fetchedAt: deps.now() };
          await usersCacheItem.setValue({ ...all, [cacheKey]: entry });
        });
        errors.delete(cacheKey);
      } catch (error) {
        errors.set(cacheKey, toWireError(error));
      } finally {
        refreshing.delete(cacheKey);
      }
    })();
    refreshing.set(cacheKey, task);
    return task;
  }

  async function list(wantFresh: boolean, accountId = 'me'): Promise<UsersView> {
    const { accounts, activeAccountKey } = await readAccounts();
    const account = accounts.find((a) => a.accountKey === activeAccountKey);
    if (!account)
      return { accountKey: null, accountName: null, accountId, users: [], roles: [], fetchedAt: null, error: null };
    const key = account.accountKey;
    const cacheKey = usersCacheKey(key, accountId);
    if (wantFresh || !(await usersCacheItem.getValue())[cacheKey]) await refresh(key, accountId);
    const cached = (await usersCacheItem.getValue())[cacheKey];
    return {
      accountKey: key,
      accountName: account.accountName,
      accountId,
      users: cached?.users ?? [],
      roles: cached?.roles ?? [],
      fetchedAt: cached?.fetchedAt ?? null,
      error: errors.get(cacheKey) ?? null,
    };
  }

  async function rolesOf(accountKey: string, accountId: string) {
    return (await usersCacheItem.getValue())[usersCacheKey(accountKey, accountId)]?.roles ?? [];
  }

  /** Runs one user call for the account (read back after an answer that proved nothing), then caches the user. */
  async function mutate(
    accountId: string,
    userId: string,
    run: (client: ApiClient) => Promise<unknown>,
    proof: Proof,
  ): Promise<void> {
    const key = await activeKey();
    const fresh = await asUsersCall(() =>
      deps.withAccount(async (client) => {
        const read = await runReadBack(client, accountId, userId, () => run(client), proof);
        return read?.user ?? (await getUser(client, accountId, userId)).data;
      }, key),
    );
    await patchCache(usersCacheKey(key, accountId), (entry) => putUser(entry, userView(fresh)));
    await deps.broadcast('users.changed', { accountKey: key, accountId });
  }

  const handlers: Pick<Handlers, UsersRequest> = {
    'users.list': ({ refresh: wantFresh, accountId }) => list(wantFresh, accountId),
    'users.get': async ({ userId, accountId }) => {
      const key = await activeKey();
      const user = await asUsersCall(() => deps.withAccount((client) => getUser(client, accountId, userId), key));
      return userView(user.data);
    },
    'users.create': async ({ user, accountId }) => {
      const key = await activeKey();
      const { acl, ...fields } = user;
      const roles = await rolesOf(key, accountId);
      await mutate(
        accountId,
        user.id,
        (client) => createUser(client, accountId, { ...fields, acl: aclBody(acl, roles) }),
        {
          // An id already taken is refused, so a user by this id now is the one created.
          holds: (held) => held !== null,
          change: 'the user was created',
          otherwise: 'no user with this id is there',
          action: 'Choose Save to create the user again.',
        },
      );
      return { id: user.id };
    },
    'users.update': async ({ userId, user, accountId }) => {
      const key = await activeKey();
      const { acl, ...fields } = user;
      const roles = await rolesOf(key, accountId);
      await mutate(
        accountId,
        userId,
        async (client) => {
          // Read just before writing: what the editor does not change goes back as the service holds it.
          const held = heldUserFields((await getUser(client, accountId, userId)).data);
          await updateUser(client, accountId, userId, { ...held, ...fields, acl: aclBody(acl, roles) });
        },
        {
          holds: holdsFields(fields, acl),
          change: 'the changes were saved',
          otherwise: 'the user there does not have them all',
          action: 'Choose Save to send them again.',
        },
      );
      return { id: userId };
    },
    'users.setPassword': async ({ userId, newPassword, accountId }) => {
      const key = await activeKey();
      await asUsersCall(() =>
        deps.withAccount(
          (client) =>
            runReadBack(client, accountId, userId, () => setUserPassword(client, accountId, userId, newPassword), {
              // A password is never readable: the 2xx status line was the whole answer, the user still there.
              holds: (held) => held !== null,
              change: 'the password was set',
              otherwise: 'the user is not there any more',
              action: 'Refresh the list.',
            }),
          key,
        ),
      );
      return { id: userId };
    },
    'users.delete': async ({ userId, accountId }) => {
      const key = await activeKey();
      await asUsersCall(() =>
        deps.withAccount(
          (client) =>
            runReadBack(client, accountId, userId, () => deleteUser(client, accountId, userId), {
              holds: (held) => held === null,
              change: 'the user was deleted',
              otherwise: 'the user is still there',
              action: 'Choose Delete to try again.',
            }),
          key,
        ),
      );
      await patchCache(usersCacheKey(key, accountId), (entry) => ({
        ...entry,
        users: entry.users.filter((u) => u.id !== userId),
      }));
      await deps.broadcast('users.changed', { accountKey: key, accountId });
      return { id: userId };
    },
    'users.addAcl': async ({ userId, row, accountId }) => {
      const key = await activeKey();
      const roles = await rolesOf(key, accountId);
      let added = false;
      await mutate(
        accountId,
        userId,
        async (client) => {
          const held = (await getUser(client, accountId, userId)).data;
          const current = userView(held);
          const rows = current.acl.map((r) => ({ roleId: r.roleId, roleName: r.roleName, on: r.on, onType: r.onType }));
          added = !rows.some((r) => r.roleId === row.roleId && r.onType === row.onType && r.on === row.on);
          if (!added) return;
          await updateUser(client, accountId, userId, {
            ...heldUserFields(held),
            firstName: current.firstName,
            lastName: current.lastName,
            emailAddress: current.emailAddress,
            username: current.username,
            phoneNumber: current.phoneNumber,
            acl: [...rows, ...aclBody([row], roles)],
          });
        },
        {
          holds: holdsFields({}, [row]),
          change: 'the access was added',
          otherwise: 'the user there does not have it',
          action: 'Choose Add access to try again.',
        },
      );
      return { id: userId, added };
    },
    'users.scopes': async ({ type, query, limit, ids, accountId }) => {
      const key = await activeKey();
      try {
        const options = await deps.withAccount((client) => scopes.get(key, accountId, type, client), key);
        return searchScopes(type, options, query, limit, ids);
      } catch (error) {
        throw usersError(error);
      }
    },
  };

  /** The write that drops the account's cached users; what is in memory goes at once. */
  async function forgetAccount(accountKey: string): Promise<StorageWrites> {
    for (const key of errors.keys()) if (key === accountKey || key.startsWith(`${accountKey}|`)) errors.delete(key);
    scopes.forget(accountKey);
    const all = await usersCacheItem.getValue();
    const others = Object.fromEntries(
      Object.entries(all).filter(([key]) => key !== accountKey && !key.startsWith(`${accountKey}|`)),
    );
    return [{ item: usersCacheItem, value: others }];
  }

  return { handlers, list, refresh, forgetAccount };
}

export function usersAndRolesFeature(deps: DeskDeps) {
  const instance = createUsersAndRoles(deps);
  return defineFeature({
    name: 'users-and-roles',
    handlers: instance.handlers,
    forgetAccount: instance.forgetAccount,
  });
}
