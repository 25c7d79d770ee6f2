// The users-and-roles worker feature against a fake service: every page fetched and cached per account,
// passwords only ever in the request that sets them, 403 as a sentence, and forgetting an account.
import { beforeEach, describe, expect, test } from 'vitest';
import { ApiClient } from '../../lib/api/client.ts';
import { activeAccountKeyItem, linkedAccountsItem } from '../../lib/background/core/account-items.ts';
import { createUsersAndRoles } from '../../lib/background/users-and-roles/index.ts';
import { folderOptions, locationOptions } from '../../lib/background/users-and-roles/scope-lists.ts';
import { searchScopes } from '../../lib/background/users-and-roles/scopes.ts';
import type { DeskEvents } from '../../lib/messaging/protocol/index.ts';
import { envelope, localStorageText, type RoutedFetch, resetDesk, routedFetch } from './desk-fakes.ts';

interface FakeUser {
  id: string;
  firstName: string;
  lastName: string;
  emailAddress: string;
  username?: string;
  phoneNumber?: string;
  password?: string;
  acl: { roleId: string; on: string; onType: string }[];
}

let users: FakeUser[];
let forbidden: boolean;
let api: RoutedFetch;
let events: { type: keyof DeskEvents; payload: unknown }[];

function service(): RoutedFetch {
  return routedFetch(async (request, url): Promise<Response> => {
    const path = url.pathname;
    if (forbidden) return envelope({}, 403, [{ code: 2005, type: 'FATAL_ERROR', message: 'Forbidden' }]);
    if (path.endsWith('/roles')) return envelope({ count: 1, roles: [{ id: 102, name: 'Location Manager' }] });
    const one = path.match(/\/users\/([^/]+)$/);
    if (request.method === 'GET' && path.endsWith('/users')) {
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 10);
      return envelope({ count: users.length, users: users.slice(offset, offset + limit) });
    }
    if (request.method === 'POST' && path.endsWith('/users')) {
      users.push((await request.json()) as FakeUser);
      return envelope({ id: users.at(-1)!.id }, 201);
    }
    const user = one ? users.find((u) => u.id === decodeURIComponent(one[1]!)) : undefined;
    if (one && !user) return envelope({}, 404, [{ code: 2202, type: 'FATAL_ERROR', message: 'User not found' }]);
    if (request.method === 'GET' && user) return envelope(user);
    if (request.method === 'PUT' && user) {
      Object.assign(user, await request.json());
      return envelope({ id: user.id });
    }
    throw new Error(`unexpected ${request.method} ${path}`);
  });
}

function feature() {
  return createUsersAndRoles({
    withAccount: (run, accountKey) =>
      run(
        new ApiClient({
          baseUrl: 'https://api.example',
          apiKey: 'k',
          accessToken: 't',
          fetch: api.fetch,
          retry: { retries: 0 },
        }),
        { accountKey: accountKey ?? 'app-1001' } as never,
      ),
    broadcast: async (type, payload) => {
      events.push({ type, payload });
    },
    now: () => 1_000,
  });
}

async function link(accountKey: string) {
  const accounts = await linkedAccountsItem.getValue();
  await linkedAccountsItem.setValue([
    ...accounts,
    {
      accountKey,
      accountName: accountKey,
      appSpecificAccountId: accountKey,
      linkedAt: 1,
      needsRelink: false,
      apiOrigin: 'https://api.example',
    },
  ]);
  await activeAccountKeyItem.setValue(accountKey);
}

const person = (i: number): FakeUser => ({
  id: `staff-${i}`,
  firstName: 'Staff',
  lastName: String(i),
  emailAddress: `staff${i}@harbor.example`,
  password: `echoed-secret-${i}`,
  acl: [],
});

beforeEach(async () => {
  resetDesk();
  users = Array.from({ length: 61 }, (_, i) => person(i));
  forbidden = false;
  api = service();
  events = [];
  await link('app-1001');
});

const gets = () => api.requests.filter((r) => r.method === 'GET' && r.url.pathname.endsWith('/users'));

describe('users and roles in the worker', () => {
  test('fetches every page of 50 once, then answers from the cache per account until a refresh', async () => {
    const users$ = feature();
    const view = await users$.list(false);
    expect(view.users).toHaveLength(61);
    expect(view.roles).toEqual([{ id: '102', name: 'Location Manager' }]);
    expect(gets().map((r) => r.url.searchParams.get('limit'))).toEqual(['50', '50']);
    await users$.list(false);
    expect(gets()).toHaveLength(2);
    await users$.list(true);
    expect(gets()).toHaveLength(4);
    // The get call's echoed password is never kept.
    expect(await localStorageText()).not.toContain('echoed-secret');
  });

  test('a created user’s password goes to the service and nowhere else', async () => {
    const users$ = feature();
    await users$.list(false);
    await users$.handlers['users.create'](
      {
        accountId: 'me',
        user: {
          id: 'rosa',
          firstName: 'Rosa',
          lastName: 'D',
          emailAddress: 'r@h.example',
          password: 'Harbor-Bakery-2026',
          acl: [],
        },
      },
      {} as never,
    );
    expect(api.requests.find((r) => r.method === 'POST')?.body).toContain('Harbor-Bakery-2026');
    expect(await localStorageText()).not.toContain('Harbor-Bakery-2026');
    expect((await users$.list(false)).users.some((u) => u.id === 'rosa')).toBe(true);
    expect(events).toContainEqual({ type: 'users.changed', payload: { accountKey: 'app-1001', accountId: 'me' } });
  });

  test('adding an ACL row a user already has sends no update', async () => {
    users[0]!.acl = [{ roleId: '102', on: 'HB-001', onType: 'LOCATION' }];
    users[0]!.username = 'staff0';
    users[0]!.phoneNumber = '5035550100';
    const users$ = feature();
    const row = { roleId: '102', onType: 'LOCATION' as const, on: 'HB-001' };
    expect(await users$.handlers['users.addAcl']({ accountId: 'me', userId: 'staff-0', row }, {} as never)).toEqual({
      id: 'staff-0',
      added: false,
    });
    expect(api.requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
    const other = { ...row, on: 'HB-002' };
    expect(
      await users$.handlers['users.addAcl']({ accountId: 'me', userId: 'staff-0', row: other }, {} as never),
    ).toEqual({
      id: 'staff-0',
      added: true,
    });
    expect(users[0]!.acl.map((a) => a.on)).toEqual(['HB-001', 'HB-002']);
  });

  test('an update sends back what the service holds beside the edited fields, unknown ones verbatim', async () => {
    Object.assign(users[0]!, {
      username: 'staff0',
      phoneNumber: '5035550100',
      emailLanguagePreference: 'fr',
      displayLanguagePreference: 'de',
      badgeNumber: 'B-17',
      preferences: { digest: 'weekly', channels: ['email'] },
    });
    const users$ = feature();
    const edited = {
      firstName: 'Staffer',
      lastName: '0',
      emailAddress: 'staff0@harbor.example',
      username: 'staff0',
      phoneNumber: '5035550199',
      acl: [],
    };
    await users$.handlers['users.update']({ accountId: 'me', userId: 'staff-0', user: edited }, {} as never);
    const put = JSON.parse(api.requests.find((r) => r.method === 'PUT')!.body) as Record<string, unknown>;
    expect(put).toEqual({
      ...edited,
      id: 'staff-0',
      emailLanguagePreference: 'fr',
      displayLanguagePreference: 'de',
      badgeNumber: 'B-17',
      preferences: { digest: 'weekly', channels: ['email'] },
    });
    // The get call's echoed password is never sent back.
    expect(put).not.toHaveProperty('password');

    await users$.handlers['users.update'](
      { accountId: 'me', userId: 'staff-0', user: { ...edited, displayLanguagePreference: 'es' } },
      {} as never,
    );
    expect(users[0]).toMatchObject({ emailLanguagePreference: 'fr', displayLanguagePreference: 'es' });
  });

  test('a 403 is "this account does not let you manage users", shown in the view and on a call', async () => {
    forbidden = true;
    const users$ = feature();
    const view = await users$.list(false);
    expect(view.error).toMatchObject({
      code: 'users-forbidden',
      message: 'This account does not let you manage users.',
    });
    await expect(
      users$.handlers['users.delete']({ accountId: 'me', userId: 'staff-1' }, {} as never),
    ).rejects.toMatchObject({
      code: 'users-forbidden',
    });
  });

  test('forgetting an account drops its cached users and nothing else', async () => {
    const users$ = feature();
    await users$.list(false);
    await link('app-1002');
    await users$.list(false);
    const writes = await users$.forgetAccount('app-1001');
    expect(writes).toHaveLength(1);
    expect(Object.keys(writes[0]!.value as object)).toEqual(['app-1002']);
  });
});

describe('ACL scopes', () => {
  test('folders read with their parents, locations with their city; searched by any word, accent-blind', () => {
    const folders = folderOptions([
      { id: 'F-WEST', name: 'West', parentId: null },
      { id: 'F-PNW', name: 'Pacific Northwest', parentId: 'F-WEST' },
      { id: 'F-OR', name: 'Oregon', parentId: 'F-PNW' },
      { id: 'F-LOOP', name: 'Loop', parentId: 'F-LOOP' },
    ]);
    expect(folders.find((f) => f.id === 'F-OR')?.detail).toBe('West › Pacific Northwest');
    expect(folders.find((f) => f.id === 'F-LOOP')?.detail).toBe('');
    const location = {
      address: '',
      address2: '',
      zip: '',
      countryCode: 'CH',
      phone: '',
      folderId: null,
      websiteUrl: '',
    };
    const locations = locationOptions([
      { ...location, id: 'Z-1', name: 'Bäckerei Zürich', city: 'Zürich', state: 'ZH' },
      { ...location, id: 'Z-2', name: '', city: 'Basel', state: 'BS' },
    ]);
    expect(locations.map((l) => [l.name, l.detail])).toEqual([
      ['Bäckerei Zürich', 'Zürich, ZH'],
      ['Z-2', 'Basel, BS'],
    ]);
    expect(searchScopes('LOCATION', locations, 'zurich backerei', 20).options.map((o) => o.id)).toEqual(['Z-1']);
    expect(searchScopes('LOCATION', locations, '', 1)).toMatchObject({ more: true });
    expect(searchScopes('FOLDER', folders, '', 20, ['F-OR']).options.map((o) => o.name)).toEqual(['Oregon']);
  });
});
