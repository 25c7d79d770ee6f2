// startSandbox: the API origin (v2 calls, token exchange, control API) and the auth origin
// (authorize page) as two loopback HTTP servers sharing one Store.
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { Hono } from 'hono';
import * as control from './control.ts';
import { createCrmApp } from './crm.ts';
import type { OAuthConfig, RouteModule, SandboxApp, SandboxDeps } from './deps.ts';
import { ApiError, CODES, fail, plainJson } from './envelope.ts';
import { forbiddenGuard, type SandboxEnv, v2Guard } from './guard.ts';
import { createActivity, createRuntime, injection } from './injection.ts';
import * as authorize from './routes/authorize.ts';
import * as listings from './routes/listings.ts';
import * as locations from './routes/locations.ts';
import * as provisioning from './routes/provisioning.ts';
import * as suggestions from './routes/suggestions.ts';
import * as token from './routes/token.ts';
import * as usersRoles from './routes/users-roles.ts';
import { createSeed } from './seed.ts';
import { Store } from './store.ts';

/** Each origin's route modules, in registration order. */
const API_ROUTES: RouteModule[] = [control, token, listings, locations, suggestions, usersRoles, provisioning];
const AUTH_ROUTES: RouteModule[] = [authorize];

export interface SandboxOptions {
  port?: number;
  authPort?: number;
  dataFile?: string;
  hostile?: boolean;
  /** Names of 60 characters everywhere (sandbox/long-names.ts). */
  longNames?: boolean;
  locationsPerAccount?: number;
  /** Customer accounts (1001, 1002, then added businesses): default 5, 2 to 50. */
  accounts?: number;
  /** Waiting suggestions of each added account (1003 on), instead of 8 to 40. */
  waitingPerAddedAccount?: number;
  addRequestProcessingMs?: number;
  /** The request log (control API) also keeps each /v2 call's JSON body: for the OpenAPI conformance test. */
  logRequestBodies?: boolean;
  /** The demo CRM for the embedded panel (default 8789, or a free port when `port` is 0, as in tests); false: none. */
  crmPort?: number | false;
}

export interface RunningSandbox {
  apiUrl: string;
  authUrl: string;
  apiKey: string;
  clientId: string;
  /** The demo CRM's origin, e.g. http://127.0.0.1:8789; '' when it was not started. */
  crmUrl: string;
  close(): Promise<void>;
}

const SANDBOX_API_KEY = 'sandbox-api-key';
const SANDBOX_CLIENT_ID = 'sandbox-client-id';

type NodeServer = ReturnType<typeof createAdaptorServer> & {
  closeAllConnections?: () => void;
  address(): AddressInfo | string | null;
};

function listen(fetch: (request: Request) => Response | Promise<Response>, port: number, hostname: string) {
  return new Promise<NodeServer>((resolve, reject) => {
    const server = createAdaptorServer({ fetch }) as NodeServer;
    server.once('error', reject);
    server.listen(port, hostname, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

function close(server: NodeServer): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections?.();
  });
}

/** What an API-origin path that no route serves answers: 405 with Allow when another method would do. */
function unmatched(api: SandboxApp) {
  const routes = api.routes
    .filter((r) => r.method !== 'ALL' && !r.path.includes('*'))
    .map((r) => ({ method: r.method, pattern: new RegExp(`^${r.path.replace(/:[^/]+/g, '[^/]+')}$`) }));
  return (method: string, path: string): Response => {
    const allowed = [...new Set(routes.filter((r) => r.pattern.test(path)).map((r) => r.method))];
    const isControl = path.startsWith('/__sandbox/');
    let response: Response;
    if (allowed.length > 0) {
      const message = `Method ${method} not allowed on ${path}`;
      response = isControl ? plainJson({ error: message }, 405) : fail(405, CODES.METHOD_NOT_ALLOWED, message);
      response.headers.set('allow', allowed.join(', '));
    } else {
      const message = `Unknown endpoint: ${method} ${path}`;
      response = isControl ? plainJson({ error: message }, 404) : fail(404, CODES.NOT_FOUND, message);
    }
    return response;
  };
}

function createApps(store: Store, config: OAuthConfig, defaults: SandboxDeps['defaults'], logRequestBodies: boolean) {
  const deps: SandboxDeps = { store, runtime: createRuntime(), activity: createActivity(), config, defaults };
  const api = new Hono<SandboxEnv>();
  api.use('*', injection(store, deps.runtime, deps.activity, { logRequestBodies }));
  api.use('/v2/*', v2Guard(store, config.apiKey));
  api.use('/v2', v2Guard(store, config.apiKey));
  // Read through the runtime each call: a reset replaces its fields.
  api.use(
    '/v2/*',
    forbiddenGuard(() => deps.runtime.forbiddenAccounts),
  );
  for (const routes of API_ROUTES) routes.register(api, deps);
  const answerUnmatched = unmatched(api);
  api.notFound((c) => answerUnmatched(c.req.method, new URL(c.req.url).pathname));
  api.onError((err) => {
    if (err instanceof ApiError) return fail(err.status, err.code, err.message, err.errorName);
    console.error('sandbox: unexpected error', err);
    return fail(500, 5000, 'Internal sandbox error');
  });

  const auth = new Hono<SandboxEnv>();
  auth.use('*', injection(store, deps.runtime, deps.activity));
  for (const routes of AUTH_ROUTES) routes.register(auth, deps);
  auth.notFound(() => new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } }));
  auth.onError((err) => {
    console.error('sandbox: unexpected error', err);
    return new Response('Internal sandbox error', { status: 500 });
  });
  return { api, auth };
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const hostile = options.hostile === true;
  const loaded = options.dataFile ? Store.loadFile(options.dataFile) : undefined;
  const state =
    loaded ??
    createSeed({
      hostile,
      longNames: options.longNames === true,
      locationsPerAccount: options.locationsPerAccount,
      accounts: options.accounts,
      waitingPerAddedAccount: options.waitingPerAddedAccount,
      nowMs: Date.now(),
    });
  const store = new Store(state, {
    dataFile: options.dataFile,
    addRequestProcessingMs: options.addRequestProcessingMs ?? 2000,
  });
  if (!loaded) store.changed();
  const config: OAuthConfig = { apiKey: SANDBOX_API_KEY, clientId: SANDBOX_CLIENT_ID, appName: 'Listings Desk' };
  const { api, auth } = createApps(
    store,
    config,
    {
      hostile,
      longNames: options.longNames === true,
      locationsPerAccount: options.locationsPerAccount,
      accounts: options.accounts,
      waitingPerAddedAccount: options.waitingPerAddedAccount,
    },
    options.logRequestBodies === true,
  );

  const apiServer = await listen(api.fetch, options.port ?? 8787, '127.0.0.1');
  let authServer: NodeServer;
  try {
    authServer = await listen(auth.fetch, options.authPort ?? 8788, '127.0.0.1');
  } catch (error) {
    await close(apiServer);
    throw error;
  }
  const authServers = [authServer];
  const apiPort = (apiServer.address() as AddressInfo).port;
  const authPort = (authServer.address() as AddressInfo).port;
  // Browsers may try ::1 first for "localhost"; serve it too when the machine has IPv6 loopback.
  try {
    authServers.push(await listen(auth.fetch, authPort, '::1'));
  } catch {
    // no IPv6 loopback here: 127.0.0.1 alone is enough
  }

  // A third origin, so that the panel's site is neither the API's nor the authorize page's.
  let crmServer: NodeServer | undefined;
  if (options.crmPort !== false) {
    try {
      crmServer = await listen(
        createCrmApp(store).fetch,
        options.crmPort ?? (options.port === 0 ? 0 : 8789),
        '127.0.0.1',
      );
    } catch (error) {
      await Promise.all([close(apiServer), ...authServers.map(close)]);
      throw error;
    }
  }
  const crmUrl = crmServer ? `http://127.0.0.1:${(crmServer.address() as AddressInfo).port}` : '';

  let closed = false;
  return {
    apiUrl: `http://127.0.0.1:${apiPort}`,
    authUrl: `http://localhost:${authPort}`,
    apiKey: SANDBOX_API_KEY,
    clientId: SANDBOX_CLIENT_ID,
    crmUrl,
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([close(apiServer), ...authServers.map(close), ...(crmServer ? [close(crmServer)] : [])]);
      store.saveNow();
    },
  };
}
