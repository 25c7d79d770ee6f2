// No echo on the hot path (issue 22): one decision from the popup's store costs one round trip to the
// worker. The store talks to the real worker (its handlers, the fake service behind the real client), and
// the worker's events reach the store as they do in the browser: the decision's own event before its answer.
import { expect, test, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { createTriageStore } from '../../components/suggestion-triage/triage-store.ts';
import type { StoreIo } from '../../components/ui/store.ts';
import { FLUSH_ALARM } from '../../lib/background/suggestion-triage/decision-outbox.ts';
import type { RequestContext } from '../../lib/messaging/background.ts';
import { type DeskEvents, protocol, type RequestType } from '../../lib/messaging/protocol/index.ts';
import { useTriageHarness } from './suggestion-triage-fakes.ts';

const h = useTriageHarness();

function storeOnTheWorker(beforeReply: (type: RequestType) => Promise<void> = async () => undefined) {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const asked: RequestType[] = [];
  const t = h.triage({
    broadcast: async (type, payload) => {
      for (const listener of listeners.get(type) ?? []) listener(payload);
    },
  });
  const context = { access: 'extension', sender: {} } as RequestContext;
  const io: StoreIo = {
    ask: (async (type: RequestType, input: unknown) => {
      asked.push(type);
      const handler = t.handlers[type as keyof typeof t.handlers] as (i: unknown, c: RequestContext) => unknown;
      // Through the boundary's own input check, as a message is.
      const answer = await handler(protocol[type].input.parse(input), context);
      await beforeReply(type);
      return answer;
    }) as StoreIo['ask'],
    onDeskEvent: ((type: keyof DeskEvents, handler: (payload: unknown) => void) => {
      const set = listeners.get(type) ?? new Set();
      set.add(handler);
      listeners.set(type, set);
      return () => set.delete(handler);
    }) as StoreIo['onDeskEvent'],
  };
  return { t, io, asked };
}

test('one decision is one round trip: the store knows the revision its own decision wrote', async () => {
  const { t, io, asked } = storeOnTheWorker();
  await h.loaded(t);
  const store = createTriageStore(
    { status: 'WAITING_ON_CUSTOMER', locationId: '', publisherId: '' },
    { io, filtersInHash: false },
  );
  const stop = store.start();
  await expect.poll(() => store.view.value?.suggestions.length ?? 0).toBeGreaterThan(0);
  await t.settled();
  const target = store.view.value!.suggestions[0]!.id;
  asked.length = 0;

  await store.decide([target], 'ACCEPTED');
  // Anything the decision's event set off has been asked by now (a task later, at the latest).
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(asked).toEqual(['triage.decide']);
  // And the store shows what the worker holds: the decision pending, its batch.
  expect(store.view.value?.pending.map((p) => p.suggestionId)).toEqual([target]);
  expect(store.view.value?.batches).toEqual([expect.objectContaining({ size: 1, queued: 1 })]);
  stop();
});

test('a change made elsewhere while the answer is on its way is still asked for', async () => {
  let other: (() => Promise<unknown>) | null = null;
  const { t, io, asked } = storeOnTheWorker(async (type) => {
    // Another page decides after this decision was written and before its answer arrives.
    if (type === 'triage.decide' && other) await other();
  });
  await h.loaded(t);
  const store = createTriageStore(
    { status: 'WAITING_ON_CUSTOMER', locationId: '', publisherId: '' },
    { io, filtersInHash: false },
  );
  const stop = store.start();
  await expect.poll(() => store.view.value?.suggestions.length ?? 0).toBeGreaterThan(0);
  await t.settled();
  const [first, second] = store.view.value!.suggestions;
  other = () => t.decide(h.accountKey, [second!.id], 'REJECTED');
  asked.length = 0;
  await store.decide([first!.id], 'ACCEPTED');
  await expect.poll(() => store.view.value?.pending.length).toBe(2);
  expect(asked).toEqual(['triage.decide', 'triage.view']);
  stop();
});

test('events during a view question cost one more question, and load() settles once its answer is shown', async () => {
  let hold: Promise<void> | null = null;
  const { t, io, asked } = storeOnTheWorker(async (type) => {
    if (type === 'triage.view' && hold) await hold;
  });
  await h.loaded(t);
  const store = createTriageStore(
    { status: 'WAITING_ON_CUSTOMER', locationId: '', publisherId: '' },
    { io, filtersInHash: false },
  );
  const stop = store.start();
  await expect.poll(() => store.view.value?.suggestions.length ?? 0).toBeGreaterThan(0);
  await t.settled();
  await expect.poll(() => store.view.value?.complete).toBe(true);
  const [first, second] = store.view.value!.suggestions;
  let release!: () => void;
  hold = new Promise((resolve) => {
    release = resolve;
  });
  asked.length = 0;
  // A question on its way (answered from before the changes below, held until released)...
  void store.load(false);
  await expect.poll(() => asked.length).toBe(1);
  // ...then two decisions elsewhere: their events ask while it is still on its way.
  await t.decide(h.accountKey, [first!.id], 'REJECTED');
  await t.decide(h.accountKey, [second!.id], 'REJECTED');
  const shown = store.load(false);
  hold = null;
  release();
  await shown;
  // Settled means the changes asked for are on screen, and all those asks were one more question.
  expect(store.view.value?.pending.map((p) => p.suggestionId).sort()).toEqual([first!.id, second!.id].sort());
  expect(asked).toEqual(['triage.view', 'triage.view']);
  stop();
});

test('one decision request is one flush of the outbox: the timer decide() arms, no flush of the handler’s own', async () => {
  const t = h.triage();
  const view = await h.loaded(t);
  await t.settled();
  const target = view.suggestions[0]!.id;
  const alarms = vi.spyOn(browser.alarms, 'create');
  const context = { access: 'extension', sender: {} } as RequestContext;
  const input = protocol['triage.decide'].input.parse({
    accountKey: h.accountKey,
    suggestionIds: [target],
    decision: 'ACCEPTED',
  });
  await t.handlers['triage.decide'](input, context);
  // Within the undo window nothing is due: a flush finds nothing to send and sets the alarm again, so each
  // flush is one more FLUSH_ALARM; decide() itself sets it once.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(alarms.mock.calls.filter(([name]) => name === FLUSH_ALARM)).toHaveLength(1);
  alarms.mockRestore();
});
