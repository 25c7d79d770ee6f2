// @vitest-environment node
// The client runs in the worker, whose fetch and Request are the platform's: happy-dom's Request drops `cache`.
import { describe, expect, it, vi } from 'vitest';
import { ApiClient, type ApiConfig } from '../../../lib/api/client.ts';
import { API_VERSION } from '../../../lib/api/config.ts';
import { listListings, optIn } from '../../../lib/api/listings.ts';
import { listPublishers } from '../../../lib/api/publishers.ts';
import { listRoles } from '../../../lib/api/roles.ts';
import { createUser, deleteUser, getUser, setUserPassword } from '../../../lib/api/users.ts';
import { rejection } from '../../support/api-rejection.ts';
import { envelope, failure, fakeFetch, type Step, transportError } from './fake-fetch.ts';

const API_KEY = 'key-SECRET-123';
const TOKEN = 'tok-SECRET-456';
const fastRetry = { backoffMs: [0, 0, 0], jitter: 0 };

function clientWith(steps: Step[], config: Partial<ApiConfig> = {}) {
  const fake = fakeFetch(...steps);
  const client = new ApiClient({
    baseUrl: 'https://api.example.test',
    apiKey: API_KEY,
    accessToken: TOKEN,
    fetch: fake.fetch,
    retry: fastRetry,
    ...config,
  });
  return { client, requests: fake.requests, bodies: fake.bodies };
}

describe('requests', () => {
  it('carries api_key, the pinned v and access_token as query parameters, under /v2 and the listings prefix', async () => {
    const { client, requests } = clientWith([envelope([])]);
    await listPublishers(client);
    const url = new URL(requests[0]!.url);
    expect(url.origin + url.pathname).toBe('https://api.example.test/v2/accounts/me/powerlistings/publishers');
    expect(url.searchParams.get('api_key')).toBe(API_KEY);
    expect(url.searchParams.get('v')).toBe(API_VERSION);
    expect(url.searchParams.get('access_token')).toBe(TOKEN);
    expect(requests[0]!.headers.get('authorization')).toBeNull();
  });

  it('keeps a path on the base URL and writes list parameters as [a,b]', async () => {
    const { client, requests } = clientWith([envelope({ count: 0, listings: [] })], {
      baseUrl: 'https://proxy.example.test/yext/',
    });
    await listListings(client, { publisherIds: ['GOOGLE', 'BING'], locationIds: ['L1'], limit: 100, offset: 200 });
    const url = new URL(requests[0]!.url);
    expect(url.pathname).toBe('/yext/v2/accounts/me/powerlistings/listings');
    expect(url.searchParams.get('publisherIds')).toBe('[GOOGLE,BING]');
    expect(url.searchParams.get('locationIds')).toBe('[L1]');
    expect(url.searchParams.get('limit')).toBe('100');
    expect(url.searchParams.get('offset')).toBe('200');
    expect(url.searchParams.has('statuses')).toBe(false);
  });

  it('uses a configured version and account id, and sends opt-in lists in the query', async () => {
    const { client, requests } = clientWith([envelope({})], { version: '20250101', accessToken: undefined });
    await optIn(client, { locationIds: ['a', 'b'], publisherIds: ['P'] });
    const url = new URL(requests[0]!.url);
    expect(requests[0]!.method).toBe('PUT');
    expect(url.pathname).toBe('/v2/accounts/me/powerlistings/listings/optin');
    expect(url.searchParams.get('v')).toBe('20250101');
    expect(url.searchParams.has('access_token')).toBe(false);
    expect(url.searchParams.get('locationIds')).toBe('[a,b]');
  });

  it('writes the query and the credentials byte for byte as a form (URLSearchParams) writes them', async () => {
    // Every ASCII character alone (as a name and as a value), then text around it and a lone surrogate.
    const characters = [...Array.from({ length: 128 }, (_, code) => String.fromCharCode(code)), 'é', '\uD800'];
    const query: Record<string, string | string[]> = {};
    for (const [i, character] of characters.entries()) {
      query[`v${i}`] = character;
      query[character] = `a${character}b`;
    }
    query.list = ['a b', 'c&d'];
    const { client, requests } = clientWith([envelope({})], { apiKey: 'k y+&=é' });
    await client.request({ operation: 'test', method: 'GET', path: 'v2/test', query });
    const expected = new URLSearchParams({ ...query, list: '[a b,c&d]' });
    expected.append('api_key', 'k y+&=é');
    expected.append('v', API_VERSION);
    expected.append('access_token', TOKEN);
    expect(new URL(requests[0]!.url).search).toBe(`?${expected}`);
  });

  it('asks the browser not to store any request or answer: the token travels in the URL', async () => {
    const { client, requests } = clientWith([envelope([]), envelope({ id: 'u1' }, [], 201)]);
    await listPublishers(client);
    await createUser(client, 'me', { firstName: 'A', lastName: 'B', emailAddress: 'a@b.c' });
    expect(requests.map((request) => request.cache)).toEqual(['no-store', 'no-store']);
  });

  it('encodes account and user ids as single path segments', async () => {
    const { client, requests } = clientWith([envelope({ id: 'u 1' })]);
    await getUser(client, '1001', 'u 1');
    expect(new URL(requests[0]!.url).pathname).toBe('/v2/accounts/1001/users/u%201');
  });
});

describe('envelope', () => {
  it('unwraps response and returns warnings, uuid, status and rate-limit headers beside the data', async () => {
    const warning = { code: 5000, type: 'WARNING', message: 'partial data' };
    const nonFatal = { code: 5001, type: 'NON_FATAL_ERROR', message: 'one item skipped' };
    const { client } = clientWith([
      envelope({ count: 1, roles: [{ id: 7, name: 'Admin' }] }, [warning, nonFatal], 200, {
        'Rate-Limit-Limit': '5000',
        'Rate-Limit-Remaining': '4999',
        'Rate-Limit-Reset': '1900000000',
      }),
    ]);
    const result = await listRoles(client);
    expect(result.data).toEqual({ count: 1, roles: [{ id: '7', name: 'Admin' }] });
    expect(result.warnings).toEqual([warning, nonFatal]);
    expect(result.uuid).toBe('uuid-1');
    expect(result.status).toBe(200);
    expect(result.rateLimit).toEqual({ limit: 5000, remaining: 4999, reset: 1900000000 });
  });

  it('maps a non-2xx answer to an http ApiError with every message, the uuid and the operation', async () => {
    const { client } = clientWith([
      envelope(
        {},
        [
          { code: 2000, type: 'FATAL_ERROR', message: 'Invalid api key', name: 'INVALID_KEY' },
          { code: 2001, type: 'WARNING', message: 'also this' },
        ],
        401,
        { 'Rate-Limit-Remaining': '10' },
      ),
    ]);
    const error = await rejection(listRoles(client));
    expect(error).toMatchObject({ kind: 'http', status: 401, operation: 'listRoles', uuid: 'uuid-1' });
    expect(error.errors).toEqual([
      { code: 2000, type: 'FATAL_ERROR', message: 'Invalid api key', name: 'INVALID_KEY' },
      { code: 2001, type: 'WARNING', message: 'also this' },
    ]);
    expect(error.rateLimit).toEqual({ remaining: 10 });
    expect(error.message).toBe('listRoles: HTTP 401 — 2000 Invalid api key; 2001 also this');
  });

  it('treats a FATAL_ERROR in meta.errors of a 200 as an error', async () => {
    const { client, requests } = clientWith([
      envelope({ count: 0, roles: [] }, [{ code: 9, type: 'FATAL_ERROR', message: 'nope' }]),
    ]);
    const error = await rejection(listRoles(client));
    expect(error).toMatchObject({ kind: 'http', status: 200, errors: [{ code: 9, message: 'nope' }] });
    expect(requests).toHaveLength(1);
  });

  it('accepts an empty body or an empty response for calls that answer with nothing', async () => {
    const { client } = clientWith([new Response('', { status: 200 }), envelope({})]);
    expect((await deleteUser(client, 'me', 'u1')).data).toBeUndefined();
    expect((await setUserPassword(client, 'me', 'u1', 'pw')).data).toBeUndefined();
  });

  it.each([
    ['a body that is not JSON', new Response('<html>oops</html>', { status: 200 }), 'not JSON'],
    ['listings that are not an array', envelope({ count: 3, listings: 'many' }), 'response.listings'],
    ['listings without a count', envelope({ listings: [] }), 'response.count'],
  ])('turns %s into an unusable-response ApiError', async (_name, response, mentions) => {
    const { client, requests } = clientWith([response]);
    const error = await rejection(listListings(client));
    expect(error.kind).toBe('unusable-response');
    expect(error.operation).toBe('listListings');
    expect(error.message).toContain(mentions);
    expect(requests).toHaveLength(1);
  });

  it('reads a non-JSON error body as an http error with its status', async () => {
    const { client } = clientWith([new Response('Bad Gateway', { status: 502 })], { retry: { retries: 0 } });
    expect(await rejection(listRoles(client))).toMatchObject({ kind: 'http', status: 502, errors: [] });
  });
});

describe('errors never leak a URL or a credential', () => {
  it('for service messages that echo them', async () => {
    const { client } = clientWith([
      failure(400, 2001, `bad key ${API_KEY} at https://api.example.test/v2?api_key=${API_KEY}&access_token=${TOKEN}`),
    ]);
    const error = await rejection(listRoles(client));
    const text = `${error.message} ${JSON.stringify(error)} ${error.stack}`;
    for (const secret of [API_KEY, TOKEN, 'https://', 'api.example.test']) expect(text).not.toContain(secret);
    expect(error.errors[0]?.message).toContain('bad key ***');
  });

  it('for network errors, whose fetch and ky messages name the URL', async () => {
    const leaky = new TypeError(`fetch failed for https://api.example.test/?api_key=${API_KEY}`);
    const { client } = clientWith([leaky, transportError()], { retry: { retries: 1, backoffMs: [0] } });
    const error = await rejection(listRoles(client));
    expect(error.kind).toBe('network');
    const text = `${error.message} ${JSON.stringify(error)} ${error.stack} ${String(error.cause)}`;
    for (const secret of [API_KEY, TOKEN, 'https://']) expect(text).not.toContain(secret);
  });

  it('for timeouts', async () => {
    const never = () => new Promise<Response>(() => {});
    const { client } = clientWith([never], { timeoutMs: 20, retry: { retries: 0 } });
    const error = await rejection(listRoles(client));
    expect(error.kind).toBe('timeout');
    expect(JSON.stringify(error)).not.toContain(TOKEN);
    expect(error.message).not.toContain('http');
  });
});

describe('retry policy', () => {
  it('retries a 5xx three times, then fails with the last answer', async () => {
    const { client, requests } = clientWith([failure(503, 1, 'busy')]);
    const error = await rejection(listRoles(client));
    expect(error).toMatchObject({ kind: 'http', status: 503 });
    expect(requests).toHaveLength(4);
  });

  it('succeeds when a 5xx clears up', async () => {
    const { client, requests } = clientWith([
      failure(500, 1, 'x'),
      failure(504, 1, 'y'),
      envelope({ count: 0, roles: [] }),
    ]);
    expect((await listRoles(client)).data.count).toBe(0);
    expect(requests).toHaveLength(3);
  });

  it('retries transport errors three times', async () => {
    const { client, requests } = clientWith([transportError()]);
    expect((await rejection(listRoles(client))).kind).toBe('network');
    expect(requests).toHaveLength(4);
  });

  it.each([400, 401, 403, 404, 409])('never retries a %i', async (status) => {
    const { client, requests } = clientWith([failure(status, 1, 'no')]);
    expect((await rejection(listRoles(client))).status).toBe(status);
    expect(requests).toHaveLength(1);
  });

  it('waits the backoff steps, with jitter inside ±50 %', async () => {
    const sentAt: number[] = [];
    const { client } = clientWith(
      [
        (() => {
          sentAt.push(Date.now());
          return failure(500, 1, 'x');
        }) as Step,
      ],
      { retry: { retries: 2, backoffMs: [60, 200], jitter: 0.5 } },
    );
    // The waits asked for, not the time they took: a busy machine stretches the latter (541 ms for 200 ± 50 %).
    const asked: number[] = [];
    const realSetTimeout = globalThis.setTimeout;
    const timers = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((
      run: () => void,
      ms?: number,
      ...args: unknown[]
    ) => {
      if (typeof ms === 'number' && ms > 0 && ms < 10_000) asked.push(ms);
      return realSetTimeout(run, ms, ...args);
    }) as typeof setTimeout);
    try {
      await rejection(listRoles(client));
    } finally {
      timers.mockRestore();
    }
    expect(sentAt).toHaveLength(3);
    expect(asked).toHaveLength(2);
    expect(asked[0]).toBeGreaterThanOrEqual(30);
    expect(asked[0]).toBeLessThanOrEqual(90);
    expect(asked[1]).toBeGreaterThanOrEqual(100);
    expect(asked[1]).toBeLessThanOrEqual(300);
    // A timer never fires early, so the waits really happened.
    expect(sentAt[1]! - sentAt[0]!).toBeGreaterThanOrEqual(28);
    expect(sentAt[2]! - sentAt[1]!).toBeGreaterThanOrEqual(98);
  });

  it('waits once until Rate-Limit-Reset after a 429, then retries', async () => {
    const reset = Math.ceil(Date.now() / 1000) + 1;
    const { client, requests } = clientWith([
      failure(429, 429, 'quota', { 'Rate-Limit-Reset': String(reset) }),
      envelope({ count: 0, roles: [] }),
    ]);
    const result = await listRoles(client);
    expect(result.status).toBe(200);
    expect(requests).toHaveLength(2);
    expect(Date.now()).toBeGreaterThanOrEqual(reset * 1000 - 5);
  });

  it('waits for a 429 only once', async () => {
    const reset = Math.floor(Date.now() / 1000);
    const { client, requests } = clientWith([failure(429, 429, 'quota', { 'Rate-Limit-Reset': String(reset) })]);
    expect((await rejection(listRoles(client))).status).toBe(429);
    expect(requests).toHaveLength(2);
  });

  it('fails at once with the 429 when the reset is further away than the cap', async () => {
    const reset = Math.floor(Date.now() / 1000) + 3600;
    const { client, requests } = clientWith([failure(429, 429, 'quota', { 'Rate-Limit-Reset': String(reset) })], {
      retry: { maxRateLimitWaitMs: 60_000 },
    });
    const started = Date.now();
    const error = await rejection(listRoles(client));
    expect(error).toMatchObject({ kind: 'http', status: 429, rateLimit: { reset } });
    expect(requests).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('never re-sends a create once the service answered, even a 5xx', async () => {
    const { client, requests } = clientWith([failure(500, 1, 'boom')]);
    const error = await rejection(
      createUser(client, 'me', { id: 'u1', firstName: 'A', lastName: 'B', emailAddress: 'a@b.c' }),
    );
    expect(error.status).toBe(500);
    expect(requests).toHaveLength(1);
  });

  it('re-sends a create after a transport error (no response arrived)', async () => {
    const { client, requests, bodies } = clientWith([transportError(), envelope({ id: 'u1' }, [], 201)]);
    const result = await createUser(client, 'me', { id: 'u1', firstName: 'A', lastName: 'B', emailAddress: 'a@b.c' });
    expect(result).toMatchObject({ status: 201, data: { id: 'u1' } });
    expect(requests).toHaveLength(2);
    expect(JSON.parse(bodies[1]!)).toEqual({ id: 'u1', firstName: 'A', lastName: 'B', emailAddress: 'a@b.c' });
  });

  it('does not re-send a create after a timeout: the service may be working on it', async () => {
    const never = () => new Promise<Response>(() => {});
    const { client, requests } = clientWith([never], { timeoutMs: 20 });
    const error = await rejection(createUser(client, 'me', { firstName: 'A', lastName: 'B', emailAddress: 'a@b.c' }));
    expect(error.kind).toBe('timeout');
    expect(requests).toHaveLength(1);
  });
});

describe('cancellation', () => {
  it('rejects an already aborted call without sending it', async () => {
    const { client, requests } = clientWith([envelope([])]);
    const error = await rejection(listPublishers(client, { signal: AbortSignal.abort() }));
    expect(error).toMatchObject({ kind: 'aborted', operation: 'listPublishers' });
    expect(requests).toHaveLength(0);
  });

  it('aborts a call in flight and does not retry it', async () => {
    const controller = new AbortController();
    const hanging = (request: Request) =>
      new Promise<Response>((_resolve, reject) => {
        request.signal.addEventListener('abort', () => reject(request.signal.reason));
      });
    const { client, requests } = clientWith([hanging]);
    const pending = listPublishers(client, { signal: controller.signal });
    setTimeout(() => controller.abort(), 10);
    expect((await rejection(pending)).kind).toBe('aborted');
    expect(requests).toHaveLength(1);
  });

  it('aborts while waiting for a backoff step', async () => {
    const controller = new AbortController();
    const { client, requests } = clientWith([failure(503, 1, 'busy')], { retry: { backoffMs: [10_000], jitter: 0 } });
    const pending = listRoles(client, 'me', { signal: controller.signal });
    setTimeout(() => controller.abort(), 30);
    const started = Date.now();
    expect((await rejection(pending)).kind).toBe('aborted');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(requests).toHaveLength(1);
  });

  it('aborts while waiting for a rate-limit reset', async () => {
    const controller = new AbortController();
    const reset = Math.floor(Date.now() / 1000) + 30;
    const { client } = clientWith([failure(429, 429, 'quota', { 'Rate-Limit-Reset': String(reset) })]);
    const pending = listRoles(client, 'me', { signal: controller.signal });
    setTimeout(() => controller.abort(), 30);
    expect((await rejection(pending)).kind).toBe('aborted');
  });
});
