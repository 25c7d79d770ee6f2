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
