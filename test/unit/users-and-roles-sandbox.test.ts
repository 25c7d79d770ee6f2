// @vitest-environment node
// The users-and-roles worker feature against the real sandbox over HTTP: the fake browser for storage
// (hence the unit project), the real client and a real sandbox, whose update resets what it is not sent.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createDeskDeps } from '../../lib/background/core/deps.ts';
import { createUsersAndRoles } from '../../lib/background/users-and-roles/index.ts';
import type { RequestContext } from '../../lib/messaging/background.ts';
import { type RunningSandbox, startSandbox } from '../../sandbox/server.ts';
import { SandboxControl } from '../e2e/sandbox-control.ts';
import { linkSandboxDesk, sandboxDeps } from './desk-fakes.ts';

let sb: RunningSandbox;

/** The sandbox's control API (`/__sandbox/*`), through the e2e tests' typed helper. */
const control = <T = unknown>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) =>
  new SandboxControl(sb.apiUrl).call<T>(method, path, body);

interface HeldUser {
  id: string;
  accountId: string;
  phoneNumber: string;
  emailLanguagePreference: string;
  displayLanguagePreference: string;
}
const held = async (id: string) =>
  (await control<{ users: HeldUser[] }>('GET', 'state')).users.find((u) => u.id === id)!;

let deps = createDeskDeps();
const extension = { access: 'extension', sender: {} } as RequestContext;

beforeAll(async () => {
  sb = await startSandbox({ port: 0, authPort: 0 });
});
afterAll(() => sb.close());

beforeEach(async () => {
  await linkSandboxDesk(sb);
  deps = sandboxDeps();
});

describe('editing a user keeps what the editor does not change', () => {
  test('a phone changed in the editor leaves the language preferences as the service holds them', async () => {
    const users = createUsersAndRoles(deps);
    const view = await users.list(false);
    const priya = view.users.find((u) => u.id === 'hb-regional')!;
    expect(priya).toMatchObject({ emailLanguagePreference: 'fr', displayLanguagePreference: 'de' });
    // What the editor sends when only the phone changed: no language preference.
    await users.handlers['users.update'](
      {
        accountId: 'me',
        userId: 'hb-regional',
        user: {
          firstName: priya.firstName,
          lastName: priya.lastName,
          emailAddress: priya.emailAddress,
          username: priya.username,
          phoneNumber: '(206) 555-0199',
          acl: priya.acl.map(({ roleId, roleName, on, onType }) => ({
            roleId,
            roleName,
            on,
            onType: onType as 'FOLDER',
          })),
        },
      },
      extension,
    );
    expect(await held('hb-regional')).toMatchObject({
      phoneNumber: '(206) 555-0199',
      emailLanguagePreference: 'fr',
      displayLanguagePreference: 'de',
    });
  });

  test('adding an access row to several users keeps each one’s language preferences', async () => {
    const users = createUsersAndRoles(deps);
    await users.list(false);
    const row = { roleId: '105', onType: 'LOCATION' as const, on: 'HB-003' };
    expect(
      await users.handlers['users.addAcl']({ accountId: 'me', userId: 'hb-regional', row }, extension),
    ).toMatchObject({
      added: true,
    });
    expect(await held('hb-regional')).toMatchObject({ emailLanguagePreference: 'fr', displayLanguagePreference: 'de' });
  });
});

describe('the users of a sub-account', () => {
  test('are listed, created, edited and deleted on that account, cached apart from the linked one’s', async () => {
    const users = createUsersAndRoles(deps);
    const mine = await users.list(false);
    const theirs = await users.list(false, '1101');
    expect(theirs).toMatchObject({ accountId: '1101', error: null });
    expect(theirs.users.map((u) => u.id)).not.toEqual(expect.arrayContaining(mine.users.map((u) => u.id)));
    // The sub-account's own locations are what its access rows can name.
    const scopes = await users.handlers['users.scopes'](
      { accountId: '1101', type: 'LOCATION', query: '', limit: 50 },
      extension,
    );
    expect(scopes.options.length).toBeGreaterThan(0);
    const location = scopes.options[0]!.id;
    expect(mine.users.length).toBeGreaterThan(0);

    const fields = { firstName: 'Wes', lastName: 'Tide', emailAddress: 'wes@harborwholesale.example' };
    await users.handlers['users.create'](
      {
        accountId: '1101',
        user: { id: 'wh-wes', ...fields, acl: [{ roleId: '102', onType: 'LOCATION', on: location }] },
      },
      extension,
    );
    expect(await held('wh-wes')).toMatchObject({ accountId: '1101' });
    expect((await users.list(false, '1101')).users.map((u) => u.id)).toContain('wh-wes');
    expect((await users.list(false)).users.map((u) => u.id)).not.toContain('wh-wes');

    await users.handlers['users.update'](
      {
        accountId: '1101',
        userId: 'wh-wes',
        user: { ...fields, username: 'wes', phoneNumber: '(503) 555-0177', acl: [] },
      },
      extension,
    );
    expect(await held('wh-wes')).toMatchObject({ accountId: '1101', phoneNumber: '(503) 555-0177' });
    await users.handlers['users.delete']({ accountId: '1101', userId: 'wh-wes' }, extension);
    expect(await held('wh-wes')).toBeUndefined();
    expect((await users.list(false, '1101')).users.map((u) => u.id)).not.toContain('wh-wes');
  });

  test('forgetting the linked account drops its sub-accounts’ users too', async () => {
    const users = createUsersAndRoles(deps);
    await users.list(false);
    await users.list(false, '1101');
    const writes = await users.forgetAccount('app-1001');
    expect(writes[0]!.value).toEqual({});
  });
});

describe('a user change whose 200 is cut off half way through its body (issue 31)', () => {
  interface Logged {
    method: string;
    path: string;
  }
  const writes = async () =>
    (await control<{ requests: Logged[] }>('GET', 'requests')).requests.filter((r) => r.method !== 'GET');
  const users = () => createUsersAndRoles(deps);
  const cutOff = (method: string, path: string) => control('POST', 'cut-off', { method, path });
  const fields = { firstName: 'Cora', lastName: 'Cutoff', emailAddress: 'cora@harborbakery.example' };

  test('create, update, password and delete are read back and stand, each sent once', async () => {
    const u = users();
    await u.list(false);
    await control('DELETE', 'requests');

    await cutOff('POST', '/v2/accounts/me/users');
    const acl = [{ roleId: '105', onType: 'LOCATION' as const, on: 'HB-003' }];
    expect(
      await u.handlers['users.create']({ accountId: 'me', user: { id: 'hb-cora', ...fields, acl } }, extension),
    ).toEqual({
      id: 'hb-cora',
    });
    expect((await u.list(false)).users.find((x) => x.id === 'hb-cora')).toMatchObject(fields);

    await cutOff('PUT', '/v2/accounts/me/users/hb-cora');
    const update = { ...fields, lastName: 'Cutoff-Reyes', username: 'cora', phoneNumber: '(206) 555-0142', acl };
    await u.handlers['users.update']({ accountId: 'me', userId: 'hb-cora', user: update }, extension);
    expect((await u.list(false)).users.find((x) => x.id === 'hb-cora')).toMatchObject({ lastName: 'Cutoff-Reyes' });

    await cutOff('PUT', '/v2/accounts/me/users/hb-cora/password');
    await u.handlers['users.setPassword'](
      { accountId: 'me', userId: 'hb-cora', newPassword: 'Another-passw0rd!' },
      extension,
    );

    await cutOff('DELETE', '/v2/accounts/me/users/hb-cora');
    await u.handlers['users.delete']({ accountId: 'me', userId: 'hb-cora' }, extension);
    expect(await held('hb-cora')).toBeUndefined();
    expect((await u.list(false)).users.map((x) => x.id)).not.toContain('hb-cora');

    // One of each: nothing was sent again.
    expect((await writes()).map((r) => r.method)).toEqual(['POST', 'PUT', 'PUT', 'DELETE']);
  });

  test('an update whose unreadable 200 never reached the service: "could not confirm", and nothing is sent again', async () => {
    const u = users();
    const priya = (await u.list(false)).users.find((x) => x.id === 'hb-regional')!;
    await control('DELETE', 'requests');
    // Truncated JSON that never reached the service's rules.
    await control('POST', 'malformed', { method: 'PUT', path: '/v2/accounts/me/users/hb-regional' });
    const user = {
      firstName: priya.firstName,
      lastName: priya.lastName,
      emailAddress: priya.emailAddress,
      username: priya.username,
      phoneNumber: '(206) 555-0111',
      acl: [],
    };
    await expect(
      u.handlers['users.update']({ accountId: 'me', userId: 'hb-regional', user }, extension),
    ).rejects.toMatchObject({
      code: 'unconfirmed',
      message: expect.stringMatching(/could not confirm that the changes were saved.*does not have them all.*Save/),
    });
    expect(await held('hb-regional')).toMatchObject({ phoneNumber: priya.phoneNumber });
    expect((await writes()).map((r) => r.method)).toEqual(['PUT']);
  });
});
