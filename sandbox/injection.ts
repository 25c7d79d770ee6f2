// The per-request machinery the control API drives: request log, latency, injected faults,
// malformed bodies, answers cut off half way, 429s and the hourly quota with its Rate-Limit-* headers.
import type { MiddlewareHandler } from 'hono';
import { CODES, fail } from './envelope.ts';
import type { SandboxEnv } from './guard.ts';
import { advanceAddRequests } from './rules/provisioning.ts';
import type { Store } from './store.ts';

/** The vendor's usual quota; the control API can lift it (an enterprise account's 6,000 pages) or lower it. */
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
  /** Calls that reach the service's rules, whose answer's connection then drops half way through the body. */
  cutOff: Matcher[];
  rateLimits: { count: number; resetInSeconds: number }[];
  /**
   * Requests counted in the current window against `perHour`, one quota for the API key whichever account's
   * token calls. The window is the real hour, or ends at `resetAtMs` when the control API set one.
   */
  quota: { hour: number; used: number; perHour: number; resetAtMs?: number };
  requests: LoggedRequest[];
  /** Accounts whose every /v2 call answers 403 (the control API's `forbidden`): a link that lost its rights. */
  forbiddenAccounts: Set<string>;
}

/** When each logged call came and was answered (epoch ms), beside the log: `GET /requests?times=1` adds them. */
export const requestTimes = new WeakMap<LoggedRequest, { arrivedMs: number; answeredMs?: number }>();

export interface LoggedRequest {
  method: string;
  path: string;
  status: number;
  /** A /v2 call's parameters without the credentials (api_key, access_token, v); absent when none are left. */
  query?: Record<string, string>;
  /**
   * The account whose token the call carried, once the guard accepted it (never the token itself): a test
   * can tell a decision went with its own account's token, not merely to that account's path.
   */
  tokenAccountId?: string;
  /**
   * The JSON body a /v2 call carried, password values replaced by a placeholder of the same type; only when
   * the sandbox was started with `logRequestBodies` (the OpenAPI conformance test checks bodies with it).
   */
  body?: unknown;
}

const CREDENTIAL_PARAMS = new Set(['api_key', 'access_token', 'v']);

/** Repeated parameters joined with ','; credentials never reach the log. */
function loggedQuery(url: URL): Record<string, string> | undefined {
  const query: Record<string, string> = {};
  for (const name of new Set(url.searchParams.keys())) {
    if (!CREDENTIAL_PARAMS.has(name)) query[name] = url.searchParams.getAll(name).join(',');
  }
  return Object.keys(query).length > 0 ? query : undefined;
}

const SECRET_FIELDS = new Set(['password', 'newPassword']);

/** A logged body: its shape kept, password values replaced. Undefined when it is empty or not JSON. */
function loggedBody(text: string): unknown {
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text, (key, value) => (SECRET_FIELDS.has(key) && typeof value === 'string' ? '(hidden)' : value));
  } catch {
    return undefined;
  }
}

/**
 * The API's own traffic, which a control reset or a cleared log does not stop: calls still being answered, and
 * when the last one came or went (real time, not the sandbox's clock). A test waits on it for the client to settle.
 */
export interface Activity {
  inFlight: number;
  lastAtMs: number;
}

export function createActivity(): Activity {
  return { inFlight: 0, lastAtMs: Date.now() };
}

/** No call in flight, and for how long none has come or gone (0 while one is in flight). */
export function activityView(activity: Activity): { inFlight: number; quietForMs: number } {
  const quietForMs = activity.inFlight > 0 ? 0 : Math.max(0, Date.now() - activity.lastAtMs);
  return { inFlight: activity.inFlight, quietForMs };
}

export function createRuntime(): Runtime {
  return {
    latencyMs: 0,
    faults: [],
    malformed: [],
    cutOff: [],
    rateLimits: [],
    quota: { hour: 0, used: 0, perHour: QUOTA_PER_HOUR },
    requests: [],
    forbiddenAccounts: new Set(),
  };
}

/** When the current quota window ends (epoch seconds); the count of requests starts again with each window. */
export function quotaReset(runtime: Runtime): number {
  const now = Date.now();
  const hour = Math.floor(now / 3_600_000);
  const { resetAtMs } = runtime.quota;
  if (resetAtMs !== undefined) {
    if (now < resetAtMs) return Math.ceil(resetAtMs / 1000);
    // A set reset passed: a fresh count until the top of the real hour, as the vendor's does.
    runtime.quota = { perHour: runtime.quota.perHour, hour, used: 0 };
  } else if (runtime.quota.hour !== hour) runtime.quota = { ...runtime.quota, hour, used: 0 };
  return (hour + 1) * 3600;
}

function take<T extends Matcher>(list: T[], method: string, path: string): T | undefined {
  const found = list.find((m) => (!m.method || m.method.toUpperCase() === method) && path.startsWith(m.path));
  if (!found) return undefined;
  found.count--;
  if (found.count <= 0) list.splice(list.indexOf(found), 1);
  return found;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What @hono/node-server hands each call beside the request: the Node response, and through it the socket. */
type NodeEnv = { outgoing?: { socket?: { destroy(): void } | null } } | undefined;

/**
 * The answer's status line, headers and the first half of its body, then the connection destroyed: what a
 * proxy or a phone losing its signal leaves.
 */
async function cutOffAnswer(answer: Response, env: NodeEnv): Promise<Response> {
  const bytes = new Uint8Array(await answer.arrayBuffer());
  let sent = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!sent) {
        sent = true;
        controller.enqueue(bytes.slice(0, Math.floor(bytes.length / 2)));
        return;
      }
      // Time for the half already written to leave the socket before it is destroyed.
      await sleep(50);
      const socket = env?.outgoing?.socket;
      // The server cancels the body once its socket closes; without one (an in-process fetch) the body fails.
      if (socket) socket.destroy();
      else controller.error(new Error('sandbox: connection dropped half way through the answer (injected)'));
    },
  });
  const headers = new Headers(answer.headers);
  headers.delete('content-length');
  return new Response(body, { status: answer.status, headers });
}

/** Runs on both origins; only /v2 and /oauth2 calls are logged, delayed and faulted. */
export function injection(
  store: Store,
  runtime: Runtime,
  activity: Activity,
  options: { logRequestBodies?: boolean } = {},
): MiddlewareHandler<SandboxEnv> {
  const handle = logged(store, runtime, options.logRequestBodies === true);
  return async (c, next) => {
    const path = new URL(c.req.url).pathname;
    if (path !== '/v2' && !path.startsWith('/v2/') && !path.startsWith('/oauth2/')) {
      advanceAddRequests(store);
      await next();
      return;
    }
    activity.inFlight++;
    activity.lastAtMs = Date.now();
    try {
      return await handle(c, next);
    } finally {
      activity.inFlight--;
      activity.lastAtMs = Date.now();
    }
  };
}

/** A /v2 or /oauth2 call: logged, delayed, faulted and counted against the quota. */
function logged(store: Store, runtime: Runtime, logBodies: boolean): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    advanceAddRequests(store);
    const url = new URL(c.req.url);
    const path = url.pathname;
    const isV2 = path === '/v2' || path.startsWith('/v2/');
    const method = c.req.method.toUpperCase();
    const entry: LoggedRequest = { method, path, status: 0 };
    const query = isV2 ? loggedQuery(url) : undefined;
    if (query) entry.query = query;
    if (logBodies && isV2 && method !== 'GET') {
      // Read once here; Hono keeps the text, so the route reads the same body.
      const body = loggedBody(await c.req.text());
      if (body !== undefined) entry.body = body;
    }
    runtime.requests.push(entry);
    const times: { arrivedMs: number; answeredMs?: number } = { arrivedMs: Date.now() };
    requestTimes.set(entry, times);
    let reset = quotaReset(runtime);
    let remaining: number | undefined;

    const finish = (response: Response): Response => {
      if (isV2) {
        response.headers.set('Rate-Limit-Limit', String(runtime.quota.perHour));
        response.headers.set(
          'Rate-Limit-Remaining',
          String(remaining ?? Math.max(0, runtime.quota.perHour - runtime.quota.used)),
        );
        response.headers.set('Rate-Limit-Reset', String(reset));
      }
      entry.status = response.status;
      times.answeredMs = Date.now();
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
      if (runtime.quota.used > runtime.quota.perHour) {
        return finish(fail(429, CODES.RATE_LIMITED, `Hourly quota of ${runtime.quota.perHour} requests exceeded`));
      }
    }
    const cut = take(runtime.cutOff, method, path);
    await next();
    const token = c.get('token') as SandboxEnv['Variables']['token'] | undefined;
    if (token) entry.tokenAccountId = token.accountId;
    finish(c.res);
    if (cut) {
      c.res = await cutOffAnswer(c.res, c.env as NodeEnv);
      // Hono copies the first answer's headers over: a length would be one more thing the half body breaks.
      c.res.headers.delete('content-length');
    }
  };
}
