import { describe, expect, test } from 'vitest';
import { accessSummary, addRow, changeRow, removeRow } from '../../components/users-and-roles/acl-rules.ts';
import { runEach } from '../../components/users-and-roles/BulkDialog.tsx';
import { deleteConfirmation } from '../../components/users-and-roles/DeleteUserDialog.tsx';
import { lastLoginText } from '../../components/users-and-roles/last-login.ts';
import {
  deriveUserId,
  EMPTY_FORM,
  passwordStrength,
  validateField,
  validateForm,
} from '../../components/users-and-roles/user-form.ts';
import { visibleUsers } from '../../components/users-and-roles/users-list.ts';
import type { AclRowView, UserView } from '../../lib/messaging/protocol/index.ts';

describe('the user form', () => {
  test('create requires first name, last name, e-mail and an id; phone and username are optional', () => {
    const errors = validateForm(EMPTY_FORM, 'create', new Set());
    expect(Object.keys(errors).sort()).toEqual(['emailAddress', 'firstName', 'id', 'lastName']);
    expect(errors.firstName).toBe('First name is required.');
  });

  test('update also requires the username and the phone', () => {
    const errors = validateForm(
      { ...EMPTY_FORM, firstName: 'A', lastName: 'B', emailAddress: 'a@b.example' },
      'edit',
      new Set(),
    );
    expect(errors).toEqual({ username: 'Username is required.', phoneNumber: 'Phone is required.' });
  });

  test('checks the e-mail format, the phone and the id characters', () => {
    expect(validateField('emailAddress', 'rosa@', 'create')).toMatch(/e-mail address such as/);
    expect(validateField('emailAddress', ' rosa@harborbakery.com ', 'create')).toBeUndefined();
    expect(validateField('phoneNumber', '555', 'edit')).toMatch(/7 to 15 digits/);
    expect(validateField('phoneNumber', 'call me', 'edit')).toMatch(/7 to 15 digits/);
    expect(validateField('phoneNumber', '+1 (503) 555-0188', 'edit')).toBeUndefined();
    expect(validateField('id', 'rosa delgado', 'create')).toMatch(/without spaces/);
    expect(validateField('id', '..', 'create')).toBeDefined();
    expect(validateField('password', 'short', 'create')).toBe('Use at least 8 characters.');
    expect(validateField('password', '', 'create')).toBeUndefined();
  });

  test('refuses an id that is taken, before anything is sent', () => {
    const values = { ...EMPTY_FORM, id: 'hb-owner', firstName: 'A', lastName: 'B', emailAddress: 'a@b.example' };
    expect(validateForm(values, 'create', new Set(['hb-owner'])).id).toMatch(/already exists/);
  });

  test('derives the id from the name, without accents, numbered while taken', () => {
    expect(deriveUserId('Zoë', 'Álvarez Núñez', new Set())).toBe('zoe.alvarez-nunez');
    expect(deriveUserId('Rosa', 'Delgado', new Set(['rosa.delgado', 'rosa.delgado-2']))).toBe('rosa.delgado-3');
    expect(deriveUserId('', '', new Set())).toBe('');
    expect(deriveUserId('李', 'Wang', new Set())).toBe('wang');
  });

  test('rates password strength as a hint', () => {
    expect(passwordStrength('')).toBe('empty');
    expect(passwordStrength('abc')).toBe('too short');
    expect(passwordStrength('abcdefgh')).toBe('weak');
    expect(passwordStrength('abcdefG1')).toBe('fair');
    expect(passwordStrength('Harbor-Bakery-2026')).toBe('strong');
  });
});

const row = (roleId: string, onType: string, on: string) => ({
  roleId,
  roleName: `Role ${roleId}`,
  onType,
  on,
  onName: on,
});

describe('the ACL editor rules', () => {
  test('adds rows and refuses the same role on the same scope twice', () => {
    const one = addRow([], row('102', 'LOCATION', 'HB-001'));
    expect(one).toHaveLength(1);
    expect(addRow(one as never, row('102', 'LOCATION', 'HB-001'))).toBe('Role 102 on HB-001 is already in the list.');
    // Another role on the same scope, or the same role elsewhere, is a different row.
    expect(addRow(one as never, row('104', 'LOCATION', 'HB-001'))).toHaveLength(2);
    expect(addRow(one as never, row('102', 'FOLDER', 'HB-001'))).toHaveLength(2);
    expect(addRow([], { ...row('', 'ACCOUNT', '1001') })).toBe('Choose a role.');
    expect(addRow([], row('101', 'FOLDER', ''))).toBe('Choose a folder.');
  });

  test('changes a row unless that makes a duplicate, and removes rows', () => {
    const rows = [row('102', 'LOCATION', 'HB-001'), row('104', 'LOCATION', 'HB-001')];
    expect(changeRow(rows, 1, row('102', 'LOCATION', 'HB-001'))).toMatch(/already in the list/);
    expect(changeRow(rows, 0, row('102', 'LOCATION', 'HB-001'))).toEqual(rows);
    expect((changeRow(rows, 1, row('105', 'LOCATION', 'HB-001')) as never[])[1]).toMatchObject({ roleId: '105' });
    expect(removeRow(rows, 0)).toEqual([rows[1]]);
  });

  test('summarises access in words', () => {
    const acl = (roleName: string, onType: string, on: string): AclRowView => ({
      roleId: roleName,
      roleName,
      onType,
      on,
      accountId: '1001',
    });
    expect(accessSummary([])).toBe('No access');
    expect(accessSummary([acl('Full Control', 'ACCOUNT', '1001')])).toBe('Full Control on the account');
    expect(
      accessSummary([
        acl('Location Manager', 'LOCATION', 'HB-001'),
        acl('Location Manager', 'LOCATION', 'HB-002'),
        acl('Location Manager', 'LOCATION', 'HB-003'),
        acl('Location Manager', 'FOLDER', 'F-OR'),
      ]),
    ).toBe('Location Manager on 3 locations, 1 folder');
    expect(accessSummary([acl('A', 'ACCOUNT', '1'), acl('B', 'GALAXY', 'x')])).toBe(
      'A on the account; B on 1 other scope',
    );
  });
});

describe('the users list', () => {
  const user = (id: string, first: string, last: string, extra: Partial<UserView> = {}): UserView => ({
    id,
    firstName: first,
    lastName: last,
    username: `${id}.login`,
    emailAddress: `${id}@harbor.example`,
    phoneNumber: '',
    emailLanguagePreference: 'en',
    displayLanguagePreference: 'en',
    lastLoginDate: '',
    sso: false,
    acl: [],
    ...extra,
  });
  const users = [
    user('a', 'Zoë', 'Adams', { lastLoginDate: '200' }),
    user('b', 'Rosa', 'Delgado', {
      acl: [{ roleId: '102', roleName: 'Location Manager', on: 'HB-001', onType: 'LOCATION', accountId: '1001' }],
    }),
    user('c', 'Ann', 'Baker', { lastLoginDate: '100' }),
  ];
  const base = { query: '', roleId: '', sort: { column: 'name' as const, direction: 'asc' as const } };

  test('searches name, username and e-mail, accent-blind', () => {
    expect(visibleUsers(users, { ...base, query: 'zoe' }).map((u) => u.id)).toEqual(['a']);
    expect(visibleUsers(users, { ...base, query: 'c.login' }).map((u) => u.id)).toEqual(['c']);
    expect(visibleUsers(users, { ...base, query: 'b@harbor' }).map((u) => u.id)).toEqual(['b']);
  });

  test('filters by role and sorts by last name or last login', () => {
    expect(visibleUsers(users, { ...base, roleId: '102' }).map((u) => u.id)).toEqual(['b']);
    expect(visibleUsers(users, base).map((u) => u.id)).toEqual(['a', 'c', 'b']);
    expect(visibleUsers(users, { ...base, sort: { column: 'lastLogin', direction: 'desc' } }).map((u) => u.id)).toEqual(
      ['a', 'c', 'b'],
    );
  });

  test('shows the last login relative to now, from UNIX seconds', () => {
    const now = Date.UTC(2026, 10, 23, 12);
    expect(lastLoginText(String(now / 1000 - 3 * 86_400), now)).toBe('3 days ago');
    expect(lastLoginText(String(now / 1000 - 2 * 3_600), now)).toBe('2 hours ago');
    expect(lastLoginText('', now)).toBe('Never');
    expect(lastLoginText('not a date', now)).toBe('Never');
  });

  test('delete asks for the username, or the e-mail when there is none', () => {
    expect(deleteConfirmation({ id: 'x', username: 'rosa.d', emailAddress: 'r@x.example' })).toBe('rosa.d');
    expect(deleteConfirmation({ id: 'x', username: '', emailAddress: 'r@x.example' })).toBe('r@x.example');
  });
});

describe('bulk actions', () => {
  test('run every item, at most `width` at a time, reporting progress and each failure', async () => {
    let running = 0;
    let most = 0;
    const progress: number[] = [];
    const failed = await runEach(
      [1, 2, 3, 4, 5],
      2,
      async (n) => {
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running--;
        if (n % 2 === 0) throw new Error(`user ${n} refused`);
      },
      (done) => progress.push(done),
    );
    expect(most).toBe(2);
    expect(progress).toEqual([1, 2, 3, 4, 5]);
    expect(failed.map((f) => [f.item, (f.error as Error).message])).toEqual([
      [2, 'user 2 refused'],
      [4, 'user 4 refused'],
    ]);
  });
});
