// The vendor Go-client retry policy, observed through the sandbox request log.
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../lib/api/client.ts';
import { createExistingLocationAddRequest } from '../../lib/api/provisioning.ts';
import { listRoles } from '../../lib/api/roles.ts';
import { createUser } from '../../lib/api/users.ts';
import { harnessPerFile } from './api-sandbox.ts';

const h = harnessPerFile();
let client: ApiClient;
beforeEach(async () => {
  client = await h.client();
});

const ROLES = '/v2/accounts/me/roles';
const newUser = { id: 'retry-user', firstName: 'Re', lastName: 'Try', emailAddress: 'retry@example.test' };

describe('retries', () => {
  it('503 twice, then success: three calls', async () => {
    await h.control('POST', 'faults', { path: ROLES, status: 503, count: 2 });
    const result = await listRoles(client);
    expect(result.status).toBe(200);
    expect((await h.requests()).map((r) => r.status)).toEqual([503, 503, 200]);
  });

  it('5xx that persists: four calls (three retries), then the error', async () => {
    await h.control('POST', 'faults', { path: ROLES, status: 500, count: 10 });
    await expect(listRoles(client)).rejects.toMatchObject({ status: 500, errors: [{ code: 2099 }] });
    expect(await h.requests()).toHaveLength(4);
  });

  it('429 with Rate-Limit-Reset about 1 s away: waits for it once, then succeeds', async () => {
    await h.control('POST', 'rate-limit', { count: 1, resetInSeconds: 1 });
    // The sandbox sets reset = its current epoch second + 1; the retry must not come before it.
    const earliestReset = (Math.floor(Date.now() / 1000) + 1) * 1000;
    const result = await listRoles(client);
    expect(result.status).toBe(200);
    expect(Date.now()).toBeGreaterThanOrEqual(earliestReset);
    expect((await h.requests()).map((r) => r.status)).toEqual([429, 200]);
  });

  it('429 again after the wait: fails with the 429 and its rate-limit headers', async () => {
    await h.control('POST', 'rate-limit', { count: 2, resetInSeconds: 0 });
    const error = await listRoles(client).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'http', status: 429, rateLimit: { remaining: 0, reset: expect.any(Number) } });
    expect(await h.requests()).toHaveLength(2);
  });

  it('429 whose reset is beyond the cap: fails at once', async () => {
    await h.control('POST', 'rate-limit', { count: 1, resetInSeconds: 3600 });
    const started = Date.now();
    await expect(listRoles(client)).rejects.toMatchObject({ status: 429, errors: [{ code: 2040 }] });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await h.requests()).toHaveLength(1);
  });

  it('400 is never retried', async () => {
    await h.control('POST', 'faults', { path: ROLES, status: 400, count: 5 });
    await expect(listRoles(client)).rejects.toMatchObject({ status: 400 });
    expect(await h.requests()).toHaveLength(1);
  });

  it('a create is not re-sent after a 5xx answer', async () => {
    await h.control('POST', 'faults', { method: 'POST', path: '/v2/accounts/me/users', status: 503, count: 1 });
    await expect(createUser(client, 'me', newUser)).rejects.toMatchObject({ status: 503, operation: 'createUser' });
    expect(await h.requests()).toEqual([{ method: 'POST', path: '/v2/accounts/me/users', status: 503 }]);
    expect((await h.state()).users.some((u) => u.id === newUser.id)).toBe(false);
  });

  it('an add request is not re-sent after a 5xx answer', async () => {
    const location = (await h.state()).locations.find((l) => l.accountId === '1001')!;
    await h.control('POST', 'faults', {
      method: 'POST',
      path: '/v2/accounts/me/existinglocationaddrequests',
      status: 500,
    });
    await expect(
      createExistingLocationAddRequest(client, 'me', { existingLocationId: location.id, skus: ['ANALYTICS-PLUS'] }),
    ).rejects.toMatchObject({ status: 500 });
    expect(await h.requests()).toHaveLength(1);
  });
});
