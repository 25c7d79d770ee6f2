// @vitest-environment node
// A user call whose 2xx answer was cut off half way is read back, never sent again (issue 31).
import { describe, expect, test } from 'vitest';
import { ApiClient } from '../../lib/api/client.ts';
import { createUser, deleteUser } from '../../lib/api/users.ts';
import { holdsFields, runReadBack } from '../../lib/background/users-and-roles/read-back.ts';
import { cutOff } from '../support/cut-off.ts';
import { envelope, failure, fakeFetch, type Step } from './api/fake-fetch.ts';

function client(...steps: Step[]) {
  const fake = fakeFetch(...steps);
  return { client: new ApiClient({ baseUrl: 'https://api.test', apiKey: 'k', fetch: fake.fetch }), fake };
}
const sent = (fake: ReturnType<typeof fakeFetch>) => fake.requests.map((r) => `${r.method} ${new URL(r.url).pathname}`);
const created = {
  holds: (u: unknown) => u !== null,
  change: 'the user was created',
  otherwise: 'no user with this id is there',
  action: 'Choose Save.',
};

describe('runReadBack', () => {
  test('a cut-off 201 of a create the service made stands: the user read back, the POST sent once', async () => {
    const { client: c, fake } = client(
      () => cutOff(envelope({ id: 'u1' }, [], 201)),
      envelope({ id: 'u1', firstName: 'A' }),
    );
    const read = await runReadBack(
      c,
      'me',
      'u1',
      () => createUser(c, 'me', { id: 'u1', firstName: 'A', lastName: 'B', emailAddress: 'a@b.c' }),
      created,
    );
    expect(read).toEqual({ user: { id: 'u1', firstName: 'A' } });
    expect(sent(fake)).toEqual(['POST /v2/accounts/me/users', 'GET /v2/accounts/me/users/u1']);
  });

  test('a cut-off 200 of a delete the service did not make: could not confirm, in words, nothing sent again', async () => {
    const { client: c, fake } = client(() => cutOff(envelope({})), envelope({ id: 'u1' }));
    const proof = {
      holds: (u: unknown) => u === null,
      change: 'the user was deleted',
      otherwise: 'the user is still there',
      action: 'Choose Delete to try again.',
    };
    await expect(runReadBack(c, 'me', 'u1', () => deleteUser(c, 'me', 'u1'), proof)).rejects.toMatchObject({
      code: 'unconfirmed',
      message:
        'Listings Desk could not confirm that the user was deleted: the service’s answer could not be read, and the user is still there. Choose Delete to try again.',
    });
    expect(sent(fake)).toEqual(['DELETE /v2/accounts/me/users/u1', 'GET /v2/accounts/me/users/u1']);
  });

  test('a 404 on the read back is "no such user"; any other answer is a refusal, thrown as it came', async () => {
    const gone = client(() => cutOff(envelope({})), failure(404, 2020, 'User not found'));
    const proof = { holds: (u: unknown) => u === null, change: 'x', otherwise: 'y', action: 'z' };
    expect(await runReadBack(gone.client, 'me', 'u1', () => deleteUser(gone.client, 'me', 'u1'), proof)).toEqual({
      user: null,
    });
    const refused = client(failure(400, 2000, 'Bad'));
    await expect(
      runReadBack(refused.client, 'me', 'u1', () => deleteUser(refused.client, 'me', 'u1'), proof),
    ).rejects.toMatchObject({
      kind: 'http',
      status: 400,
    });
    expect(refused.fake.requests).toHaveLength(1);
  });

  test('holdsFields: every field sent, as sent, and every ACL row sent', () => {
    const holds = holdsFields({ firstName: 'A', phoneNumber: '1', password: 'secret' }, [
      { roleId: '5', onType: 'LOCATION', on: 'L1' },
    ]);
    const user = { id: 'u', firstName: 'A', phoneNumber: '1', acl: [{ roleId: '5', onType: 'LOCATION', on: 'L1' }] };
    expect(holds(user)).toBe(true);
    expect(holds({ ...user, phoneNumber: '2' })).toBe(false);
    expect(holds({ ...user, acl: [] })).toBe(false);
    expect(holds(null)).toBe(false);
  });
});
