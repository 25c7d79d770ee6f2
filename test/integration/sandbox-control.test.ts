import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../sandbox/server.ts';
import {
  call,
  control,
  expectErrorEnvelope,
  LISTINGS,
  mint,
  PUBLISHERS,
  raw,
  resetSandbox,
  SUGGESTIONS,
  state,
  useSandbox,
} from './sandbox-http.ts';

const ctx = useSandbox();
let token: string;

beforeEach(async () => {
  await resetSandbox(ctx.sb);
  token = await mint(ctx.sb);
});

describe('sandbox control: tokens', () => {
  it('mints, lists and revokes tokens', async () => {
    const minted = await control<Record<string, string>>(ctx.sb, 'POST', '/tokens', { accountId: '1002' });
    expect(minted).toMatchObject({
      accountId: '1002',
      accountName: 'Summit Outdoor Supply',
      appSpecificAccountId: 'app-1002',
    });
    const listed = await control<{
      tokens: { access_token: string; accountId: string; revoked: boolean; issuedAt: string }[];
    }>(ctx.sb, 'GET', '/tokens');
    const entry = listed.tokens.find((t) => t.access_token === minted.access_token);
    expect(entry).toMatchObject({ accountId: '1002', revoked: false });
    expect(Number.isNaN(Date.parse(entry?.issuedAt ?? ''))).toBe(false);
    await control(ctx.sb, 'POST', '/tokens/revoke', { access_token: minted.access_token });
    const after = await control<{ tokens: { access_token: string; revoked: boolean }[] }>(ctx.sb, 'GET', '/tokens');
    expect(after.tokens.find((t) => t.access_token === minted.access_token)?.revoked).toBe(true);
    const defaulted = await control<{ accountId: string }>(ctx.sb, 'POST', '/tokens', {});
    expect(defaulted.accountId).toBe('1001');
  });
});

describe('sandbox control: injected behaviour', () => {
  it('adds latency to /v2 calls', async () => {
    await control(ctx.sb, 'POST', '/latency', { ms: 250 });
    const started = performance.now();
    expect((await call(ctx.sb, 'GET', PUBLISHERS, { token })).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(240);
    await control(ctx.sb, 'POST', '/latency', { ms: 0 });
  });

  it('injects faults on matching method and path prefix, count times', async () => {
    await control(ctx.sb, 'POST', '/faults', { method: 'GET', path: LISTINGS, status: 503, count: 2 });
    // Other paths and methods are not affected.
    expect((await call(ctx.sb, 'GET', PUBLISHERS, { token })).status).toBe(200);
    expect(
      (
        await call(ctx.sb, 'PUT', `${LISTINGS}/optin`, {
          token,
          query: { locationIds: 'HB-001', publisherIds: 'BING' },
        })
      ).status,
    ).toBe(200);
    expectErrorEnvelope(await call(ctx.sb, 'GET', LISTINGS, { token }), 503);
    expectErrorEnvelope(await call(ctx.sb, 'GET', `${LISTINGS}?limit=5`, { token }), 503);
    expect((await call(ctx.sb, 'GET', LISTINGS, { token })).status).toBe(200);

    await control(ctx.sb, 'POST', '/faults', { path: '/v2/', status: 500, count: 1, body: { custom: true } });
    const custom = await call(ctx.sb, 'GET', PUBLISHERS, { token });
    expect(custom.status).toBe(500);
    expect(custom.body).toEqual({ custom: true });
  });

  it('answers 429 with Rate-Limit-Reset = now + resetInSeconds, then recovers', async () => {
    await control(ctx.sb, 'POST', '/rate-limit', { count: 2, resetInSeconds: 30 });
    const now = Math.floor(Date.now() / 1000);
    const limited = await call(ctx.sb, 'GET', PUBLISHERS, { token });
    expectErrorEnvelope(limited, 429);
    const reset = Number(limited.headers.get('rate-limit-reset'));
    expect(reset).toBeGreaterThanOrEqual(now + 29);
    expect(reset).toBeLessThanOrEqual(now + 32);
    expect(limited.headers.get('rate-limit-remaining')).toBe('0');
    expect((await call(ctx.sb, 'GET', LISTINGS, { token })).status).toBe(429);
    expect((await call(ctx.sb, 'GET', PUBLISHERS, { token })).status).toBe(200);
  });

  it('lets another app on the same API key spend the quota behind the client’s back, up to the 429', async () => {
    const first = await call(ctx.sb, 'GET', PUBLISHERS, { token });
    const left = Number(first.headers.get('rate-limit-remaining'));
    await control(ctx.sb, 'DELETE', '/requests');
    const spent = await control<{ remaining: number }>(ctx.sb, 'POST', '/another-app', { requests: left });
    expect(spent.remaining).toBe(0);
    // None of it is in this client's log; its next request meets the spent quota.
    expect((await control<{ requests: unknown[] }>(ctx.sb, 'GET', '/requests')).requests).toEqual([]);
    const refused = await call(ctx.sb, 'GET', PUBLISHERS, { token });
    expectErrorEnvelope(refused, 429);
    expect(refused.headers.get('rate-limit-remaining')).toBe('0');
  });

  it('says when each logged call came and was answered, when asked (?times=1)', async () => {
    await control(ctx.sb, 'DELETE', '/requests');
    const before = Date.now();
    await control(ctx.sb, 'POST', '/latency', { ms: 50 });
    await call(ctx.sb, 'GET', PUBLISHERS, { token });
    await control(ctx.sb, 'POST', '/latency', { ms: 0 });
    type Timed = { path: string; arrivedMs: number; answeredMs: number };
    const [timed] = (await control<{ requests: Timed[] }>(ctx.sb, 'GET', '/requests?times=1')).requests;
    expect(timed!.arrivedMs).toBeGreaterThanOrEqual(before);
    expect(timed!.answeredMs - timed!.arrivedMs).toBeGreaterThanOrEqual(45);
    // Without the flag the log keeps its shape.
    const [plain] = (await control<{ requests: object[] }>(ctx.sb, 'GET', '/requests')).requests;
    expect(Object.keys(plain!)).not.toContain('arrivedMs');
  });

  it('answers 200 with a body that is not JSON when asked', async () => {
    await control(ctx.sb, 'POST', '/malformed', { method: 'GET', path: SUGGESTIONS });
    const bad = await call(ctx.sb, 'GET', SUGGESTIONS, { token });
    expect(bad.status).toBe(200);
    expect(() => JSON.parse(bad.text)).toThrow();
    const good = await call(ctx.sb, 'GET', SUGGESTIONS, { token });
    expect(() => JSON.parse(good.text)).not.toThrow();
  });

  it('cuts an answer off half way: the call takes effect, the status line and half the body arrive, then the connection drops (issue 31)', async () => {
    const target = (await state(ctx.sb)).suggestions.find(
      (s) => s.accountId === '1001' && s.status === 'WAITING_ON_CUSTOMER',
    )!;
    await control(ctx.sb, 'POST', '/cut-off', { method: 'PUT', path: SUGGESTIONS });
    const url = new URL(`${SUGGESTIONS}/${target.id}`, ctx.sb.apiUrl);
    for (const [key, value] of Object.entries({
      api_key: ctx.sb.apiKey,
      v: '20240101',
      access_token: token,
      status: 'ACCEPTED',
    }))
      url.searchParams.set(key, value);
    const answer = await fetch(url, { method: 'PUT' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('rate-limit-limit')).not.toBeNull();
    const reader = answer.body!.getReader();
    const received: number[] = [];
    const failure = await (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return undefined;
        received.push(...value);
      }
    })().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(new TextDecoder().decode(new Uint8Array(received))).toMatch(/^\{"meta":/);
    expect((await state(ctx.sb)).suggestions.find((s) => s.id === target.id)?.status).toBe('ACCEPTED');
    // Once: the next call is answered whole, and a faults reset drops pending cut-offs.
    await control(ctx.sb, 'POST', '/cut-off', { path: PUBLISHERS, count: 2 });
    await control(ctx.sb, 'DELETE', '/faults');
    expect((await call(ctx.sb, 'GET', PUBLISHERS, { token })).status).toBe(200);
  });

  it('logs /v2 and /oauth2 calls without their query strings, and clears the log', async () => {
    await fetch(`${ctx.sb.apiUrl}/__sandbox/requests`, { method: 'DELETE' });
    await call(ctx.sb, 'GET', PUBLISHERS, { token });
    await call(ctx.sb, 'GET', LISTINGS, { token, query: { limit: 5 } });
    await raw(`${ctx.sb.apiUrl}/oauth2/accesstoken`, { method: 'POST' });
    await control(ctx.sb, 'GET', '/state');
    const log = await control<{ count: number; requests: { method: string; path: string }[] }>(
      ctx.sb,
      'GET',
      '/requests',
    );
    expect(log.count).toBe(3);
    expect(log.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET ${PUBLISHERS}`,
      `GET ${LISTINGS}`,
      'POST /oauth2/accesstoken',
    ]);
    expect(JSON.stringify(log)).not.toContain(token);
    await fetch(`${ctx.sb.apiUrl}/__sandbox/requests`, { method: 'DELETE' });
    expect((await control<{ count: number }>(ctx.sb, 'GET', '/requests')).count).toBe(0);
  });

  it('says which calls are still in flight and how long the API has been quiet, through a clear and a reset', async () => {
    type Activity = { inFlight: number; quietForMs: number; logged: number };
    const activity = () => control<Activity>(ctx.sb, 'GET', '/requests/activity');
    await control(ctx.sb, 'POST', '/latency', { ms: 400 });
    const slow = call(ctx.sb, 'GET', PUBLISHERS, { token });
    await expect.poll(async () => (await activity()).inFlight).toBe(1);
    expect(await activity()).toMatchObject({ inFlight: 1, quietForMs: 0, logged: 1 });
    // A cleared log or a reset does not forget a call still being answered: its answer lands after them.
    await fetch(`${ctx.sb.apiUrl}/__sandbox/requests`, { method: 'DELETE' });
    await control(ctx.sb, 'POST', '/reset', {});
    expect(await activity()).toMatchObject({ inFlight: 1, quietForMs: 0, logged: 0 });
    await slow; // answered 401: the reset dropped its token
    expect((await activity()).inFlight).toBe(0);
    // Control calls are not the client's traffic: reading the activity keeps it quiet, and the quiet grows
    // until a call comes.
    await expect.poll(async () => (await activity()).quietForMs).toBeGreaterThan(300);
    await raw(`${ctx.sb.apiUrl}/oauth2/accesstoken`, { method: 'POST' });
    expect((await activity()).quietForMs).toBeLessThan(300);
  });
});

describe('sandbox control: bad bodies', () => {
  const badBodies: [path: string, body: string, error: string][] = [
    ['/reset', '{"hostile":"yes"}', 'hostile must be true or false'],
    ['/reset', '{"locationsPerAccount":0}', 'locationsPerAccount must be a positive number'],
    ['/reset', '[1]', 'body must be a JSON object'],
    ['/reset', '{"hostile":', 'body must be a JSON object'],
    ['/tokens', '{"accountId":true}', 'accountId must be a string'],
    ['/tokens', '{"accountId":"9999"}', 'unknown accountId: 9999'],
    ['/tokens/revoke', '{}', 'access_token must be a string'],
    ['/latency', '{"ms":-1}', 'ms must be a number >= 0'],
    ['/faults', '{"status":503}', 'path must be a string starting with /'],
    ['/faults', '{"path":"/v2/","status":99}', 'status must be an HTTP status (200-599)'],
    ['/faults', '{"path":"/v2/","status":503,"count":0}', 'count must be a positive integer'],
    ['/faults', '{"path":"/v2/","status":503,"method":5}', 'method must be a string'],
    ['/rate-limit', '{}', 'resetInSeconds must be a number >= 0'],
    ['/rate-limit', '{"resetInSeconds":5,"count":1.5}', 'count must be a positive integer'],
    ['/another-app', '{"requests":0}', 'requests must be a whole number ≥ 1'],
    ['/malformed', '{"path":"v2/"}', 'path must be a string starting with /'],
    ['/cut-off', '{"path":"v2/"}', 'path must be a string starting with /'],
    ['/sub-accounts', '{"count":0}', 'count must be a whole number from 1 to 5000'],
    ['/addrequests/880001/resolve', '{"status":"DONE"}', 'status must be COMPLETED or CANCELED'],
    ['/clock', '{"advanceDays":"3"}', 'advanceDays must be a number'],
    ['/clock', '{"advanceMs":null}', 'advanceMs must be a number'],
  ];

  it.each(badBodies)('POST %s %s answers 400 naming what is wrong', async (path, body, error) => {
    const r = await raw(`${ctx.sb.apiUrl}/__sandbox${path}`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    });
    expect({ status: r.status, body: r.body }).toEqual({ status: 400, body: { error } });
  });

  it('changes nothing on a bad body', async () => {
    const before = await control<{ offsetMs: number }>(ctx.sb, 'GET', '/clock');
    await raw(`${ctx.sb.apiUrl}/__sandbox/clock`, { method: 'POST', body: '{"advanceDays":1,"advanceMs":"x"}' });
    await raw(`${ctx.sb.apiUrl}/__sandbox/faults`, { method: 'POST', body: '{"path":"/v2/","status":503,"count":0}' });
    expect((await control<{ offsetMs: number }>(ctx.sb, 'GET', '/clock')).offsetMs).toBe(before.offsetMs);
    expect((await call(ctx.sb, 'GET', PUBLISHERS, { token })).status).toBe(200);
  });

  it('answers unknown control endpoints and wrong methods in its own error shape', async () => {
    const unknown = await raw(`${ctx.sb.apiUrl}/__sandbox/nope`, { method: 'POST', body: '{}' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'Unknown endpoint: POST /__sandbox/nope' });
    const wrongMethod = await raw(`${ctx.sb.apiUrl}/__sandbox/reset`);
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('POST');
    expect(wrongMethod.body).toEqual({ error: 'Method GET not allowed on /__sandbox/reset' });
  });
});

describe('sandbox control: state, reset and seed', () => {
  it('resets to the seed, dropping changes and tokens', async () => {
    const before = await state(ctx.sb);
    const target = before.suggestions.find((s) => s.accountId === '1001' && s.status === 'WAITING_ON_CUSTOMER');
    await call(ctx.sb, 'PUT', `${SUGGESTIONS}/${target?.id}`, { token, query: { status: 'ACCEPTED' } });
    expect((await state(ctx.sb)).locations).not.toEqual(before.locations);
    await resetSandbox(ctx.sb);
    const after = await state(ctx.sb);
    expect(after.locations).toEqual(before.locations);
    expect(after.suggestions.find((s) => s.id === target?.id)?.status).toBe('WAITING_ON_CUSTOMER');
    expect(after.tokens).toEqual([]);
    expect((await call(ctx.sb, 'GET', PUBLISHERS, { token })).status).toBe(401);
  });

  it('seeds two distinct customer accounts with at least 25 locations, sub-accounts and services', async () => {
    const s = (await state(ctx.sb)) as unknown as {
      accounts: { accountId: string; accountName: string; parentAccountId: string }[];
      locations: { accountId: string }[];
    };
    const names = Object.fromEntries(s.accounts.map((a) => [a.accountId, a.accountName]));
    expect(names['1001']).toBe('Harbor Bakery Group');
    expect(names['1002']).toBe('Summit Outdoor Supply');
    for (const id of ['1001', '1002'])
      expect(s.locations.filter((l) => l.accountId === id).length).toBeGreaterThanOrEqual(25);
    expect(s.accounts.filter((a) => a.parentAccountId).length).toBeGreaterThanOrEqual(2);
  });

  it('is deterministic', async () => {
    const other = await startSandbox({ port: 0, authPort: 0 });
    try {
      const a = await state(ctx.sb);
      const b = await control<typeof a>(other, 'GET', '/state');
      expect(b.publishers).toEqual(a.publishers);
      expect(b.listings).toEqual(a.listings);
      expect(b.locations).toEqual(a.locations);
      expect(b.suggestions).toEqual(a.suggestions);
      // Last logins are relative to each sandbox's own start, which may be a second apart on a busy machine.
      const [usersA, usersB] = [a.users, b.users] as { lastLoginDate?: string }[][];
      const withoutLogin = (users: typeof usersA) => users?.map(({ lastLoginDate: _, ...user }) => user);
      expect(withoutLogin(usersB)).toEqual(withoutLogin(usersA));
      for (const [index, user] of (usersB ?? []).entries()) {
        const seconds = Number(user.lastLoginDate ?? 0) - Number(usersA?.[index]?.lastLoginDate ?? 0);
        expect(Math.abs(seconds)).toBeLessThan(60);
      }
    } finally {
      await other.close();
    }
  });

  it('scales the seed with locationsPerAccount', async () => {
    await resetSandbox(ctx.sb, { locationsPerAccount: 5 });
    token = await mint(ctx.sb);
    const publishers = (await call<unknown[]>(ctx.sb, 'GET', PUBLISHERS, { token })).body.response.length;
    const listings = await call<{ count: number }>(ctx.sb, 'GET', LISTINGS, { token });
    expect(listings.body.response.count).toBe(5 * publishers);
  });

  it('loads a hostile dataset with markup, scripts and javascript: URLs', async () => {
    await resetSandbox(ctx.sb, { hostile: true });
    token = await mint(ctx.sb);
    type P = { name: string; alternateBrands: { url: string }[] };
    const pubs = (await call<P[]>(ctx.sb, 'GET', PUBLISHERS, { token })).body.response;
    expect(pubs.some((p) => /<script>|<img /.test(p.name))).toBe(true);
    expect(pubs.some((p) => p.alternateBrands.some((b) => /^\s*javascript:/i.test(b.url)))).toBe(true);
    type L = { listings: { listingUrl: string }[] };
    const listings = (await call<L>(ctx.sb, 'GET', LISTINGS, { token })).body.response.listings;
    expect(listings.some((l) => /^\s*javascript:/i.test(l.listingUrl))).toBe(true);
    type S = { suggestions: { suggestedContent: string; originalContent: string }[] };
    const sugg = (await call<S>(ctx.sb, 'GET', SUGGESTIONS, { token, query: { limit: 50 } })).body.response.suggestions;
    expect(sugg.some((s) => /<script>|<img |onerror=/.test(s.suggestedContent))).toBe(true);

    const authorize = new URL('/oauth2/authorize', ctx.sb.authUrl);
    authorize.searchParams.set('client_id', ctx.sb.clientId);
    authorize.searchParams.set('redirect_uri', 'https://abc.chromiumapp.org/');
    authorize.searchParams.set('response_type', 'code');
    const html = await (await fetch(authorize)).text();
    expect(html).toContain('Harbor Bakery Group');
    expect(html).not.toMatch(/<script>alert/i);
    expect(html).toContain('&lt;script&gt;alert(');
  });
});

describe('sandbox --data persistence', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-data-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps state across restarts in the data file', async () => {
    const dataFile = join(dir, 'state.json');
    const first = await startSandbox({ port: 0, authPort: 0, dataFile });
    const t = await mint(first);
    const s = await control<{ suggestions: { id: string; accountId: string; status: string }[] }>(
      first,
      'GET',
      '/state',
    );
    const target = s.suggestions.find((x) => x.accountId === '1001' && x.status === 'WAITING_ON_CUSTOMER');
    const put = await call(first, 'PUT', `${SUGGESTIONS}/${target?.id}`, { token: t, query: { status: 'REJECTED' } });
    expect(put.status).toBe(200);
    await first.close();

    const second = await startSandbox({ port: 0, authPort: 0, dataFile });
    try {
      const again = await control<typeof s>(second, 'GET', '/state');
      expect(again.suggestions.find((x) => x.id === target?.id)?.status).toBe('REJECTED');
      expect((await call(second, 'GET', PUBLISHERS, { token: t })).status).toBe(200);
    } finally {
      await second.close();
    }
  });
});
