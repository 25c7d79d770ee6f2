// Users and roles of the active account: the list (every page of 50, cached per account), the user
// calls the options page's editor makes, and scope search for ACL rows. Passwords pass through to the
// API once and are never stored, logged or returned.
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

  function refresh(accountKey: string): Promise<void> {
    const running = refreshing.get(accountKey);
    if (running) return running;
    const task = (async () => {
      try {
        const link = await currentLink(accountKey);
        const [{ users }, roles] = await asUsersCall(() =>
          deps.withAccount((client) => Promise.all([fetchAllUsers(client, 'me'), listRoles(client)]), accountKey),
        );
        await writeIfLinked(link, async () => {
          const all = await usersCacheItem.getValue();
          const entry = { users: users.map(userView), roles: roles.data.roles.map(roleView), fetchedAt: deps.now() };
          await usersCacheItem.setValue({ ...all, [accountKey]: entry });
        });
        errors.delete(accountKey);
      } catch (error) {
        errors.set(accountKey, toWireError(error));
      } finally {
        refreshing.delete(accountKey);
      }
    })();
    refreshing.set(accountKey, task);
    return task;
  }

  async function list(wantFresh: boolean): Promise<UsersView> {
    const { accounts, activeAccountKey } = await readAccounts();
    const account = accounts.find((a) => a.accountKey === activeAccountKey);
    if (!account) return { accountKey: null, accountName: null, users: [], roles: [], fetchedAt: null, error: null };
    const key = account.accountKey;
    if (wantFresh || !(await usersCacheItem.getValue())[key]) await refresh(key);
    const cached = (await usersCacheItem.getValue())[key];
    return {
      accountKey: key,
      accountName: account.accountName,
      users: cached?.users ?? [],
      roles: cached?.roles ?? [],
      fetchedAt: cached?.fetchedAt ?? null,
      error: errors.get(key) ?? null,
    };
  }

  async function rolesOf(accountKey: string) {
    return (await usersCacheItem.getValue())[accountKey]?.roles ?? [];
  }

  /** Runs one user call for the active account, then puts the user's fresh record in the cache. */
  async function mutate(userId: string, run: (client: ApiClient) => Promise<unknown>): Promise<void> {
    const key = await activeKey();
    const fresh = await asUsersCall(() =>
      deps.withAccount(async (client) => {
        await run(client);
        return (await getUser(client, 'me', userId)).data;
      }, key),
    );
    await patchCache(key, (entry) => putUser(entry, userView(fresh)));
    await deps.broadcast('users.changed', { accountKey: key });
  }

  const handlers: Pick<Handlers, UsersRequest> = {
    'users.list': ({ refresh: wantFresh }) => list(wantFresh),
    'users.get': async ({ userId }) => {
      const key = await activeKey();
      const user = await asUsersCall(() => deps.withAccount((client) => getUser(client, 'me', userId), key));
      return userView(user.data);
    },
    'users.create': async ({ user }) => {
      const key = await activeKey();
      const { acl, ...fields } = user;
      const roles = await rolesOf(key);
      await mutate(user.id, (client) => createUser(client, 'me', { ...fields, acl: aclBody(acl, roles) }));
      return { id: user.id };
    },
    'users.update': async ({ userId, user }) => {
      const key = await activeKey();
      const { acl, ...fields } = user;
      const roles = await rolesOf(key);
      await mutate(userId, async (client) => {
        // Read just before writing: what the editor does not change goes back as the service holds it.
        const held = heldUserFields((await getUser(client, 'me', userId)).data);
        await updateUser(client, 'me', userId, { ...held, ...fields, acl: aclBody(acl, roles) });
      });
      return { id: userId };
    },
    'users.setPassword': async ({ userId, newPassword }) => {
      const key = await activeKey();
      await asUsersCall(() => deps.withAccount((client) => setUserPassword(client, 'me', userId, newPassword), key));
      return { id: userId };
    },
    'users.delete': async ({ userId }) => {
      const key = await activeKey();
      await asUsersCall(() => deps.withAccount((client) => deleteUser(client, 'me', userId), key));
      await patchCache(key, (entry) => ({ ...entry, users: entry.users.filter((u) => u.id !== userId) }));
      await deps.broadcast('users.changed', { accountKey: key });
      return { id: userId };
    },
    'users.addAcl': async ({ userId, row }) => {
      const key = await activeKey();
      const roles = await rolesOf(key);
      let added = false;
      await mutate(userId, async (client) => {
        const held = (await getUser(client, 'me', userId)).data;
        const current = userView(held);
        const rows = current.acl.map((r) => ({ roleId: r.roleId, roleName: r.roleName, on: r.on, onType: r.onType }));
        added = !rows.some((r) => r.roleId === row.roleId && r.onType === row.onType && r.on === row.on);
        if (!added) return;
        await updateUser(client, 'me', userId, {
          ...heldUserFields(held),
          firstName: current.firstName,
          lastName: current.lastName,
          emailAddress: current.emailAddress,
          username: current.username,
          phoneNumber: current.phoneNumber,
          acl: [...rows, ...aclBody([row], roles)],
        });
      });
      return { id: userId, added };
    },
    'users.scopes': async ({ type, query, limit, ids }) => {
      const key = await activeKey();
      try {
        const options = await deps.withAccount((client) => scopes.get(key, type, client), key);
        return searchScopes(type, options, query, limit, ids);
      } catch (error) {
        throw usersError(error);
      }
    },
  };

  /** The write that drops the account's cached users; what is in memory goes at once. */
  async function forgetAccount(accountKey: string): Promise<StorageWrites> {
    errors.delete(accountKey);
    scopes.forget(accountKey);
    const { [accountKey]: _gone, ...others } = await usersCacheItem.getValue();
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
