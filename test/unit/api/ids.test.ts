import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../../lib/api/client.ts';
import { getAddRequest, listAvailableServices } from '../../../lib/api/provisioning.ts';
import { decideSuggestion } from '../../../lib/api/suggestions.ts';
import { deleteUser, getUser, listUsers } from '../../../lib/api/users.ts';
import { rejection } from '../../support/api-rejection.ts';
import { envelope, fakeFetch } from './fake-fetch.ts';

function clientWith() {
  const fake = fakeFetch(envelope({ id: 'x', status: 'SUBMITTED', count: 0, users: [] }));
  return { client: new ApiClient({ baseUrl: 'https://api.example.test', apiKey: 'k', fetch: fake.fetch }), ...fake };
}

const UNSAFE = [
  '.',
  '..',
  '',
  'a/b',
  '../users',
  'a?x=1',
  'a#b',
  '%2e%2e',
  'a%2Fb',
  'a\\b',
  'a\nb',
  'a\u0000',
  'a\u007f',
];

describe('ids put into a path', () => {
  it.each(UNSAFE)('refuses the suggestion id %j before sending anything', async (suggestionId) => {
    const { client, requests } = clientWith();
    const error = await rejection(decideSuggestion(client, suggestionId, 'ACCEPTED'));
    expect(error).toMatchObject({ kind: 'invalid-input', operation: 'decideSuggestion' });
    expect(error.message).toContain('suggestion id');
    expect(requests).toHaveLength(0);
  });

  it('refuses unsafe user, account and add request ids, naming which one', async () => {
    const { client, requests } = clientWith();
    expect((await rejection(getUser(client, 'me', '..'))).message).toMatch(/user id is "\.\."/);
    expect((await rejection(deleteUser(client, '..', 'u1'))).message).toMatch(/account id is "\.\."/);
    expect((await rejection(listUsers(client, 'a/b'))).message).toMatch(/account id contains/);
    expect((await rejection(listAvailableServices(client, '.'))).kind).toBe('invalid-input');
    expect((await rejection(getAddRequest(client, 'me', 'x?y'))).message).toMatch(/add request id contains/);
    expect(requests).toHaveLength(0);
  });

  it('sends ids that are safe, the `me` macro included', async () => {
    const { client, requests } = clientWith();
    await decideSuggestion(client, 'S-12_3.4', 'REJECTED');
    await getUser(client, 'me', 'user@example.test');
    await getAddRequest(client, '1001', '77');
    expect(requests.map((r) => new URL(r.url).pathname)).toEqual([
      '/v2/accounts/me/powerlistings/publishersuggestions/S-12_3.4',
      '/v2/accounts/me/users/user%40example.test',
      '/v2/accounts/1001/addRequests/77',
    ]);
  });
});
