// @vitest-environment node
// The listings workspace's worker side against the real sandbox over HTTP: loading, the cache, the rows
// and their names (opt-in jobs and the hourly quota: listings-workspace-optin-sandbox.test.ts).
import { describe, expect, test, vi } from 'vitest';
import { forgetPublishers } from '../../lib/background/listings-workspace/publishers-directory.ts';
import { ListingsTable } from '../../lib/background/listings-workspace/table.ts';
import { createLocations, locationsItem } from '../../lib/background/locations.ts';
import { protocol } from '../../lib/messaging/protocol/index.ts';
import {
  ask,
  content,
  control,
  deps,
  events,
  extension,
  loaded,
  locatedAt,
  requests,
  setupWorkspaceSandbox,
  workspace,
} from './listings-workspace-sandbox-setup.ts';

setupWorkspaceSandbox();

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
    events.length = 0;
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
    events.length = 0;
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
});
