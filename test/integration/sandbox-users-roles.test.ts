import { beforeEach, describe, expect, it } from 'vitest';
import { call, expectErrorEnvelope, mint, resetSandbox, useSandbox } from './sandbox-http.ts';

const ctx = useSandbox();

interface Acl {
  roleId: string;
  roleName: string;
  on: string;
  accountId: string;
  onType: string;
}
interface User {
  id: string;
  firstName: string;
  lastName: string;
  username: string;
  emailAddress: string;
  phoneNumber: string;
  password?: string;
  sso: boolean;
  acl: Acl[];
}

const USERS = '/v2/accounts/me/users';
let token: string;

beforeEach(async () => {
  await resetSandbox(ctx.sb);
  token = await mint(ctx.sb, '1001');
});

const newUser = {
  id: 'test-baker',
  firstName: 'Rosa',
  lastName: 'Delgado',
  emailAddress: 'rosa.delgado@harborbakery.com',
  phoneNumber: '(503) 555-0188',
  password: 'first-Password-1',
  acl: [{ roleId: '102', roleName: 'Location Manager', on: 'HB-003', accountId: '1001', onType: 'LOCATION' }],
};

describe('sandbox roles', () => {
  it('lists roles with integer ids for 1001 and none for 1002', async () => {
    const r = await call<{ count: number; roles: { id: number; name: string }[] }>(
      ctx.sb,
      'GET',
      '/v2/accounts/me/roles',
      {
        token,
      },
    );
    expect(r.status).toBe(200);
    expect(r.body.response.count).toBe(r.body.response.roles.length);
    expect(r.body.response.count).toBeGreaterThan(0);
    for (const role of r.body.response.roles) {
      expect(Number.isInteger(role.id)).toBe(true);
      expect(role.name.length).toBeGreaterThan(0);
    }
    const none = await call(ctx.sb, 'GET', '/v2/accounts/me/roles', { token: await mint(ctx.sb, '1002') });
    expect(none.status).toBe(200);
    expect(none.body.response).toEqual({ count: 0, roles: [] });
  });
});

describe('sandbox users', () => {
  it('lists users with limit (at most 50) and offset, with ACLs on ACCOUNT, LOCATION and FOLDER', async () => {
    type Page = { count: number; users: User[] };
    const all = await call<Page>(ctx.sb, 'GET', USERS, { token, query: { limit: 50 } });
    const { count, users } = all.body.response;
    expect(count).toBe(users.length);
    expect(count).toBeGreaterThan(3);
    expect(new Set(users.flatMap((u) => u.acl.map((a) => a.onType)))).toEqual(
      new Set(['ACCOUNT', 'LOCATION', 'FOLDER']),
    );
    const page = await call<Page>(ctx.sb, 'GET', USERS, { token, query: { limit: 2, offset: 1 } });
    expect(page.body.response.users.map((u) => u.id)).toEqual(users.slice(1, 3).map((u) => u.id));
    expect(page.body.response.count).toBe(count);
    expect(expectErrorEnvelope(await call(ctx.sb, 'GET', USERS, { token, query: { limit: 51 } }), 400).message).toMatch(
      /limit/,
    );
  });

  it('creates a user (201 {id}) and gets it back with password and sso', async () => {
    const created = await call<{ id: string }>(ctx.sb, 'POST', USERS, { token, json: newUser });
    expect(created.status).toBe(201);
    expect(created.body.response).toEqual({ id: 'test-baker' });
    const got = await call<User>(ctx.sb, 'GET', `${USERS}/test-baker`, { token });
    expect(got.status).toBe(200);
    expect(got.body.response).toMatchObject({
      id: 'test-baker',
      firstName: 'Rosa',
      lastName: 'Delgado',
      emailAddress: 'rosa.delgado@harborbakery.com',
      phoneNumber: '(503) 555-0188',
      password: 'first-Password-1',
      sso: false,
    });
    expect(got.body.response.acl).toEqual(newUser.acl);
    expect(got.body.response.username).toBe('rosa.delgado@harborbakery.com');
  });

  it('names the missing required field on create', async () => {
    for (const field of ['firstName', 'lastName', 'emailAddress'] as const) {
      const { [field]: _omit, ...body } = newUser;
      const error = expectErrorEnvelope(await call(ctx.sb, 'POST', USERS, { token, json: body }), 400);
      expect(error.message).toContain(field);
    }
    expectErrorEnvelope(
      await call(ctx.sb, 'POST', USERS, { token, json: { ...newUser, emailAddress: 'not-mail' } }),
      400,
    );
    expectErrorEnvelope(await call(ctx.sb, 'GET', `${USERS}/test-baker`, { token }), 404);
  });

  it('refuses a duplicate id with 409', async () => {
    expect((await call(ctx.sb, 'POST', USERS, { token, json: newUser })).status).toBe(201);
    expectErrorEnvelope(
      await call(ctx.sb, 'POST', USERS, { token, json: { ...newUser, emailAddress: 'b@x.com' } }),
      409,
    );
    expectErrorEnvelope(await call(ctx.sb, 'POST', USERS, { token, json: { ...newUser, id: 'hb-owner' } }), 409);
  });

  it('validates ACL entries', async () => {
    const bad = (acl: unknown) => call(ctx.sb, 'POST', USERS, { token, json: { ...newUser, acl } });
    expectErrorEnvelope(await bad([{ roleId: '101', on: '1001', onType: 'GALAXY' }]), 400);
    expectErrorEnvelope(await bad([{ roleId: '999', on: '1001', onType: 'ACCOUNT' }]), 400);
    expectErrorEnvelope(await bad([{ roleId: '101', on: 'NO-SUCH-FOLDER', onType: 'FOLDER' }]), 400);
    // Another account's folder, location or account id is no scope of this account.
    expect(expectErrorEnvelope(await bad([{ roleId: '104', on: 'F-CO', onType: 'FOLDER' }]), 400).message).toMatch(
      /acl\[0\]\.on: no such folder/,
    );
    expectErrorEnvelope(await bad([{ roleId: '102', on: 'SOS-001', onType: 'LOCATION' }]), 400);
    expectErrorEnvelope(await bad([{ roleId: '101', on: '1002', onType: 'ACCOUNT' }]), 400);
    const twice = { roleId: '102', on: 'HB-001', onType: 'LOCATION' };
    expect(expectErrorEnvelope(await bad([twice, { ...twice }]), 400).message).toMatch(/acl\[1\]: the same role/);
    expect((await bad([{ roleId: '104', on: 'F-OR', onType: 'FOLDER' }])).status).toBe(201);
  });

  it('updates with every required field, accepts phone for phoneNumber, never changes the password', async () => {
    await call(ctx.sb, 'POST', USERS, { token, json: newUser });
    const update = {
      id: 'test-baker',
      firstName: 'Rosa M.',
      lastName: 'Delgado',
      username: 'rosa.d',
      emailAddress: 'rosa@harborbakery.com',
      phoneNumber: '(503) 555-0199',
      password: 'should-be-ignored',
    };
    for (const field of ['id', 'firstName', 'lastName', 'username', 'emailAddress', 'phoneNumber'] as const) {
      const { [field]: _omit, ...body } = update;
      const error = expectErrorEnvelope(await call(ctx.sb, 'PUT', `${USERS}/test-baker`, { token, json: body }), 400);
      expect(error.message).toContain(field);
    }
    const r = await call<{ id: string }>(ctx.sb, 'PUT', `${USERS}/test-baker`, { token, json: update });
    expect(r.status).toBe(200);
    expect(r.body.response).toEqual({ id: 'test-baker' });
    let got = (await call<User>(ctx.sb, 'GET', `${USERS}/test-baker`, { token })).body.response;
    expect(got).toMatchObject({ firstName: 'Rosa M.', username: 'rosa.d', phoneNumber: '(503) 555-0199' });
    expect(got.password).toBe('first-Password-1');

    const { phoneNumber: _p, ...withPhone } = update;
    const alias = await call(ctx.sb, 'PUT', `${USERS}/test-baker`, {
      token,
      json: { ...withPhone, phone: '(503) 555-0111' },
    });
    expect(alias.status).toBe(200);
    got = (await call<User>(ctx.sb, 'GET', `${USERS}/test-baker`, { token })).body.response;
    expect(got.phoneNumber).toBe('(503) 555-0111');
    expect(got.password).toBe('first-Password-1');

    expectErrorEnvelope(
      await call(ctx.sb, 'PUT', `${USERS}/test-baker`, { token, json: { ...update, id: 'other' } }),
      400,
    );
    expectErrorEnvelope(
      await call(ctx.sb, 'PUT', `${USERS}/nobody`, { token, json: { ...update, id: 'nobody' } }),
      404,
    );
  });

  it('sets the password with PUT .../password (200, no body)', async () => {
    await call(ctx.sb, 'POST', USERS, { token, json: newUser });
    const r = await call(ctx.sb, 'PUT', `${USERS}/test-baker/password`, {
      token,
      json: { newPassword: 'second-Pass-2' },
    });
    expect(r.status).toBe(200);
    expect(r.text).toBe('');
    const got = await call<User>(ctx.sb, 'GET', `${USERS}/test-baker`, { token });
    expect(got.body.response.password).toBe('second-Pass-2');
    expectErrorEnvelope(await call(ctx.sb, 'PUT', `${USERS}/test-baker/password`, { token, json: {} }), 400);
  });

  it('deletes for good (200, empty body, then 404)', async () => {
    await call(ctx.sb, 'POST', USERS, { token, json: newUser });
    const r = await call(ctx.sb, 'DELETE', `${USERS}/test-baker`, { token });
    expect(r.status).toBe(200);
    expect(r.text).toBe('');
    expectErrorEnvelope(await call(ctx.sb, 'GET', `${USERS}/test-baker`, { token }), 404);
    expectErrorEnvelope(await call(ctx.sb, 'DELETE', `${USERS}/test-baker`, { token }), 404);
  });

  it('keeps accounts apart', async () => {
    const other = await mint(ctx.sb, '1002');
    expectErrorEnvelope(await call(ctx.sb, 'GET', `${USERS}/hb-owner`, { token: other }), 404);
    expectErrorEnvelope(await call(ctx.sb, 'GET', '/v2/accounts/1001/users/hb-owner', { token: other }), 400);
    expect((await call(ctx.sb, 'GET', '/v2/accounts/1001/users/hb-owner', { token })).status).toBe(200);
  });
});
