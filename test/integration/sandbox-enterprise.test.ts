// The sandbox at an enterprise account's size: 8,696 locations × 69 publishers = 600,024 listings per
// account, generated on demand (only changed listings stored), and the hourly quota the control API moves.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../sandbox/server.ts';
import { CLI_TEST_TIMEOUT_MS, runCli } from '../support/run-cli.ts';
import { call, control, type Envelope, LISTINGS, mint, PUBLISHERS, useSandbox } from './sandbox-http.ts';

interface Listing {
  id: string;
  locationId: string;
  publisherId: string;
  status: string;
}
type Page = { count: number; listings: Listing[] };

const ENTERPRISE = 8696;

describe('sandbox: an enterprise account', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-enterprise-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('holds 600,024 listings per account in well under 1 GB, and keeps only changed ones in its data file', async () => {
    const dataFile = join(dir, 'state.json');
    const heapBefore = process.memoryUsage().heapUsed;
    const sb = await startSandbox({ port: 0, authPort: 0, crmPort: false, dataFile, locationsPerAccount: ENTERPRISE });
    let last: Listing | undefined;
    try {
      const token = await mint(sb);
      const end = await call<Envelope<Page>['response']>(sb, 'GET', LISTINGS, {
        token,
        query: { offset: 600_000 },
      });
      expect(end.body.response.count).toBe(600_024);
      expect(end.body.response.listings).toHaveLength(24);
      // Before: 1.2 million listing objects, 863 MB at 10,000 locations; now the seed's PRNG states.
      const grown = (process.memoryUsage().heapUsed - heapBefore) / 1e6;
      expect(grown).toBeLessThan(250);

      last = end.body.response.listings.at(-1);
      const target = last?.status === 'OPTED_OUT' ? 'optin' : 'optout';
      const put = await call(sb, 'PUT', `${LISTINGS}/${target}`, {
        token,
        query: { locationIds: last?.locationId ?? '', publisherIds: last?.publisherId ?? '' },
      });
      expect(put.status).toBe(200);
    } finally {
      await sb.close();
    }
    // The file holds the one changed listing, not 1.2 million (before: hundreds of MB).
    expect(statSync(dataFile).size).toBeLessThan(20e6);
    const again = await startSandbox({ port: 0, authPort: 0, crmPort: false, dataFile });
    try {
      const token = await mint(again);
      const reread = await call<Envelope<Page>['response']>(again, 'GET', LISTINGS, {
        token,
        query: { locationIds: last?.locationId ?? '', publisherIds: last?.publisherId ?? '' },
      });
      const status = reread.body.response.listings[0]?.status;
      expect(status).toBe(last?.status === 'OPTED_OUT' ? 'WAITING_ON_PUBLISHER' : 'OPTED_OUT');
      const count = await call<Envelope<Page>['response']>(again, 'GET', LISTINGS, { token, query: { limit: 1 } });
      expect(count.body.response.count).toBe(600_024);
    } finally {
      await again.close();
    }
  }, 120_000);

  it(
    'refuses more locations than it can hold, in one line and a non-zero exit',
    async () => {
      const run = await runCli('scripts/sandbox.ts', ['--locations', '20001', '--port', '0', '--auth-port', '0']);
      expect(run.code).toBe(2);
      const lines = run.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('--locations is at most 20,000');
      expect(lines[0]).toContain('not 20001');
      expect(run.stderr).not.toMatch(/\n\s+at /);
    },
    CLI_TEST_TIMEOUT_MS,
  );
});

describe('sandbox control: the hourly quota', () => {
  const ctx = useSandbox({ crmPort: false });

  it('counts requests against a quota the control API lowers or lifts, and reset restores 5,000', async () => {
    const token = await mint(ctx.sb);
    const set = await control<{ perHour: number; used: number; remaining: number; reset: number }>(
      ctx.sb,
      'POST',
      '/quota',
      { perHour: 3, used: 0 },
    );
    const topOfHour = (Math.floor(Date.now() / 3_600_000) + 1) * 3600;
    expect(set).toEqual({ perHour: 3, used: 0, remaining: 3, reset: topOfHour });
    for (let i = 0; i < 3; i++) expect((await call(ctx.sb, 'GET', PUBLISHERS, { token })).status).toBe(200);
    const over = await call(ctx.sb, 'GET', PUBLISHERS, { token });
    expect(over.status).toBe(429);
    expect(over.headers.get('Rate-Limit-Limit')).toBe('3');
    expect(over.headers.get('Rate-Limit-Remaining')).toBe('0');
    expect(over.headers.get('Rate-Limit-Reset')).toBe(String(topOfHour));

    await control(ctx.sb, 'POST', '/quota', { perHour: 1_000_000 });
    expect((await call(ctx.sb, 'GET', PUBLISHERS, { token })).status).toBe(200);
    const bad = await fetch(`${ctx.sb.apiUrl}/__sandbox/quota`, { method: 'POST', body: '{"perHour":0}' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'perHour must be a positive integer' });

    await control(ctx.sb, 'POST', '/reset', {});
    expect(await control(ctx.sb, 'GET', '/quota')).toMatchObject({ perHour: 5000, used: 0 });
  });

  it('refuses a reset beyond the locations it can hold', async () => {
    const res = await fetch(`${ctx.sb.apiUrl}/__sandbox/reset`, {
      method: 'POST',
      body: JSON.stringify({ locationsPerAccount: 20_001 }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'locationsPerAccount must be at most 20000' });
  });
});
