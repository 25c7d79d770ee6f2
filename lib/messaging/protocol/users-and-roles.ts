// The options page's Users section: the users of the active account, or of any account its link may manage
// (a sub-account of the provisioning tree), its roles, and managing both.
// Every request is 'extension' only: a content script or the embedded panel may never manage users.
// No reply carries a password: create and set-password take it write-only.
import { z } from 'zod';
import type { WireError } from '../wire-error.ts';
import { type Access, lazy, request, safeId } from './request.ts';

export const ACL_SCOPE_TYPES = ['ACCOUNT', 'FOLDER', 'LOCATION'] as const;
export type AclScopeType = (typeof ACL_SCOPE_TYPES)[number];

export interface AclRowView {
  roleId: string;
  roleName: string;
  /** The account, folder or location id the role applies to. */
  on: string;
  /** Kept as the service sent it: an unknown scope type is shown, not dropped. */
  onType: string;
  accountId: string;
}

export interface UserView {
  id: string;
  firstName: string;
  lastName: string;
  username: string;
  emailAddress: string;
  phoneNumber: string;
  /** Language codes as the service holds them (e.g. en, fr_CA); '' when it sent none. */
  emailLanguagePreference: string;
  displayLanguagePreference: string;
  /** UNIX seconds as the service sends them; '' when the user never logged in. */
  lastLoginDate: string;
  sso: boolean;
  acl: AclRowView[];
}

export interface RoleView {
  id: string;
  name: string;
}

export interface UsersView {
  /** null: no account is linked. */
  accountKey: string | null;
  accountName: string | null;
  /** The account whose users these are: 'me' (the linked account) or a sub-account's id. */
  accountId: string;
  users: UserView[];
  roles: RoleView[];
  /** Epoch ms of the cached list; null when never fetched. */
  fetchedAt: number | null;
  /** Why the last fetch failed; the cached list (if any) is still shown. */
  error: WireError | null;
}

/** One choice in a scope picker: an account, folder or location with a name people recognise. */
export interface ScopeOptionView {
  type: AclScopeType;
  id: string;
  name: string;
  /** e.g. a location's city; '' when there is nothing to add. */
  detail: string;
}

export interface ScopeSearchView {
  type: AclScopeType;
  options: ScopeOptionView[];
  /** More matched than were returned: type more of the name. */
  more: boolean;
}

const userId = lazy(() => safeId('user'));
/** 'me' (the linked account) or an account of its tree; the service refuses any other. */
const accountId = lazy(() => safeId('account').default('me'));
const roleId = lazy(() => z.string().regex(/^[\w-]{1,50}$/, 'A role id uses letters, digits, _ and - only.'));
const text = (what: string, max = 100) => z.string().trim().max(max, `${what} is at most ${max} characters.`);

export const aclRowInput = lazy(() =>
  z
    .object({
      roleId: roleId(),
      roleName: text('The role name', 200).optional(),
      onType: z.enum(ACL_SCOPE_TYPES, { error: 'The scope is ACCOUNT, FOLDER or LOCATION.' }),
      on: safeId('scope'),
    })
    .strict(),
);
export type AclRowInput = z.output<ReturnType<typeof aclRowInput>>;

/** A language code such as en, fr or fr_CA; empty leaves it to the service. */
const language = (what: string) =>
  z
    .string()
    .trim()
    .regex(/^([A-Za-z]{2,3}([_-][A-Za-z0-9]{2,8})*)?$/, `${what} is a language code such as en or fr_CA.`)
    .optional();

const userFields = () => ({
  firstName: text('The first name').min(1, 'The first name is required.'),
  emailLanguagePreference: language('The e-mail language'),
  displayLanguagePreference: language('The display language'),
  lastName: text('The last name').min(1, 'The last name is required.'),
  emailAddress: text('The e-mail address', 254).email('Enter an e-mail address such as name@example.com.'),
  acl: z.array(aclRowInput()).max(500, 'At most 500 access rows.').default([]),
});

/** Checked again here so a password can only ever arrive as a plain string of sane length; never echoed. */
const password = lazy(() =>
  z.string().min(8, 'The password needs at least 8 characters.').max(200, 'The password is at most 200 characters.'),
);

export const newUserInput = lazy(() =>
  z
    .object({
      id: userId(),
      ...userFields(),
      username: text('The username', 200).optional(),
      phoneNumber: text('The phone number', 50).optional(),
      password: password().optional(),
    })
    .strict(),
);

export const userUpdateInput = lazy(() =>
  z
    .object({
      ...userFields(),
      username: text('The username', 200).min(1, 'The username is required.'),
      phoneNumber: text('The phone number', 50).min(1, 'The phone number is required.'),
    })
    .strict(),
);

export const usersProtocol = {
  'users.list': request<UsersView>()('extension', () =>
    z.object({ refresh: z.boolean().default(false), accountId: accountId() }).strict(),
  ),
  'users.get': request<UserView>()('extension', () => z.object({ userId: userId(), accountId: accountId() }).strict()),
  'users.create': request<{ id: string }>()('extension', () =>
    z.object({ user: newUserInput(), accountId: accountId() }).strict(),
  ),
  'users.update': request<{ id: string }>()('extension', () =>
    z.object({ userId: userId(), user: userUpdateInput(), accountId: accountId() }).strict(),
  ),
  'users.setPassword': request<{ id: string }>()('extension', () =>
    z.object({ userId: userId(), newPassword: password(), accountId: accountId() }).strict(),
  ),
  'users.delete': request<{ id: string }>()('extension', () =>
    z.object({ userId: userId(), accountId: accountId() }).strict(),
  ),
  /** One row added to a user's ACL (bulk "add access"): read, append unless present, update. */
  'users.addAcl': request<{ id: string; added: boolean }>()('extension', () =>
    z.object({ userId: userId(), row: aclRowInput(), accountId: accountId() }).strict(),
  ),
  'users.scopes': request<ScopeSearchView>()('extension', () =>
    z
      .object({
        accountId: accountId(),
        type: z.enum(ACL_SCOPE_TYPES),
        query: z.string().max(200).default(''),
        /** Names for these ids instead of a search: the rows a user already has. */
        ids: z.array(safeId('scope')).max(500).optional(),
        limit: z.number().int().min(1).max(100).default(20),
      })
      .strict(),
  ),
} as const;

export interface UsersEvents {
  'users.changed': { accountKey: string | null; accountId?: string };
}

/** Users events go to the extension's pages only, like the requests. */
export const usersEventAccess = { 'users.changed': 'extension' } as const satisfies Record<keyof UsersEvents, Access>;
