// @vitest-environment node
// How a load of the listings workspace starts, against the real sandbox: "Load all listings" clicked
// while the page's own automatic load is starting gives one walk that finishes, and every open page
// hears that a load began at once (not only when its first page came back, which can take seconds).
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { createListingsWorkspace } from '../../lib/background/listings-workspace/index.ts';
import { createLocations } from '../../lib/background/locations.ts';
import type { RequestContext } from '../../lib/messaging/background.ts';
import type { ListingsLoadView } from '../../lib/messaging/protocol/index.ts';
import type { LoggedRequest } from '../../sandbox/injection.ts';
import { type RunningSandbox, startSandbox } from '../../sandbox/server.ts';
import { SandboxControl } from '../e2e/sandbox-control.ts';
import { linkSandboxDesk, sandboxDeps } from './desk-fakes.ts';

const ACCOUNT = 'app-1001';
const LISTINGS = '/powerlistings/listings';
let sb: RunningSandbox;
let control: SandboxControl;
const extension = { access: 'extension', sender: {} } as RequestContext;

beforeAll(async () => {
  sb = await startSandbox({ port: 0, authPort: 0 });
  control = new SandboxControl(sb.apiUrl);
});
afterAll(() => sb.close());

beforeEach(async () => {
  await linkSandboxDesk(sb, ACCOUNT);
  await control.clearRequests();
});

/** A workspace on the real sandbox whose broadcasts of its load are recorded. */
function workspace() {
  const loads: ListingsLoadView[] = [];
  const deps = sandboxDeps({
    broadcast: async (type, payload) => {
      if (type === 'listings.changed') loads.push((payload as { load: ListingsLoadView }).load);
    },
  });
  const w = createListingsWorkspace(deps, { ensureLocations: createLocations(deps).ensure });
  return { w, loads };
}

const listingsCalls = async () =>
  (await control.call<{ requests: LoggedRequest[] }>('GET', 'requests')).requests.filter(
    (r) => r.method === 'GET' && r.path.endsWith(LISTINGS),
  );

test('"Load all listings" clicked while the automatic load is starting: one walk, which finishes', async () => {
  const { w } = workspace();
  // The page's automatic load and the person's click reach the worker together.
  const [automatic, clicked] = await Promise.all([
    w.handlers['listings.load']({ refresh: false }, extension),
    w.handlers['listings.load']({ refresh: false }, extension),
  ]);
  expect(automatic.state).toBe('loading');
  expect(clicked.state).toBe('loading');
  await w.settled();
  const { table, load } = await w.loader.tableFor(ACCOUNT);
  expect(load).toMatchObject({ state: 'loaded', loaded: table.size, total: table.size });
  // Each page asked once: the seed account's listings, 100 a page.
  const calls = await listingsCalls();
  expect(calls).toHaveLength(Math.ceil(table.size / 100));
  expect(new Set(calls.map((c) => c.query?.offset ?? '0')).size).toBe(calls.length);
});

test('a load tells the pages it has started before its first page comes back', async () => {
  const { w, loads } = workspace();
  await control.latency(400);
  const started = await w.handlers['listings.load']({ refresh: false }, extension);
  expect(started.state).toBe('loading');
  // The first page is still on its way; the pages already show the load, with its Cancel.
  expect(await listingsCalls()).toEqual([]);
  expect(loads.map((l) => l.state)).toEqual(['loading']);
  await control.latency(0);
  await w.settled();
  expect(loads.at(-1)?.state).toBe('loaded');
});
