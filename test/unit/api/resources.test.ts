import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../../lib/api/client.ts';
import { fetchAllListings, listListings, optOut } from '../../../lib/api/listings.ts';
import {
  cancelServices,
  createExistingLocationAddRequest,
  createNewLocationAddRequest,
  fetchAllAccounts,
  getAddRequest,
  listAccounts,
  listAvailableServices,
  listServices,
  pollAddRequest,
} from '../../../lib/api/provisioning.ts';
import { decideSuggestion, fetchAllSuggestions, listSuggestions } from '../../../lib/api/suggestions.ts';
import { createUser, fetchAllUsers, listUsers, setUserPassword, updateUser } from '../../../lib/api/users.ts';
import { envelope, fakeFetch, type Step } from './fake-fetch.ts';

function recording(...steps: Step[]) {
  const fake = fakeFetch(...steps);
  const client = new ApiClient({ baseUrl: 'https://api.test', apiKey: 'k', fetch: fake.fetch });
  const sent = (i = 0) => {
    const url = new URL(fake.requests[i]!.url);
    for (const common of ['api_key', 'v']) url.searchParams.delete(common);
    const body = fake.bodies[i] ? JSON.parse(fake.bodies[i]!) : undefined;
    return { method: fake.requests[i]!.method, path: url.pathname, query: Object.fromEntries(url.searchParams), body };
  };
  return { client, sent, requests: fake.requests };
}

const addRequest = { id: 9, status: 'PROCESSING' };

describe('each operation sends what the interface says', () => {
  it('listings: filters, statuses, language and opt-out', async () => {
    const r = recording(envelope({ count: 0, listings: [] }), envelope({}));
    await listListings(r.client, { statuses: ['LIVE', 'OPTED_OUT'], language: 'fr', locationIds: [] });
    expect(r.sent(0)).toEqual({
      method: 'GET',
      path: '/v2/accounts/me/powerlistings/listings',
      query: { statuses: '[LIVE,OPTED_OUT]', language: 'fr' },
      body: undefined,
    });
    await optOut(r.client, { locationIds: ['L1'], publisherIds: ['P1', 'P2'] });
    expect(r.sent(1)).toMatchObject({
      method: 'PUT',
      path: '/v2/accounts/me/powerlistings/listings/optout',
      query: { locationIds: '[L1]', publisherIds: '[P1,P2]' },
    });
  });

  it('suggestions: list filters and paging, decision in the query', async () => {
    const r = recording(envelope({ count: 0, suggestions: [] }), envelope({}));
    await listSuggestions(r.client, {
      statuses: ['WAITING_ON_CUSTOMER'],
      publisherIds: ['GOOGLE'],
      limit: 50,
      offset: 50,
    });
    expect(r.sent(0)).toMatchObject({
      path: '/v2/accounts/me/powerlistings/publishersuggestions',
      query: { statuses: '[WAITING_ON_CUSTOMER]', publisherIds: '[GOOGLE]', limit: '50', offset: '50' },
    });
    await decideSuggestion(r.client, 's-1', 'REJECTED');
    expect(r.sent(1)).toEqual({
      method: 'PUT',
      path: '/v2/accounts/me/powerlistings/publishersuggestions/s-1',
      query: { status: 'REJECTED' },
      body: undefined,
    });
  });

  it('users: list paging, create, update with phoneNumber and the id, password', async () => {
    const r = recording(
      envelope({ count: 0, users: [] }),
      envelope({ id: 'u1' }, [], 201),
      envelope({ id: 'u1' }),
      envelope({}),
    );
    await listUsers(r.client, '1001', { limit: 50, offset: 100 });
    expect(r.sent(0)).toMatchObject({
      method: 'GET',
      path: '/v2/accounts/1001/users',
      query: { limit: '50', offset: '100' },
    });
    const created = await createUser(r.client, 'me', {
      id: 'u1',
      firstName: 'A',
      lastName: 'B',
      emailAddress: 'a@b.c',
      password: 'pw',
    });
    expect(created.data.id).toBe('u1');
    expect(r.sent(1)).toMatchObject({
      method: 'POST',
      path: '/v2/accounts/me/users',
      body: { id: 'u1', password: 'pw' },
    });
    const update = { firstName: 'A', lastName: 'B', username: 'ab', emailAddress: 'a@b.c', phoneNumber: '555' };
    await updateUser(r.client, 'me', 'u1', update);
    expect(r.sent(2)).toMatchObject({ method: 'PUT', path: '/v2/accounts/me/users/u1', body: { ...update, id: 'u1' } });
    await setUserPassword(r.client, 'me', 'u1', 'new-pw');
    expect(r.sent(3)).toMatchObject({
      method: 'PUT',
      path: '/v2/accounts/me/users/u1/password',
      body: { newPassword: 'new-pw' },
    });
  });

  it('provisioning: services, accounts, add requests and cancel', async () => {
    const r = recording(
      envelope([]),
      envelope([]),
      envelope(addRequest),
      envelope(addRequest),
      envelope(addRequest),
      envelope([]),
    );
    await listAvailableServices(r.client, '1001');
    expect(r.sent(0).path).toBe('/v2/accounts/1001/availableservices');
    await listAccounts(r.client);
    // The interface document's path; the vendor's file writes /accounts.
    expect(r.sent(1).path).toBe('/v2/accounts/');
    await createExistingLocationAddRequest(r.client, 'me', {
      existingLocationId: 'loc-1',
      skus: ['S1'],
      agreementId: '7',
    });
    expect(r.sent(2)).toMatchObject({
      method: 'POST',
      path: '/v2/accounts/me/existinglocationaddrequests',
      body: { existingLocationId: 'loc-1', skus: ['S1'], agreementId: '7' },
    });
    await createNewLocationAddRequest(r.client, 'me', {
      newLocationId: 'new-1',
      newLocationData: { name: 'Shop' },
      skus: ['S1'],
    });
    expect(r.sent(3)).toMatchObject({ method: 'POST', path: '/v2/accounts/me/newlocationaddrequests' });
    await getAddRequest(r.client, 'me', '9');
    expect(r.sent(4)).toMatchObject({ method: 'GET', path: '/v2/accounts/me/addRequests/9' });
    await cancelServices(r.client, 'me', { locationId: 'loc-1' });
    expect(r.sent(5)).toMatchObject({
      method: 'POST',
      path: '/v2/accounts/me/cancelservices',
      body: { locationId: 'loc-1' },
    });
  });

  it('accounts: every page, limit and offset sent (issue 31: the vendor pages them by 100 unless told)', async () => {
    const page = (from: number, n: number) =>
      envelope({ count: 1500, accounts: Array.from({ length: n }, (_, i) => ({ accountId: String(from + i) })) });
    const r = recording(page(0, 1000), page(1000, 500));
    const all = await fetchAllAccounts(r.client);
    expect(all.accounts).toHaveLength(1500);
    expect(all.accounts.at(-1)?.accountId).toBe('1499');
    expect([r.sent(0), r.sent(1)].map((s) => [s.path, s.query])).toEqual([
      ['/v2/accounts/', { limit: '1000', offset: '0' }],
      ['/v2/accounts/', { limit: '1000', offset: '1000' }],
    ]);
  });

  it("services: the vendor's one-value filters locationId, sku and status", async () => {
    const r = recording(envelope({ count: 0, services: [] }));
    await listServices(r.client, 'me', { locationId: 'L 1', sku: 'S1', status: 'ALL', limit: 50 });
    expect(r.sent(0)).toMatchObject({
      method: 'GET',
      path: '/v2/accounts/me/services',
      query: { locationId: 'L 1', sku: 'S1', status: 'ALL', limit: '50' },
    });
  });

  it('pollAddRequest gets the request until it is terminal, reporting every state', async () => {
    const r = recording(
      envelope(addRequest),
      envelope({ ...addRequest, status: 'REVIEW' }),
      envelope({ ...addRequest, status: 'COMPLETE' }),
    );
    const seen: string[] = [];
    const result = await pollAddRequest(r.client, 'me', '9', {
      delayMs: () => 1,
      onUpdate: (a) => seen.push(a.status),
    });
    expect(seen).toEqual(['PROCESSING', 'REVIEW', 'COMPLETED']);
    expect(result.data.status).toBe('COMPLETED');
  });

  it('pollAddRequest stops when cancelled', async () => {
    const r = recording(envelope(addRequest));
    const controller = new AbortController();
    // Cancelled on the second answer, not after 30 ms: a busy machine took longer than that for the first.
    let answers = 0;
    const onUpdate = () => {
      if (++answers === 2) controller.abort();
    };
    await expect(
      pollAddRequest(r.client, 'me', '9', { delayMs: () => 5, signal: controller.signal, onUpdate }),
    ).rejects.toMatchObject({
      kind: 'aborted',
    });
    expect(r.requests).toHaveLength(2);
  });
});

describe('fetch-all helpers page with the vendor page sizes', () => {
  const pageAnswer = (key: string, count: number) => (request: Request) => {
    const url = new URL(request.url);
    const offset = Number(url.searchParams.get('offset'));
    const limit = Number(url.searchParams.get('limit'));
    const items = Array.from({ length: Math.max(0, Math.min(limit, count - offset)) }, (_, i) => ({
      id: String(offset + i),
      locationId: 'L',
      publisherId: 'P',
      status: 'LIVE',
    }));
    return envelope({ count, [key]: items });
  };

  it.each([
    ['listings', 250, 100, (c: ApiClient) => fetchAllListings(c).then((r) => r.listings)],
    ['suggestions', 120, 50, (c: ApiClient) => fetchAllSuggestions(c).then((r) => r.suggestions)],
    ['users', 101, 50, (c: ApiClient) => fetchAllUsers(c).then((r) => r.users)],
  ] as const)('%s: %i items in pages of %i', async (key, count, pageSize, fetchAll) => {
    const r = recording(pageAnswer(key, count));
    const items = await fetchAll(r.client);
    expect(items.map((i) => i.id)).toEqual(Array.from({ length: count }, (_, i) => String(i)));
    const limits = r.requests.map((q) => new URL(q.url).searchParams.get('limit'));
    expect(limits).toEqual(Array(Math.ceil(count / pageSize)).fill(String(pageSize)));
  });
});
