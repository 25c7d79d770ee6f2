// The listings workspace's worker against the real sandbox over HTTP, shared by its sandbox test files:
// the fake browser for storage and alarms (hence the unit project), the real client and a real sandbox.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { DeskDeps } from '../../lib/background/core/deps.ts';
import { setPanelScope } from '../../lib/background/core/panel-scope.ts';
import type { RequestBudget } from '../../lib/background/core/request-budget.ts';
import { createListingsWorkspace } from '../../lib/background/listings-workspace/index.ts';
import { createLocations } from '../../lib/background/locations.ts';
import type { RequestContext } from '../../lib/messaging/background.ts';
import { type DeskEvents, protocol } from '../../lib/messaging/protocol/index.ts';
import { type RunningSandbox, startSandbox } from '../../sandbox/server.ts';
import { SandboxControl } from '../e2e/sandbox-control.ts';
import { linkSandboxDesk, sandboxDeps } from './desk-fakes.ts';

export let sb: RunningSandbox;
/** What the worker broadcast since the test began. */
export let events: { type: keyof DeskEvents; payload: unknown }[];
export let deps: DeskDeps;

interface Logged {
  method: string;
  path: string;
  status: number;
  query?: Record<string, string>;
}

/** The sandbox's control API (`/__sandbox/*`), through the e2e tests' typed helper. */
export const control = <T = unknown>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) =>
  new SandboxControl(sb.apiUrl).call<T>(method, path, body);

export const requests = async () => (await control<{ requests: Logged[] }>('GET', 'requests')).requests;
export const sandboxListings = async () =>
  (
    await control<{
      listings: { id: string; accountId: string; locationId: string; publisherId: string; status: string }[];
    }>('GET', 'state')
  ).listings.filter((l) => l.accountId === '1001');
/** `[a,b]`, `a,b`: the ids one logged request carried. */
export const listOf = (value: string | undefined) =>
  (value ?? '')
    .replace(/^\[|\]$/g, '')
    .split(',')
    .filter(Boolean);

export function workspace(options: Parameters<typeof createListingsWorkspace>[1] = {}) {
  return createListingsWorkspace(deps, { ensureLocations: createLocations(deps).ensure, ...options });
}

export const extension = { access: 'extension', sender: {} } as RequestContext;
/** The embedded panel's frame, located by 'panel.locate' on this location of account 1001 (its scope). */
const PANEL_SENDER = { id: 'x', url: 'chrome-extension://x/panel.html', frameId: 2, tab: { id: 1 } } as never;
export const content = { access: 'content', sender: PANEL_SENDER } as RequestContext;
export const locatedAt = (locationId: string) => setPanelScope(PANEL_SENDER, { accountKey: 'app-1001', locationId });
export const ask = <K extends 'listings.query' | 'listings.optIn.plan' | 'listings.optIn.start'>(
  w: ReturnType<typeof workspace>,
  type: K,
  input: unknown,
  context = extension,
) => w.handlers[type](protocol[type].input.parse(input) as never, context) as ReturnType<(typeof w.handlers)[K]>;

/** The worker's deps against the sandbox; `budget` for a worker whose request budget is set otherwise. */
export function workerDeps(budget?: RequestBudget) {
  return sandboxDeps({
    retry: { retries: 3, backoffMs: [0, 0, 20], jitter: 0 },
    broadcast: async (type, payload) => {
      events.push({ type, payload });
    },
    ...(budget ? { budget } : {}),
  });
}

/** The worker's deps from now on (a restart with another request budget). */
export function useDeps(next: DeskDeps): void {
  deps = next;
}

export async function loaded(w: ReturnType<typeof workspace>) {
  await w.handlers['listings.load']({ refresh: false }, extension);
  await w.settled();
}

/** One sandbox per file; each test starts from a fresh desk linked to it. */
export function setupWorkspaceSandbox(): void {
  beforeAll(async () => {
    sb = await startSandbox({ port: 0, authPort: 0 });
  });
  afterAll(() => sb.close());
  beforeEach(async () => {
    events = [];
    // The Connection is the test's sandbox, so the worker's clients call it as they would in the browser.
    await linkSandboxDesk(sb);
    // The worker's one deps, talking to the real sandbox (desk-fakes' routing fetch is for faked answers).
    deps = workerDeps();
    await control('DELETE', 'requests');
  });
}
