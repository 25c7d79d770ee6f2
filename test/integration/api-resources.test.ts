// Every client operation against the real sandbox over HTTP.
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../lib/api/client.ts';
import { listListings, optIn, optOut } from '../../lib/api/listings.ts';
import {
  cancelServices,
  createExistingLocationAddRequest,
  createNewLocationAddRequest,
  getAddRequest,
  listAccounts,
  listAvailableServices,
  pollAddRequest,
} from '../../lib/api/provisioning.ts';
import { listPublishers } from '../../lib/api/publishers.ts';
import { listRoles } from '../../lib/api/roles.ts';
import { decideSuggestion, fetchAllSuggestions, listSuggestions } from '../../lib/api/suggestions.ts';
import {
  createUser,
  deleteUser,
  fetchAllUsers,
  getUser,
  listUsers,
  setUserPassword,
  updateUser,
} from '../../lib/api/users.ts';
import { harnessPerFile } from './api-sandbox.ts';

const h = harnessPerFile({ addRequestProcessingMs: 150 });
let client: ApiClient;
beforeEach(async () => {
  client = await h.client();
});

const bakeryLocations = async () => (await h.state()).locations.filter((l) => l.accountId === '1001');

describe('listings', () => {
  it('lists publishers', async () => {
    const { data, status } = await listPublishers(client);
    expect(status).toBe(200);
    expect(data.length).toBeGreaterThan(10);
    expect(data.map((p) => p.id)).toEqual((await h.state()).publishers.map((p) => p.id));
  });

  it('lists listings with publisher, location and status filters, limit and offset', async () => {
    const [location] = await bakeryLocations();
    const publisherIds = (await listPublishers(client)).data.slice(0, 3).map((p) => p.id);
    const { data } = await listListings(client, { publisherIds, locationIds: [location!.id], limit: 2, offset: 1 });
    expect(data.count).toBe(3);
    expect(data.listings).toHaveLength(2);
    for (const listing of data.listings) {
      expect(listing.locationId).toBe(location!.id);
      expect(publisherIds).toContain(listing.publisherId);
      // The documented spelling is read into screenshotUrl; in a list it is left undefined, not deleted.
      expect(listing.screenShotUrl).toBeUndefined();
      expect(typeof listing.screenshotUrl).toBe('string');
    }
    const live = await listListings(client, { statuses: ['LIVE'], limit: 100 });
    expect(live.data.count).toBeGreaterThan(0);
    expect(live.data.listings.every((l) => l.status === 'LIVE')).toBe(true);
  });

  it('opts listings out and in again', async () => {
    const state = await h.state();
    const listing = state.listings.find((l) => l.accountId === '1001' && l.status === 'LIVE')!;
    const pair = { locationIds: [listing.locationId], publisherIds: [listing.publisherId] };
    await optOut(client, pair);
    const afterOut = (await h.state()).listings.find((l) => l.id === listing.id)!;
    expect(afterOut.status).toBe('OPTED_OUT');
    await optIn(client, pair);
    const afterIn = (await listListings(client, pair)).data.listings[0]!;
    expect(afterIn.status).not.toBe('OPTED_OUT');
  });
});

describe('suggestions', () => {
  it('lists suggestions with filters and paging, and fetches them all', async () => {
    const waiting = await listSuggestions(client, { statuses: ['WAITING_ON_CUSTOMER'], limit: 50 });
    expect(waiting.data.count).toBeGreaterThanOrEqual(40);
    expect(waiting.data.suggestions.every((s) => s.status === 'WAITING_ON_CUSTOMER')).toBe(true);
    const second = await listSuggestions(client, { statuses: ['WAITING_ON_CUSTOMER'], limit: 10, offset: 10 });
    expect(second.data.suggestions.map((s) => s.id)).toEqual(waiting.data.suggestions.slice(10, 20).map((s) => s.id));
    const first = waiting.data.suggestions[0]!;
    const byLocation = await listSuggestions(client, {
      locationIds: [first.locationId!],
      publisherIds: [first.publisherId!],
    });
    expect(byLocation.data.suggestions.map((s) => s.id)).toContain(first.id);

    const all = await fetchAllSuggestions(client, {});
    const inState = (await h.state()).suggestions.filter((s) => s.accountId === '1001');
    expect(all.count).toBe(inState.length);
    expect(all.suggestions.map((s) => s.id)).toEqual(inState.map((s) => s.id));
  });

  it('accepts and rejects a suggestion; deciding twice is a 409 with code 7301', async () => {
    const [a, b] = (await listSuggestions(client, { statuses: ['WAITING_ON_CUSTOMER'], limit: 2 })).data.suggestions;
    await decideSuggestion(client, a!.id, 'ACCEPTED');
    await decideSuggestion(client, b!.id, 'REJECTED');
    const suggestions = (await h.state()).suggestions;
    expect(suggestions.find((s) => s.id === a!.id)?.status).toBe('ACCEPTED');
    expect(suggestions.find((s) => s.id === b!.id)?.status).toBe('REJECTED');
    await expect(decideSuggestion(client, a!.id, 'REJECTED')).rejects.toMatchObject({
      kind: 'http',
      status: 409,
      operation: 'decideSuggestion',
      errors: [{ code: 7301 }],
    });
  });
});

describe('roles and users', () => {
  it('lists roles, and an empty list for an account without roles', async () => {
    const roles = await listRoles(client);
    expect(roles.data.count).toBeGreaterThan(0);
    expect(roles.data.roles[0]).toEqual({ id: expect.any(String), name: expect.any(String) });
    const summit = await h.client({ accountId: '1002' });
    expect((await listRoles(summit)).data).toEqual({ count: 0, roles: [] });
  });

  it('lists users a page at a time and all at once', async () => {
    const page = await listUsers(client, 'me', { limit: 3, offset: 0 });
    expect(page.data.users).toHaveLength(3);
    const all = await fetchAllUsers(client, '1001');
    expect(all.count).toBe(page.data.count);
    expect(all.users.map((u) => u.id)).toEqual(
      (await h.state()).users.filter((u) => u.accountId === '1001').map((u) => u.id),
    );
  });

  it('creates, gets, updates, sets the password of and deletes a user', async () => {
    const role = (await listRoles(client)).data.roles[0]!;
    const created = await createUser(client, 'me', {
      id: 'it-user-1',
      firstName: 'Ida',
      lastName: 'Tester',
      emailAddress: 'ida@example.test',
      password: 'first-Pass-1',
      acl: [{ roleId: role.id, on: '1001', onType: 'ACCOUNT' }],
    });
    expect(created).toMatchObject({ status: 201, data: { id: 'it-user-1' } });

    const got = await getUser(client, '1001', 'it-user-1');
    expect(got.data).toMatchObject({ id: 'it-user-1', firstName: 'Ida', sso: false });
    expect(got.data.acl?.[0]).toMatchObject({ roleId: role.id, onType: 'ACCOUNT', on: '1001' });
    expect(got.data).not.toHaveProperty('password');

    const updated = await updateUser(client, 'me', 'it-user-1', {
      firstName: 'Ida',
      lastName: 'Updated',
      username: 'ida.t',
      emailAddress: 'ida@example.test',
      phoneNumber: '+1 555 0100',
    });
    expect(updated.data).toEqual({ id: 'it-user-1' });
    let stored = (await h.state()).users.find((u) => u.id === 'it-user-1')!;
    expect(stored).toMatchObject({ phoneNumber: '+1 555 0100', password: 'first-Pass-1' });

    await setUserPassword(client, 'me', 'it-user-1', 'second-Pass-2');
    stored = (await h.state()).users.find((u) => u.id === 'it-user-1')!;
    expect(stored.password).toBe('second-Pass-2');

    await deleteUser(client, 'me', 'it-user-1');
    await expect(getUser(client, 'me', 'it-user-1')).rejects.toMatchObject({ status: 404, errors: [{ code: 2202 }] });
  });
});

describe('provisioning', () => {
  it('lists available services with agreement ids as strings, and the accounts', async () => {
    const services = await listAvailableServices(client, 'me');
    expect(services.data.length).toBeGreaterThan(0);
    for (const service of services.data) {
      expect(typeof service.agreementId).toBe('string');
      expect(service.minimumUsageUnit).toBeTruthy();
    }
    const accounts = await listAccounts(client);
    expect(accounts.data.accounts.map((a) => a.accountId)).toEqual(expect.arrayContaining(['1001', '1101', '1102']));
    expect(accounts.data.accounts.find((a) => a.accountId === '1001')?.accountName).toBe('Harbor Bakery Group');
  });

  it('adds a service to an existing location and polls the add request to COMPLETED', async () => {
    const location = (await bakeryLocations()).find((l) => !l.possibleDuplicate)!;
    const created = await createExistingLocationAddRequest(client, 'me', {
      existingLocationId: location.id,
      skus: ['ANALYTICS-PLUS'],
    });
    expect(created.data.status).toBe('PROCESSING');
    const again = await getAddRequest(client, 'me', created.data.id);
    expect(again.data.id).toBe(created.data.id);

    const seen: string[] = [];
    const done = await pollAddRequest(client, 'me', created.data.id, {
      delayMs: () => 50,
      onUpdate: (r) => seen.push(r.status),
    });
    expect(done.data.status).toBe('COMPLETED');
    expect(seen.at(-1)).toBe('COMPLETED');
    const services = (await h.state()).services.filter(
      (s) => s.locationId === location.id && s.sku === 'ANALYTICS-PLUS',
    );
    expect(services.map((s) => s.status)).toEqual(['ACTIVE']);
  });

  it('keeps polling through REVIEW until the request is resolved', async () => {
    const duplicate = (await bakeryLocations()).find((l) => l.possibleDuplicate)!;
    const created = await createExistingLocationAddRequest(client, '1001', {
      existingLocationId: duplicate.id,
      skus: ['ANALYTICS-PLUS'],
    });
    const seen: string[] = [];
    let resolving: Promise<unknown> | undefined;
    const polling = pollAddRequest(client, '1001', created.data.id, {
      delayMs: () => 50,
      onUpdate: (r) => {
        if (seen.at(-1) !== r.status) seen.push(r.status);
        if (r.status === 'REVIEW')
          resolving ??= h.control('POST', `addrequests/${created.data.id}/resolve`, { status: 'CANCELED' });
      },
    });
    expect((await polling).data.status).toBe('CANCELED');
    await resolving;
    expect(seen.slice(-2)).toEqual(['REVIEW', 'CANCELED']);
  });

  it('adds a new location with a service', async () => {
    const created = await createNewLocationAddRequest(client, 'me', {
      newLocationId: 'it-new-location-1',
      newLocationData: { name: 'Harbor Bakery Integration Test Kiosk', categoryIds: ['1314'] },
      skus: ['PL-ESSENTIALS'],
    });
    const done = await pollAddRequest(client, 'me', created.data.id, { delayMs: () => 50 });
    expect(done.data).toMatchObject({ status: 'COMPLETED', newLocationId: 'it-new-location-1' });
    expect((await h.state()).locations.some((l) => l.id === 'it-new-location-1')).toBe(true);
  });

  it('cancels services once the minimum commitment is met', async () => {
    const state = await h.state();
    const recent = state.services.find((s) => s.sku === 'REVIEWS-MONITOR' && s.status === 'ACTIVE')!;
    const body = { locationId: recent.locationId, skus: ['REVIEWS-MONITOR'] };
    await expect(cancelServices(client, 'me', body)).rejects.toMatchObject({ status: 409, errors: [{ code: 8004 }] });
    await h.control('POST', 'clock', { advanceDays: 120 });
    const canceled = await cancelServices(client, 'me', body);
    expect(canceled.data).toEqual([
      expect.objectContaining({ id: String(recent.id), sku: 'REVIEWS-MONITOR', status: 'STOPPED' }),
    ]);
  });
});
