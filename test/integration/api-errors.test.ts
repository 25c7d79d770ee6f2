// Every error path of the real client against the real sandbox.
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../lib/api/client.ts';
import { type ApiError, apiErrorFromJSON } from '../../lib/api/errors.ts';
import { listListings } from '../../lib/api/listings.ts';
import { getAddRequest } from '../../lib/api/provisioning.ts';
import { listPublishers } from '../../lib/api/publishers.ts';
import { listRoles } from '../../lib/api/roles.ts';
import { createUser, getUser } from '../../lib/api/users.ts';
import { rejection } from '../support/api-rejection.ts';
import { FAST_RETRY, harnessPerFile } from './api-sandbox.ts';

const h = harnessPerFile();

/** The error, as people and logs would see it, holds no credential and no address. */
function expectNothingLeaks(error: ApiError, secrets: string[]) {
  const text = [error.message, JSON.stringify(error), error.stack ?? ''].join('\n');
  for (const secret of [...secrets, h.sandbox.apiUrl, '127.0.0.1', 'http://']) expect(text).not.toContain(secret);
}

describe('http errors', () => {
  it('400 for a missing api_key, not retried', async () => {
    const client = new ApiClient({
      baseUrl: h.sandbox.apiUrl,
      apiKey: '',
      accessToken: await h.mintToken(),
      retry: FAST_RETRY,
    });
    const error = await rejection(listRoles(client));
    expect(error).toMatchObject({
      kind: 'http',
      status: 400,
      operation: 'listRoles',
      errors: [{ code: 2000, type: 'FATAL_ERROR' }],
    });
    expect(error.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(await h.requests()).toHaveLength(1);
  });

  it('400 for a missing required field in a body', async () => {
    const client = await h.client();
    const error = await rejection(createUser(client, 'me', { firstName: 'A', lastName: 'B', emailAddress: '' }));
    expect(error).toMatchObject({ status: 400, errors: [{ code: 2011 }] });
    expect(error.errors[0]?.message).toContain('emailAddress');
  });

  it('401 for a wrong api key, not retried, leaking neither key nor token', async () => {
    const token = await h.mintToken();
    const client = new ApiClient({
      baseUrl: h.sandbox.apiUrl,
      apiKey: 'wrong-key-123',
      accessToken: token,
      retry: FAST_RETRY,
    });
    const error = await rejection(listPublishers(client));
    expect(error).toMatchObject({ kind: 'http', status: 401, errors: [{ code: 2001 }] });
    expect(await h.requests()).toHaveLength(1);
    expectNothingLeaks(error, ['wrong-key-123', token]);
  });

  it('401 for a revoked token', async () => {
    const token = await h.mintToken();
    const client = new ApiClient({
      baseUrl: h.sandbox.apiUrl,
      apiKey: h.sandbox.apiKey,
      accessToken: token,
      retry: FAST_RETRY,
    });
    expect((await listRoles(client)).status).toBe(200);
    await h.control('POST', 'tokens/revoke', { access_token: token });
    const error = await rejection(listRoles(client));
    expect(error).toMatchObject({ status: 401, errors: [{ code: 2003 }] });
    expectNothingLeaks(error, [token, h.sandbox.apiKey]);
  });

  it('404 for unknown resources, with the interface error code', async () => {
    const client = await h.client();
    expect(await rejection(getUser(client, 'me', 'nobody'))).toMatchObject({ status: 404, errors: [{ code: 2202 }] });
    expect(await rejection(getAddRequest(client, 'me', '999'))).toMatchObject({
      status: 404,
      errors: [{ code: 8001 }],
    });
  });

  it('400 "account not found" for an app-specific account id in place of me', async () => {
    const client = await h.client();
    const error = await rejection(getUser(client, 'app-1001', 'x'));
    expect(error).toMatchObject({ status: 400, errors: [{ code: 2004 }] });
  });

  it('a FATAL_ERROR in meta.errors of a 200 is an error; warnings beside data are not', async () => {
    const client = await h.client();
    const fatal = { code: 4242, type: 'FATAL_ERROR', message: 'Backend refused' };
    const warning = { code: 17, type: 'WARNING', message: 'Partial list' };
    await h.control('POST', 'faults', {
      path: '/v2/accounts/me/roles',
      status: 200,
      count: 2,
      body: { meta: { uuid: 'f-1', errors: [warning, fatal] }, response: { count: 0, roles: [] } },
    });
    const error = await rejection(listRoles(client));
    expect(error).toMatchObject({ kind: 'http', status: 200, uuid: 'f-1', errors: [warning, fatal] });

    await h.control('DELETE', 'faults');
    await h.control('POST', 'faults', {
      path: '/v2/accounts/me/roles',
      status: 200,
      body: { meta: { uuid: 'w-1', errors: [warning] }, response: { count: 0, roles: [] } },
    });
    const result = await listRoles(client);
    expect(result).toMatchObject({ data: { count: 0, roles: [] }, warnings: [warning], uuid: 'w-1' });
  });

  it('carries Rate-Limit headers on results and on errors', async () => {
    const client = await h.client();
    const ok = await listRoles(client);
    expect(ok.rateLimit).toEqual({ limit: 5000, remaining: expect.any(Number), reset: expect.any(Number) });
    const error = await rejection(getUser(client, 'me', 'nobody'));
    expect(error.rateLimit?.limit).toBe(5000);
  });
});

describe('unusable responses', () => {
  it('a body cut off mid-JSON is an unusable-response error, not retried', async () => {
    const client = await h.client();
    await h.control('POST', 'malformed', { path: '/v2/accounts/me/powerlistings/listings' });
    const error = await rejection(listListings(client));
    expect(error).toMatchObject({ kind: 'unusable-response', status: 200, operation: 'listListings' });
    expect(await h.requests()).toHaveLength(1);
    expect((await listListings(client)).data.count).toBeGreaterThan(0);
  });

  it('a listings answer without a listings array is an unusable-response error', async () => {
    const client = await h.client();
    await h.control('POST', 'faults', {
      path: '/v2/accounts/me/powerlistings/listings',
      status: 200,
      body: { meta: { errors: [] }, response: { count: 5 } },
    });
    const error = await rejection(listListings(client));
    expect(error.kind).toBe('unusable-response');
    expect(error.message).toContain('response.listings');
  });

  it('a non-JSON error page from a proxy is an http error with its status', async () => {
    const client = await h.client({ config: { retry: { ...FAST_RETRY, retries: 0 } } });
    await h.control('POST', 'faults', { path: '/v2/', status: 502, body: '<html>Bad gateway</html>' });
    expect(await rejection(listRoles(client))).toMatchObject({ kind: 'http', status: 502, errors: [] });
  });
});

describe('cancellation and transport', () => {
  it('aborting a slow call rejects at once with aborted and sends nothing more', async () => {
    const client = await h.client();
    await h.control('POST', 'latency', { ms: 1500 });
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 50);
    const error = await rejection(listPublishers(client, { signal: controller.signal }));
    expect(error).toMatchObject({ kind: 'aborted', operation: 'listPublishers' });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await h.requests()).toHaveLength(1);
  });

  it('a server that is not there is a network error after the retries, with no address in it', async () => {
    const token = await h.mintToken();
    const client = new ApiClient({
      baseUrl: 'http://127.0.0.1:9',
      apiKey: h.sandbox.apiKey,
      accessToken: token,
      retry: FAST_RETRY,
    });
    const error = await rejection(listRoles(client));
    expect(error.kind).toBe('network');
    // Not ':9': the stack's own frames (node:internal/timers:518:9) hold that under load.
    expectNothingLeaks(error, [token, h.sandbox.apiKey, '127.0.0.1:9', 'ECONNREFUSED']);
  });

  it('a timeout is its own kind', async () => {
    const client = await h.client({ config: { timeoutMs: 100, retry: { ...FAST_RETRY, retries: 1 } } });
    await h.control('POST', 'latency', { ms: 400 });
    const error = await rejection(listRoles(client));
    expect(error.kind).toBe('timeout');
    expect(await h.requests()).toHaveLength(2);
  });

  it('an error crosses structured cloning and comes back whole', async () => {
    const client = await h.client();
    const error = await rejection(getUser(client, 'me', 'nobody'));
    const revived = apiErrorFromJSON(structuredClone(error.toJSON()));
    expect(revived).toMatchObject({
      kind: 'http',
      status: 404,
      operation: 'getUser',
      uuid: error.uuid,
      message: error.message,
    });
    expect(revived.errors).toEqual(error.errors);
  });
});
