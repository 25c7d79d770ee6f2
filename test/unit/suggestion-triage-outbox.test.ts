// The decision outbox (issue 8): backstop alarms, retries after transient failures, failures that are
// seen, undo that says when it is too late, counting our own decisions, and one write per round.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ApiError } from '../../lib/api/errors.ts';
import { createReachability } from '../../lib/background/core/reachability.ts';
import { FAILURE_NOTICE_ID, notifyFailures, startFailureNotices } from '../../lib/background/failure-notice.ts';
import { CLAIM_BACKSTOP_MS, FLUSH_ALARM } from '../../lib/background/suggestion-triage/decision-outbox.ts';
import { RETRY_BACKOFF_MS } from '../../lib/background/suggestion-triage/decision-verdict.ts';
import {
  createSuggestionTriage,
  sendDecisionWith,
  type TriageDeps,
} from '../../lib/background/suggestion-triage/index.ts';
import { triagePendingItem } from '../../lib/background/suggestion-triage/triage-items.ts';
import { UNDO_WINDOW_MS } from '../../lib/background/suggestion-triage/triage-state.ts';
import type { RequestContext } from '../../lib/messaging/background.ts';
import type { DeskEvents, ParsedInput } from '../../lib/messaging/protocol/index.ts';
import { WAITING } from '../../lib/shared/listing-statuses.ts';
import { envelope, resetDesk, testDeps } from './desk-fakes.ts';
import { type FakeService, fakeService, linkTestAccount } from './suggestion-triage-fakes.ts';

let clock = 1_000_000;
let events: { type: keyof DeskEvents; payload: DeskEvents['triage.changed'] }[] = [];
let notices: { accountKey: string; failed: number }[] = [];
let service: FakeService;
let accountKey: string;
const instances: ReturnType<typeof createSuggestionTriage>[] = [];
const budgets: TriageDeps['budget'][] = [];

/** One worker's life; a second call is the next worker after the first one died. */
function worker(overrides: Partial<TriageDeps> = {}) {
  const deps = testDeps({
    broadcast: async (type, payload) => {
      if (type === 'triage.changed') events.push({ type, payload: payload as DeskEvents['triage.changed'] });
    },
    now: () => clock,
  });
  budgets.push(deps.budget);
  const instance = createSuggestionTriage({
    ...deps,
    notifyFailures: async (key, failed) => {
      notices.push({ accountKey: key, failed });
    },
    ...overrides,
  });
  instances.push(instance);
  return instance;
}

async function loaded(t: ReturnType<typeof worker>) {
  await t.view(WAITING, true);
  await t.settled();
  return t.view(WAITING, false);
}

function busy(status = 503, headers: Record<string, string> = {}): Response {
  const body = JSON.stringify({
    meta: { uuid: 'u-1', errors: [{ code: 2099, type: 'FATAL_ERROR', message: 'Injected fault' }] },
    response: {},
  });
  return new Response(body, { status, headers: { 'content-type': 'application/json', ...headers } });
}

beforeEach(async () => {
  resetDesk();
  clock = 1_000_000;
  events = [];
  notices = [];
  accountKey = await linkTestAccount();
  service = fakeService();
});

afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(instances.splice(0).map((t) => t.settled()));
  // A budget's state is written on a timer: now, before the next test's reset, not into its storage.
  await Promise.all(budgets.splice(0).map((b) => b.flush()));
});

describe('decision outbox: a worker that dies', () => {
  test('claiming a decision arms the backstop alarm before the PUT leaves', async () => {
    const t = worker();
    const target = (await loaded(t)).suggestions[0]!.id;
    await t.decide(accountKey, [target], 'ACCEPTED');
    // The flush alarm fired late (as alarms do): the flush it starts claims the decision.
    clock += UNDO_WINDOW_MS + 5000;
    let release: () => void = () => undefined;
    service.holdPuts = new Promise<void>((resolve) => {
      release = resolve;
    });
    const flushing = t.flushDue();
    await vi.waitFor(() => expect(service.puts()).toHaveLength(1));
    // Mid-send: if this worker dies now, an alarm still wakes the next one within the backstop.
    const alarm = await browser.alarms.get(FLUSH_ALARM);
    expect(alarm?.scheduledTime).toBeGreaterThan(clock);
    expect(alarm?.scheduledTime).toBeLessThanOrEqual(clock + CLAIM_BACKSTOP_MS + 1000);
    service.holdPuts = null;
    release();
    await flushing;
    expect(await browser.alarms.get(FLUSH_ALARM)).toBeFalsy();
  });

  test('a 429 does not wait in memory: the retry time is stored, an alarm armed, and the next worker sends it', async () => {
    // The service's quota resets in 40 s, on the wall clock the worker's is here.
    clock = Date.now();
    const first = worker();
    const target = (await loaded(first)).suggestions[0]!.id;
    const reset = Math.ceil(Date.now() / 1000) + 40;
    service.putFailures.push(busy(429, { 'Rate-Limit-Reset': String(reset) }));
    await first.decide(accountKey, [target], 'ACCEPTED');
    clock += UNDO_WINDOW_MS;
    await first.flushDue();
    const [waiting] = (await first.view(WAITING, false)).pending;
    expect(waiting).toMatchObject({ suggestionId: target, sending: false, attempts: 1 });
    expect(waiting!.retryAt).toBeGreaterThanOrEqual(clock + 38_000);
    expect(waiting!.retryAt).toBeLessThanOrEqual(clock + 41_000);
    expect(waiting!.lastError).toMatchObject({
      code: '2099',
      message: expect.stringMatching(
        /^The service asked Listings Desk to slow down; Listings Desk will try again in 4\d s\.$/,
      ),
    });
    expect((await browser.alarms.get(FLUSH_ALARM))?.scheduledTime).toBeGreaterThanOrEqual(waiting!.retryAt!);
    expect((await first.view(WAITING, false)).failures).toEqual([]);

    // Chrome stops the idle worker; the alarm wakes a new one after the reset (until then, nothing is sent).
    await first.flushDue();
    expect(service.puts()).toHaveLength(1);
    clock = Math.max(waiting!.retryAt!, reset * 1000);
    const second = worker();
    await second.flushDue();
    expect(service.puts()).toEqual([
      { id: target, status: 'ACCEPTED' },
      { id: target, status: 'ACCEPTED' },
    ]);
    expect((await second.view(WAITING, false)).pending).toEqual([]);
  });
});

describe('decision outbox: transient failures are not final', () => {
  test('a 503 beyond the quick retries stays queued with a growing, bounded backoff, then goes', async () => {
    const t = worker();
    const target = (await loaded(t)).suggestions[0]!.id;
    await t.decide(accountKey, [target], 'REJECTED');
    clock += UNDO_WINDOW_MS;
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 6; attempt++) {
      service.putFailures.push(busy(503));
      await t.flushDue();
      const [queued] = (await t.view(WAITING, false)).pending;
      expect(queued).toMatchObject({ attempts: attempt, sending: false, lastError: { code: '2099', status: 503 } });
      waits.push(queued!.retryAt! - clock);
      // Not before its time.
      await t.flushDue();
      expect(service.puts()).toHaveLength(attempt);
      clock = queued!.retryAt!;
    }
    expect(waits).toEqual([...RETRY_BACKOFF_MS, RETRY_BACKOFF_MS.at(-1)]);
    expect(notices).toEqual([]);
    await t.flushDue();
    const view = await t.view(WAITING, false);
    expect(view.pending).toEqual([]);
    expect(view.failures).toEqual([]);
    expect(service.puts()).toHaveLength(7);
  });

  test('the waiting reason reads as words, with the code kept apart', async () => {
    const t = worker();
    const target = (await loaded(t)).suggestions[0]!.id;
    service.putFailures.push(busy(503));
    await t.decide(accountKey, [target], 'ACCEPTED');
    clock += UNDO_WINDOW_MS;
    await t.flushDue();
    expect((await t.view(WAITING, false)).pending[0]!.lastError).toMatchObject({
      code: '2099',
      message: 'The service was busy; Listings Desk will try again in 5 s.',
    });
  });

  test('a network outage keeps the decision queued', async () => {
    let down = true;
    const t = worker({
      sendDecision: async (key, id, decision) => {
        if (down) throw new ApiError({ kind: 'network', operation: 'decideSuggestion', detail: 'Failed to fetch' });
        await sendDecisionWith(testDeps().withAccount)(key, id, decision);
      },
    });
    const target = (await loaded(t)).suggestions[0]!.id;
    await t.decide(accountKey, [target], 'ACCEPTED');
    clock += UNDO_WINDOW_MS;
    await t.flushDue();
    const [queued] = (await t.view(WAITING, false)).pending;
    expect(queued!.lastError?.message).toBe(
      'Listings Desk could not reach the service; Listings Desk will try again in 5 s.',
    );
    down = false;
    clock = queued!.retryAt!;
    await t.flushDue();
    expect(service.puts()).toEqual([{ id: target, status: 'ACCEPTED' }]);
  });

  test('a 200 cut off half way through its body is read back, never sent again blind (issue 31)', async () => {
    const t = worker();
    const [a, b] = (await loaded(t)).suggestions;
    // The service applies both; the connection drops while each answer's body arrives.
    service.cutOffPuts = 2;
    await t.decide(accountKey, [a!.id], 'ACCEPTED');
    await t.decide(accountKey, [b!.id], 'REJECTED');
    const getsBefore = service.gets().length;
    clock += UNDO_WINDOW_MS;
    await t.flushDue();
    const view = await t.view(WAITING, false);
    expect(view.pending).toEqual([]);
    expect(view.failures).toEqual([]);
    expect(service.puts()).toEqual(
      expect.arrayContaining([
        { id: a!.id, status: 'ACCEPTED' },
        { id: b!.id, status: 'REJECTED' },
      ]),
    );
    expect(service.puts()).toHaveLength(2);
    // Each was checked by reading the suggestions, not by a second PUT.
    expect(service.gets().length).toBeGreaterThan(getsBefore);
    expect(view.suggestions.map((s) => s.id)).not.toContain(a!.id);
    clock += RETRY_BACKOFF_MS.at(-1)!;
    await t.flushDue();
    expect(service.puts()).toHaveLength(2);
  });

  test('only a definitive answer fails a decision, and then the user is told', async () => {
    const t = worker();
    const [a, b] = (await loaded(t)).suggestions;
    service.putFailures.push(envelope({}, 400, [{ code: 7303, type: 'FATAL_ERROR', message: 'Invalid status' }]));
    service.putFailures.push(busy(408));
    await t.decide(accountKey, [a!.id, b!.id], 'ACCEPTED');
    clock += UNDO_WINDOW_MS;
    await t.flushDue();
    const view = await t.view(WAITING, false);
    expect(view.failures.map((f) => f.suggestionId)).toHaveLength(1);
    expect(view.pending).toHaveLength(1);
    expect(notices).toEqual([{ accountKey, failed: 1 }]);
  });
});

describe('decision outbox: what the user is told', () => {
  test('undo of a decision being sent answers tooLate, and leaves it alone', async () => {
    const t = worker();
    const [a, b] = (await loaded(t)).suggestions;
    const { batchId } = await t.decide(accountKey, [a!.id, b!.id], 'ACCEPTED');
    clock += UNDO_WINDOW_MS;
    let release: () => void = () => undefined;
    service.holdPuts = new Promise<void>((resolve) => {
      release = resolve;
    });
    const flushing = t.flushDue();
    await vi.waitFor(() => expect(service.puts().length).toBeGreaterThan(0));
    expect(await t.undo({ batchId })).toMatchObject({ undone: [], tooLate: [a!.id, b!.id] });
    expect(await t.undo({ suggestionIds: [a!.id] })).toMatchObject({ undone: [], tooLate: [a!.id] });
    service.holdPuts = null;
    release();
    await flushing;
    // Already sent: undo by id still says so, never a silent "nothing".
    expect(await t.undo({ suggestionIds: [b!.id] })).toMatchObject({ undone: [], tooLate: [b!.id] });
    expect(
      service
        .puts()
        .map((p) => p.id)
        .sort(),
    ).toEqual([a!.id, b!.id].sort());
  });

  test('"already resolved" after our own earlier attempt is our decision: sent, not resolved elsewhere', async () => {
    const t = worker();
    const target = (await loaded(t)).suggestions[0]!.id;
    const { batchId } = await t.decide(accountKey, [target], 'ACCEPTED');
    // The first worker claimed it and its PUT was answered 200, then it died before writing that down.
    service.suggestions.find((s) => s.id === target)!.status = 'ACCEPTED';
    const [pending] = await triagePendingItem.getValue();
    await triagePendingItem.setValue([{ ...pending!, dueAt: clock, sendingBy: 'dead-run', attempts: 1 }]);
    const next = worker();
    await next.flushDue();
    const view = await next.view(WAITING, false);
    expect(view.batches).toEqual([expect.objectContaining({ batchId, sent: 1, resolvedElsewhere: 0, queued: 0 })]);
    expect(events.every((e) => e.payload.resolvedElsewhere === 0)).toBe(true);
    expect(view.failures).toEqual([]);
  });

  test('a batch counts only answered PUTs: undone is not sent', async () => {
    const t = worker();
    const ids = (await loaded(t)).suggestions.slice(0, 3).map((s) => s.id);
    const { batchId } = await t.decide(accountKey, ids, 'ACCEPTED');
    expect((await t.view(WAITING, false)).batches).toEqual([
      { batchId, decision: 'ACCEPTED', size: 3, sent: 0, resolvedElsewhere: 0, failed: 0, undone: 0, queued: 3 },
    ]);
    expect((await t.undo({ batchId })).undone).toHaveLength(3);
    clock += UNDO_WINDOW_MS;
    await t.flushDue();
    expect((await t.view(WAITING, false)).batches).toEqual([
      { batchId, decision: 'ACCEPTED', size: 3, sent: 0, resolvedElsewhere: 0, failed: 0, undone: 3, queued: 0 },
    ]);
    expect(service.puts()).toEqual([]);
  });

  test('a failure notice opens the failures: the popup where it can, else popup.html#failures in a tab', async () => {
    startFailureNotices();
    await notifyFailures(accountKey, 2);
    expect(fakeBrowser.notifications.getAllCreateOptions()[FAILURE_NOTICE_ID]).toMatchObject({
      type: 'basic',
      title: '2 decisions were not accepted',
    });
    const opened = vi.spyOn(browser.tabs, 'create');
    await fakeBrowser.notifications.onClicked.trigger(FAILURE_NOTICE_ID);
    await vi.waitFor(() =>
      expect(opened).toHaveBeenCalledWith({ url: expect.stringMatching(/\/popup\.html#failures$/) }),
    );
  });
});

describe('decision outbox: ordered, and cheap at scale', () => {
  test('every view, answer and event carries a revision that only grows, across worker restarts', async () => {
    const first = worker();
    const ids = (await loaded(first)).suggestions.map((s) => s.id);
    const seen: number[] = [(await first.view(WAITING, false)).revision];
    const decided = await first.decide(accountKey, [ids[0]!], 'ACCEPTED');
    seen.push(decided.revision);
    seen.push((await first.undo({ batchId: decided.batchId })).revision);
    const second = worker();
    seen.push((await second.view(WAITING, false)).revision);
    seen.push((await second.decide(accountKey, [ids[1]!], 'REJECTED')).revision);
    clock += UNDO_WINDOW_MS;
    await second.flushDue();
    seen.push((await second.view(WAITING, false)).revision);
    expect(seen).toEqual([...seen].sort((x, y) => x - y));
    expect(new Set(seen.slice(1)).size).toBe(seen.length - 2);
    const revisions = events.map((e) => e.payload.revision);
    expect(revisions).toEqual([...revisions].sort((x, y) => x - y));
  });

  test('a round of answers is written once and announced once, with one request per decision', async () => {
    service = fakeService(
      Array.from({ length: 60 }, (_, i) => ({ ...service.suggestions[0]!, id: String(800000 + i) })),
    );
    const t = worker();
    const ids = (await loaded(t)).suggestions.map((s) => s.id);
    await t.decide(accountKey, ids, 'ACCEPTED');
    clock += UNDO_WINDOW_MS;
    events = [];
    service.requests.length = 0;
    const writes = vi.spyOn(fakeBrowser.storage.local, 'set');
    await t.flushDue();
    expect(service.requests).toHaveLength(60);
    expect(events).toHaveLength(1);
    // The claim, the answers, and the badge count (the request budget's own grouped write aside: it is kept
    // in storage.local so that a browser restart keeps the hour's figures).
    const own = writes.mock.calls.filter(
      ([items]) => !Object.keys(items as object).every((k) => k === 'requestBudget'),
    );
    expect(own.length).toBeLessThanOrEqual(3);
    expect((await t.view(WAITING, false)).count).toBe(0);
  });
});

describe('decision outbox: a round of thousands', () => {
  test('is written less often than a small one: each write rewrites the pending list and the cached lists whole', async () => {
    // Each PUT takes 2 ms of the worker's clock: 1,500 of them, one at a time or a few, span seconds.
    const t = worker({
      sendDecision: async () => {
        clock += 2;
      },
    });
    const ids = Array.from({ length: 1500 }, (_, i) => String(900000 + i));
    const groups = [0, 500, 1000].map((from) => ({ accountKey, suggestionIds: ids.slice(from, from + 500) }));
    await t.decideMany(groups, 'ACCEPTED');
    clock += UNDO_WINDOW_MS;
    const writes = vi.spyOn(fakeBrowser.storage.local, 'set');
    const started = clock;
    await t.flushDue();
    const answerWrites = writes.mock.calls.filter(([items]) => 'triageCache' in (items as object)).length;
    const spanMs = clock - started;
    expect(spanMs).toBeGreaterThan(1000);
    // Every 250 ms of it would be ⌈span / 250⌉ writes; a round of 1,500 writes every 500 ms, and once at its end.
    expect(answerWrites).toBeLessThanOrEqual(Math.ceil(spanMs / 500) + 1);
    expect(answerWrites).toBeGreaterThan(1);
    expect(await triagePendingItem.getValue()).toEqual([]);
  });
});

describe('decision outbox: ids that go into paths', () => {
  test('"." and "..", and ids with / ? # % or spaces, are refused with a clear message', async () => {
    const { protocol } = await import('../../lib/messaging/protocol/index.ts');
    const decide = (id: string) =>
      protocol['triage.decide'].input.safeParse({ accountKey: 'a', suggestionIds: [id], decision: 'ACCEPTED' });
    for (const bad of ['.', '..', 'a/b', 'a?b', 'a#b', '%2e%2e', 'a b', '']) {
      const parsed = decide(bad);
      expect(parsed.success, bad).toBe(false);
      expect(parsed.error?.issues[0]?.message).toMatch(/letters, digits/);
    }
    for (const good of ['710001', 'abc-12_x', 'a.b']) expect(decide(good).success, good).toBe(true);
    expect(protocol['triage.undo'].input.safeParse({ suggestionIds: ['..'] }).success).toBe(false);
  });
});

describe('the list while the service does not answer', () => {
  test('the view says the service cannot be reached, and open lists are told to ask again', async () => {
    const reachability = createReachability();
    const t = worker({ reachability });
    t.start();
    const ask = (input: Partial<ParsedInput<'triage.view'>> = {}) =>
      t.handlers['triage.view']({ status: WAITING, refresh: false, force: false, ...input }, {} as RequestContext);
    await loaded(t);
    await t.settled();
    const first = await ask();
    expect(first.unreachable).toBeUndefined();

    events = [];
    reachability.noteFailure('http://127.0.0.1:1', clock);
    await vi.waitFor(() => expect(events.map((e) => e.payload.revision)).toEqual([first.revision + 1]));
    const offline = await ask();
    expect(offline.unreachable).toBe('the service can’t be reached');
    expect(offline.revision).toBe(first.revision + 1);
    // Another failed call during the same outage is no news: no write, no event.
    reachability.noteFailure('http://127.0.0.1:1', clock + 1);
    expect((await ask()).revision).toBe(offline.revision);

    reachability.noteAnswer('http://127.0.0.1:1');
    await vi.waitFor(() => expect(events).toHaveLength(2));
    expect((await ask()).unreachable).toBeUndefined();
  });
});
