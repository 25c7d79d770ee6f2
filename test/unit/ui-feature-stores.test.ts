// The stores that took over from hooks and components asking the worker inline (issue 22): each asks
// once when started, asks again on its events, shows the newest answer and stops following on stop.
import { describe, expect, test, vi } from 'vitest';
import { createLocatedStore } from '../../components/embedded-panel/located-store.ts';
import { createPanelSitesStore } from '../../components/embedded-panel/panel-sites-store.ts';
import { createWorkspaceStore } from '../../components/listings-workspace/workspace-store.ts';
import { createLocationNamesStore } from '../../components/locations/location-names-store.ts';
import { createInReviewStore } from '../../components/provisioning/in-review-store.ts';
import type { OptInJobView } from '../../lib/messaging/protocol/index.ts';
import { DeskError } from '../../lib/messaging/wire-error.ts';
import { loadedView } from './listings-workspace-fakes.ts';
import { fakeWorker, flush } from './store-fakes.ts';

const locations = (...names: [string, string, string][]) => ({
  locations: names.map(([id, name, city]) => ({ id, name, city })),
  folders: [],
});

describe('location names store', () => {
  const names = (...accounts: [string, [string, string, string][]][]) => ({
    accounts: accounts.map(([accountKey, list]) => ({
      accountKey,
      locations: list.map(([id, name, city]) => ({ id, name, city })),
    })),
  });

  // Issue 32: rows of accounts other than the active one showed their location ids.
  test('names every linked account’s locations, asks again when the locations or the accounts change, and stops', async () => {
    const worker = fakeWorker();
    const store = createLocationNamesStore(worker.io);
    const stop = store.start();
    expect(store.names.value.byKey.size).toBe(0);
    worker
      .asked('locations.names')[0]!
      .answer(names(['A', [['L1', 'Bakery', 'Springfield']]], ['B', [['L1', 'Outfitter', 'Kirkland']]]));
    await vi.waitFor(() =>
      expect(store.names.value.byKey.get('B L1')).toEqual({ name: 'Outfitter', city: 'Kirkland' }),
    );
    expect(store.names.value.byKey.get('A L1')).toEqual({ name: 'Bakery', city: 'Springfield' });
    expect(store.names.value.all.map((l) => `${l.accountKey} ${l.id}`)).toEqual(['A L1', 'B L1']);
    worker.emit('accounts.changed');
    worker.asked('locations.names')[1]!.answer(names(['A', [['L2', 'Florist', 'Salem']]]));
    await vi.waitFor(() => expect([...store.names.value.byKey.keys()]).toEqual(['A L2', 'L2']));
    worker.emit('locations.changed');
    expect(worker.asked('locations.names')).toHaveLength(3);
    stop();
    expect(worker.listeners.size).toBe(0);
  });

  test('where the names across accounts are refused (the panel), its own location list; a failure leaves the ids', async () => {
    const worker = fakeWorker();
    const store = createLocationNamesStore(worker.io);
    store.start();
    worker.asked('locations.names')[0]!.fail(new DeskError({ code: 'forbidden', message: 'no' }));
    await vi.waitFor(() => expect(worker.asked('locations.list')).toHaveLength(1));
    worker.asked('locations.list')[0]!.answer({ accountKey: 'A', ...locations(['L1', 'Bakery', 'Springfield']) });
    await vi.waitFor(() => expect(store.names.value.byKey.get('A L1')?.name).toBe('Bakery'));
    worker.emit('locations.changed');
    worker.asked('locations.names')[1]!.fail(new DeskError({ code: 'forbidden', message: 'no' }));
    await vi.waitFor(() => expect(worker.asked('locations.list')).toHaveLength(2));
    worker.asked('locations.list')[1]!.fail(new DeskError({ code: 'network', message: 'offline' }));
    await flush();
    expect(store.names.value.byKey.get('A L1')?.name).toBe('Bakery');
  });
});

describe('located store', () => {
  test('asks when started and again after the page says its address changed; other messages are ignored', async () => {
    const worker = fakeWorker();
    const page = new EventTarget();
    const store = createLocatedStore(worker.io, page as unknown as Window);
    const stop = store.start();
    expect(worker.asked('panel.locate')).toHaveLength(1);
    page.dispatchEvent(new MessageEvent('message', { data: { desk: 'something-else' } }));
    page.dispatchEvent(new MessageEvent('message', { data: { desk: 'panel-page-changed' } }));
    page.dispatchEvent(new MessageEvent('message', { data: { desk: 'panel-page-changed' } }));
    // Two nudges in a burst: one question once the page has settled.
    await vi.waitFor(() => expect(worker.asked('panel.locate')).toHaveLength(2));
    await flush();
    expect(worker.asked('panel.locate')).toHaveLength(2);
    // The newer answer wins even when the older one comes later.
    const [first, second] = worker.asked('panel.locate');
    second!.answer({ found: null, problem: 'new page', account: null });
    await vi.waitFor(() => expect(store.view.value).toMatchObject({ problem: 'new page' }));
    first!.answer({ found: null, problem: 'old page', account: null });
    await flush();
    expect(store.view.value).toMatchObject({ problem: 'new page' });
    stop();
    page.dispatchEvent(new MessageEvent('message', { data: { desk: 'panel-page-changed' } }));
    await flush();
    expect(worker.asked('panel.locate')).toHaveLength(2);
  });
});

describe('in-review store', () => {
  test('asks the tracker once without a refresh, then takes the count from provisioning.changed', async () => {
    const worker = fakeWorker();
    const store = createInReviewStore(worker.io);
    store.start();
    expect(worker.asked('provisioning.tracker').map((q) => q.input)).toEqual([{ refresh: false }]);
    worker.asked('provisioning.tracker')[0]!.answer({ inReview: 2, requests: [] });
    await vi.waitFor(() => expect(store.inReview.value).toBe(2));
    worker.emit('provisioning.changed', { inReview: 5 });
    expect(store.inReview.value).toBe(5);
    expect(worker.asked('provisioning.tracker')).toHaveLength(1);
  });
});

describe('panel sites store', () => {
  test('a failed change is shown and the list stays; the next change that works clears it', async () => {
    const worker = fakeWorker();
    const store = createPanelSitesStore(worker.io);
    store.start();
    const one = { sites: [{ origin: 'https://a.example' }], shortcut: '' };
    worker.asked('panel.sites.list')[0]!.answer(one);
    await vi.waitFor(() => expect(store.view.value).toEqual(one));
    const removing = store.remove('https://a.example');
    worker.asked('panel.sites.remove')[0]!.fail(new DeskError({ code: 'network', message: 'offline' }));
    await removing;
    expect(store.error.value).toBeInstanceOf(DeskError);
    expect(store.view.value).toEqual(one);
    const adding = store.add('https://b.example');
    expect(worker.asked('panel.sites.add')[0]!.input).toEqual({ origin: 'https://b.example' });
    const two = { sites: [...one.sites, { origin: 'https://b.example' }], shortcut: '' };
    worker.asked('panel.sites.add')[0]!.answer(two);
    await adding;
    expect(store.error.value).toBeNull();
    expect(store.view.value).toEqual(two);
  });
});

describe('workspace store', () => {
  const load = (loaded: number) => loadedView(loaded);
  const job = (id: string, createdAt: number) => ({ id, createdAt }) as OptInJobView;

  test('news counts a revision; the first answer, come late, does not replace newer news', async () => {
    const worker = fakeWorker();
    const store = createWorkspaceStore(worker.io);
    const stop = store.start();
    worker.emit('listings.changed', { accountKey: 'k', load: load(5) });
    expect(store.state.value?.load.loaded).toBe(5);
    expect(store.revision.value).toBe(1);
    worker.asked('listings.query')[0]!.answer({ accountKey: 'k', load: load(1) });
    await flush();
    expect(store.state.value?.load.loaded).toBe(5);
    stop();
    expect(worker.listeners.size).toBe(0);
  });

  test("another account's state, asked on accounts.changed, does not replace news that came while it was asked", async () => {
    const worker = fakeWorker();
    const store = createWorkspaceStore(worker.io);
    store.start();
    worker.asked('listings.query')[0]!.answer({ accountKey: 'k', load: load(1) });
    await vi.waitFor(() => expect(store.state.value?.load.loaded).toBe(1));
    worker.emit('accounts.changed');
    expect(worker.asked('listings.query')).toHaveLength(2);
    // The new account's load moves on before the answer (computed earlier) arrives.
    worker.emit('listings.changed', { accountKey: 'k2', load: load(40) });
    expect(store.state.value).toMatchObject({ accountKey: 'k2', load: { loaded: 40 } });
    const before = store.revision.value;
    worker.asked('listings.query')[1]!.answer({ accountKey: 'k2', load: load(10) });
    await flush();
    expect(store.state.value).toMatchObject({ accountKey: 'k2', load: { loaded: 40 } });
    // The rows on screen are asked again all the same (the account changed under them).
    expect(store.revision.value).toBeGreaterThan(before);
  });

  test('the newest job is shown: news of an older one does not replace it', async () => {
    const worker = fakeWorker();
    const store = createWorkspaceStore(worker.io);
    store.jobs.start();
    worker.asked('listings.optIn.jobs')[0]!.answer([job('b', 2)]);
    await vi.waitFor(() => expect(store.job.value?.id).toBe('b'));
    worker.emit('listings.optIn.changed', { accountKey: 'k', job: job('a', 1) });
    expect(store.job.value?.id).toBe('b');
    worker.emit('listings.optIn.changed', { accountKey: 'k', job: job('c', 3) });
    expect(store.job.value?.id).toBe('c');
  });

  test("the panel's store asks about its one location only, its health line with every status counted", async () => {
    const worker = fakeWorker();
    const store = createWorkspaceStore(worker.io, { locationId: 'L1' });
    store.start();
    const asked = worker.asked('listings.query');
    expect(asked.map((q) => (q.input as { filters: { locationIds: string[] } }).filters.locationIds)).toEqual([
      ['L1'],
      ['L1'],
    ]);
    asked[1]!.answer({ matched: 3, statusCounts: [{ status: 'LIVE', count: 3 }], load: load(9) });
    await vi.waitFor(() => expect(store.health.value?.matched).toBe(3));
    worker.emit('listings.changed', { accountKey: 'k', load: load(10) });
    await vi.waitFor(() => expect(worker.asked('listings.query')).toHaveLength(3));
  });
});
