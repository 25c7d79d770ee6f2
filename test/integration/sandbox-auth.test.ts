import { beforeAll, describe, expect, it } from 'vitest';
import { call, control, expectErrorEnvelope, LISTINGS, mint, PUBLISHERS, raw, useSandbox } from './sandbox-http.ts';

const ctx = useSandbox();

describe('sandbox credentials', () => {
  let token: string;
  beforeAll(async () => {
    token = await mint(ctx.sb);
  });

  it('answers a good call with the success envelope', async () => {
    const r = await call<unknown[]>(ctx.sb, 'GET', PUBLISHERS, { token });
    expect(r.status).toBe(200);
    expect(r.body.meta.errors).toEqual([]);
    expect(r.body.meta.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(Array.isArray(r.body.response)).toBe(true);
  });

  it('refuses a missing api_key with 400 and a wrong one with 401', async () => {
    const missing = expectErrorEnvelope(await call(ctx.sb, 'GET', PUBLISHERS, { token, apiKey: null }), 400);
    expect(missing.message).toMatch(/api_key/);
    const empty = await call(ctx.sb, 'GET', PUBLISHERS, { token, apiKey: '' });
    expectErrorEnvelope(empty, 400);
    const wrong = expectErrorEnvelope(await call(ctx.sb, 'GET', PUBLISHERS, { token, apiKey: 'nope' }), 401);
    expect(wrong.message).not.toContain('nope');
  });

  it('refuses a missing or malformed v with 400', async () => {
    expect(expectErrorEnvelope(await call(ctx.sb, 'GET', PUBLISHERS, { token, v: null }), 400).message).toMatch(
      /\bv\b/,
    );
    for (const v of ['2025-01-01', '2025011', '202501011', '20251301', '20250132', 'latest']) {
      expectErrorEnvelope(await call(ctx.sb, 'GET', PUBLISHERS, { token, v }), 400);
    }
  });

  it('refuses a missing, unknown or revoked access_token with 401', async () => {
    expectErrorEnvelope(await call(ctx.sb, 'GET', PUBLISHERS, { token: null }), 401);
    expectErrorEnvelope(await call(ctx.sb, 'GET', PUBLISHERS, { token: 'sbx_not-a-token' }), 401);
    const doomed = await mint(ctx.sb);
    expect((await call(ctx.sb, 'GET', PUBLISHERS, { token: doomed })).status).toBe(200);
    await control(ctx.sb, 'POST', '/tokens/revoke', { access_token: doomed });
    const after = expectErrorEnvelope(await call(ctx.sb, 'GET', PUBLISHERS, { token: doomed }), 401);
    expect(after.message).not.toContain(doomed);
    // Revoking one token leaves the others working.
    expect((await call(ctx.sb, 'GET', PUBLISHERS, { token })).status).toBe(200);
  });

  it('accepts the token as a Bearer header too', async () => {
    const url = `${ctx.sb.apiUrl}${PUBLISHERS}?api_key=${ctx.sb.apiKey}&v=20250101`;
    const r = await raw(url, { headers: { authorization: `Bearer ${token}` } });
    expect(r.status).toBe(200);
  });
});

describe('sandbox account resolution', () => {
  it('resolves me to the token account', async () => {
    const t1001 = await mint(ctx.sb, '1001');
    const t1002 = await mint(ctx.sb, '1002');
    type L = { listings: { accountId: string; locationId: string }[] };
    const a = await call<L>(ctx.sb, 'GET', LISTINGS, { token: t1001 });
    const b = await call<L>(ctx.sb, 'GET', LISTINGS, { token: t1002 });
    expect(new Set(a.body.response.listings.map((l) => l.accountId))).toEqual(new Set(['1001']));
    expect(new Set(b.body.response.listings.map((l) => l.accountId))).toEqual(new Set(['1002']));
    expect(a.body.response.listings[0]?.locationId).not.toBe(b.body.response.listings[0]?.locationId);
  });

  it('allows the token account and its sub-accounts by id, and refuses others', async () => {
    const token = await mint(ctx.sb, '1001');
    const path = (id: string) => `/v2/accounts/${id}/powerlistings/listings`;
    expect((await call(ctx.sb, 'GET', path('1001'), { token })).status).toBe(200);
    const sub = await call<{ listings: { accountId: string }[] }>(ctx.sb, 'GET', path('1101'), { token });
    expect(sub.status).toBe(200);
    expect(sub.body.response.listings.every((l) => l.accountId === '1101')).toBe(true);
    expect(sub.body.response.listings.length).toBeGreaterThan(0);
    expect(expectErrorEnvelope(await call(ctx.sb, 'GET', path('1002'), { token }), 400).message).toMatch(
      /account not found/i,
    );
    expect(expectErrorEnvelope(await call(ctx.sb, 'GET', path('9999'), { token }), 400).message).toMatch(
      /account not found/i,
    );
  });

  it('refuses the app-specific account id in place of me', async () => {
    const token = await mint(ctx.sb, '1001');
    const r = await call(ctx.sb, 'GET', '/v2/accounts/app-1001/powerlistings/listings', { token });
    expect(expectErrorEnvelope(r, 400).message).toMatch(/account not found/i);
  });
});

describe('sandbox protocol details', () => {
  it('sends Rate-Limit headers on /v2 responses, errors included', async () => {
    const token = await mint(ctx.sb);
    const first = await call(ctx.sb, 'GET', PUBLISHERS, { token });
    const second = await call(ctx.sb, 'GET', PUBLISHERS, { token });
    expect(first.headers.get('rate-limit-limit')).toBe('5000');
    const remaining1 = Number(first.headers.get('rate-limit-remaining'));
    const remaining2 = Number(second.headers.get('rate-limit-remaining'));
    expect(remaining2).toBe(remaining1 - 1);
    const reset = Number(first.headers.get('rate-limit-reset'));
    const now = Date.now() / 1000;
    expect(reset % 3600).toBe(0);
    expect(reset).toBeGreaterThan(now);
    expect(reset).toBeLessThanOrEqual(now + 3600);
    const failed = await call(ctx.sb, 'GET', PUBLISHERS, { token, apiKey: 'wrong' });
    expect(failed.headers.get('rate-limit-limit')).toBe('5000');
  });

  it('answers an unknown /v2 path with a 404 envelope', async () => {
    const token = await mint(ctx.sb);
    const error = expectErrorEnvelope(await call(ctx.sb, 'GET', '/v2/accounts/me/nothing-here', { token }), 404);
    expect(error.message).toMatch(/unknown endpoint/i);
  });

  it('answers a known path with the wrong method with 405 and Allow', async () => {
    const token = await mint(ctx.sb);
    const r = await call(ctx.sb, 'DELETE', PUBLISHERS, { token });
    expectErrorEnvelope(r, 405);
    expect(r.headers.get('allow')).toBe('GET');
  });
});
