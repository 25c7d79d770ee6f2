// @vitest-environment node
// The listings workspace's worker side against the real sandbox over HTTP: the fake browser for storage
// and alarms (hence the unit project), the real client and a real sandbox for everything it asks.
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { listListings, optIn, optOut } from '../../lib/api/listings.ts';
import { createDeskDeps } from '../../lib/background/core/deps.ts';
import { setPanelScope } from '../../lib/background/core/panel-scope.ts';
import { createRequestBudget, type RequestBudget } from '../../lib/background/core/request-budget.ts';
import { createListingsWorkspace } from '../../lib/background/listings-workspace/index.ts';
import { LISTINGS_RESUME_ALARM } from '../../lib/background/listings-workspace/listings-load.ts';
import { OPT_IN_ALARM } from '../../lib/background/listings-workspace/opt-in-jobs.ts';
import { forgetPublishers } from '../../lib/background/listings-workspace/publishers-directory.ts';
import { ListingsTable } from '../../lib/background/listings-workspace/table.ts';
import { createLocations, locationsItem } from '../../lib/background/locations.ts';
import type { RequestContext } from '../../lib/messaging/background.ts';
import { type DeskEvents, protocol } from '../../lib/messaging/protocol/index.ts';
import { type RunningSandbox, startSandbox } from '../../sandbox/server.ts';
import { SandboxControl } from '../e2e/sandbox-control.ts';
import { gate, linkSandboxDesk, sandboxDeps } from './desk-fakes.ts';

let sb: RunningSandbox;
let events: { type: keyof DeskEvents; payload: unknown }[];

interface Logged {
  method: string;
  path: string;
  status: number;
  query?: Record<string, string>;
}

/** The sandbox's control API (`/__sandbox/*`), through the e2e tests' typed helper. */
const control = <T = unknown>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) =>
  new SandboxControl(sb.apiUrl).call<T>(method, path, body);

const requests = async () => (await control<{ requests: Logged[] }>('GET', 'requests')).requests;
const sandboxListings = async () =>
  (
    await control<{
      listings: { id: string; accountId: string; locationId: string; publisherId: string; status: string }[];
    }>('GET', 'state')
  ).listings.filter((l) => l.accountId === '1001');
/** `[a,b]`, `a,b`: the ids one logged request carried. */
const listOf = (value: string | undefined) =>
  (value ?? '')
    .replace(/^\[|\]$/g, '')
    .split(',')
    .filter(Boolean);

let deps = createDeskDeps();

function workspace(options: Parameters<typeof createListingsWorkspace>[1] = {}) {
  return createListingsWorkspace(deps, { ensureLocations: createLocations(deps).ensure, ...options });
}

const extension = { access: 'extension', sender: {} } as RequestContext;
/** The embedded panel's frame, located by 'panel.locate' on this location of account 1001 (its scope). */
const PANEL_SENDER = { id: 'x', url: 'chrome-extension://x/panel.html', frameId: 2, tab: { id: 1 } } as never;
const content = { access: 'content', sender: PANEL_SENDER } as RequestContext;
const locatedAt = (locationId: string) => setPanelScope(PANEL_SENDER, { accountKey: 'app-1001', locationId });
const ask = <K extends 'listings.query' | 'listings.optIn.plan' | 'listings.optIn.start'>(
  w: ReturnType<typeof workspace>,
  type: K,
  input: unknown,
  context = extension,
) => w.handlers[type](protocol[type].input.parse(input) as never, context) as ReturnType<(typeof w.handlers)[K]>;

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

/** The worker's deps against the sandbox; `budget` for a worker whose request budget is set otherwise. */
function workerDeps(budget?: RequestBudget) {
  return sandboxDeps({
    retry: { retries: 3, backoffMs: [0, 0, 20], jitter: 0 },
    broadcast: async (type, payload) => {
      events.push({ type, payload });
    },
    ...(budget ? { budget } : {}),
  });
}

async function loaded(w: ReturnType<typeof workspace>) {
  await w.handlers['listings.load']({ refresh: false }, extension);
  await w.settled();
}

describe('locations cache against the sandbox', () => {
  test('answers from the cache at once and fetches in the background, with folders as a tree', async () => {
    const locations = createLocations(deps);
    const first = await locations.handlers['locations.list']({ refresh: false }, extension);
    expect(first).toMatchObject({ accountKey: 'app-1001', locations: [], fetchedAt: null, refreshing: true });
    await locations.settled();
    const view = await locations.handlers['locations.list']({ refresh: false }, extension);
    expect(view).toMatchObject({ refreshing: false, error: null });
    expect(view.locations).toHaveLength(30);
    // The embedded panel is told of the one location its page is about, not the list.
    await locatedAt('HB-002');
    const panel = await locations.handlers['locations.list']({ refresh: false }, content);
    expect(panel.locations.map((l) => l.id)).toEqual(['HB-002']);
    expect(view.locations[0]).toMatchObject({
      id: 'HB-001',
      name: 'Harbor Bakery – Pearl District',
      city: 'Portland',
      folderId: 'F-OR',
    });
    expect(view.folders.find((f) => f.id === 'F-WEST')).toEqual({ id: 'F-WEST', name: 'West', parentId: null });
    expect(view.folders.find((f) => f.id === 'F-BAY')?.parentId).toBe('F-CA');
    expect(events).toContainEqual({ type: 'locations.changed', payload: { accountKey: 'app-1001' } });
    await control('DELETE', 'requests');
    await locations.handlers['locations.list']({ refresh: false }, extension);
    await locations.settled();
    expect(await requests()).toEqual([]);
  });
});

describe('listings workspace against the sandbox', () => {
  test('loads every listing in the background, with names, and answers filtered windows', async () => {
    const w = workspace();
    const started = await w.handlers['listings.load']({ refresh: false }, extension);
    expect(started.state).toBe('loading');
    await w.settled();
    const all = await ask(w, 'listings.query', { limit: 5 });
    expect(all).toMatchObject({
      accountKey: 'app-1001',
      matched: 2070,
      total: 2070,
      load: { state: 'loaded', loaded: 2070, total: 2070 },
    });
    expect(all.rows).toHaveLength(5);
    expect(all.rows[0]).toMatchObject({
      locationName: expect.stringMatching(/^Harbor Bakery – /),
      city: expect.any(String),
    });
    expect(all.rows[0]!.publisherName).not.toBe('');
    expect(events.some((e) => e.type === 'listings.changed')).toBe(true);

    const oregon = await ask(w, 'listings.query', {
      filters: { folderIds: ['F-PNW'], statuses: ['UNAVAILABLE'], text: 'portland' },
      limit: 500,
    });
    expect(oregon.matched).toBeGreaterThan(0);
    expect(
      oregon.rows.every((r) => r.status === 'UNAVAILABLE' && r.city === 'Portland' && r.statusDetails.length > 0),
    ).toBe(true);

    // The embedded panel reads one location's listings, and nothing wider.
    await locatedAt('HB-001');
    const one = await ask(w, 'listings.query', { filters: { locationIds: ['HB-001'] }, limit: 100 }, content);
    expect(one.matched).toBe(69);
    await expect(ask(w, 'listings.query', { limit: 100 }, content)).rejects.toMatchObject({ code: 'forbidden' });
    const other = ask(w, 'listings.query', { filters: { locationIds: ['HB-002'] }, limit: 100 }, content);
    await expect(other).rejects.toMatchObject({ code: 'forbidden' });
  });

  test('the embedded panel’s one location is fetched alone when the account was never loaded', async () => {
    const w = workspace();
    await locatedAt('HB-002');
    const view = await ask(w, 'listings.query', { filters: { locationIds: ['HB-002'] }, limit: 100 }, content);
    expect(view).toMatchObject({ matched: 69, load: { state: 'empty' } });
    expect(view.rows[0]).toMatchObject({
      locationId: 'HB-002',
      locationName: expect.stringMatching(/^Harbor Bakery – /),
    });
    const listingCalls = (await requests()).filter((r) => r.path.endsWith('/powerlistings/listings'));
    expect(listingCalls.map((r) => r.query?.locationIds)).toEqual(['[HB-002]']);
    await ask(w, 'listings.query', { filters: { locationIds: ['HB-002'] }, limit: 100 }, content);
    expect((await requests()).filter((r) => r.path.endsWith('/powerlistings/listings'))).toHaveLength(1);
    // The panel's health line: every one of the location's listings counted by status, no rows sent.
    const health = await ask(
      w,
      'listings.query',
      { filters: { locationIds: ['HB-002'] }, limit: 0, statusCounts: true },
      content,
    );
    expect(health.rows).toEqual([]);
    const byStatus = Object.fromEntries((health.statusCounts ?? []).map((s) => [s.status, s.count]));
    const expected: Record<string, number> = {};
    for (const row of view.rows) expected[row.status] = (expected[row.status] ?? 0) + 1;
    expect(byStatus).toEqual(expected);
    await w.settled();
  });

  test('the panel’s fresh rows get their publisher names back when the names’ cache was dropped', async () => {
    const w = workspace();
    await locatedAt('HB-002');
    const query = () => ask(w, 'listings.query', { filters: { locationIds: ['HB-002'] }, limit: 1 }, content);
    expect((await query()).rows[0]!.publisherName).not.toBe('');
    await forgetPublishers('app-1001');
    await w.loader.namesChanged();
    expect((await query()).rows[0]!.publisherName).not.toBe('');
    await w.settled();
  });

  test('a publishers answer IndexedDB cannot keep is still shown, and names the rows', async () => {
    const open = indexedDB.open.bind(indexedDB);
    const refused = vi.spyOn(indexedDB, 'open').mockImplementation((name, version) => {
      if (name === 'listings-desk-caches') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return open(name, version);
    });
    const w = workspace();
    await w.handlers['publishers.directory']({ refresh: false }, extension);
    await w.settled();
    const view = await w.handlers['publishers.directory']({ refresh: false }, extension);
    expect(view).toMatchObject({ error: null, refreshing: false });
    expect(view.publishers.find((p) => p.id === 'YELP')?.name).toBe('Yelp');
    await loaded(w);
    const rows = await ask(w, 'listings.query', { filters: { publisherIds: ['YELP'] }, limit: 1 });
    expect(rows.rows[0]?.publisherName).toBe('Yelp');
    expect(refused).toHaveBeenCalled();
    refused.mockRestore();
  });

  test('after a worker restart the rows come from the cache, without asking the service', async () => {
    await loaded(workspace());
    await control('DELETE', 'requests');
    const restarted = workspace();
    const view = await ask(restarted, 'listings.query', { filters: { publisherIds: ['YELP'] }, limit: 10 });
    expect(view.matched).toBe(30);
    expect(view.load.state).toBe('loaded');
    expect(await restarted.handlers['listings.load']({ refresh: false }, extension)).toMatchObject({ state: 'loaded' });
    expect(await requests()).toEqual([]);
  });

  test('the service’s warnings reach the load view with their code, and survive a worker restart', async () => {
    const warning = { code: 5012, type: 'WARNING', message: 'Some publishers are being updated' };
    await control('POST', 'faults', {
      method: 'GET',
      path: '/v2/accounts/me/powerlistings/listings',
      status: 200,
      count: 1,
      body: { meta: { uuid: 'u-1', errors: [warning] }, response: { count: 0, listings: [] } },
    });
    await loaded(workspace());
    const view = await ask(workspace(), 'listings.query', { limit: 0 });
    expect(view.load).toMatchObject({
      state: 'loaded',
      total: 0,
      warnings: [{ ...warning, sentence: expect.stringMatching(/^The service sent a note/) }],
    });
  });

  test('a listing without an id is kept with its status details: in the rows, the cache, the CSV and a selection', async () => {
    const unlocated = {
      locationId: 'HB-002',
      publisherId: 'BING',
      status: 'UNAVAILABLE',
      statusDetails: [
        { code: 'ADDRESS', type: 'UNAVAILABLE_REASON', message: 'unable to locate your address', actionable: true },
      ],
    };
    const known = { id: 'YELP-HB-001', locationId: 'HB-001', publisherId: 'YELP', status: 'LIVE' };
    await control('POST', 'faults', {
      method: 'GET',
      path: '/v2/accounts/me/powerlistings/listings',
      status: 200,
      count: 1,
      body: { meta: { uuid: 'u-1', errors: [] }, response: { count: 2, listings: [known, unlocated] } },
    });
    await loaded(workspace());
    // A restarted worker: the rows come back from IndexedDB.
    const w = workspace();
    const view = await ask(w, 'listings.query', { limit: 10, sort: { key: 'location', direction: 'asc' } });
    expect(view.load).toMatchObject({ state: 'loaded', total: 2, warnings: [] });
    expect(view.rows.map((r) => [r.key, r.id]).sort()).toEqual([
      ['@HB-002/BING', ''],
      ['YELP-HB-001', 'YELP-HB-001'],
    ]);
    const row = view.rows.find((r) => r.key === '@HB-002/BING');
    expect(row?.statusDetails[0]?.message).toBe('unable to locate your address');
    const { csv } = await w.handlers['listings.exportCsv'](
      protocol['listings.exportCsv'].input.parse({ filters: {} }),
      extension,
    );
    expect(csv).toContain('unable to locate your address');
    const plan = await ask(w, 'listings.optIn.plan', { selection: { listingIds: ['@HB-002/BING'] } });
    expect(plan).toMatchObject({ listings: 1, locations: 1, publishers: 1 });
  });

  test('after a worker restart the first windows come from the snapshot’s head before the table is rebuilt, the same rows as after', async () => {
    await loaded(workspace());
    const rebuilt = vi.spyOn(ListingsTable, 'fromColumns');
    const restarted = workspace();
    const first = await ask(restarted, 'listings.query', { offset: 0, limit: 50 });
    const second = await ask(restarted, 'listings.query', { offset: 50, limit: 50 });
    expect(rebuilt).not.toHaveBeenCalled();
    expect(first.rows).toHaveLength(50);
    expect(first).toMatchObject({ matched: 2070, total: 2070, load: { state: 'loaded', loaded: 2070 } });
    expect(first.rows[0]).toMatchObject({
      locationName: expect.stringMatching(/\S/),
      publisherName: expect.stringMatching(/\S/),
    });
    // Past the head, or filtered: the rebuilt table answers.
    const past = await ask(restarted, 'listings.query', { offset: 1000, limit: 50 });
    expect(rebuilt).toHaveBeenCalledTimes(1);
    expect(past.rows).toHaveLength(50);
    expect(await ask(restarted, 'listings.query', { offset: 0, limit: 50 })).toEqual(first);
    expect(await ask(restarted, 'listings.query', { offset: 50, limit: 50 })).toEqual(second);
    rebuilt.mockRestore();
  });

  test('a head written under other names than the cache holds now is replaced: the page is told to ask again', async () => {
    await loaded(workspace());
    const cached = await locationsItem.getValue();
    const entry = cached['app-1001']!;
    // The last location by name becomes the first.
    const renamed = entry.locations.map((l, i) => (i === entry.locations.length - 1 ? { ...l, name: '0 First' } : l));
    await locationsItem.setValue({ ...cached, 'app-1001': { ...entry, locations: renamed } });
    events = [];
    const restarted = workspace();
    const first = await ask(restarted, 'listings.query', { offset: 0, limit: 50 });
    expect(first.rows[0]?.locationName).not.toBe('0 First');
    await expect.poll(() => events.some((e) => e.type === 'listings.changed'), { timeout: 10_000 }).toBe(true);
    const again = await ask(restarted, 'listings.query', { offset: 0, limit: 50 });
    expect(again.rows[0]?.locationName).toBe('0 First');
  });

  test('rows show while the first load is still running', async () => {
    await control('POST', 'latency', { ms: 100 });
    const w = workspace();
    await w.handlers['listings.load']({ refresh: false }, extension);
    await expect
      .poll(
        async () => {
          const view = await ask(w, 'listings.query', { limit: 10 });
          return view.load.state === 'loading' && view.rows.length === 10 && view.matched < 2070;
        },
        { interval: 20, timeout: 5000 },
      )
      .toBe(true);
    await control('POST', 'latency', { ms: 0 });
    await w.settled();
  });

  test('exports the filtered rows as CSV, and counts facets for the pickers', async () => {
    const w = workspace();
    await loaded(w);
    const filters = { statuses: ['UNAVAILABLE'], folderIds: ['F-CA'] };
    const view = await ask(w, 'listings.query', { filters, limit: 500 });
    const { csv, rows, filename } = await w.handlers['listings.exportCsv'](
      protocol['listings.exportCsv'].input.parse({ filters }),
      extension,
    );
    expect(filename).toMatch(/^listings-app-1001-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(rows).toBe(view.matched);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Location id,Location,City,Address,Publisher id,Publisher,Status,Status details,Listing URL,Screenshot URL',
    );
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(view.rows.map((r) => r.locationId));
    expect(lines.slice(1).every((line) => line.includes('UNAVAILABLE'))).toBe(true);

    const facets = await w.handlers['listings.facets']({}, extension);
    expect(facets.statuses.reduce((sum, s) => sum + s.count, 0)).toBe(2070);
    expect(facets.publishers.find((p) => p.id === 'YELP')).toEqual({ id: 'YELP', name: 'Yelp', count: 30 });
    expect(facets.locations.find((l) => l.id === 'HB-001')).toMatchObject({
      city: 'Portland',
      folderId: 'F-OR',
      count: 69,
    });
    expect(facets.folders.map((f) => f.id)).toContain('F-BAY');
  });

  test('a location renamed in its cache shows by its new name, and the page is told', async () => {
    const w = workspace();
    await loaded(w);
    w.start();
    events = [];
    const stored = await locationsItem.getValue();
    const mine = stored['app-1001']!;
    const locations = mine.locations.map((l) => (l.id === 'HB-001' ? { ...l, name: 'Harbor Bakery – Renamed' } : l));
    await locationsItem.setValue({ ...stored, 'app-1001': { ...mine, locations } });
    const nameOf = async () =>
      (await ask(w, 'listings.query', { filters: { locationIds: ['HB-001'] }, limit: 1 })).rows[0]?.locationName;
    await expect.poll(nameOf).toBe('Harbor Bakery – Renamed');
    expect(events.some((e) => e.type === 'listings.changed')).toBe(true);
  });

  test('a Cancel stops the fetch-all and keeps what came', async () => {
    await control('POST', 'latency', { ms: 40 });
    const w = workspace();
    await w.handlers['listings.load']({ refresh: false }, extension);
    const cancelled = await w.handlers['listings.cancelLoad']({}, extension);
    await control('POST', 'latency', { ms: 0 });
    expect(cancelled.state).toBe('cancelled');
    expect(cancelled.loaded).toBeLessThan(2070);
  });

  test('opts in 150 selected pairs in requests of at most 100, never a pair outside the selection', async () => {
    const w = workspace();
    await loaded(w);
    const locationIds = Array.from({ length: 15 }, (_, i) => `HB-${String(i + 1).padStart(3, '0')}`);
    const publisherIds = ['APPLE', 'BING', 'FACEBOOK', 'FOURSQUARE', 'GOOGLEMYBUSINESS', 'HERE', 'TOMTOM', 'YELP'];
    const selection = { filters: { locationIds, publisherIds } };
    // Plus 30 pairs picked one by one: 15 × 8 + 30 = 150, not one rectangle.
    const extra = locationIds.flatMap((l) => [`${l}-MAPQUEST`, `${l}-NEXTDOOR`]);
    const picked = {
      listingIds: [
        ...(await ask(w, 'listings.query', { filters: selection.filters, limit: 500 })).rows.map((r) => r.id),
        ...extra,
      ],
    };
    const plan = await ask(w, 'listings.optIn.plan', { selection: picked });
    expect(plan).toMatchObject({ listings: 150, locations: 15, publishers: 10, requests: 2, minimumRequests: 2 });
    expect(plan.warning).toMatch(/not recommended for enterprise/);

    await control('DELETE', 'requests');
    const job = await ask(w, 'listings.optIn.start', { selection: picked });
    expect(job).toMatchObject({ state: 'running', pairs: 150 });
    await w.settled();
    const chosen = new Set(picked.listingIds);
    const sent = new Set<string>();
    const puts = (await requests()).filter((r) => r.method === 'PUT');
    expect(puts).toHaveLength(2);
    for (const put of puts) {
      expect(put.path).toBe('/v2/accounts/me/powerlistings/listings/optin');
      const locations = listOf(put.query?.locationIds);
      const publishers = listOf(put.query?.publisherIds);
      expect(locations.length * publishers.length).toBeLessThanOrEqual(100);
      for (const l of locations)
        for (const p of publishers) {
          expect(chosen.has(`${l}-${p}`)).toBe(true);
          sent.add(`${l}-${p}`);
        }
    }
    expect(sent).toEqual(chosen);
    const inSandbox = (await sandboxListings()).filter((l) => chosen.has(l.id));
    expect(inSandbox.every((l) => l.status !== 'OPTED_OUT')).toBe(true);
    // The rows were fetched again when the job ended.
    const after = await ask(w, 'listings.query', { filters: { statuses: ['OPTED_OUT'] }, limit: 500 });
    expect(after.rows.some((r) => chosen.has(r.id))).toBe(false);
    const [finished] = await w.handlers['listings.optIn.jobs']({}, extension);
    expect(finished).toMatchObject({ state: 'finished', batches: { total: 2, done: 2, failed: 0 } });
    expect(await browser.alarms.get(OPT_IN_ALARM)).toBeFalsy();
  });

  test('a batch that fails after the client’s retries is listed with its error, and Retry failed sends it', async () => {
    const w = workspace();
    await loaded(w);
    // The client tries a request 4 times (3 retries): all four of the first batch's tries fail.
    await control('POST', 'faults', {
      method: 'PUT',
      path: '/v2/accounts/me/powerlistings/listings/optin',
      status: 503,
      count: 4,
    });
    const selection = { filters: { locationIds: ['HB-001', 'HB-002', 'HB-003'], publisherIds: ['YELP', 'BING'] } };
    const job = await ask(w, 'listings.optIn.start', { selection });
    await w.settled();
    const [failed] = await w.handlers['listings.optIn.jobs']({}, extension);
    expect(failed).toMatchObject({ id: job.id, state: 'finished', batches: { total: 1, failed: 1, done: 0 } });
    expect(failed!.failed[0]).toMatchObject({
      state: 'failed',
      attempts: 1,
      error: { code: '2099', status: 503, message: expect.stringMatching(/^The service was busy/) },
    });
    expect((await requests()).filter((r) => r.method === 'PUT').map((r) => r.status)).toEqual([503, 503, 503, 503]);

    const retried = await w.handlers['listings.optIn.retryFailed']({ jobId: job.id }, extension);
    expect(retried.state).toBe('running');
    await w.settled();
    const [done] = await w.handlers['listings.optIn.jobs']({}, extension);
    expect(done).toMatchObject({ state: 'finished', batches: { done: 1, failed: 0 }, failed: [] });
    expect(events.filter((e) => e.type === 'listings.optIn.changed').length).toBeGreaterThanOrEqual(2);
  });

  test('a batch the request budget holds back near the floor stays pending, unsent, and goes once the hour allows', async () => {
    const w = workspace();
    await loaded(w);
    // 60 left, under the reserve of 100: the person's own read tells the budget so.
    await control('POST', 'quota', { perHour: 1000, used: 940, resetInSeconds: 1800 });
    await deps.withAccount((client) => listListings(client, { limit: 1 }), 'app-1001');
    await control('DELETE', 'requests');
    const selection = { filters: { locationIds: ['HB-001', 'HB-002'], publisherIds: ['YELP', 'BING'] } };
    await ask(w, 'listings.optIn.start', { selection });
    await w.settled();
    expect((await requests()).filter((r) => r.method === 'PUT')).toEqual([]);
    const [waiting] = await w.handlers['listings.optIn.jobs']({}, extension);
    expect(waiting).toMatchObject({ state: 'running', batches: { total: 1, pending: 1, failed: 0 } });
    expect((await browser.alarms.get(OPT_IN_ALARM))?.name).toBe(OPT_IN_ALARM);

    // A new hour (the service says so on the next answer): the alarm's round (resume) sends it.
    await control('POST', 'quota', { perHour: 1000, used: 0 });
    await deps.withAccount((client) => listListings(client, { limit: 1 }), 'app-1001');
    await w.jobs.resume();
    const [done] = await w.handlers['listings.optIn.jobs']({}, extension);
    expect(done).toMatchObject({ state: 'finished', batches: { done: 1, failed: 0 } });
    expect((await requests()).filter((r) => r.method === 'PUT')).toHaveLength(1);
  });

  test('a job whose worker died mid-batch is resumed by the next worker, with the alarm as backstop', async () => {
    const held = gate();
    const dying = workspace({ send: () => held.held });
    await loaded(dying);
    const selection = { filters: { locationIds: ['HB-001', 'HB-002'], publisherIds: ['YELP', 'BING', 'APPLE'] } };
    await ask(dying, 'listings.optIn.start', { selection });
    await expect.poll(async () => (await browser.alarms.get(OPT_IN_ALARM))?.name).toBe(OPT_IN_ALARM);

    // A new worker: its own run, the real client. The dead run's claim is sent again.
    await control('DELETE', 'requests');
    const next = workspace();
    await next.jobs.resume();
    const [job] = await next.handlers['listings.optIn.jobs']({}, extension);
    expect(job).toMatchObject({ state: 'finished', batches: { done: 1, failed: 0, pending: 0 } });
    expect((await requests()).filter((r) => r.method === 'PUT')).toHaveLength(1);
    expect(await browser.alarms.get(OPT_IN_ALARM)).toBeFalsy();
    // The dead run's late answer changes nothing.
    held.open();
    await dying.settled();
    expect((await next.handlers['listings.optIn.jobs']({}, extension))[0]).toMatchObject({ batches: { done: 1 } });
  });

  test('Retry failed of a request the service applied before its answer was lost sends nothing again', async () => {
    // The first request reaches the service, then its answer is lost (a timeout): the batch fails.
    let lost = true;
    const w = workspace({
      send: async (accountKey, batch) => {
        await deps.withAccount((client) => optIn(client, batch), accountKey);
        if (lost) {
          lost = false;
          throw new TypeError('Failed to fetch');
        }
      },
    });
    await loaded(w);
    const selection = { filters: { locationIds: ['HB-001', 'HB-002'], statuses: ['OPTED_OUT'] } };
    const job = await ask(w, 'listings.optIn.start', { selection });
    await w.settled();
    expect((await w.handlers['listings.optIn.jobs']({}, extension))[0]).toMatchObject({ batches: { failed: 1 } });
    const puts = async () => (await requests()).filter((r) => r.method === 'PUT').length;
    const before = await puts();
    await w.handlers['listings.optIn.retryFailed']({ jobId: job.id }, extension);
    await w.settled();
    const [retried] = await w.handlers['listings.optIn.jobs']({}, extension);
    expect(retried).toMatchObject({ state: 'finished', batches: { failed: 0, pending: 0 } });
    expect(retried!.batches.done).toBe(retried!.batches.total);
    expect(await puts()).toBe(before);
  });

  test.each([
    ['in', 'OPTED_OUT'],
    ['out', 'LIVE'],
  ] as const)(
    'opt-%s: a batch a dead worker had claimed and sent is not sent again, its statuses are read first',
    async (direction, from) => {
      // The dying worker's requests reach the service, then it dies before writing down their answers.
      const held = gate();
      const dying = workspace({
        send: async (accountKey, batch) => {
          await deps.withAccount((client) => (direction === 'in' ? optIn : optOut)(client, batch), accountKey);
          await held.held;
        },
      });
      await loaded(dying);
      const selection = { filters: { statuses: [from] } };
      const plan = await ask(dying, 'listings.optIn.plan', { selection, direction });
      expect(plan.requests).toBeGreaterThan(3);
      await ask(dying, 'listings.optIn.start', { selection, direction });
      // Its three claims (the concurrency) have reached the service.
      await expect.poll(async () => (await requests()).filter((r) => r.method === 'PUT').length).toBe(3);

      const next = workspace();
      await next.jobs.resume();
      const [job] = await next.handlers['listings.optIn.jobs']({}, extension);
      expect(job).toMatchObject({ state: 'finished', batches: { done: plan.requests, failed: 0 } });
      const sent = new Map<string, number>();
      for (const put of (await requests()).filter((r) => r.method === 'PUT')) {
        for (const l of listOf(put.query?.locationIds))
          for (const p of listOf(put.query?.publisherIds)) sent.set(`${l}-${p}`, (sent.get(`${l}-${p}`) ?? 0) + 1);
      }
      expect([...sent.values()].filter((n) => n > 1)).toEqual([]);
      expect(sent.size).toBe(plan.listings);
      expect((await sandboxListings()).filter((l) => l.status === from)).toEqual([]);
      held.open();
      await dying.settled();
    },
  );

  test("a load the hourly quota ends keeps its rows, says when the rest comes, and the next worker's alarm loads only the rest", async () => {
    // 12 requests left this hour: the names take two, the account's 21 pages of listings need more. The
    // budget would hold the load back at once; here it keeps no reserve, as when another client of the
    // same key spends the quota unseen: the service's 429 ends the walk.
    deps = workerDeps(createRequestBudget({ thresholds: { slowBelowShare: 0, reserveShare: 0, reserveMin: 0 } }));
    await control('POST', 'quota', { perHour: 1000, used: 988 });
    // The hour the quota ran out in: the load takes seconds, and a run may cross the top of an hour.
    const startedAt = Date.now();
    const w = workspace();
    await loaded(w);
    const listingCalls = async () =>
      (await requests()).filter((r) => r.path.endsWith('/powerlistings/listings') && r.method === 'GET');
    const first = await listingCalls();
    const answered = first.filter((r) => r.status === 200).length;
    expect(answered).toBeGreaterThan(0);
    expect(answered).toBeLessThan(21);
    // No page was sent after the quota's 429 but those already in flight (before: all 21 were).
    expect(first.length - answered).toBeLessThanOrEqual(4);
    const hourEnds = [startedAt, Date.now()].map((at) => (Math.floor(at / 3_600_000) + 1) * 3_600_000);
    const view = await ask(w, 'listings.query', { limit: 0 });
    const topOfHour = (view.load.incomplete?.resumesAt ?? 0) - 5000;
    expect(hourEnds).toContain(topOfHour);
    expect(view.load).toMatchObject({
      state: 'loaded',
      loaded: answered * 100,
      total: 2070,
      incomplete: { missingPages: 21 - answered, pages: 21, resumesAt: topOfHour + 5000 },
    });
    expect(view.total).toBe(answered * 100);
    const alarm = await browser.alarms.get(`${LISTINGS_RESUME_ALARM}:app-1001`);
    expect(alarm?.scheduledTime).toBe(topOfHour + 5000);

    // The worker stops; the next one, woken by the alarm after the reset (its clock says so), holds the
    // rows from IndexedDB and fetches only the rest.
    deps = workerDeps(createRequestBudget({ now: () => topOfHour + 5000 }));
    await control('POST', 'quota', { perHour: 1_000_000 });
    await control('DELETE', 'requests');
    const next = workspace();
    next.start();
    await fakeBrowser.alarms.onAlarm.trigger({
      name: `${LISTINGS_RESUME_ALARM}:app-1001`,
      scheduledTime: topOfHour + 5000,
    } as Parameters<typeof fakeBrowser.alarms.onAlarm.trigger>[0]);
    await expect
      .poll(async () => (await ask(next, 'listings.query', { limit: 0 })).load, { timeout: 15_000 })
      .toMatchObject({ state: 'loaded', loaded: 2070, total: 2070, incomplete: null });
    const rest = await listingCalls();
    expect(rest).toHaveLength(21 - answered);
    expect(rest.map((r) => Number(r.query?.offset ?? 0)).sort((a, b) => a - b)[0]).toBeGreaterThan(0);
    // Every listing once: the rows kept and the rest, no page twice.
    expect((await ask(next, 'listings.query', { limit: 0 })).total).toBe((await sandboxListings()).length);
    await next.settled();
    expect(await browser.alarms.get(`${LISTINGS_RESUME_ALARM}:app-1001`)).toBeFalsy();
  });
});
