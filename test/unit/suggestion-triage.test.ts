import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { ApiError } from '../../lib/api/errors.ts';
import { badgeCountsItem } from '../../lib/background/badge.ts';
import { saveConnectionSettings } from '../../lib/background/connection-settings.ts';
import { linkedAccountsItem } from '../../lib/background/core/account-items.ts';
import { activateAccount } from '../../lib/background/core/linked-accounts.ts';
import { TRIAGE_FRESH_MS } from '../../lib/background/suggestion-triage/cached-list.ts';
import { FLUSH_ALARM } from '../../lib/background/suggestion-triage/decision-outbox.ts';
import { isResolvedElsewhere } from '../../lib/background/suggestion-triage/decision-verdict.ts';
import { createSuggestionTriage, type TriageDeps } from '../../lib/background/suggestion-triage/index.ts';
import {
  type FailedDecision,
  type PendingDecision,
  triageCacheItem,
  triageFailuresItem,
  triagePendingItem,
} from '../../lib/background/suggestion-triage/triage-items.ts';
import { UNDO_WINDOW_MS } from '../../lib/background/suggestion-triage/triage-state.ts';
import { WAITING } from '../../lib/listing-statuses.ts';
import { type Handlers, handleRequest } from '../../lib/messaging/background.ts';
import type { DeskEvents } from '../../lib/messaging/protocol/index.ts';
import {
  allow,
  envelope,
  fakeIdentity,
  gate,
  localStorageText,
  PRODUCTION_CONNECTION,
  relinkAccount,
  resetDesk,
  routedFetch,
  testDeps,
  tokenRoute,
  unlinkAccount,
  useExchange,
} from './desk-fakes.ts';
import { type FakeService, fakeService, linkTestAccount, makeSuggestions } from './suggestion-triage-fakes.ts';

let clock = 1_000_000;
let events: { type: keyof DeskEvents; payload: unknown }[] = [];
let service: FakeService;
let accountKey: string;
/** Every instance a test made: their background refreshes must end before the next test's storage. */
const instances: ReturnType<typeof createSuggestionTriage>[] = [];

function triage(overrides: Partial<TriageDeps> = {}) {
  const instance = createSuggestionTriage({
    ...testDeps({
      broadcast: async (type, payload) => {
        events.push({ type, payload });
      },
      now: () => clock,
    }),
    ...overrides,
  });
  instances.push(instance);
  return instance;
}

/** Loads the list the way the popup does on open, and waits for the refresh behind it. */
async function loaded(t: ReturnType<typeof triage>, status = WAITING) {
  await t.view(status, true);
  await refreshed(t);
  return t.view(status, false);
}

/** The view starts its refresh just after answering; this waits for that refresh to end. */
async function refreshed(t: ReturnType<typeof triage>) {
  await t.settled();
}

beforeEach(async () => {
  resetDesk();
  clock = 1_000_000;
  events = [];
  accountKey = await linkTestAccount();
  service = fakeService();
});

afterEach(async () => {
  vi.useRealTimers();
  // A refresh still running (e.g. after "already resolved") would otherwise write into the next test's cache.
  await Promise.all(instances.splice(0).map((t) => t.settled()));
});

describe('suggestion-triage: the list', () => {
  test('with nothing linked the view says so and asks nothing', async () => {
    await linkedAccountsItem.setValue([]);
    const view = await triage().view(WAITING, true);
    expect(view.account).toBeNull();
    expect(view.suggestions).toEqual([]);
    expect(service.requests).toHaveLength(0);
  });

  test('first open: empty cache, then the refreshed list oldest first, with publisher names and the badge', async () => {
    const t = triage();
    const first = await t.view(WAITING, true);
    expect(first.account?.accountKey).toBe(accountKey);
    expect(first.fetchedAt).toBeNull();
    expect(first.refreshing).toBe(true);
    await refreshed(t);
    const view = await t.view(WAITING, false);
    expect(view.count).toBe(12);
    expect(view.suggestions).toHaveLength(12);
    const dates = view.suggestions.map((s) => s.dateCreated);
    expect(dates).toEqual([...dates].sort());
    expect(view.publishers.GOOGLEMYBUSINESS).toBe('Google Business Profile');
    expect(view.fetchedAt).toBe(clock);
    expect((await badgeCountsItem.getValue())[accountKey]?.count).toBe(12);
    expect(events.some((e) => e.type === 'triage.changed')).toBe(true);
  });

  test('stale-while-revalidate: a later open answers from the cache at once, then refreshes', async () => {
    const t = triage();
    await loaded(t);
    service.suggestions.push(...makeSuggestions(1, 719999));
    clock += TRIAGE_FRESH_MS;
    const cached = await t.view(WAITING, true);
    expect(cached.suggestions).toHaveLength(12);
    expect(cached.refreshing).toBe(true);
    await refreshed(t);
    expect((await t.view(WAITING, false)).suggestions).toHaveLength(13);
  });

  test('an open within 30 s of the last fetch shows the cache and asks the service nothing', async () => {
    const t = triage();
    await loaded(t);
    service.requests.length = 0;
    clock += TRIAGE_FRESH_MS - 1;
    const view = await t.view(WAITING, true);
    await refreshed(t);
    expect(view.refreshing).toBe(false);
    expect(view.suggestions).toHaveLength(12);
    expect(service.requests).toHaveLength(0);
  });

  test('the refresh button (force) asks the service even within the 30 s window', async () => {
    const t = triage();
    await loaded(t);
    service.suggestions.push(...makeSuggestions(1, 719999));
    clock += 1_000;
    const view = await t.view(WAITING, true, true);
    expect(view.refreshing).toBe(true);
    await refreshed(t);
    expect((await t.view(WAITING, false)).suggestions).toHaveLength(13);
  });

  test('pages through more than one page of 50', async () => {
    service.suggestions = makeSuggestions(120);
    const view = await loaded(triage());
    expect(view.suggestions).toHaveLength(120);
    expect(new Set(view.suggestions.map((s) => s.id)).size).toBe(120);
    expect(service.gets().filter((u) => u.pathname.endsWith('publishersuggestions'))).toHaveLength(3);
  });

  test('a failed refresh keeps the cached list and reports the error', async () => {
    const t = triage();
    await loaded(t);
    clock += TRIAGE_FRESH_MS;
    const failing = triage({
      withAccount: async () => {
        throw new ApiError({ kind: 'http', operation: 'listSuggestions', status: 500, errors: [] });
      },
    });
    await failing.view(WAITING, true);
    await refreshed(failing);
    const view = await failing.view(WAITING, false);
    expect(view.suggestions).toHaveLength(12);
    expect(view.error?.message).toContain('HTTP 500');
  });
});

describe('suggestion-triage: deciding', () => {
  test('a decision is pending for 5 s, then sent with exactly one request, and the list and badge follow', async () => {
    const t = triage();
    const view = await loaded(t);
    const target = view.suggestions[0]!.id;
    service.requests.length = 0;

    const { pending } = await t.decide(accountKey, [target], 'ACCEPTED');
    expect(pending).toEqual([
      expect.objectContaining({
        suggestionId: target,
        decision: 'ACCEPTED',
        dueAt: clock + UNDO_WINDOW_MS,
        sending: false,
      }),
    ]);

    clock += UNDO_WINDOW_MS - 1;
    await t.flushDue();
    expect(service.requests).toHaveLength(0);

    clock += 1;
    await t.flushDue();
    expect(service.requests).toHaveLength(1);
    expect(service.puts()).toEqual([{ id: target, status: 'ACCEPTED' }]);

    const after = await t.view(WAITING, false);
    expect(after.suggestions.map((s) => s.id)).not.toContain(target);
    expect(after.count).toBe(11);
    expect(after.pending).toEqual([]);
    expect((await badgeCountsItem.getValue())[accountKey]?.count).toBe(11);
    expect(service.requests).toHaveLength(1);
  });

  test('undo inside the window: nothing is sent', async () => {
    const t = triage();
    const view = await loaded(t);
    const target = view.suggestions[1]!.id;
    service.requests.length = 0;
    const { batchId } = await t.decide(accountKey, [target], 'REJECTED');
    clock += 2000;
    expect(await t.undo({ batchId })).toEqual({ undone: [target], tooLate: [], revision: expect.any(Number) });
    clock += 10_000;
    await t.flushDue();
    expect(service.requests).toHaveLength(0);
    expect((await t.view(WAITING, false)).suggestions.map((s) => s.id)).toContain(target);
  });

  test('undo names its batch: only that batch is undone, even when a later one exists', async () => {
    const t = triage();
    const [a, b, c, d] = (await loaded(t)).suggestions;
    await t.decide(accountKey, [a!.id], 'ACCEPTED');
    clock += 100;
    const { batchId } = await t.decide(accountKey, [b!.id, c!.id], 'REJECTED');
    clock += 100;
    await t.decide(accountKey, [d!.id], 'ACCEPTED');
    expect((await t.undo({ batchId })).undone.sort()).toEqual([b!.id, c!.id].sort());
    expect((await triagePendingItem.getValue()).map((p) => p.suggestionId)).toEqual([a!.id, d!.id]);
  });

  test('the timer sends it when the window closes, without anyone asking', async () => {
    const t = triage();
    const view = await loaded(t);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await t.decide(accountKey, [view.suggestions[0]!.id], 'ACCEPTED');
    clock += UNDO_WINDOW_MS;
    await vi.advanceTimersByTimeAsync(UNDO_WINDOW_MS);
    await vi.waitFor(() => expect(service.puts()).toHaveLength(1));
    expect(await triagePendingItem.getValue()).toEqual([]);
  });

  test('an alarm backs the timer up while decisions are pending, and is cleared after', async () => {
    const t = triage();
    const view = await loaded(t);
    await t.decide(accountKey, [view.suggestions[0]!.id], 'ACCEPTED');
    const alarm = await browser.alarms.get(FLUSH_ALARM);
    expect(alarm?.scheduledTime).toBeGreaterThanOrEqual(clock + UNDO_WINDOW_MS);
    clock += UNDO_WINDOW_MS;
    await t.flushDue();
    expect(await browser.alarms.get(FLUSH_ALARM)).toBeFalsy();
  });

  test('a new worker (the old one died in the window) sends what is overdue, once', async () => {
    const first = triage();
    const view = await loaded(first);
    await first.decide(accountKey, [view.suggestions[0]!.id], 'ACCEPTED');
    // The worker dies: its timer never fires. A new worker starts later.
    clock += 60_000;
    const second = triage();
    await Promise.all([second.flushDue(), second.flushDue(), second.flushDue()]);
    expect(service.puts()).toEqual([{ id: view.suggestions[0]!.id, status: 'ACCEPTED' }]);
  });

  test('a send claimed by a dead worker is sent again, and "already resolved" then counts as done', async () => {
    const t = triage();
    const view = await loaded(t);
    const target = view.suggestions[0]!;
    // The dead worker's PUT had reached the service.
    service.suggestions.find((s) => s.id === target.id)!.status = 'ACCEPTED';
    await triagePendingItem.setValue([
      {
        suggestionId: target.id,
        accountKey,
        decision: 'ACCEPTED',
        dueAt: clock - 1,
        batchId: 'b',
        sendingBy: 'dead-run',
      },
    ]);
    await t.flushDue();
    expect(service.puts()).toHaveLength(1);
    const after = await t.view(WAITING, false);
    expect(after.failures).toEqual([]);
    expect(after.pending).toEqual([]);
    expect(after.suggestions.map((s) => s.id)).not.toContain(target.id);
  });

  test('a list fetched before a decision was sent does not bring the decided suggestion back', async () => {
    const t = triage();
    const target = (await loaded(t)).suggestions[0]!.id;
    await t.decide(accountKey, [target], 'ACCEPTED');
    let release: () => void = () => undefined;
    service.holdLists = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The list is read (still waiting) before the PUT, and arrives after it.
    const refreshing = t.revalidate(accountKey, WAITING);
    await new Promise((resolve) => setTimeout(resolve, 0));
    clock += UNDO_WINDOW_MS;
    await t.flushDue();
    service.holdLists = null;
    release();
    await refreshing;
    const view = await t.view(WAITING, false);
    expect(view.suggestions.map((s) => s.id)).not.toContain(target);
    expect(view.count).toBe(11);
  });

  test('concurrent flushes never send a decision twice', async () => {
    const t = triage();
    const ids = (await loaded(t)).suggestions.slice(0, 3).map((s) => s.id);
    await t.decide(accountKey, ids, 'ACCEPTED');
    clock += UNDO_WINDOW_MS;
    await Promise.all([t.flushDue(), t.flushDue(), t.flushDue()]);
    expect(
      service
        .puts()
        .map((p) => p.id)
        .sort(),
    ).toEqual([...ids].sort());
  });

  test('bulk: ten decisions, ten requests, nothing else', async () => {
    const t = triage();
    const ids = (await loaded(t)).suggestions.slice(0, 10).map((s) => s.id);
    service.requests.length = 0;
    await t.decide(accountKey, ids, 'ACCEPTED');
    clock += UNDO_WINDOW_MS;
    await t.flushDue();
    expect(service.requests).toHaveLength(10);
    expect(service.puts().every((p) => p.status === 'ACCEPTED')).toBe(true);
    expect((await t.view(WAITING, false)).count).toBe(2);
  });

  test('a failed decision comes back with its error; deciding again clears it', async () => {
    const t = triage();
    const target = (await loaded(t)).suggestions[0]!.id;
    service.putFailures.push(envelope({}, 400, [{ code: 7303, type: 'FATAL_ERROR', message: 'Invalid status' }]));
    await t.decide(accountKey, [target], 'ACCEPTED');
    clock += UNDO_WINDOW_MS;
    await t.flushDue();
    const view = await t.view(WAITING, false);
    expect(view.suggestions.map((s) => s.id)).toContain(target);
    expect(view.pending).toEqual([]);
    expect(view.failures).toEqual([
      expect.objectContaining({ suggestionId: target, decision: 'ACCEPTED', code: '7303', failedAt: clock }),
    ]);
    expect(view.failures[0]!.message).toBe('The service refused this decision: Invalid status');
    expect(view.failures[0]!.message).not.toMatch(/access_token|api_key|http:\/\//);

    await t.decide(accountKey, [target], 'REJECTED');
    expect((await t.view(WAITING, false)).failures).toEqual([]);
    clock += UNDO_WINDOW_MS;
    await t.flushDue();
    expect(service.puts().at(-1)).toEqual({ id: target, status: 'REJECTED' });
  });

  test('resolved elsewhere (7301) is not a failure: it leaves the list and the list is refreshed', async () => {
    const t = triage();
    const target = (await loaded(t)).suggestions[0]!.id;
    service.suggestions.find((s) => s.id === target)!.status = 'REJECTED';
    service.requests.length = 0;
    await t.decide(accountKey, [target], 'ACCEPTED');
    clock += UNDO_WINDOW_MS;
    await t.flushDue();
    await t.revalidate(accountKey, WAITING);
    const view = await t.view(WAITING, false);
    expect(view.failures).toEqual([]);
    expect(view.suggestions.map((s) => s.id)).not.toContain(target);
    expect(events).toContainEqual({
      type: 'triage.changed',
      payload: { accountKey, resolvedElsewhere: 1, revision: expect.any(Number) },
    });
    expect(service.gets().some((u) => u.pathname.endsWith('publishersuggestions'))).toBe(true);
  });

  test('a 401 marks the account for relinking; the decision waits for Relink (not failed), then goes', async () => {
    const t = triage();
    const target = (await loaded(t)).suggestions[0]!.id;
    service.putFailures.push(envelope({}, 401, [{ code: 2003, type: 'FATAL_ERROR', message: 'Token revoked' }]));
    await t.decide(accountKey, [target], 'ACCEPTED');
    clock += UNDO_WINDOW_MS;
    await t.flushDue();
    const view = await t.view(WAITING, false);
    expect(view.failures).toEqual([]);
    expect(view.pending).toEqual([
      expect.objectContaining({
        suggestionId: target,
        sending: false,
        attempts: 1,
        retryAt: null,
        lastError: expect.objectContaining({ code: 'needs-relink' }),
      }),
    ]);
    expect(view.account?.needsRelink).toBe(true);
    // The same error, in the same words, as every other feature's.
    expect(view.error).toMatchObject({ code: 'needs-relink', message: expect.stringMatching(/Choose Relink\.$/) });
    // Nothing is tried while the account cannot be used, however late it gets.
    clock += 3_600_000;
    await t.flushDue();
    expect(service.puts()).toHaveLength(1);

    await linkTestAccount();
    service = fakeService(service.suggestions);
    await t.flushDue();
    expect(service.puts()).toEqual([{ id: target, status: 'ACCEPTED' }]);
    expect((await t.view(WAITING, false)).pending).toEqual([]);
  });

  test('deciding for an account that is not linked is refused', async () => {
    await expect(triage().decide('app-9999', ['1'], 'ACCEPTED')).rejects.toMatchObject({
      code: 'unknown-account',
      message: 'That account is not linked (any more).',
    });
  });

  test('deciding for a linked account that is not the active one is refused, and nothing is queued', async () => {
    const other = await linkTestAccount('app-1002', 'Summit Outdoor Supply');
    await activateAccount(accountKey);
    const t = triage();
    await expect(t.decide(other, ['42'], 'ACCEPTED')).rejects.toMatchObject({ code: 'not-active-account' });
    // The embedded panel (a content script) is held to the same rule.
    const reply = await handleRequest(
      {
        desk: 'request',
        type: 'triage.decide',
        input: { accountKey: other, suggestionIds: ['43'], decision: 'REJECTED' },
      },
      { id: 'test-id', url: 'https://crm.example.com/', tab: { id: 1 } as never },
      t.handlers as unknown as Handlers,
      { runtimeId: 'test-id', extensionOrigin: 'chrome-extension://test-id/', isAllowedPageOrigin: async () => true },
    );
    expect(reply).toMatchObject({ ok: false, error: { code: 'not-active-account' } });
    expect(await triagePendingItem.getValue()).toEqual([]);
    clock += UNDO_WINDOW_MS;
    await t.flushDue();
    expect(service.puts()).toEqual([]);
    // The active account still decides as before.
    expect((await t.decide(accountKey, ['42'], 'ACCEPTED')).pending.map((p) => p.suggestionId)).toEqual(['42']);
  });

  test("undo and dismissing failures reach only the active account's decisions", async () => {
    const other = await linkTestAccount('app-1002', 'Summit Outdoor Supply');
    await activateAccount(accountKey);
    const t = triage();
    const due = clock + UNDO_WINDOW_MS;
    const pending = (key: string, suggestionId: string, batchId: string, dueAt = due): PendingDecision => ({
      suggestionId,
      accountKey: key,
      decision: 'ACCEPTED',
      dueAt,
      batchId,
    });
    // The other account's decision on the same id is newer than ours.
    await triagePendingItem.setValue([
      pending(other, '42', 'theirs', due + 100),
      pending(accountKey, '42', 'ours'),
      pending(other, '43', 'theirs-too'),
    ]);
    const failure = (key: string, suggestionId: string): FailedDecision => ({
      suggestionId,
      accountKey: key,
      decision: 'REJECTED',
      code: '2099',
      message: 'Injected fault',
      failedAt: clock,
    });
    await triageFailuresItem.setValue([failure(other, '42'), failure(accountKey, '42'), failure(other, '43')]);

    // 43 is only another account's: nothing of ours to undo, and the answer says so.
    expect(await t.undo({ suggestionIds: ['42', '43'] })).toMatchObject({ undone: ['42'], tooLate: ['43'] });
    const left = () => triagePendingItem.getValue().then((all) => all.map((p) => `${p.accountKey} ${p.suggestionId}`));
    expect(await left()).toEqual([`${other} 42`, `${other} 43`]);
    // A batch id reaches the active account's decisions only.
    const { batchId } = await t.decide(accountKey, ['42'], 'REJECTED');
    expect(await left()).toEqual([`${other} 42`, `${other} 43`, `${accountKey} 42`]);
    expect(await t.undo({ batchId })).toMatchObject({ undone: ['42'], tooLate: [] });
    expect(await t.undo({ batchId })).toMatchObject({ undone: [], tooLate: [] });
    expect(await t.undo({ batchId: 'theirs' })).toMatchObject({ undone: [], tooLate: [] });
    expect(await left()).toEqual([`${other} 42`, `${other} 43`]);

    // decide above cleared our failure on 42 (deciding again clears it); put it back.
    await triageFailuresItem.setValue([failure(other, '42'), failure(accountKey, '42'), failure(other, '43')]);
    expect(await t.dismissFailures(['42', '43'])).toEqual({ dismissed: 1 });
    expect((await triageFailuresItem.getValue()).map((f) => `${f.accountKey} ${f.suggestionId}`)).toEqual([
      `${other} 42`,
      `${other} 43`,
    ]);
  });

  test('isResolvedElsewhere: 7301 and 7302 yes, 7303 (bad status) and others no', () => {
    const error = (code: number) =>
      new ApiError({
        kind: 'http',
        operation: 'decideSuggestion',
        status: 409,
        errors: [{ code, type: 'FATAL_ERROR', message: 'x' }],
      });
    expect(isResolvedElsewhere(error(7301))).toBe(true);
    expect(isResolvedElsewhere(error(7302))).toBe(true);
    expect(isResolvedElsewhere(error(7303))).toBe(false);
    expect(isResolvedElsewhere(error(2099))).toBe(false);
    expect(isResolvedElsewhere(new Error('7301'))).toBe(false);
  });
});

describe('suggestion-triage: unlinking while triaging', () => {
  test('a decision in flight during unlink writes no failure back for the unlinked account', async () => {
    const t = triage();
    const target = (await loaded(t)).suggestions[0]!.id;
    service.putFailures.push(envelope({}, 500, [{ code: 2099, type: 'FATAL_ERROR', message: 'Injected fault' }]));
    const puts = gate();
    service.holdPuts = puts.held;
    await t.decide(accountKey, [target], 'ACCEPTED');
    clock += UNDO_WINDOW_MS;
    const flushing = t.flushDue();
    await vi.waitFor(() => expect(service.puts()).toHaveLength(1));

    await unlinkAccount(accountKey);
    puts.open();
    await flushing;
    await t.settled();
    expect(await triageFailuresItem.getValue()).toEqual([]);
    expect(await localStorageText()).not.toContain(accountKey);
  });

  test('a list refresh in flight during unlink writes no cache entry or badge count back', async () => {
    const t = triage();
    const lists = gate();
    service.holdLists = lists.held;
    const refreshing = t.revalidate(accountKey, WAITING);
    await vi.waitFor(() => expect(service.gets().some((u) => u.pathname.endsWith('publishersuggestions'))).toBe(true));

    await unlinkAccount(accountKey);
    lists.open();
    await refreshing;
    await t.settled();
    expect(await localStorageText()).not.toContain(accountKey);
  });

  test('decisions claimed before unlink and not yet sent are never sent, even if the account is linked again', async () => {
    const t = triage();
    const ids = (await loaded(t)).suggestions.slice(0, 6).map((s) => s.id);
    const puts = gate();
    service.holdPuts = puts.held;
    await t.decide(accountKey, ids, 'ACCEPTED');
    clock += UNDO_WINDOW_MS;
    const flushing = t.flushDue();
    // Four are on their way; the other two wait their turn behind them.
    await vi.waitFor(() => expect(service.puts()).toHaveLength(4));

    await unlinkAccount(accountKey);
    await linkTestAccount(accountKey);
    puts.open();
    await flushing;
    await t.settled();
    expect(service.puts()).toHaveLength(4);
    expect(await triagePendingItem.getValue()).toEqual([]);
    expect(await triageFailuresItem.getValue()).toEqual([]);
  });

  test('a list refresh in flight when the account is relinked on another API origin writes nothing from the old one', async () => {
    const t = triage();
    const lists = gate();
    service.holdLists = lists.held;
    const refreshing = t.revalidate(accountKey, WAITING);
    await vi.waitFor(() => expect(service.gets().some((u) => u.pathname.endsWith('publishersuggestions'))).toBe(true));

    await saveConnectionSettings(PRODUCTION_CONNECTION);
    fakeIdentity(allow());
    useExchange({
      fetch: routedFetch(
        tokenRoute({ access_token: 'prod-token', appSpecificAccountId: accountKey, accountName: 'HB' }),
      ).fetch,
    });
    await relinkAccount(accountKey);
    lists.open();
    await refreshing;
    await t.settled();
    // The sandbox's list must not show as production's.
    expect(await triageCacheItem.getValue()).toEqual({});
    expect((await linkedAccountsItem.getValue())[0]).toMatchObject({ apiOrigin: 'https://api.yext.com' });
  });

  test("another account's decision made while unlink is between its read and its write is kept", async () => {
    const other = await linkTestAccount('app-1002', 'Summit Outdoor Supply');
    await activateAccount(accountKey);
    const t = triage();
    const real = browser.storage.local.set.bind(browser.storage.local);
    let deciding: Promise<unknown> | undefined;
    vi.spyOn(browser.storage.local, 'set').mockImplementation(async (items) => {
      if (!deciding && Object.hasOwn(items, 'tokenVault')) {
        // Unlink has read everything and is about to write: a decision for the active account arrives now.
        deciding = t.decide(accountKey, ['42'], 'ACCEPTED');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return real(items);
    });

    await unlinkAccount(other);
    await deciding;
    vi.restoreAllMocks();
    expect((await triagePendingItem.getValue()).map((p) => `${p.accountKey} ${p.suggestionId}`)).toEqual([
      `${accountKey} 42`,
    ]);
  });
});

describe('suggestion-triage: protocol', () => {
  const sender = { id: 'test-id', url: 'chrome-extension://test-id/popup.html' };
  const policy = {
    runtimeId: 'test-id',
    extensionOrigin: 'chrome-extension://test-id/',
    isAllowedPageOrigin: async () => false,
  };

  test('inputs are checked at the boundary; settings round-trip', async () => {
    const handlers = triage().handlers as unknown as Handlers;
    const bad = await handleRequest(
      { desk: 'request', type: 'triage.decide', input: { accountKey, suggestionIds: ['1'], decision: 'MAYBE' } },
      sender,
      handlers,
      policy,
    );
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    const empty = await handleRequest(
      { desk: 'request', type: 'triage.decide', input: { accountKey, suggestionIds: [], decision: 'ACCEPTED' } },
      sender,
      handlers,
      policy,
    );
    expect(empty.ok).toBe(false);

    const get = await handleRequest(
      { desk: 'request', type: 'triage.settings.get', input: {} },
      sender,
      handlers,
      policy,
    );
    expect(get).toEqual({ ok: true, value: { keyboardShortcuts: true } });
    await handleRequest(
      { desk: 'request', type: 'triage.settings.set', input: { keyboardShortcuts: false } },
      sender,
      handlers,
      policy,
    );
    const view = await handleRequest({ desk: 'request', type: 'triage.view', input: {} }, sender, handlers, policy);
    expect(view).toMatchObject({ ok: true, value: { keyboardShortcuts: false, status: WAITING } });
  });

  test('a content script may not change settings', async () => {
    const handlers = triage().handlers as unknown as Handlers;
    const reply = await handleRequest(
      { desk: 'request', type: 'triage.settings.set', input: { keyboardShortcuts: false } },
      { id: 'test-id', url: 'https://crm.example.com/', tab: { id: 1 } as never },
      handlers,
      { ...policy, isAllowedPageOrigin: async () => true },
    );
    expect(reply).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });
});
