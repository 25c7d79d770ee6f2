// Every users and roles call through the real client against the sandbox, each refusal included, and
// the users-and-roles worker feature's service errors as the editor receives them.
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../lib/api/client.ts';
import { listRoles } from '../../lib/api/roles.ts';
import {
  createUser,
  deleteUser,
  fetchAllUsers,
  getUser,
  listUsers,
  type NewUser,
  setUserPassword,
  updateUser,
} from '../../lib/api/users.ts';
import { usersError } from '../../lib/background/users-and-roles/errors.ts';
import { DeskError } from '../../lib/messaging/wire-error.ts';
import { harnessPerFile } from './api-sandbox.ts';

const h = harnessPerFile();
let client: ApiClient;
beforeEach(async () => {
  client = await h.client();
});

const rosa: NewUser = {
  id: 'rosa.delgado',
  firstName: 'Rosa',
  lastName: 'Delgado',
  emailAddress: 'rosa.delgado@harborbakery.com',
  password: 'Harbor-Bakery-2026',
  acl: [
    { roleId: '104', on: 'F-OR', onType: 'FOLDER' },
    { roleId: '102', on: 'HB-001', onType: 'LOCATION' },
    { roleId: '102', on: 'HB-002', onType: 'LOCATION' },
  ],
};

/** The refusal as the client throws it, and as the editor gets it from the worker. */
async function refusal(call: Promise<unknown>) {
  const error = await call.then(
    () => {
      throw new Error('expected a refusal');
    },
    (caught: unknown) => caught,
  );
  const shown = usersError(error);
  return { error: error as { status: number; errors: { code: number; message: string }[] }, shown };
}

describe('users and roles through the client', () => {
  it('lists every user of the account, 50 a page, and the roles', async () => {
    for (let i = 0; i < 55; i++) {
      await createUser(client, 'me', { ...rosa, id: `bulk-${i}`, acl: [], password: undefined });
    }
    const page = await listUsers(client, 'me', { limit: 50 });
    expect(page.data.users).toHaveLength(50);
    const all = await fetchAllUsers(client, 'me');
    expect(all.users.length).toBe(page.data.count);
    expect(new Set(all.users.map((u) => u.id)).size).toBe(all.users.length);
    const requests = (await h.requests()).filter((r) => r.method === 'GET' && r.path === '/v2/accounts/me/users');
    expect(requests.length).toBeGreaterThanOrEqual(3);
    expect((await listRoles(client)).data.roles.map((r) => r.name)).toContain('Location Manager');
  });

  it('creates with ACL rows on a folder and two locations; get never carries the password', async () => {
    expect((await createUser(client, 'me', rosa)).data).toEqual({ id: 'rosa.delgado' });
    const got = (await getUser(client, 'me', 'rosa.delgado')).data;
    expect(got).not.toHaveProperty('password');
    expect(got.acl?.map(({ roleId, onType, on }) => ({ roleId, onType, on }))).toEqual(rosa.acl);
    expect(JSON.stringify(got)).not.toContain('Harbor-Bakery-2026');
  });

  it('refuses a missing required field, naming it on the form field', async () => {
    const { error, shown } = await refusal(createUser(client, 'me', { ...rosa, lastName: '' }));
    expect(error.status).toBe(400);
    expect(shown).toBeInstanceOf(DeskError);
    expect((shown as DeskError).fields).toEqual({ lastName: 'Missing required field: lastName' });
  });

  it('refuses a duplicate id with 409, on the id field', async () => {
    await createUser(client, 'me', rosa);
    const { error, shown } = await refusal(createUser(client, 'me', rosa));
    expect(error.status).toBe(409);
    expect((shown as DeskError).fields.id).toMatch(/already exists/);
  });

  it('refuses an unknown role, an unknown scope and a scope of another account, on the ACL', async () => {
    for (const acl of [
      [{ roleId: '999', on: '1001', onType: 'ACCOUNT' }],
      [{ roleId: '101', on: '1001', onType: 'GALAXY' }],
      [{ roleId: '104', on: 'F-NOPE', onType: 'FOLDER' }],
      [{ roleId: '102', on: 'SOS-001', onType: 'LOCATION' }],
    ]) {
      const { error, shown } = await refusal(createUser(client, 'me', { ...rosa, acl }));
      expect(error.status).toBe(400);
      expect(error.errors[0]?.code).toBe(2203);
      expect((shown as DeskError).fields.acl).toMatch(/^Invalid acl\[0\]/);
    }
    const { error } = await refusal(createUser(client, 'me', { ...rosa, acl: [rosa.acl![1]!, rosa.acl![1]!] }));
    expect(error.errors[0]?.message).toMatch(/acl\[1\]: the same role/);
  });

  it('updates without touching the password; update needs the phone', async () => {
    await createUser(client, 'me', rosa);
    const update = {
      firstName: 'Rosa',
      lastName: 'Delgado',
      emailAddress: rosa.emailAddress,
      username: 'rosa.d',
      phoneNumber: '(503) 555-0142',
      acl: rosa.acl,
    };
    await updateUser(client, 'me', 'rosa.delgado', update);
    const state = await h.state();
    expect(state.users.find((u) => u.id === 'rosa.delgado')).toMatchObject({
      phoneNumber: '(503) 555-0142',
      password: 'Harbor-Bakery-2026',
    });
    const { shown } = await refusal(updateUser(client, 'me', 'rosa.delgado', { ...update, phoneNumber: '' }));
    expect((shown as DeskError).fields.phoneNumber).toMatch(/phoneNumber/);
  });

  it('sets the password with the password call, and the password never appears in an error', async () => {
    await createUser(client, 'me', rosa);
    await setUserPassword(client, 'me', 'rosa.delgado', 'Second-Pass-2026');
    expect((await h.state()).users.find((u) => u.id === 'rosa.delgado')?.password).toBe('Second-Pass-2026');
    const { error } = await refusal(setUserPassword(client, 'me', 'nobody', 'Third-Pass-2026'));
    expect(error.status).toBe(404);
    expect(JSON.stringify(error)).not.toContain('Third-Pass-2026');
  });

  it('deletes for good: a second delete and a get are 404', async () => {
    await createUser(client, 'me', rosa);
    await deleteUser(client, 'me', 'rosa.delgado');
    expect((await refusal(getUser(client, 'me', 'rosa.delgado'))).error.status).toBe(404);
    expect((await refusal(deleteUser(client, 'me', 'rosa.delgado'))).error.status).toBe(404);
  });

  it('shows a 403 as "this account does not let you manage users"', async () => {
    await h.control('POST', 'faults', { method: 'POST', path: '/v2/accounts/me/users', status: 403, count: 1 });
    const { error, shown } = await refusal(createUser(client, 'me', rosa));
    expect(error.status).toBe(403);
    expect(shown).toMatchObject({ code: 'users-forbidden', message: 'This account does not let you manage users.' });
  });
});
