// Roles (read-only) and users: list, create, get, update, set password, delete.
import type { SandboxApp, SandboxDeps } from '../deps.ts';
import { ApiError, CODES, emptyOk, ok } from '../envelope.ts';
import { intParam, jsonBody, queryOf, resolveAccount } from '../guard.ts';
import type { Account, AclEntry, AclOnType, User } from '../model.ts';

const BASE = '/v2/accounts/:accountId';
const ON_TYPES: AclOnType[] = ['ACCOUNT', 'LOCATION', 'FOLDER'];

function str(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name];
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return undefined;
}

function required(body: Record<string, unknown>, name: string, label = name): string {
  const value = str(body, name)?.trim();
  if (!value) throw new ApiError(400, CODES.MISSING_FIELD, `Missing required field: ${label}`);
  return value;
}

function checkEmail(value: string): string {
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) {
    throw new ApiError(400, CODES.INVALID_PARAMETER, 'Invalid field emailAddress: not an e-mail address');
  }
  return value;
}

function userView(user: User, withPassword: boolean) {
  const { accountId: _accountId, password, ...rest } = user;
  return {
    ...rest,
    ...(withPassword ? { password } : {}),
    acl: user.acl.map((entry) => ({ ...entry })),
  };
}

export function register(app: SandboxApp, { store }: SandboxDeps): void {
  const rolesOf = (account: Account) => store.state.roles[store.rootAccount(account).accountId] ?? [];

  const parseAcl = (account: Account, value: unknown): AclEntry[] => {
    if (value === undefined) return [];
    if (!Array.isArray(value)) throw new ApiError(400, CODES.INVALID_ACL, 'Invalid field acl: expected an array');
    const roles = rolesOf(account);
    const tree = store.accountTree(store.rootAccount(account).accountId).map((a) => a.accountId);
    const seen = new Set<string>();
    return value.map((raw, i) => {
      const entry = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
      const roleId = str(entry, 'roleId') ?? '';
      const role = roles.find((r) => String(r.id) === roleId);
      if (!role) throw new ApiError(400, CODES.INVALID_ACL, `Invalid acl[${i}].roleId: no such role`);
      const onType = str(entry, 'onType') as AclOnType;
      if (!ON_TYPES.includes(onType)) {
        throw new ApiError(400, CODES.INVALID_ACL, `Invalid acl[${i}].onType: expected ACCOUNT, LOCATION or FOLDER`);
      }
      const on = str(entry, 'on') ?? '';
      const exists =
        onType === 'ACCOUNT'
          ? tree.includes(on)
          : onType === 'LOCATION'
            ? store.state.locations.some((l) => l.id === on && tree.includes(l.accountId))
            : store.state.folders.some((f) => f.id === on && tree.includes(f.accountId));
      if (!exists) throw new ApiError(400, CODES.INVALID_ACL, `Invalid acl[${i}].on: no such ${onType.toLowerCase()}`);
      const key = `${roleId} ${onType} ${on}`;
      if (seen.has(key)) {
        throw new ApiError(
          400,
          CODES.INVALID_ACL,
          `Invalid acl[${i}]: the same role on the same ${onType.toLowerCase()} twice`,
        );
      }
      seen.add(key);
      return { roleId, roleName: role.name, on, accountId: str(entry, 'accountId') ?? account.accountId, onType };
    });
  };

  const findUser = (account: Account, userId: string): User => {
    const user = store.state.users.find((u) => u.id === userId && u.accountId === account.accountId);
    if (!user) throw new ApiError(404, CODES.USER_NOT_FOUND, `User not found: ${userId}`);
    return user;
  };

  app.get(`${BASE}/roles`, (c) => {
    const roles = rolesOf(resolveAccount(c, store));
    return ok({ count: roles.length, roles: roles.map((r) => ({ ...r })) });
  });

  app.get(`${BASE}/users`, (c) => {
    const account = resolveAccount(c, store);
    const query = queryOf(c);
    const limit = intParam(query, 'limit', 10, 1, 50);
    const offset = intParam(query, 'offset', 0, 0, Number.MAX_SAFE_INTEGER);
    const users = store.state.users.filter((u) => u.accountId === account.accountId);
    return ok({ count: users.length, users: users.slice(offset, offset + limit).map((u) => userView(u, false)) });
  });

  app.post(`${BASE}/users`, async (c) => {
    const account = resolveAccount(c, store);
    const body = await jsonBody(c);
    const firstName = required(body, 'firstName');
    const lastName = required(body, 'lastName');
    const emailAddress = checkEmail(required(body, 'emailAddress'));
    const id = str(body, 'id')?.trim() || `user-${store.state.nextIds.user++}`;
    if (store.state.users.some((u) => u.id === id)) {
      throw new ApiError(409, CODES.USER_EXISTS, `A user with id ${id} already exists`);
    }
    const user: User = {
      id,
      accountId: account.accountId,
      firstName,
      lastName,
      username: str(body, 'username')?.trim() || emailAddress,
      emailAddress,
      phoneNumber: str(body, 'phoneNumber') ?? str(body, 'phone') ?? '',
      password: str(body, 'password') ?? '',
      emailLanguagePreference: str(body, 'emailLanguagePreference') ?? 'en',
      displayLanguagePreference: str(body, 'displayLanguagePreference') ?? 'en',
      lastLoginDate: '',
      sso: body.sso === true,
      acl: parseAcl(account, body.acl),
    };
    store.state.users.push(user);
    store.changed();
    return ok({ id }, 201);
  });

  app.get(`${BASE}/users/:userId`, (c) => {
    const account = resolveAccount(c, store);
    return ok(userView(findUser(account, c.req.param('userId')), true));
  });

  app.put(`${BASE}/users/:userId`, async (c) => {
    const account = resolveAccount(c, store);
    const user = findUser(account, c.req.param('userId'));
    const body = await jsonBody(c);
    const id = required(body, 'id');
    if (id !== user.id)
      throw new ApiError(400, CODES.INVALID_PARAMETER, 'Field id does not match the user id in the path');
    const firstName = required(body, 'firstName');
    const lastName = required(body, 'lastName');
    const username = required(body, 'username');
    const emailAddress = checkEmail(required(body, 'emailAddress'));
    // The interface names the field both phoneNumber and phone; either satisfies the rule.
    const phoneNumber = str(body, 'phoneNumber')?.trim() || str(body, 'phone')?.trim();
    if (!phoneNumber) throw new ApiError(400, CODES.MISSING_FIELD, 'Missing required field: phoneNumber (or phone)');
    const acl = body.acl === undefined ? user.acl : parseAcl(account, body.acl);
    Object.assign(user, { firstName, lastName, username, emailAddress, phoneNumber, acl });
    // The interface does not say whether a field left out of an update is kept; the sandbox takes the stricter
    // reading, an update replaces: a language preference left out goes back to the default, as on create.
    for (const pref of ['emailLanguagePreference', 'displayLanguagePreference'] as const) {
      user[pref] = str(body, pref)?.trim() || 'en';
    }
    // Never the password: only PUT .../password changes it.
    store.changed();
    return ok({ id: user.id });
  });

  app.put(`${BASE}/users/:userId/password`, async (c) => {
    const account = resolveAccount(c, store);
    const user = findUser(account, c.req.param('userId'));
    const body = await jsonBody(c);
    user.password = required(body, 'newPassword');
    store.changed();
    return emptyOk();
  });

  app.delete(`${BASE}/users/:userId`, (c) => {
    const account = resolveAccount(c, store);
    const user = findUser(account, c.req.param('userId'));
    store.state.users = store.state.users.filter((u) => u !== user);
    store.changed();
    return emptyOk();
  });
}
