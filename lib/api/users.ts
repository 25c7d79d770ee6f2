import { z } from 'zod';
import { type ApiClient, type ApiResult, accountPath, type CallOptions } from './client.ts';
import { accountList } from './paged-list.ts';
import { id, itemReader, itemSchema } from './schemas-common.ts';

export const ACL_ON_TYPES = ['ACCOUNT', 'FOLDER', 'LOCATION'] as const;

export const USERS_PAGE_SIZE = 50;

export interface AclEntry {
  roleId?: string;
  roleName?: string;
  on?: string;
  accountId?: string;
  onType?: string;
  [field: string]: unknown;
}

export interface User {
  id: string;
  firstName?: string;
  lastName?: string;
  username?: string;
  emailAddress?: string;
  phoneNumber?: string;
  emailLanguagePreference?: string;
  displayLanguagePreference?: string;
  lastLoginDate?: string;
  sso?: boolean;
  acl?: AclEntry[];
  [field: string]: unknown;
}

// The get call echoes the password; it is dropped here so it never reaches storage or a screen.
export const userReader = itemReader<User>('users', {
  required: { id: 'id' },
  optional: {
    password: 'drop',
    firstName: 'string',
    lastName: 'string',
    username: 'string',
    emailAddress: 'string',
    phoneNumber: 'string',
    emailLanguagePreference: 'string',
    displayLanguagePreference: 'string',
    lastLoginDate: 'id',
    sso: 'boolean',
    acl: {
      list: { optional: { roleId: 'id', roleName: 'string', on: 'id', accountId: 'id', onType: 'string' } },
    },
  },
});
export const UserSchema = itemSchema(userReader);

export interface UsersPage {
  count: number;
  users: User[];
}
export const { list: listUsers, fetchAll: fetchAllUsers } = accountList('users', userReader, USERS_PAGE_SIZE);

const IdSchema = z.lazy(() => z.looseObject({ id: id() }));

export interface AclEntryInput {
  roleId: string;
  on: string;
  onType: string;
  accountId?: string;
  roleName?: string;
}

interface UserFields {
  firstName: string;
  lastName: string;
  emailAddress: string;
  username?: string;
  phoneNumber?: string;
  emailLanguagePreference?: string;
  displayLanguagePreference?: string;
  acl?: AclEntryInput[];
}

export interface NewUser extends UserFields {
  /** Chosen by the caller. */
  id?: string;
  password?: string;
}

/** The update note calls the phone field `phone`; the bodies use phoneNumber, which is what is sent. */
export interface UserUpdate extends UserFields {
  username: string;
  phoneNumber: string;
  /** What the service holds beside the edited fields, sent back verbatim (see heldUserFields). */
  [field: string]: unknown;
}

/**
 * Every field the service holds for a user, unknown ones too, to send back with an update: the interface
 * does not say whether a field left out of an update is cleared. The id goes in the path and the body
 * anyway; the password is never held (the reader drops the get call's echo).
 */
export function heldUserFields(user: User): Record<string, unknown> {
  const { id: _id, password: _password, ...held } = user;
  return Object.fromEntries(Object.entries(held).filter(([, value]) => value !== undefined));
}

export type { Paging } from './paged-list.ts';

export function createUser(
  client: ApiClient,
  accountId: string,
  user: NewUser,
  options?: CallOptions,
): Promise<ApiResult<{ id: string }>> {
  return client.request(
    {
      operation: 'createUser',
      method: 'POST',
      path: accountPath(accountId, 'users'),
      ids: { 'account id': accountId },
      json: user,
      schema: IdSchema,
      creates: true,
      secrets: user.password ? [user.password] : [],
    },
    options,
  );
}

export function getUser(
  client: ApiClient,
  accountId: string,
  userId: string,
  options?: CallOptions,
): Promise<ApiResult<User>> {
  return client.request(
    {
      operation: 'getUser',
      method: 'GET',
      path: accountPath(accountId, 'users', userId),
      ids: { 'account id': accountId, 'user id': userId },
      schema: UserSchema,
    },
    options,
  );
}

/** Does not change the password; setUserPassword does. */
export function updateUser(
  client: ApiClient,
  accountId: string,
  userId: string,
  user: UserUpdate,
  options?: CallOptions,
): Promise<ApiResult<{ id: string }>> {
  return client.request(
    {
      operation: 'updateUser',
      method: 'PUT',
      path: accountPath(accountId, 'users', userId),
      ids: { 'account id': accountId, 'user id': userId },
      json: { ...user, id: userId },
      schema: IdSchema,
    },
    options,
  );
}

export function setUserPassword(
  client: ApiClient,
  accountId: string,
  userId: string,
  newPassword: string,
  options?: CallOptions,
): Promise<ApiResult<undefined>> {
  return client.request(
    {
      operation: 'setUserPassword',
      method: 'PUT',
      path: accountPath(accountId, 'users', userId, 'password'),
      ids: { 'account id': accountId, 'user id': userId },
      json: { newPassword },
      secrets: [newPassword],
    },
    options,
  );
}

/** Not reversible. */
export function deleteUser(
  client: ApiClient,
  accountId: string,
  userId: string,
  options?: CallOptions,
): Promise<ApiResult<undefined>> {
  return client.request(
    {
      operation: 'deleteUser',
      method: 'DELETE',
      path: accountPath(accountId, 'users', userId),
      ids: { 'account id': accountId, 'user id': userId },
    },
    options,
  );
}
