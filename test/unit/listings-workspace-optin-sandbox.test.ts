// @vitest-environment node
// The listings workspace's opt-in and opt-out jobs and the hourly quota against the real sandbox over HTTP
// (loading and the rows: listings-workspace-sandbox.test.ts).
import { describe, expect, test } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { listListings, optIn, optOut } from '../../lib/api/listings.ts';
import { createRequestBudget } from '../../lib/background/core/request-budget.ts';
import { LISTINGS_RESUME_ALARM } from '../../lib/background/listings-workspace/listings-load.ts';
import { OPT_IN_ALARM } from '../../lib/background/listings-workspace/opt-in-jobs.ts';
import { gate } from './desk-fakes.ts';
import {
  ask,
  control,
  deps,
  events,
  extension,
  listOf,
  loaded,
  requests,
  sandboxListings,
  setupWorkspaceSandbox,
  useDeps,
  workerDeps,
  workspace,
} from './listings-workspace-sandbox-setup.ts';

setupWorkspaceSandbox();

describe('listings workspace against the sandbox', () => {
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
    // The dialog says which: the first five locations by name (not id), and publishers by name.
    expect(plan.names.locations).toHaveLength(5);
    expect(plan.names.locations.some((name) => locationIds.includes(name))).toBe(false);
    expect(plan.names.publishers).toHaveLength(5);
    expect(plan.names.publishers.every((name) => name.length > 0)).toBe(true);

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

  test('a 200 cut off half way through its body: the statuses are read back, the batch is done, nothing sent again (issue 31)', async () => {
    const w = workspace();
    await loaded(w);
    await control('DELETE', 'requests');
    // The request takes effect; its answer stops after the status line and half the body.
    await control('POST', 'cut-off', { method: 'PUT', path: '/v2/accounts/me/powerlistings/listings/optin' });
    const selection = { filters: { locationIds: ['HB-001'], statuses: ['OPTED_OUT'] } };
    const plan = await ask(w, 'listings.optIn.plan', { selection });
    expect(plan.requests).toBe(1);
    await ask(w, 'listings.optIn.start', { selection });
    await w.settled();
    const [job] = await w.handlers['listings.optIn.jobs']({}, extension);
    expect(job).toMatchObject({ state: 'finished', batches: { total: 1, done: 1, failed: 0 }, failed: [] });
    const log = await requests();
    expect(log.filter((r) => r.method === 'PUT')).toHaveLength(1);
    const put = log.findIndex((r) => r.method === 'PUT');
    expect(log.slice(put + 1).some((r) => r.method === 'GET' && r.path.endsWith('/powerlistings/listings'))).toBe(true);
  });

  test('a 200 whose body cannot be read, for a request the service did not apply: "could not confirm", and Retry failed sends the rest (issue 31)', async () => {
    const w = workspace();
    await loaded(w);
    // Truncated JSON that never reached the service's rules.
    await control('POST', 'malformed', { method: 'PUT', path: '/v2/accounts/me/powerlistings/listings/optin' });
    const selection = { filters: { locationIds: ['HB-001'], statuses: ['OPTED_OUT'] } };
    expect((await ask(w, 'listings.optIn.plan', { selection })).requests).toBe(1);
    const job = await ask(w, 'listings.optIn.start', { selection });
    await w.settled();
    const [failed] = await w.handlers['listings.optIn.jobs']({}, extension);
    expect(failed).toMatchObject({ state: 'finished', batches: { failed: 1, done: 0 } });
    expect(failed!.failed[0]!.error).toMatchObject({
      code: 'unconfirmed',
      message: expect.stringMatching(
        new RegExp(
          `could not confirm.*${job.pairs === 1 ? '1 of its listings is' : `${job.pairs} of its listings are`} still opted out.*Retry failed`,
        ),
      ),
    });
    expect((await requests()).filter((r) => r.method === 'PUT')).toHaveLength(1);
    await w.handlers['listings.optIn.retryFailed']({ jobId: job.id }, extension);
    await w.settled();
    const [done] = await w.handlers['listings.optIn.jobs']({}, extension);
    expect(done).toMatchObject({ batches: { done: 1, failed: 0 } });
    expect((await sandboxListings()).filter((l) => l.locationId === 'HB-001' && l.status === 'OPTED_OUT')).toEqual([]);
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
    useDeps(workerDeps(createRequestBudget({ thresholds: { slowBelowShare: 0, reserveShare: 0, reserveMin: 0 } })));
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
    useDeps(workerDeps(createRequestBudget({ now: () => topOfHour + 5000 })));
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
  test('a Refresh the reserve stops part way keeps every row it had, brings the pages it got up to date, and says it is partial', async () => {
    const w = workspace();
    await loaded(w);
    const whole = await ask(w, 'listings.query', { limit: 0 });
    expect(whole.load).toMatchObject({ loaded: 2070, total: 2070, incomplete: null });
    const fetchedAt = whole.load.fetchedAt;
    // 8 requests above the reserve (100 of 1,000): the refresh's 21 pages cannot all go this hour.
    await control('POST', 'quota', { perHour: 1000, used: 892, resetInSeconds: 1800 });
    await w.handlers['listings.load']({ refresh: true }, extension);
    await w.settled();
    const after = await ask(w, 'listings.query', { limit: 0 });
    // Before: the table held only the refresh's rows (a few hundred of 2,070).
    expect(after.total).toBe(2070);
    expect(after.load).toMatchObject({ state: 'loaded', loaded: 2070, total: 2070, fetchedAt });
    const refreshed = after.load.incomplete?.refreshed ?? 0;
    expect(refreshed).toBeGreaterThan(0);
    expect(refreshed).toBeLessThan(2070);
    expect(after.load.incomplete?.resumesAt).toBeGreaterThan(Date.now());
  });
});
