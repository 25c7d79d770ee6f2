// @vitest-environment node
// The listings workspace when storage changes under a live worker (the e2e fixture's reset, an unlink,
// a dismiss during a send): a finished or dismissed opt-in job never sends a batch again, a job of an
// account that is no longer linked is dropped, and the worker's rows follow the account's link.
import { afterAll, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { browser } from 'wxt/browser';
import type { Batch } from '../../lib/api/batching.ts';
import { API_VERSION } from '../../lib/api/config.ts';
import { saveConnectionSettings } from '../../lib/background/connection-settings.ts';
import { currentLink } from '../../lib/background/core/account-lock.ts';
import { createDeskDeps } from '../../lib/background/core/deps.ts';
import { setPanelScope } from '../../lib/background/core/panel-scope.ts';
import { createListingsWorkspace } from '../../lib/background/listings-workspace/index.ts';
import { optInJobsItem, type StoredJob } from '../../lib/background/listings-workspace/opt-in-jobs.ts';
import { createLocations } from '../../lib/background/locations.ts';
import type { RequestContext } from '../../lib/messaging/background.ts';
import { protocol } from '../../lib/messaging/protocol/index.ts';
import { type RunningSandbox, startSandbox } from '../../sandbox/server.ts';
import { SandboxControl } from '../e2e/sandbox-control.ts';
import {
  allow,
  fakeIdentity,
  gate,
  linkAccount,
  relinkAccount,
  resetDesk,
  routedFetch,
  settleBadgeRefresh,
  tokenRoute,
  unlinkAccount,
  useExchange,
} from './desk-fakes.ts';

const ACCOUNT = 'app-1001';
let sb: RunningSandbox;
let deps = createDeskDeps();
const extension = { access: 'extension', sender: {} } as RequestContext;

/** The sandbox's control API (`/__sandbox/*`), through the e2e tests' typed helper. */
const control = <T = unknown>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) =>
  new SandboxControl(sb.apiUrl).call<T>(method, path, body);

/** Links account 1001 of the sandbox (the Connection is the sandbox), as the options page would. */
async function link(): Promise<void> {
  fakeIdentity(allow());
  await saveConnectionSettings({
    environment: 'custom',
    apiUrl: sb.apiUrl,
    authUrl: sb.authUrl,
    clientId: sb.clientId,
    apiKey: sb.apiKey,
    apiVersion: API_VERSION,
  });
  const { access_token } = await control<{ access_token: string }>('POST', 'tokens', { accountId: '1001' });
  fakeIdentity(allow());
  useExchange({
    fetch: routedFetch(tokenRoute({ access_token, appSpecificAccountId: ACCOUNT, accountName: 'Harbor Bakery Group' }))
      .fetch,
  });
  await linkAccount();
  await settleBadgeRefresh(ACCOUNT);
}

beforeAll(async () => {
  sb = await startSandbox({ port: 0, authPort: 0 });
});
afterAll(() => sb.close());

beforeEach(async () => {
  resetDesk();
  await control('POST', 'reset', {});
  await link();
  deps = createDeskDeps({
    apiConfig: { fetch: (input, init) => globalThis.fetch(input, init), retry: { retries: 0 } },
    broadcast: async () => undefined,
  });
});

/** A workspace whose opt-in requests are recorded (and held while `held` is pending). */
function recording(held?: Promise<void>) {
  const sent: string[] = [];
  const w = createListingsWorkspace(deps, {
    ensureLocations: createLocations(deps).ensure,
    send: async (_accountKey, batch) => {
      sent.push(batch.locationIds.join());
      await held;
    },
  });
  return { w, sent };
}

const batches = (n: number): Batch[] =>
  Array.from({ length: n }, (_, i) => ({ locationIds: [`HB-00${i + 1}`], publisherIds: ['YELP'] }));

async function createJob(w: ReturnType<typeof recording>['w'], n: number): Promise<StoredJob> {
  return w.jobs.create({ accountKey: ACCOUNT, link: await currentLink(ACCOUNT), createdAt: 1, pairs: n }, batches(n));
}

test('storage cleared while batches are in flight: the job does not come back and sends nothing more', async () => {
  const held = gate();
  const { w, sent } = recording(held.held);
  await createJob(w, 4);
  await vi.waitFor(() => expect(sent).toHaveLength(3));
  // The clear lands inside the round's read-modify-write, between its read and its write.
  const read = optInJobsItem.getValue.bind(optInJobsItem);
  const spy = vi.spyOn(optInJobsItem, 'getValue').mockImplementationOnce(async () => {
    const value = await read();
    await browser.storage.local.clear();
    return value;
  });
  held.open();
  await w.settled();
  spy.mockRestore();
  expect(sent).toHaveLength(3);
  expect(await optInJobsItem.getValue()).toEqual([]);
});

test('a finished or dismissed job written back by a stale copy never sends a batch again', async () => {
  const { w, sent } = recording();
  const kept = await createJob(w, 2);
  const dismissed = await createJob(w, 3);
  await w.settled();
  expect(sent).toHaveLength(5);
  await w.jobs.dismiss(ACCOUNT, dismissed.id);
  // A copy read before the sends (all batches pending) is written back over the finished jobs.
  await optInJobsItem.setValue([dismissed, kept]);
  await w.jobs.resume();
  expect(sent).toHaveLength(5);
  const views = await w.handlers['listings.optIn.jobs']({}, extension);
  expect(views.map((j) => j.id)).toEqual([kept.id]);
  expect(views[0]).toMatchObject({ state: 'finished', batches: { done: 2, pending: 0 } });
});

test('a job of an account that is no longer linked is dropped by the next worker, not resumed', async () => {
  const held = gate();
  const dying = recording(held.held);
  await createJob(dying.w, 2);
  await vi.waitFor(() => expect(dying.sent).toHaveLength(2));
  // The account's link is gone (storage cleared under the worker, then only the jobs written back).
  const jobs = await optInJobsItem.getValue();
  await browser.storage.local.clear();
  await optInJobsItem.setValue(jobs);
  const next = recording();
  await next.w.jobs.resume();
  expect(next.sent).toEqual([]);
  expect(await optInJobsItem.getValue()).toEqual([]);
  held.open();
  await dying.w.settled();
  expect(await optInJobsItem.getValue()).toEqual([]);
});

test('unlinking while batches are in flight: none is sent after, and a re-link does not resume the job', async () => {
  const held = gate();
  const { w, sent } = recording(held.held);
  await createJob(w, 5);
  await vi.waitFor(() => expect(sent).toHaveLength(3));
  await unlinkAccount(ACCOUNT);
  held.open();
  await w.settled();
  await link();
  await w.jobs.resume();
  expect(sent).toHaveLength(3);
  expect(await optInJobsItem.getValue()).toEqual([]);
});

test('relinking the account on the same API origin keeps its running job, which finishes once', async () => {
  const held = gate();
  const { w, sent } = recording(held.held);
  const job = await createJob(w, 4);
  await vi.waitFor(() => expect(sent).toHaveLength(3));
  fakeIdentity(allow());
  await relinkAccount(ACCOUNT);
  held.open();
  await w.settled();
  expect(sent).toEqual(['HB-001', 'HB-002', 'HB-003', 'HB-004']);
  const views = await w.handlers['listings.optIn.jobs']({}, extension);
  expect(views).toMatchObject([{ id: job.id, state: 'finished', batches: { done: 4 } }]);
});

test('the worker’s rows leave memory as soon as storage loses the account (the linked accounts’ watch)', async () => {
  const { w } = recording();
  w.start();
  await w.handlers['listings.load']({ refresh: false }, extension);
  await w.settled();
  expect((await w.loader.tableFor(ACCOUNT)).table.size).toBeGreaterThan(0);
  await browser.storage.local.clear();
  await vi.waitFor(async () => expect((await w.loader.tableFor(ACCOUNT)).table.size).toBe(0));
});

test('the worker’s rows follow the account’s link: after storage is cleared and the account relinked, it starts clean', async () => {
  const { w } = recording();
  await w.handlers['listings.load']({ refresh: false }, extension);
  await w.settled();
  const query = () =>
    w.handlers['listings.query'](protocol['listings.query'].input.parse({ filters: {}, limit: 5 }), extension);
  const before = await query();
  expect(before.total).toBeGreaterThan(0);

  await browser.storage.local.clear();
  await link();
  const after = await query();
  expect(after).toMatchObject({ total: 0, load: { state: 'empty' } });
});

test('the panel’s one location is fetched again into the table opened after a relink, not skipped as fresh', async () => {
  const { w } = recording();
  const panel = {
    access: 'content',
    sender: { url: 'chrome-extension://test/panel.html', tab: { id: 1 }, frameId: 2 },
  } as unknown as RequestContext;
  const located = () => setPanelScope(panel.sender, { accountKey: 'app-1001', locationId: 'HB-002' });
  await located();
  const oneLocation = () =>
    w.handlers['listings.query'](
      protocol['listings.query'].input.parse({ filters: { locationIds: ['HB-002'] }, limit: 100 }),
      panel,
    );
  expect((await oneLocation()).matched).toBeGreaterThan(0);

  await browser.storage.local.clear();
  await link();
  await located();
  expect((await oneLocation()).matched).toBeGreaterThan(0);
  await w.settled();
});
