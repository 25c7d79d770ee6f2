// Locations and folders: the real client against the real sandbox over HTTP.
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../lib/api/client.ts';
import { fetchAllFolders, listFolders } from '../../lib/api/folders.ts';
import { fetchAllLocations, getLocation, listLocations } from '../../lib/api/locations.ts';
import { rejection } from '../support/api-rejection.ts';
import { harnessPerFile } from './api-sandbox.ts';

const h = harnessPerFile();
let client: ApiClient;
beforeEach(async () => {
  client = await h.client();
});

const LOCATIONS_PATH = '/v2/accounts/me/locations';

describe('locations', () => {
  it('lists ten locations by default, with names, addresses and folders that look real', async () => {
    const { data } = await listLocations(client);
    expect(data.count).toBe(30);
    expect(data.locations).toHaveLength(10);
    const [first] = data.locations;
    expect(first).toMatchObject({
      id: 'HB-001',
      locationName: 'Harbor Bakery – Pearl District',
      city: 'Portland',
      state: 'OR',
      zip: '97209',
      countryCode: 'US',
      folderId: 'F-OR',
      websiteUrl: expect.stringMatching(/^https:\/\/www\.harborbakery\.com\//),
    });
    expect(first!.address).toMatch(/^\d+ \S/);
    expect(first!.phone).toMatch(/^\(503\) 555-01\d\d$/);
    // Fields the client does not name are kept as the service sent them.
    expect(first!.hours).toEqual(expect.any(String));
    expect(first!.keywords).toEqual(expect.arrayContaining(['Bakery']));
  });

  it('reads one location by id, as the list has it, unknown fields kept', async () => {
    const { data } = await getLocation(client, 'me', 'HB-015');
    const listed = (await fetchAllLocations(client, 'me')).locations.find((l) => l.id === 'HB-015');
    expect(data).toEqual(listed);
    expect(data).toMatchObject({ id: 'HB-015', locationName: 'Harbor Bakery – Kirkland Waterfront', city: 'Kirkland' });
    expect(data.hours).toEqual(expect.any(String));
    expect(data.keywords).toEqual(expect.arrayContaining(['Bakery']));
    // A sub-account's location, by that account's id.
    expect((await getLocation(client, '1101', 'HBW-002')).data.id).toBe('HBW-002');
    const calls = (await h.requests()).filter((r) => r.path === `${LOCATIONS_PATH}/HB-015`);
    expect(calls).toHaveLength(1);
  });

  it('answers 404 for a location the account does not have, with the service’s error', async () => {
    const missing = await rejection(getLocation(client, 'me', 'HB-999'));
    expect(missing).toMatchObject({ status: 404, operation: 'getLocation' });
    expect(missing.errors[0]?.message).toBe('Location not found: HB-999');
    // Another account's location is not found either; an id that would change the path is never sent.
    expect((await rejection(getLocation(client, 'me', 'HBW-001'))).status).toBe(404);
    await h.control('DELETE', 'requests');
    expect(await rejection(getLocation(client, 'me', 'HB-001/users'))).toMatchObject({ kind: 'invalid-input' });
    expect(await h.requests()).toEqual([]);
  });

  it('pages with limit and offset up to 50, and refuses 51 with the service’s error', async () => {
    const page = await listLocations(client, 'me', { limit: 50, offset: 20 });
    expect(page.data.locations.map((l) => l.id)).toEqual(
      Array.from({ length: 10 }, (_, i) => `HB-${String(21 + i).padStart(3, '0')}`),
    );
    const error = await rejection(listLocations(client, 'me', { limit: 51 }));
    expect(error).toMatchObject({ status: 400, operation: 'listLocations' });
    expect(error.errors[0]?.message).toBe('Invalid parameter limit: must be between 1 and 50');
    const offset = await rejection(listLocations(client, 'me', { offset: -1 }));
    expect(offset.status).toBe(400);
  });

  it('fetches every location of a large account, 50 a request, in order', async () => {
    await h.control('POST', 'reset', { locationsPerAccount: 120 });
    await h.control('DELETE', 'requests');
    const all = await fetchAllLocations(await h.client(), 'me');
    expect(all.count).toBe(120);
    expect(all.incomplete).toBeUndefined();
    expect(all.locations.map((l) => l.id)).toEqual(
      Array.from({ length: 120 }, (_, i) => `HB-${String(i + 1).padStart(3, '0')}`),
    );
    const calls = (await h.requests()).filter((r) => r.path === LOCATIONS_PATH);
    expect(calls.map((c) => c.query?.limit)).toEqual(['50', '50', '50']);
    // The log keeps a call's parameters, never its credentials.
    expect(calls[0]!.query).toEqual({ limit: '50', offset: '0' });
  });

  it('answers for a sub-account by id, and refuses another customer’s account', async () => {
    const wholesale = await fetchAllLocations(client, '1101');
    expect(wholesale.locations.map((l) => l.id)).toEqual(['HBW-001', 'HBW-002', 'HBW-003']);
    // A sub-account's locations are in no folder: the vendor's root folder.
    expect(wholesale.locations.every((l) => l.folderId === '0')).toBe(true);
    const other = await rejection(listLocations(client, '1002'));
    expect(other.errors[0]?.message).toBe('Account not found: 1002');
  });

  it('keeps hostile names, addresses and URLs verbatim as text', async () => {
    await h.control('POST', 'reset', { hostile: true });
    const { locations } = await fetchAllLocations(await h.client(), 'me');
    expect(locations.some((l) => l.locationName?.includes('<'))).toBe(true);
    expect(locations.some((l) => l.address?.includes('<'))).toBe(true);
    expect(locations.some((l) => /^\s*javascript:/i.test(l.websiteUrl ?? ''))).toBe(true);
  });
});

describe('folders', () => {
  it('lists the account’s folder tree, and every location sits in one of them', async () => {
    const { folders, count } = await fetchAllFolders(client);
    expect(count).toBe(folders.length);
    const byId = new Map(folders.map((f) => [f.id, f]));
    expect(byId.get('F-WEST')).toEqual({ id: 'F-WEST', name: 'West', parentId: '0' });
    expect(byId.get('F-BAY')).toEqual({ id: 'F-BAY', name: 'Bay Area', parentId: 'F-CA' });
    expect(byId.get('F-CA')?.parentId).toBe('F-WEST');
    expect(byId.has('F-CO')).toBe(false);
    const { locations } = await fetchAllLocations(client);
    for (const location of locations) expect(byId.has(location.folderId!)).toBe(true);
    expect(locations.find((l) => l.city === 'Oakland')?.folderId).toBe('F-BAY');
  });

  it('pages folders (default 100) and refuses a bad offset', async () => {
    const first = await listFolders(client, 'me', { limit: 2 });
    expect(first.data.folders.map((f) => f.id)).toEqual(['F-WEST', 'F-PNW']);
    const error = await rejection(listFolders(client, 'me', { offset: 'x' as unknown as number }));
    expect(error).toMatchObject({ status: 400, operation: 'listFolders' });
    expect(error.errors[0]?.message).toBe('Invalid parameter offset: not an integer');
  });
});
