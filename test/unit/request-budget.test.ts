// The request budget every account and feature shares: what it learns from answers, what it counts, when
// background work slows and pauses, that a person's own request always goes, and that a restart keeps it.
import { beforeEach, describe, expect, test } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { isApiError } from '../../lib/api/errors.ts';
import {
  type BudgetState,
  budgetTurn,
  createRequestBudget,
  MAX_SPACING_MS,
  MIN_SPACING_MS,
  openShareOf,
  reserveOf,
} from '../../lib/background/core/request-budget.ts';

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 10, 26, 15, 30);
const RESET_S = Date.UTC(2026, 10, 26, 16, 0) / 1000;

function quotaHeaders(remaining: number, limit = 5000, reset = RESET_S): Headers {
  return new Headers({
    'Rate-Limit-Limit': String(limit),
    'Rate-Limit-Remaining': String(remaining),
    'Rate-Limit-Reset': String(reset),
  });
}

beforeEach(() => {
  fakeBrowser.reset();
});

describe('budgetTurn thresholds', () => {
  const state = (remaining: number): BudgetState => ({ limit: 5000, remaining, resetAt: T0 + HOUR / 2, spent: {} });

  test('above a quarter of the limit background work goes; at or below the reserve it pauses until the reset', () => {
    expect(reserveOf(5000)).toBe(250);
    expect(reserveOf(600)).toBe(100);
    expect(budgetTurn(state(1251), 'listings load', T0)).toEqual({ kind: 'go' });
    expect(budgetTurn(state(250), 'listings load', T0)).toEqual({ kind: 'pause', until: T0 + HOUR / 2 });
    expect(budgetTurn(state(0), 'badge', T0)).toEqual({ kind: 'pause', until: T0 + HOUR / 2 });
  });

  test('below a quarter it spaces requests so what is left above the reserve lasts until the reset', () => {
    // 30 min left, 1,250 − 250 = 1,000 to spend: one every 1.8 s.
    expect(budgetTurn(state(1250), 'inbox refresh', T0)).toEqual({ kind: 'slow', spacingMs: 1800 });
    expect(budgetTurn(state(260), 'add-request tracker', T0)).toEqual({ kind: 'slow', spacingMs: MAX_SPACING_MS });
    expect(budgetTurn(state(1250), 'badge', T0 + HOUR / 2 - 1000)).toEqual({
      kind: 'slow',
      spacingMs: MIN_SPACING_MS,
    });
  });

  test('a load or job the person started keeps its speed below a quarter, and pauses at the reserve', () => {
    expect(budgetTurn(state(1000), 'listings load', T0)).toEqual({ kind: 'go' });
    expect(budgetTurn(state(1000), 'opt-in jobs', T0)).toEqual({ kind: 'go' });
    expect(budgetTurn(state(250), 'opt-in jobs', T0)).toEqual({ kind: 'pause', until: T0 + HOUR / 2 });
  });

  test("a person's own request always goes, even with nothing left", () => {
    expect(budgetTurn(state(0), 'user', T0)).toEqual({ kind: 'go' });
  });

  test('before any answer, or once the window has ended, nothing is held back', () => {
    expect(budgetTurn({ resetAt: T0 + 1000, spent: {} }, 'badge', T0)).toEqual({ kind: 'go' });
    expect(budgetTurn(state(0), 'badge', T0 + HOUR)).toEqual({ kind: 'go' });
  });
});

describe('createRequestBudget', () => {
  test('learns limit, remaining and reset from the headers and counts answers per purpose', async () => {
    const budget = createRequestBudget({ now: () => T0 });
    budget.noteAnswer('listings load', quotaHeaders(4300));
    budget.noteAnswer('listings load', quotaHeaders(4299));
    budget.noteAnswer('badge', quotaHeaders(4298));
    const view = await budget.view();
    expect(view).toMatchObject({ limit: 5000, remaining: 4298, resetAt: RESET_S * 1000, pausedUntil: null });
    expect(view.spent).toEqual([
      { purpose: 'listings load', count: 2 },
      { purpose: 'badge', count: 1 },
    ]);
  });

  test("the service's figure wins: a quota raised there (or a new window) is taken as it says", async () => {
    const budget = createRequestBudget({ now: () => T0 });
    budget.noteAnswer('user', quotaHeaders(40));
    expect((await budget.view()).pausedUntil).toBe(RESET_S * 1000);
    budget.noteAnswer('user', quotaHeaders(4000));
    expect(await budget.view()).toMatchObject({ remaining: 4000, pausedUntil: null });
  });

  test('a request sent counts against what is left before its answer comes', async () => {
    const budget = createRequestBudget({ now: () => T0 });
    budget.noteAnswer('user', quotaHeaders(1000));
    await budget.beforeRequest('user');
    await budget.beforeRequest('user');
    expect((await budget.view()).remaining).toBe(998);
  });

  test("near the floor background work is held back with the reset, while a person's request goes", async () => {
    const budget = createRequestBudget({ now: () => T0 });
    const changes: (number | null)[] = [];
    budget.onChange((view) => changes.push(view.pausedUntil));
    budget.noteAnswer('inbox refresh', quotaHeaders(240));
    expect(changes).toEqual([RESET_S * 1000]);
    const held = await budget.beforeRequest('inbox refresh').catch((error: unknown) => error);
    expect(isApiError(held) && held.kind).toBe('held-back');
    expect(isApiError(held) && held.rateLimit?.reset).toBe(RESET_S);
    await expect(budget.beforeRequest('user')).resolves.toBeUndefined();
    expect(await budget.backgroundTurn('add-request tracker')).toEqual({ go: false, until: RESET_S * 1000 });
  });

  test('while slow, background requests wait their turn and a person’s request does not wait behind them', async () => {
    // 5 s to the reset and 140 requests above the reserve: the spacing is the minimum, 250 ms.
    const spaced = createRequestBudget({ now: () => Date.now() });
    spaced.noteAnswer('user', quotaHeaders(240, 1000, Math.ceil(Date.now() / 1000) + 5));
    const started = Date.now();
    await spaced.beforeRequest('inbox refresh');
    let secondDone = false;
    const second = spaced.beforeRequest('badge').then(() => {
      secondDone = true;
    });
    await spaced.beforeRequest('user');
    expect(secondDone).toBe(false);
    await second;
    expect(Date.now() - started).toBeGreaterThanOrEqual(MIN_SPACING_MS - 5);
  });

  test('a 429 while thousands seemed left (another app of the key spent them): nothing goes before its reset, a person’s request neither, a restarted worker included', async () => {
    let now = T0;
    const budget = createRequestBudget({ now: () => now, writeDelayMs: 0 });
    budget.noteAnswer('user', quotaHeaders(3000));
    await budget.beforeRequest('user');
    budget.noteAnswer('user', quotaHeaders(0), 429);
    for (const purpose of ['user', 'inbox refresh', 'listings load'] as const) {
      const refused = await budget.beforeRequest(purpose).catch((error: unknown) => error);
      expect(refused).toMatchObject({ name: 'ApiError', status: 429, rateLimit: { reset: RESET_S } });
    }
    expect(await budget.spentUntil()).toBe(RESET_S * 1000);
    expect(await budget.openShare()).toBe(0);
    expect(await budget.view()).toMatchObject({ remaining: 0, pausedUntil: RESET_S * 1000 });
    await budget.flush();
    const restarted = createRequestBudget({ now: () => now });
    await expect(restarted.beforeRequest('user')).rejects.toMatchObject({ status: 429 });
    // At the reset the hour starts whole again.
    now = RESET_S * 1000;
    await expect(budget.beforeRequest('user')).resolves.toBeUndefined();
    expect(await budget.spentUntil()).toBeNull();
  });

  test('a page’s open may spend its share of the hour’s limit, none while background work waits', async () => {
    const budget = createRequestBudget({ now: () => T0 });
    expect(await budget.openShare()).toBe(openShareOf(5000));
    budget.noteAnswer('user', quotaHeaders(3000, 20_000));
    expect(await budget.openShare()).toBe(30);
    budget.noteAnswer('user', quotaHeaders(900, 20_000));
    expect(await budget.openShare()).toBe(0);
  });

  test('a restarted worker knows the figures and the counts (storage.local); a new hour starts again', async () => {
    const first = createRequestBudget({ now: () => T0 });
    first.noteAnswer('opt-in jobs', quotaHeaders(900));
    first.noteAnswer('opt-in jobs', quotaHeaders(899));
    await first.flush();
    const restarted = createRequestBudget({ now: () => T0 + 60_000 });
    expect(await restarted.view()).toMatchObject({
      limit: 5000,
      remaining: 899,
      spent: [{ purpose: 'opt-in jobs', count: 2 }],
      slowed: true,
    });
    const nextHour = createRequestBudget({ now: () => RESET_S * 1000 + 1 });
    expect(await nextHour.view()).toMatchObject({ limit: 5000, remaining: 5000, spent: [], slowed: false });
  });

  test('a browser restarted mid-hour still has the hour’s counts (not “no requests yet”), and answers before they are read add to them', async () => {
    const first = createRequestBudget({ now: () => T0 });
    first.noteAnswer('opt-in jobs', quotaHeaders(900));
    first.noteAnswer('inbox refresh', quotaHeaders(899));
    await first.flush();
    // A browser restart empties storage.session; the hour goes on at the service.
    await fakeBrowser.storage.session.clear();
    const restarted = createRequestBudget({ now: () => T0 + 120_000 });
    // The first answer of the new worker comes before anything read the stored figures.
    restarted.noteAnswer('user', quotaHeaders(850));
    expect(await restarted.view()).toMatchObject({
      limit: 5000,
      remaining: 850,
      spent: expect.arrayContaining([
        { purpose: 'opt-in jobs', count: 1 },
        { purpose: 'inbox refresh', count: 1 },
        { purpose: 'user', count: 1 },
      ]),
    });
  });
});
