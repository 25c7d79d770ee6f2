// A Refresh pressed while a list's fetch is out (issue 37): that fetch's request left before the press, so it may
// answer what was true then (a token revoked since reads 200). The press gets a fetch of its own once that one
// ends, never one beside it.
import { afterEach, beforeEach, expect, test } from 'vitest';
import { createSuggestionTriage } from '../../lib/background/suggestion-triage/index.ts';
import { WAITING } from '../../lib/shared/listing-statuses.ts';
import { testDeps } from './desk-fakes.ts';
import { linkThreeTestAccounts, perAccountService, waitingOf } from './suggestion-triage-fakes.ts';

let clock = 1_000_000;
const made: ReturnType<typeof createSuggestionTriage>[] = [];

beforeEach(async () => {
  clock = 1_000_000;
  await linkThreeTestAccounts();
});
afterEach(async () => {
  await Promise.all(made.splice(0).map((t) => t.settled()));
});

/** Three accounts of 10 waiting (one page each), fetched five minutes ago; app-1001's next pages are held. */
async function heldAccount() {
  const service = perAccountService({
    'app-1001': waitingOf('app-1001', 10, 1),
    'app-1002': waitingOf('app-1002', 10, 2),
    'app-1003': waitingOf('app-1003', 10, 3),
  });
  const t = createSuggestionTriage(testDeps({ broadcast: async () => undefined, now: () => clock }));
  made.push(t);
  await t.refreshEveryAccount();
  await t.settled();
  clock += 5 * 60_000;
  service.requests.length = 0;
  let release: () => void = () => undefined;
  service.held.set(
    'app-1001',
    new Promise<void>((resolve) => {
      release = resolve;
    }),
  );
  const lists = () =>
    service.requests.filter((r) => r.token === 'tok-app-1001' && r.url.pathname.endsWith('/publishersuggestions'));
  return { service, t, release, lists };
}

/**
 * Lets the work the worker defers behind its answer run (a setTimeout 0, then the fake browser's storage reads):
 * no real I/O is involved, so a few turns of the event loop are enough.
 */
async function deferredWorkRuns(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
}

test('Refresh pressed after the open’s request left: a fetch of its own after it, which sees the token revoked', async () => {
  const { service, t, release, lists } = await heldAccount();
  // The popup opens filtered to the account: its list's request leaves with the token as it is.
  await t.view(WAITING, true, false, { accountKeys: ['app-1001'] }, 40);
  await until(() => lists().length === 1);
  // The token is revoked at the service, then the person presses Refresh.
  service.refused.set('app-1001', 401);
  const pressed = await t.view(WAITING, true, true, {}, 40);
  expect(pressed.refreshing).toBe(true);
  // The press's round reaches the account while the earlier request is still out; not one beside it.
  await deferredWorkRuns();
  expect(lists()).toHaveLength(1);
  // The earlier request answers (200, as it stood when it arrived); only then the press's own fetch goes.
  release();
  await t.settled();
  expect(lists()).toHaveLength(2);
  expect(service.mostInFlight.get('app-1001')).toBe(1);
  const after = await t.view(WAITING, false);
  expect(after.accounts?.find((a) => a.accountKey === 'app-1001')?.needsRelink).toBe(true);
});

test('an open while the list’s fetch is out shares it: one request, not two', async () => {
  const { t, release, lists, service } = await heldAccount();
  await t.view(WAITING, true, false, { accountKeys: ['app-1001'] }, 40);
  await until(() => lists().length === 1);
  // Another open (the popup closed and opened again): the list is being fetched, so nothing more.
  const again = await t.view(WAITING, true, false, { accountKeys: ['app-1001'] }, 40);
  expect(again.refreshing).toBe(true);
  await deferredWorkRuns();
  release();
  await t.settled();
  expect(lists()).toHaveLength(1);
  expect(service.mostInFlight.get('app-1001')).toBe(1);
});
