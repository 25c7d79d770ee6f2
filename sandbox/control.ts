// The control API (/__sandbox/...): tokens, injected behaviour, the clock, state and reset.
import { Hono } from 'hono';
import { z } from 'zod';
import type { SandboxApp, SandboxDeps } from './deps.ts';
import { plainJson } from './envelope.ts';
import { activityView, createRuntime, quotaReset, requestTimes } from './injection.ts';
import { DAY_MS } from './model.ts';
import { advanceAddRequests, finishAddRequest } from './rules/provisioning.ts';
import { mintToken, tokenResponse } from './rules/tokens.ts';
import { createSeed, MAX_CUSTOMER_ACCOUNTS, MAX_LOCATIONS_PER_ACCOUNT, MIN_CUSTOMER_ACCOUNTS } from './seed.ts';
import type { Store } from './store.ts';

const bad = (message: string) => plainJson({ error: message }, 400);

const count = z
  .int({ error: 'count must be a positive integer' })
  .min(1, { error: 'count must be a positive integer' })
  .default(1);
const matcher = {
  method: z.string({ error: 'method must be a string' }).optional(),
  path: z.string({ error: 'path must be a string starting with /' }).startsWith('/', {
    error: 'path must be a string starting with /',
  }),
  count,
};
const ACCOUNTS_RANGE = `accounts must be a whole number from ${MIN_CUSTOMER_ACCOUNTS} to ${MAX_CUSTOMER_ACCOUNTS}`;
const nonNegative = (field: string) =>
  z.number({ error: `${field} must be a number >= 0` }).min(0, { error: `${field} must be a number >= 0` });

/** Every control body, by route; zod strips keys it does not know. */
const BODIES = {
  // Omitted options keep the start options; a new seed option is one more key here and in SeedOptions.
  reset: z.object({
    hostile: z.boolean({ error: 'hostile must be true or false' }).optional(),
    longNames: z.boolean({ error: 'longNames must be true or false' }).optional(),
    locationsPerAccount: z
      .number({ error: 'locationsPerAccount must be a positive number' })
      .min(1, { error: 'locationsPerAccount must be a positive number' })
      .max(MAX_LOCATIONS_PER_ACCOUNT, { error: `locationsPerAccount must be at most ${MAX_LOCATIONS_PER_ACCOUNT}` })
      .optional(),
    waitingSuggestions: z
      .int({ error: 'waitingSuggestions must be a whole number ≥ 0' })
      .min(0, { error: 'waitingSuggestions must be a whole number ≥ 0' })
      .optional(),
    waitingPerAddedAccount: z
      .int({ error: 'waitingPerAddedAccount must be a whole number ≥ 0' })
      .min(0, { error: 'waitingPerAddedAccount must be a whole number ≥ 0' })
      .optional(),
    accounts: z
      .int({ error: ACCOUNTS_RANGE })
      .min(MIN_CUSTOMER_ACCOUNTS, { error: ACCOUNTS_RANGE })
      .max(MAX_CUSTOMER_ACCOUNTS, { error: ACCOUNTS_RANGE })
      .optional(),
  }),
  token: z.object({
    accountId: z
      .union([z.string(), z.number()], { error: 'accountId must be a string' })
      .transform(String)
      .default('1001'),
  }),
  revoke: z.object({ access_token: z.string({ error: 'access_token must be a string' }) }),
  subAccounts: z.object({
    parentAccountId: z
      .union([z.string(), z.number()], { error: 'parentAccountId must be a string' })
      .transform(String)
      .default('1001'),
    count: z
      .int({ error: 'count must be a whole number from 1 to 5000' })
      .min(1, { error: 'count must be a whole number from 1 to 5000' })
      .max(5000, { error: 'count must be a whole number from 1 to 5000' }),
  }),
  forbidden: z.object({
    accountId: z.union([z.string(), z.number()], { error: 'accountId must be a string' }).transform(String),
    forbidden: z.boolean({ error: 'forbidden must be true or false' }).default(true),
  }),
  latency: z.object({ ms: nonNegative('ms') }),
  fault: z.object({
    ...matcher,
    status: z
      .int({ error: 'status must be an HTTP status (200-599)' })
      .min(200, { error: 'status must be an HTTP status (200-599)' })
      .max(599, { error: 'status must be an HTTP status (200-599)' }),
    body: z.unknown().optional(),
  }),
  malformed: z.object(matcher),
  cutOff: z.object(matcher),
  rateLimit: z.object({ count, resetInSeconds: nonNegative('resetInSeconds') }),
  quota: z.object({
    perHour: z
      .int({ error: 'perHour must be a positive integer' })
      .min(1, { error: 'perHour must be a positive integer' })
      .optional(),
    used: z
      .int({ error: 'used must be a whole number ≥ 0' })
      .min(0, { error: 'used must be a whole number ≥ 0' })
      .optional(),
    resetInSeconds: z
      .number({ error: 'resetInSeconds must be a number > 0' })
      .positive({ error: 'resetInSeconds must be a number > 0' })
      .optional(),
  }),
  anotherApp: z.object({
    requests: z
      .int({ error: 'requests must be a whole number ≥ 1' })
      .min(1, { error: 'requests must be a whole number ≥ 1' }),
  }),
  resolve: z.object({
    status: z.enum(['COMPLETED', 'CANCELED'], { error: 'status must be COMPLETED or CANCELED' }),
  }),
  clock: z.object({
    advanceDays: z.number({ error: 'advanceDays must be a number' }).default(0),
    advanceMs: z.number({ error: 'advanceMs must be a number' }).default(0),
  }),
};

/** The request's body parsed by the schema, or the 400 naming what is wrong. */
async function parse<T extends z.ZodType>(req: Request, schema: T): Promise<z.output<T> | Response> {
  const text = await req.text();
  let value: unknown = {};
  if (text.trim()) {
    try {
      value = JSON.parse(text);
    } catch {
      return bad('body must be a JSON object');
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return bad('body must be a JSON object');
  const result = schema.safeParse(value);
  return result.success ? result.data : bad(result.error.issues[0]?.message ?? 'invalid body');
}

/** Keys whose value is undefined dropped, so absent options and "any method" stay absent. */
function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

export function register(app: SandboxApp, deps: SandboxDeps): void {
  const { store, defaults, runtime, activity } = deps;
  const control = new Hono();

  control.post('/reset', async (c) => {
    const b = await parse(c.req.raw, BODIES.reset);
    if (b instanceof Response) return b;
    store.replace(createSeed({ ...defaults, ...defined(b), nowMs: Date.now() }));
    Object.assign(runtime, createRuntime());
    const s = store.state;
    return plainJson({
      ok: true,
      hostile: s.hostile,
      locationsPerAccount: s.locationsPerAccount,
      accounts: s.customerAccounts,
      publishers: s.publishers.length,
      listings: store.listingCount(),
    });
  });

  control.post('/tokens', async (c) => {
    const b = await parse(c.req.raw, BODIES.token);
    if (b instanceof Response) return b;
    const account = store.account(b.accountId);
    if (!account) return bad(`unknown accountId: ${b.accountId}`);
    const token = mintToken(store, account);
    return plainJson({ ...tokenResponse(token, account), accountId: account.accountId });
  });

  control.get('/tokens', () =>
    plainJson({
      tokens: store.state.tokens.map((t) => ({
        access_token: t.access_token,
        accountId: t.accountId,
        revoked: t.revoked,
        issuedAt: t.issuedAt,
      })),
    }),
  );

  control.post('/tokens/revoke', async (c) => {
    const b = await parse(c.req.raw, BODIES.revoke);
    if (b instanceof Response) return b;
    const token = store.state.tokens.find((t) => t.access_token === b.access_token);
    if (!token) return plainJson({ error: 'unknown access_token' }, 404);
    token.revoked = true;
    store.changed();
    return plainJson({ ok: true, revoked: true });
  });

  // An agency's many sub-accounts (no locations of their own): more than a page of accounts, whose default is 100.
  control.post('/sub-accounts', async (c) => {
    const b = await parse(c.req.raw, BODIES.subAccounts);
    if (b instanceof Response) return b;
    const parent = store.account(b.parentAccountId);
    if (!parent) return bad(`unknown parentAccountId: ${b.parentAccountId}`);
    const next = Math.max(0, ...store.state.accounts.map((a) => Number(a.accountId)).filter(Number.isInteger)) + 1;
    const ids = Array.from({ length: b.count }, (_, i) => String(next + i));
    for (const [i, accountId] of ids.entries()) {
      store.state.accounts.push({
        ...parent,
        accountId,
        accountName: `${parent.accountName} - Branch ${i + 1}`,
        parentAccountId: parent.accountId,
        availableSkus: [...parent.availableSkus],
      });
    }
    store.changed();
    return plainJson({ ok: true, accountIds: ids, accounts: store.accountTree(parent.accountId).length });
  });

  // Every /v2 call with this account's tokens answers 403 (insufficient privileges) until set back.
  const forbiddenView = () => plainJson({ ok: true, forbidden: [...runtime.forbiddenAccounts].sort() });
  control.get('/forbidden', forbiddenView);
  control.post('/forbidden', async (c) => {
    const b = await parse(c.req.raw, BODIES.forbidden);
    if (b instanceof Response) return b;
    if (!store.account(b.accountId)) return bad(`unknown accountId: ${b.accountId}`);
    if (b.forbidden) runtime.forbiddenAccounts.add(b.accountId);
    else runtime.forbiddenAccounts.delete(b.accountId);
    return forbiddenView();
  });

  control.post('/latency', async (c) => {
    const b = await parse(c.req.raw, BODIES.latency);
    if (b instanceof Response) return b;
    runtime.latencyMs = b.ms;
    return plainJson({ ok: true, latencyMs: b.ms });
  });

  control.post('/faults', async (c) => {
    const b = await parse(c.req.raw, BODIES.fault);
    if (b instanceof Response) return b;
    runtime.faults.push(defined(b));
    return plainJson({ ok: true, pending: runtime.faults.length });
  });

  control.delete('/faults', () => {
    runtime.faults = [];
    runtime.malformed = [];
    runtime.cutOff = [];
    runtime.rateLimits = [];
    return plainJson({ ok: true });
  });

  control.post('/rate-limit', async (c) => {
    const b = await parse(c.req.raw, BODIES.rateLimit);
    if (b instanceof Response) return b;
    runtime.rateLimits.push({ count: b.count, resetInSeconds: Math.round(b.resetInSeconds) });
    return plainJson({ ok: true });
  });

  const quotaView = () => {
    const reset = quotaReset(runtime);
    const { perHour, used } = runtime.quota;
    return { perHour, used, remaining: Math.max(0, perHour - used), reset };
  };
  control.get('/quota', () => plainJson(quotaView()));
  control.post('/quota', async (c) => {
    const b = await parse(c.req.raw, BODIES.quota);
    if (b instanceof Response) return b;
    quotaReset(runtime);
    if (b.perHour !== undefined) runtime.quota.perHour = b.perHour;
    if (b.used !== undefined) runtime.quota.used = b.used;
    // The window ends early (a client's wait for the reset, in seconds rather than an hour); `used` starts again then.
    if (b.resetInSeconds !== undefined) runtime.quota.resetAtMs = Date.now() + b.resetInSeconds * 1000;
    return plainJson(quotaView());
  });

  // Another app of the agency on the same API key spends its quota: our requests log shows none of it, and
  // our last Rate-Limit-Remaining says more is left than there is, until the next answer (or its 429).
  control.post('/another-app', async (c) => {
    const b = await parse(c.req.raw, BODIES.anotherApp);
    if (b instanceof Response) return b;
    quotaReset(runtime);
    runtime.quota.used += b.requests;
    return plainJson(quotaView());
  });

  control.post('/malformed', async (c) => {
    const b = await parse(c.req.raw, BODIES.malformed);
    if (b instanceof Response) return b;
    runtime.malformed.push(defined(b));
    return plainJson({ ok: true });
  });

  // The call takes effect; its answer's connection drops half way through the body (status line and headers sent).
  control.post('/cut-off', async (c) => {
    const b = await parse(c.req.raw, BODIES.cutOff);
    if (b instanceof Response) return b;
    runtime.cutOff.push(defined(b));
    return plainJson({ ok: true });
  });

  control.post('/addrequests/:id/resolve', async (c) => {
    const b = await parse(c.req.raw, BODIES.resolve);
    if (b instanceof Response) return b;
    const request = store.state.addRequests.find((r) => String(r.id) === c.req.param('id'));
    if (!request) return plainJson({ error: 'unknown add request' }, 404);
    if (request.status !== 'REVIEW') return plainJson({ error: `add request is ${request.status}, not REVIEW` }, 409);
    finishAddRequest(store, request, b.status, b.status === 'CANCELED' ? 'Duplicate confirmed during review' : '');
    return plainJson({ ok: true, id: request.id, status: request.status });
  });

  const clockView = () => ({ now: new Date(store.nowMs()).toISOString(), offsetMs: store.state.clockOffsetMs });
  control.get('/clock', () => plainJson(clockView()));
  control.post('/clock', async (c) => {
    const b = await parse(c.req.raw, BODIES.clock);
    if (b instanceof Response) return b;
    store.state.clockOffsetMs += b.advanceDays * DAY_MS + b.advanceMs;
    advanceAddRequests(store);
    store.changed();
    return plainJson(clockView());
  });

  control.get('/state', () => stateResponse(store));

  control.get('/requests', (c) => {
    const requests = c.req.query('times')
      ? runtime.requests.map((r) => ({ ...r, ...requestTimes.get(r) }))
      : runtime.requests;
    return plainJson({ count: runtime.requests.length, requests });
  });
  // Whether the client has settled: no logged call in flight, and how long since the last came or went.
  control.get('/requests/activity', () => plainJson({ logged: runtime.requests.length, ...activityView(activity) }));
  control.delete('/requests', () => {
    runtime.requests = [];
    return plainJson({ ok: true });
  });

  app.route('/__sandbox', control);
}

const LISTINGS_PER_CHUNK = 2000;

/**
 * The whole state as JSON, with every listing (generated or stored) in the service's order, streamed a chunk
 * at a time as the client reads: 1.4 million listings are ~400 MB of JSON, which is never held at once.
 */
function stateResponse(store: Store): Response {
  const { listings: _stored, generatedListings: _generated, ...rest } = store.state;
  const encoder = new TextEncoder();
  const listings = store.allListings();
  let first = true;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`${JSON.stringify(rest).slice(0, -1)},"listings":[`));
    },
    pull(controller) {
      const parts: string[] = [];
      let done = false;
      while (parts.length < LISTINGS_PER_CHUNK) {
        const next = listings.next();
        if (next.done) {
          done = true;
          break;
        }
        parts.push(JSON.stringify(next.value));
      }
      let text = parts.join(',');
      if (text && !first) text = `,${text}`;
      if (text) first = false;
      controller.enqueue(encoder.encode(done ? `${text}]}` : text));
      if (done) controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'application/json; charset=UTF-8' } });
}
