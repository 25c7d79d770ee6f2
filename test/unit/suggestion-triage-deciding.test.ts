// Deciding in the worker: the undo window, sending once, timers and alarms, workers that die.
import { describe, expect, test, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { badgeCountsItem } from '../../lib/background/suggestion-triage/badge.ts';
import { FLUSH_ALARM } from '../../lib/background/suggestion-triage/decision-outbox.ts';
import { triagePendingItem } from '../../lib/background/suggestion-triage/triage-items.ts';
import { UNDO_WINDOW_MS } from '../../lib/background/suggestion-triage/triage-state.ts';
import { WAITING } from '../../lib/shared/listing-statuses.ts';
import { useTriageHarness } from './suggestion-triage-fakes.ts';

const h = useTriageHarness();
const { triage, loaded } = h;

describe('suggestion-triage: deciding', () => {
  test('a decision is pending for 5 s, then sent with exactly one request, and the list and badge follow', async () => {
    const t = triage();
    const view = await loaded(t);
    const target = view.suggestions[0]!.id;
    h.service.requests.length = 0;

    const { pending } = await t.decide(h.accountKey, [target], 'ACCEPTED');
    expect(pending).toEqual([
      expect.objectContaining({
        suggestionId: target,
        decision: 'ACCEPTED',
        dueAt: h.clock + UNDO_WINDOW_MS,
        sending: false,
      }),
    ]);

    h.clock += UNDO_WINDOW_MS - 1;
    await t.flushDue();
    expect(h.service.requests).toHaveLength(0);

    h.clock += 1;
    await t.flushDue();
    expect(h.service.requests).toHaveLength(1);
    expect(h.service.puts()).toEqual([{ id: target, status: 'ACCEPTED' }]);

    const after = await t.view(WAITING, false);
    expect(after.suggestions.map((s) => s.id)).not.toContain(target);
    expect(after.count).toBe(11);
    expect(after.pending).toEqual([]);
    expect((await badgeCountsItem.getValue())[h.accountKey]?.count).toBe(11);
    expect(h.service.requests).toHaveLength(1);
  });

  test('undo inside the window: nothing is sent', async () => {
    const t = triage();
    const view = await loaded(t);
    const target = view.suggestions[1]!.id;
    h.service.requests.length = 0;
    const { batchId } = await t.decide(h.accountKey, [target], 'REJECTED');
    h.clock += 2000;
    expect(await t.undo({ batchId })).toEqual({ undone: [target], tooLate: [], revision: expect.any(Number) });
    h.clock += 10_000;
    await t.flushDue();
    expect(h.service.requests).toHaveLength(0);
    expect((await t.view(WAITING, false)).suggestions.map((s) => s.id)).toContain(target);
  });

  test('undo names its batch: only that batch is undone, even when a later one exists', async () => {
    const t = triage();
    const [a, b, c, d] = (await loaded(t)).suggestions;
    await t.decide(h.accountKey, [a!.id], 'ACCEPTED');
    h.clock += 100;
    const { batchId } = await t.decide(h.accountKey, [b!.id, c!.id], 'REJECTED');
    h.clock += 100;
    await t.decide(h.accountKey, [d!.id], 'ACCEPTED');
    expect((await t.undo({ batchId })).undone.sort()).toEqual([b!.id, c!.id].sort());
    expect((await triagePendingItem.getValue()).map((p) => p.suggestionId)).toEqual([a!.id, d!.id]);
  });

  test('the timer sends it when the window closes, without anyone asking', async () => {
    const t = triage();
    const view = await loaded(t);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await t.decide(h.accountKey, [view.suggestions[0]!.id], 'ACCEPTED');
    h.clock += UNDO_WINDOW_MS;
    await vi.advanceTimersByTimeAsync(UNDO_WINDOW_MS);
    await vi.waitFor(() => expect(h.service.puts()).toHaveLength(1));
    expect(await triagePendingItem.getValue()).toEqual([]);
  });

  test('an alarm backs the timer up while decisions are pending, and is cleared after', async () => {
    const t = triage();
    const view = await loaded(t);
    await t.decide(h.accountKey, [view.suggestions[0]!.id], 'ACCEPTED');
    const alarm = await browser.alarms.get(FLUSH_ALARM);
    expect(alarm?.scheduledTime).toBeGreaterThanOrEqual(h.clock + UNDO_WINDOW_MS);
    h.clock += UNDO_WINDOW_MS;
    await t.flushDue();
    expect(await browser.alarms.get(FLUSH_ALARM)).toBeFalsy();
  });

  test('a new worker (the old one died in the window) sends what is overdue, once', async () => {
    const first = triage();
    const view = await loaded(first);
    await first.decide(h.accountKey, [view.suggestions[0]!.id], 'ACCEPTED');
    // The worker dies: its timer never fires. A new worker starts later.
    h.clock += 60_000;
    const second = triage();
    await Promise.all([second.flushDue(), second.flushDue(), second.flushDue()]);
    expect(h.service.puts()).toEqual([{ id: view.suggestions[0]!.id, status: 'ACCEPTED' }]);
  });

  test('a send claimed by a dead worker is sent again, and "already resolved" then counts as done', async () => {
    const t = triage();
    const view = await loaded(t);
    const target = view.suggestions[0]!;
    // The dead worker's PUT had reached the service.
    h.service.suggestions.find((s) => s.id === target.id)!.status = 'ACCEPTED';
    await triagePendingItem.setValue([
      {
        suggestionId: target.id,
        accountKey: h.accountKey,
        decision: 'ACCEPTED',
        dueAt: h.clock - 1,
        batchId: 'b',
        sendingBy: 'dead-run',
      },
    ]);
    await t.flushDue();
    expect(h.service.puts()).toHaveLength(1);
    const after = await t.view(WAITING, false);
    expect(after.failures).toEqual([]);
    expect(after.pending).toEqual([]);
    expect(after.suggestions.map((s) => s.id)).not.toContain(target.id);
  });

  test('a list fetched before a decision was sent does not bring the decided suggestion back', async () => {
    const t = triage();
    const target = (await loaded(t)).suggestions[0]!.id;
    await t.decide(h.accountKey, [target], 'ACCEPTED');
    let release: () => void = () => undefined;
    h.service.holdLists = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The list is read (still waiting) before the PUT, and arrives after it.
    const refreshing = t.revalidate(h.accountKey, WAITING);
    await new Promise((resolve) => setTimeout(resolve, 0));
    h.clock += UNDO_WINDOW_MS;
    await t.flushDue();
    h.service.holdLists = null;
    release();
    await refreshing;
    const view = await t.view(WAITING, false);
    expect(view.suggestions.map((s) => s.id)).not.toContain(target);
    expect(view.count).toBe(11);
  });

  test('concurrent flushes never send a decision twice', async () => {
    const t = triage();
    const ids = (await loaded(t)).suggestions.slice(0, 3).map((s) => s.id);
    await t.decide(h.accountKey, ids, 'ACCEPTED');
    h.clock += UNDO_WINDOW_MS;
    await Promise.all([t.flushDue(), t.flushDue(), t.flushDue()]);
    expect(
      h.service
        .puts()
        .map((p) => p.id)
        .sort(),
    ).toEqual([...ids].sort());
  });

  test('bulk: ten decisions, ten requests, nothing else', async () => {
    const t = triage();
    const ids = (await loaded(t)).suggestions.slice(0, 10).map((s) => s.id);
    h.service.requests.length = 0;
    await t.decide(h.accountKey, ids, 'ACCEPTED');
    h.clock += UNDO_WINDOW_MS;
    await t.flushDue();
    expect(h.service.requests).toHaveLength(10);
    expect(h.service.puts().every((p) => p.status === 'ACCEPTED')).toBe(true);
    expect((await t.view(WAITING, false)).count).toBe(2);
  });
});
