// The sandbox's book of customer accounts (issue 24): N accounts, each answering its own suggestions with its
// own token, one quota for the API key whichever account calls, and the quota's headers on every answer.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../sandbox/server.ts';
import { CLI_TEST_TIMEOUT_MS, runCli } from '../support/run-cli.ts';
import {
  call,
  control,
  expectErrorEnvelope,
  LISTINGS,
  mint,
  PUBLISHERS,
  type Reply,
  raw,
  resetSandbox,
  SUGGESTIONS,
  useSandbox,
} from './sandbox-http.ts';

const ctx = useSandbox({ crmPort: false });

interface Suggestion {
  id: string;
  locationId: string;
  dateCreated: string;
  status: string;
}
type Page = { count: number; suggestions: Suggestion[] };
const DAY_MS = 86_400_000;
const REDIRECT = 'https://abc.chromiumapp.org/cb';

beforeEach(async () => {
  await resetSandbox(ctx.sb);
});

async function waitingOf(token: string): Promise<Suggestion[]> {
  const out: Suggestion[] = [];
  for (let offset = 0; ; offset += 50) {
    const r = await call<Page>(ctx.sb, 'GET', SUGGESTIONS, {
      token,
      query: { statuses: '[WAITING_ON_CUSTOMER]', limit: 50, offset },
    });
    expect(r.status).toBe(200);
    out.push(...r.body.response.suggestions);
    if (out.length >= r.body.response.count) return out;
  }
}

/** The customer accounts the authorize page offers, as [id, name]. */
async function offered(): Promise<[string, string][]> {
  const url = new URL(`${ctx.sb.authUrl}/oauth2/authorize`);
  for (const [k, v] of Object.entries({ client_id: ctx.sb.clientId, redirect_uri: REDIRECT, response_type: 'code' }))
    url.searchParams.set(k, v);
  const html = await (await fetch(url)).text();
  return [...html.matchAll(/<option value="(\d+)">([^<]+) \(\d+\)<\/option>/g)].map((m) => [m[1]!, m[2]!]);
}

function expectQuotaHeaders(r: Reply<unknown>, what: string) {
  for (const name of ['Rate-Limit-Limit', 'Rate-Limit-Remaining', 'Rate-Limit-Reset'])
    expect(r.headers.get(name), `${name} on ${what} (HTTP ${r.status})`).toMatch(/^\d+$/);
}

describe('sandbox accounts', () => {
  it('seeds five distinct customer accounts by default, and the authorize page links any of them', async () => {
    const accounts = await offered();
    expect(accounts.map(([id]) => id)).toEqual(['1001', '1002', '1003', '1004', '1005']);
    const names = accounts.map(([, name]) => name);
    expect(new Set(names).size).toBe(5);
    expect(names.slice(0, 2)).toEqual(['Harbor Bakery Group', 'Summit Outdoor Supply']);

    // Allow for 1004, then the code exchange: the token is 1004's.
    const form = new URLSearchParams({
      client_id: ctx.sb.clientId,
      redirect_uri: REDIRECT,
      response_type: 'code',
      state: 's',
      account_id: '1004',
      decision: 'allow',
    });
    const allow = await fetch(`${ctx.sb.authUrl}/oauth2/authorize`, { method: 'POST', body: form, redirect: 'manual' });
    expect(allow.status).toBe(302);
    const code = new URL(allow.headers.get('location') ?? '').searchParams.get('code') ?? '';
    const exchanged = await raw<{ access_token: string; accountName: string }>(`${ctx.sb.apiUrl}/oauth2/accesstoken`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: ctx.sb.clientId,
        client_secret: ctx.sb.apiKey,
        code,
        redirect_uri: REDIRECT,
      }),
    });
    expect(exchanged.status).toBe(200);
    expect(exchanged.body.accountName).toBe(names[3]);
    const listings = await call<{ count: number }>(ctx.sb, 'GET', LISTINGS, {
      token: exchanged.body.access_token,
      query: { limit: 1 },
    });
    expect(listings.status).toBe(200);
    expect(listings.body.response.count).toBeGreaterThan(0);
  });

  it('answers each account its own waiting suggestions, from hours to over two weeks old, and refuses another’s', async () => {
    const tokens = new Map<string, string>();
    for (const id of ['1001', '1002', '1003', '1004', '1005']) tokens.set(id, await mint(ctx.sb, id));
    const waiting = new Map<string, Suggestion[]>();
    for (const [id, token] of tokens) waiting.set(id, await waitingOf(token));

    const today = Date.parse(new Date().toISOString().slice(0, 10));
    for (const id of ['1003', '1004', '1005']) {
      const mine = waiting.get(id)!;
      expect(mine.length, id).toBeGreaterThanOrEqual(8);
      const ages = mine.map((s) => (today - Date.parse(s.dateCreated)) / DAY_MS);
      expect(Math.max(...ages), id).toBeGreaterThan(14);
      expect(Math.min(...ages), id).toBeLessThan(3);
    }
    // No two accounts share a suggestion or a location.
    const ids = [...waiting.values()].flat().map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    const locationsOf = (id: string) => new Set(waiting.get(id)!.map((s) => s.locationId));
    for (const l of locationsOf('1003')) expect(locationsOf('1004').has(l)).toBe(false);

    // 1004's token cannot decide 1003's suggestion; 1003's can, once.
    const theirs = waiting.get('1003')![0]!;
    const refused = await call(ctx.sb, 'PUT', `${SUGGESTIONS}/${theirs.id}`, {
      token: tokens.get('1004')!,
      query: { status: 'ACCEPTED' },
    });
    expect(expectErrorEnvelope(refused, 404).code).toBe(7302);
    expect((await waitingOf(tokens.get('1003')!)).map((s) => s.id)).toContain(theirs.id);
    const accepted = await call(ctx.sb, 'PUT', `${SUGGESTIONS}/${theirs.id}`, {
      token: tokens.get('1003')!,
      query: { status: 'ACCEPTED' },
    });
    expect(accepted.status).toBe(200);
    expect((await waitingOf(tokens.get('1003')!)).map((s) => s.id)).not.toContain(theirs.id);
    // An account id other than me, the token's own or a sub-account's is refused.
    const other = await call(ctx.sb, 'GET', '/v2/accounts/1003/powerlistings/publishersuggestions', {
      token: tokens.get('1005')!,
    });
    expect(expectErrorEnvelope(other, 400).code).toBe(2004);
  });

  it('logs whose token each call carried (the account, never the token), so a test can tell a decision went with its own', async () => {
    const mine = await mint(ctx.sb, '1003');
    const another = await mint(ctx.sb, '1004');
    const [theirs] = await waitingOf(mine);
    await control(ctx.sb, 'DELETE', '/requests');
    await call(ctx.sb, 'PUT', `${SUGGESTIONS}/${theirs!.id}`, { token: another, query: { status: 'ACCEPTED' } });
    await call(ctx.sb, 'PUT', `${SUGGESTIONS}/${theirs!.id}`, { token: mine, query: { status: 'ACCEPTED' } });
    await call(ctx.sb, 'GET', PUBLISHERS, { token: 'not-a-token' });
    const log = await control<{ requests: { method: string; status: number; tokenAccountId?: string }[] }>(
      ctx.sb,
      'GET',
      '/requests',
    );
    expect(log.requests.map((r) => [r.method, r.status, r.tokenAccountId])).toEqual([
      ['PUT', 404, '1004'],
      ['PUT', 200, '1003'],
      ['GET', 401, undefined],
    ]);
    expect(JSON.stringify(log)).not.toContain(mine);
    expect(JSON.stringify(log)).not.toContain(another);
  });

  it('reset takes accounts (2 to 50), and keeps the start option when it leaves them out', async () => {
    const eight = await control<{ accounts: number }>(ctx.sb, 'POST', '/reset', { accounts: 8 });
    expect(eight.accounts).toBe(8);
    expect((await offered()).map(([id]) => id)).toEqual([
      '1001',
      '1002',
      '1003',
      '1004',
      '1005',
      '1006',
      '1007',
      '1008',
    ]);
    const names = (await offered()).map(([, n]) => n);
    expect(new Set(names).size).toBe(8);
    // The same account is the same business whatever N is.
    const cedar = names[2];
    await control(ctx.sb, 'POST', '/reset', {});
    expect((await offered()).map(([, n]) => n)).toHaveLength(5);
    expect((await offered())[2]![1]).toBe(cedar);
    for (const accounts of [1, 51, 2.5]) {
      const bad = await fetch(`${ctx.sb.apiUrl}/__sandbox/reset`, {
        method: 'POST',
        body: JSON.stringify({ accounts }),
      });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toEqual({ error: 'accounts must be a whole number from 2 to 50' });
    }
  });
});

describe('sandbox waiting per added account', () => {
  it('reset takes waitingPerAddedAccount: every added account then waits on that many, 1001 and 1002 unchanged', async () => {
    await control(ctx.sb, 'POST', '/reset', { accounts: 4, waitingPerAddedAccount: 200 });
    for (const id of ['1003', '1004']) expect((await waitingOf(await mint(ctx.sb, id))).length, id).toBe(200);
    expect(await waitingOf(await mint(ctx.sb, '1002'))).toHaveLength(14);
    // Left out, the next reset draws 8 to 40 again; the same account is the same business either way.
    await control(ctx.sb, 'POST', '/reset', { accounts: 4 });
    const drawn = (await waitingOf(await mint(ctx.sb, '1003'))).length;
    expect(drawn).toBeGreaterThanOrEqual(8);
    expect(drawn).toBeLessThanOrEqual(40);
    const bad = await fetch(`${ctx.sb.apiUrl}/__sandbox/reset`, {
      method: 'POST',
      body: JSON.stringify({ waitingPerAddedAccount: -1 }),
    });
    expect(await bad.json()).toEqual({ error: 'waitingPerAddedAccount must be a whole number ≥ 0' });
  });
});

describe('sandbox quota across accounts', () => {
  it('counts every account’s requests against one quota for the API key', async () => {
    const tokens = [await mint(ctx.sb, '1001'), await mint(ctx.sb, '1003'), await mint(ctx.sb, '1005')];
    await control(ctx.sb, 'POST', '/quota', { perHour: 4, used: 0 });
    const remaining: string[] = [];
    for (const token of [tokens[0]!, tokens[1]!, tokens[2]!, tokens[1]!]) {
      const r = await call(ctx.sb, 'GET', PUBLISHERS, { token });
      expect(r.status).toBe(200);
      remaining.push(r.headers.get('Rate-Limit-Remaining') ?? '');
    }
    expect(remaining).toEqual(['3', '2', '1', '0']);
    // Spent by the others, so the third account is refused too.
    const over = await call(ctx.sb, 'GET', PUBLISHERS, { token: tokens[2]! });
    expect(expectErrorEnvelope(over, 429).code).toBe(2040);
    expect(await control(ctx.sb, 'GET', '/quota')).toMatchObject({ perHour: 4, remaining: 0 });
  });

  it('puts the three quota headers on every answer, errors included', async () => {
    const token = await mint(ctx.sb, '1004');
    const [first] = await waitingOf(token);
    const answers: [string, Reply<unknown>][] = [
      ['a list', await call(ctx.sb, 'GET', SUGGESTIONS, { token })],
      [
        'a decision',
        await call(ctx.sb, 'PUT', `${SUGGESTIONS}/${first!.id}`, { token, query: { status: 'REJECTED' } }),
      ],
      ['a bad api_key', await call(ctx.sb, 'GET', PUBLISHERS, { token, apiKey: 'wrong' })],
      ['no v', await call(ctx.sb, 'GET', PUBLISHERS, { token, v: null })],
      ['an unknown token', await call(ctx.sb, 'GET', PUBLISHERS, { token: 'nope' })],
      ['another account', await call(ctx.sb, 'GET', '/v2/accounts/1001/locations', { token })],
      [
        'an unknown suggestion',
        await call(ctx.sb, 'PUT', `${SUGGESTIONS}/1`, { token, query: { status: 'ACCEPTED' } }),
      ],
      ['an unknown endpoint', await call(ctx.sb, 'GET', '/v2/accounts/me/nothing-here', { token })],
    ];
    await control(ctx.sb, 'POST', '/faults', { path: PUBLISHERS, status: 503 });
    answers.push(['an injected fault', await call(ctx.sb, 'GET', PUBLISHERS, { token })]);
    await control(ctx.sb, 'POST', '/rate-limit', { resetInSeconds: 30 });
    answers.push(['an injected 429', await call(ctx.sb, 'GET', PUBLISHERS, { token })]);
    await control(ctx.sb, 'POST', '/quota', { perHour: 1, used: 1 });
    answers.push(['the quota spent', await call(ctx.sb, 'GET', PUBLISHERS, { token })]);
    expect(answers.map(([, r]) => r.status)).toEqual([200, 200, 401, 400, 401, 400, 404, 404, 503, 429, 429]);
    for (const [what, r] of answers) expectQuotaHeaders(r, what);
  });

  it('lets the control API set the quota’s reset; the count starts again when it passes', async () => {
    const token = await mint(ctx.sb, '1003');
    const before = Date.now();
    const set = await control<{ perHour: number; used: number; remaining: number; reset: number }>(
      ctx.sb,
      'POST',
      '/quota',
      { perHour: 10, used: 10, resetInSeconds: 2 },
    );
    expect(set).toMatchObject({ perHour: 10, used: 10, remaining: 0 });
    expect(set.reset).toBeGreaterThanOrEqual(Math.floor(before / 1000) + 2);
    expect(set.reset).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 2);
    const over = await call(ctx.sb, 'GET', PUBLISHERS, { token });
    expect(over.status).toBe(429);
    expect(over.headers.get('Rate-Limit-Reset')).toBe(String(set.reset));
    expect(over.headers.get('Rate-Limit-Remaining')).toBe('0');

    // Wait on the condition (the reset passed), not a fixed time.
    await expect
      .poll(async () => (await call(ctx.sb, 'GET', PUBLISHERS, { token })).status, { timeout: 15_000, interval: 250 })
      .toBe(200);
    const after = await call(ctx.sb, 'GET', PUBLISHERS, { token });
    expect(after.headers.get('Rate-Limit-Remaining')).toBe('8');
    // The window after a set reset is the real hour again.
    expect(after.headers.get('Rate-Limit-Reset')).toBe(String((Math.floor(Date.now() / 3_600_000) + 1) * 3600));
    const bad = await fetch(`${ctx.sb.apiUrl}/__sandbox/quota`, { method: 'POST', body: '{"resetInSeconds":0}' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'resetInSeconds must be a number > 0' });
  });
});

describe('sandbox accounts in a data file', () => {
  it('serves the same added accounts, listings included, after a restart from the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-accounts-'));
    const dataFile = join(dir, 'state.json');
    const pageOf = async (sb: typeof ctx.sb, token: string) =>
      (await call<{ count: number; listings: unknown[] }>(sb, 'GET', LISTINGS, { token, query: { offset: 40 } })).body
        .response;
    try {
      const first = await startSandbox({ port: 0, authPort: 0, crmPort: false, dataFile, accounts: 7 });
      const token = await mint(first, '1007');
      const before = await pageOf(first, token);
      await first.close();
      // Started without --accounts: the file's seven accounts, and 1007's listings made again from the seed.
      const second = await startSandbox({ port: 0, authPort: 0, crmPort: false, dataFile });
      try {
        const after = await pageOf(second, token);
        expect(after.count).toBe(before.count);
        expect(after.count).toBeGreaterThan(0);
        expect(after.listings).toEqual(before.listings);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('npm run sandbox -- --accounts', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it('refuses a bad count in one line that states the range, with a non-zero exit', async () => {
    for (const value of ['51', '1', 'five']) {
      const run = await runCli('scripts/sandbox.ts', ['--accounts', value, '--port', '0', '--auth-port', '0']);
      expect(run.code).toBe(2);
      const lines = run.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`--accounts must be a whole number from 2 to 50`);
      expect(lines[0]).toContain(`not "${value}"`);
    }
  });
});
