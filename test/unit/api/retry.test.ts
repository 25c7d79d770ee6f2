// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClient, type ApiConfig } from '../../../lib/api/client.ts';
import { exchangeCode } from '../../../lib/api/oauth.ts';
import { listRoles } from '../../../lib/api/roles.ts';
import { createUser, getUser } from '../../../lib/api/users.ts';
import { rejection } from '../../support/api-rejection.ts';
import { envelope, failure, fakeFetch, type Step } from './fake-fetch.ts';

function clientWith(steps: Step[], config: Partial<ApiConfig> = {}) {
  const fake = fakeFetch(...steps);
  const client = new ApiClient({ baseUrl: 'https://api.example.test', apiKey: 'k', fetch: fake.fetch, ...config });
  return { client, requests: fake.requests };
}

/** Headers arrive, then the connection drops while the body is read. */
const brokenBody = (status: number) => () =>
  new Response(
    new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"meta":{"errors":[]},"resp'));
        controller.error(new TypeError('terminated'));
      },
    }),
    { status, headers: { 'content-type': 'application/json' } },
  );

const newUser = { firstName: 'A', lastName: 'B', emailAddress: 'a@b.c' };
const noWait = { backoffMs: [0], jitter: 0 };

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('an answer whose body cannot be read', () => {
  it('never re-sends a create', async () => {
    const { client, requests } = clientWith([brokenBody(201), envelope({ id: 'u2' }, [], 201)], { retry: noWait });
    const error = await rejection(createUser(client, 'me', newUser));
    expect(error).toMatchObject({ kind: 'network', status: 201 });
    expect(error.message).toContain('connection lost while reading the response');
    expect(requests).toHaveLength(1);
  });

  it('never re-sends the OAuth code', async () => {
    const fake = fakeFetch(brokenBody(200), new Response('{"access_token":"t"}'));
    const config = { baseUrl: 'https://api.example.test', apiKey: 'k', clientId: 'c', fetch: fake.fetch };
    const error = await rejection(exchangeCode({ ...config, retry: noWait }, { code: 'C', redirectUri: 'https://r' }));
    expect(error).toMatchObject({ kind: 'network', status: 200 });
    expect(fake.requests).toHaveLength(1);
  });
});

describe('retry policy (ky retry options)', () => {
  it('backs off about 250 ms, 1 s and 4 s by default, so a short outage is outlasted', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.spyOn(Math, 'random').mockReturnValue(0.5); // jitter ±0
    const sentAt: number[] = [];
    const { client } = clientWith([
      (() => {
        sentAt.push(Date.now());
        return failure(503, 1, 'busy');
      }) as Step,
    ]);
    const pending = rejection(listRoles(client));
    for (let i = 0; i < 100 && sentAt.length < 4; i++) await vi.advanceTimersByTimeAsync(250);
    const error = await pending;
    expect(error).toMatchObject({ kind: 'http', status: 503 });
    expect(sentAt.slice(1).map((t, i) => t - sentAt[i]!)).toEqual([250, 1000, 4000]);
  });

  it('keeps each jittered step within ±25 %', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const sentAt: number[] = [];
    const { client } = clientWith([
      (() => {
        sentAt.push(Date.now());
        return failure(502, 1, 'bad gateway');
      }) as Step,
    ]);
    for (const random of [0, 0.999]) {
      sentAt.length = 0;
      vi.spyOn(Math, 'random').mockReturnValue(random);
      const pending = rejection(listRoles(client));
      for (let i = 0; i < 200 && sentAt.length < 4; i++) await vi.advanceTimersByTimeAsync(100);
      await pending;
      const gaps = sentAt.slice(1).map((t, i) => t - sentAt[i]!);
      [250, 1000, 4000].forEach((step, i) => {
        expect(gaps[i]).toBeGreaterThanOrEqual(step * 0.75 - 100);
        expect(gaps[i]).toBeLessThanOrEqual(step * 1.25 + 100);
      });
    }
  });

  it('keeps to its backoff steps when a 503 carries Retry-After', async () => {
    const { client, requests } = clientWith(
      [failure(503, 1, 'busy', { 'Retry-After': '3600' }), envelope({ count: 0, roles: [] })],
      { retry: noWait },
    );
    const started = Date.now();
    expect((await listRoles(client)).status).toBe(200);
    expect(requests).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('retries a 408 like a 5xx', async () => {
    const { client, requests } = clientWith([failure(408, 1, 'slow'), envelope({ count: 0, roles: [] })], {
      retry: noWait,
    });
    expect((await listRoles(client)).status).toBe(200);
    expect(requests).toHaveLength(2);
  });

  it('does not wait for a rate-limit reset on a create: the service answered', async () => {
    const reset = String(Math.ceil(Date.now() / 1000));
    const { client, requests } = clientWith([failure(429, 429, 'quota', { 'Rate-Limit-Reset': reset })]);
    expect((await rejection(createUser(client, 'me', newUser))).status).toBe(429);
    expect(requests).toHaveLength(1);
  });

  it('after a rate-limit wait still has every backoff retry', async () => {
    const reset = String(Math.floor(Date.now() / 1000));
    const { client, requests } = clientWith(
      [failure(429, 429, 'quota', { 'Rate-Limit-Reset': reset }), failure(503, 1, 'busy')],
      { retry: noWait },
    );
    expect((await rejection(getUser(client, 'me', 'u1'))).status).toBe(503);
    expect(requests).toHaveLength(5);
  });

  it('re-sends a GET after a transport error of an unknown kind', async () => {
    const { client, requests } = clientWith([new Error('socket hang up'), envelope({ count: 0, roles: [] })], {
      retry: noWait,
    });
    expect((await listRoles(client)).status).toBe(200);
    expect(requests).toHaveLength(2);
  });
});
