// The control API (/__sandbox/...) and the per-request machinery it drives: request log, latency,
// injected faults, malformed bodies, 429s and the hourly quota with its Rate-Limit-* headers.
import { Hono, type MiddlewareHandler } from 'hono';
import { CODES, fail, plainJson } from './envelope.ts';
import { mintToken, tokenResponse } from './routes/oauth.ts';
import { createSeed } from './seed.ts';
import { DAY_MS, type Store } from './state.ts';

export const QUOTA_PER_HOUR = 5000;

interface Matcher {
  method?: string;
  path: string;
  count: number;
}
interface Fault extends Matcher {
  status: number;
  body?: unknown;
}

export interface Runtime {
  latencyMs: number;
  faults: Fault[];
  malformed: Matcher[];
  rateLimits: { count: number; resetInSeconds: number }[];
  quota: { hour: number; used: number };
  requests: { method: string; path: string; status: number }[];
}

export function createRuntime(): Runtime {
  return { latencyMs: 0, faults: [], malformed: [], rateLimits: [], quota: { hour: 0, used: 0 }, requests: [] };
}

function take<T extends Matcher>(list: T[], method: string, path: string): T | undefined {
  const found = list.find((m) => (!m.method || m.method.toUpperCase() === method) && path.startsWith(m.path));
  if (!found) return undefined;
  found.count--;
  if (found.count <= 0) list.splice(list.indexOf(found), 1);
  return found;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs on both origins; only /v2 and /oauth2 calls are logged, delayed and faulted. */
export function injection(store: Store, runtime: Runtime): MiddlewareHandler {
  return async (c, next) => {
    store.tick();
    const path = new URL(c.req.url).pathname;
    const isV2 = path === '/v2' || path.startsWith('/v2/');
    if (!isV2 && !path.startsWith('/oauth2/')) {
      await next();
      return;
    }
    const method = c.req.method.toUpperCase();
    const entry = { method, path, status: 0 };
    runtime.requests.push(entry);
    const realSeconds = Math.floor(Date.now() / 1000);
    const hour = Math.floor(realSeconds / 3600);
    if (runtime.quota.hour !== hour) runtime.quota = { hour, used: 0 };
    let reset = (hour + 1) * 3600;
    let remaining: number | undefined;

    const finish = (response: Response): Response => {
      if (isV2) {
        response.headers.set('Rate-Limit-Limit', String(QUOTA_PER_HOUR));
        response.headers.set(
          'Rate-Limit-Remaining',
          String(remaining ?? Math.max(0, QUOTA_PER_HOUR - runtime.quota.used)),
        );
        response.headers.set('Rate-Limit-Reset', String(reset));
      }
      entry.status = response.status;
      return response;
    };

    if (runtime.latencyMs > 0) await sleep(runtime.latencyMs);
    const fault = take(runtime.faults, method, path);
    if (fault) {
      if (fault.body === undefined) {
        return finish(fail(fault.status, CODES.INJECTED_FAULT, `Injected fault (HTTP ${fault.status})`));
      }
      const text = typeof fault.body === 'string' ? fault.body : JSON.stringify(fault.body);
      const type = typeof fault.body === 'string' ? 'text/plain; charset=UTF-8' : 'application/json; charset=UTF-8';
      return finish(new Response(text, { status: fault.status, headers: { 'content-type': type } }));
    }
    if (take(runtime.malformed, method, path)) {
      // Claims JSON, is cut off mid-way: what a proxy dropping the connection produces.
      const body = '{"meta":{"uuid":"00000000-0000-4000-8000-000000000000","errors":[]},"response":{"count":3,"listi';
      return finish(
        new Response(body, { status: 200, headers: { 'content-type': 'application/json; charset=UTF-8' } }),
      );
    }
    if (isV2) {
      const injected = runtime.rateLimits[0];
      if (injected) {
        injected.count--;
        if (injected.count <= 0) runtime.rateLimits.shift();
        // Rounded up so a client waiting until the reset never waits less than resetInSeconds.
        reset = Math.ceil(Date.now() / 1000 + injected.resetInSeconds);
        remaining = 0;
        return finish(fail(429, CODES.RATE_LIMITED, 'Rate limit exceeded; retry after Rate-Limit-Reset'));
      }
      runtime.quota.used++;
      if (runtime.quota.used > QUOTA_PER_HOUR) {
        return finish(fail(429, CODES.RATE_LIMITED, `Hourly quota of ${QUOTA_PER_HOUR} requests exceeded`));
      }
    }
    await next();
    finish(c.res);
  };
}

export interface ControlDefaults {
  hostile: boolean;
  locationsPerAccount: number | undefined;
}

const bad = (message: string) => plainJson({ error: message }, 400);

async function body(req: Request): Promise<Record<string, unknown> | undefined> {
  const text = await req.text();
  if (!text.trim()) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function matcher(b: Record<string, unknown>, defaultCount: number): Matcher | string {
  if (typeof b.path !== 'string' || !b.path.startsWith('/')) return 'path must be a string starting with /';
  if (b.method !== undefined && typeof b.method !== 'string') return 'method must be a string';
  const count = b.count === undefined ? defaultCount : b.count;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) return 'count must be a positive integer';
  return { ...(typeof b.method === 'string' ? { method: b.method } : {}), path: b.path, count };
}

export function controlRoutes(store: Store, runtime: Runtime, defaults: ControlDefaults): Hono {
  const app = new Hono();

  app.post('/reset', async (c) => {
    const b = await body(c.req.raw);
    if (!b) return bad('body must be a JSON object');
    const perAccount = b.locationsPerAccount;
    if (perAccount !== undefined && (typeof perAccount !== 'number' || perAccount < 1)) {
      return bad('locationsPerAccount must be a positive number');
    }
    const waiting = b.waitingSuggestions;
    if (waiting !== undefined && (typeof waiting !== 'number' || !Number.isInteger(waiting) || waiting < 0)) {
      return bad('waitingSuggestions must be a whole number ≥ 0');
    }
    const hostile = typeof b.hostile === 'boolean' ? b.hostile : defaults.hostile;
    store.replace(
      createSeed({
        hostile,
        ...(typeof waiting === 'number' ? { waitingSuggestions: waiting } : {}),
        locationsPerAccount: typeof perAccount === 'number' ? perAccount : defaults.locationsPerAccount,
        nowMs: Date.now(),
      }),
    );
    Object.assign(runtime, createRuntime());
    const s = store.state;
    return plainJson({
      ok: true,
      hostile,
      locationsPerAccount: s.locationsPerAccount,
      publishers: s.publishers.length,
      listings: s.listings.length,
    });
  });

  app.post('/tokens', async (c) => {
    const b = await body(c.req.raw);
    if (!b) return bad('body must be a JSON object');
    const accountId = b.accountId === undefined ? '1001' : String(b.accountId);
    const account = store.account(accountId);
    if (!account) return bad(`unknown accountId: ${accountId}`);
    const token = mintToken(store, account);
    return plainJson({ ...tokenResponse(token, account), accountId: account.accountId });
  });

  app.get('/tokens', () =>
    plainJson({
      tokens: store.state.tokens.map((t) => ({
        access_token: t.access_token,
        accountId: t.accountId,
        revoked: t.revoked,
        issuedAt: t.issuedAt,
      })),
    }),
  );

  app.post('/tokens/revoke', async (c) => {
    const b = await body(c.req.raw);
    const token = store.state.tokens.find((t) => t.access_token === b?.access_token);
    if (!token) return plainJson({ error: 'unknown access_token' }, 404);
    token.revoked = true;
    store.changed();
    return plainJson({ ok: true, revoked: true });
  });

  app.post('/latency', async (c) => {
    const b = await body(c.req.raw);
    const ms = b?.ms;
    if (typeof ms !== 'number' || ms < 0) return bad('ms must be a number >= 0');
    runtime.latencyMs = ms;
    return plainJson({ ok: true, latencyMs: ms });
  });

  app.post('/faults', async (c) => {
    const b = await body(c.req.raw);
    if (!b) return bad('body must be a JSON object');
    const m = matcher(b, 1);
    if (typeof m === 'string') return bad(m);
    const status = b.status;
    if (typeof status !== 'number' || !Number.isInteger(status) || status < 200 || status > 599) {
      return bad('status must be an HTTP status (200-599)');
    }
    runtime.faults.push({ ...m, status, ...(b.body !== undefined ? { body: b.body } : {}) });
    return plainJson({ ok: true, pending: runtime.faults.length });
  });

  app.delete('/faults', () => {
    runtime.faults = [];
    runtime.malformed = [];
    runtime.rateLimits = [];
    return plainJson({ ok: true });
  });

  app.post('/rate-limit', async (c) => {
    const b = await body(c.req.raw);
    if (!b) return bad('body must be a JSON object');
    const count = b.count === undefined ? 1 : b.count;
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 1)
      return bad('count must be a positive integer');
    if (typeof b.resetInSeconds !== 'number' || b.resetInSeconds < 0)
      return bad('resetInSeconds must be a number >= 0');
    runtime.rateLimits.push({ count, resetInSeconds: Math.round(b.resetInSeconds) });
    return plainJson({ ok: true });
  });

  app.post('/malformed', async (c) => {
    const b = await body(c.req.raw);
    if (!b) return bad('body must be a JSON object');
    const m = matcher(b, 1);
    if (typeof m === 'string') return bad(m);
    runtime.malformed.push(m);
    return plainJson({ ok: true });
  });

  app.post('/addrequests/:id/resolve', async (c) => {
    const b = await body(c.req.raw);
    const status = b?.status;
    if (status !== 'COMPLETED' && status !== 'CANCELED') return bad('status must be COMPLETED or CANCELED');
    const request = store.state.addRequests.find((r) => String(r.id) === c.req.param('id'));
    if (!request) return plainJson({ error: 'unknown add request' }, 404);
    if (request.status !== 'REVIEW') return plainJson({ error: `add request is ${request.status}, not REVIEW` }, 409);
    store.finishAddRequest(request, status, status === 'CANCELED' ? 'Duplicate confirmed during review' : '');
    return plainJson({ ok: true, id: request.id, status: request.status });
  });

  const clockView = () => ({ now: new Date(store.nowMs()).toISOString(), offsetMs: store.state.clockOffsetMs });
  app.get('/clock', () => plainJson(clockView()));
  app.post('/clock', async (c) => {
    const b = await body(c.req.raw);
    const days = b?.advanceDays ?? 0;
    const ms = b?.advanceMs ?? 0;
    if (typeof days !== 'number' || typeof ms !== 'number') return bad('advanceDays and advanceMs must be numbers');
    store.state.clockOffsetMs += days * DAY_MS + ms;
    store.tick();
    store.changed();
    return plainJson(clockView());
  });

  app.get('/state', () => plainJson(store.state));

  app.get('/requests', () => plainJson({ count: runtime.requests.length, requests: runtime.requests }));
  app.delete('/requests', () => {
    runtime.requests = [];
    return plainJson({ ok: true });
  });

  app.notFound(() => plainJson({ error: 'unknown control endpoint' }, 404));
  return app;
}
