import { describe, expect, test, vi } from 'vitest';
import { followEvents, latestAnswer, query, revisionGate } from '../../components/ui/store.ts';
import type { DeskEvents } from '../../lib/messaging/protocol/index.ts';

/** A question whose answer the test releases by hand, in any order. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('latestAnswer', () => {
  test('an answer to a question asked before the latest is stale', async () => {
    const answers = latestAnswer();
    const first = deferred<string>();
    const second = deferred<string>();
    const a = answers.ask(() => first.promise);
    const b = answers.ask(() => second.promise);
    second.resolve('new');
    first.resolve('old');
    expect(await a).toEqual({ stale: true });
    expect(await b).toEqual({ stale: false, value: 'new' });
  });

  test('a superseded failure is stale, the latest one rejects', async () => {
    const answers = latestAnswer();
    const first = deferred<string>();
    const a = answers.ask(() => first.promise);
    answers.supersede();
    first.reject(new Error('gone'));
    expect(await a).toEqual({ stale: true });
    await expect(answers.ask(() => Promise.reject(new Error('now')))).rejects.toThrow('now');
  });
});

describe('revisionGate', () => {
  test('admits equal or newer revisions and refuses older ones', () => {
    const gate = revisionGate();
    expect(gate.admit(3)).toBe(true);
    expect(gate.admit(3)).toBe(true);
    expect(gate.admit(2)).toBe(false);
    expect(gate.current).toBe(3);
  });
});

describe('query', () => {
  test('shows the latest question’s answer even when an older one arrives last', async () => {
    const asked: ReturnType<typeof deferred<string>>[] = [];
    const q = query(() => {
      const d = deferred<string>();
      asked.push(d);
      return d.promise;
    });
    const first = q.load();
    const second = q.load();
    expect(q.loading.value).toBe(true);
    asked[1]!.resolve('second');
    await second;
    asked[0]!.resolve('first');
    await first;
    expect(q.value.value).toBe('second');
    expect(q.loading.value).toBe(false);
  });

  test('an error is shown, and the next answer clears it', async () => {
    let fail = true;
    const q = query(async () => {
      if (fail) throw new Error('worker down');
      return 1;
    });
    await q.load();
    expect((q.error.value as Error).message).toBe('worker down');
    fail = false;
    await q.load();
    expect(q.error.value).toBeNull();
    expect(q.value.value).toBe(1);
  });

  test('an answer set by an action wins over a question in flight', async () => {
    const d = deferred<string>();
    const q = query(() => d.promise);
    const loading = q.load();
    q.set('from the action');
    d.resolve('older');
    await loading;
    expect(q.value.value).toBe('from the action');
  });

  test('with revisions, an answer older than the one shown is dropped', async () => {
    const q = query(async (revision: number) => ({ revision }), { revisionOf: (v) => v.revision });
    await q.load(5);
    await q.load(4);
    expect(q.value.value).toEqual({ revision: 5 });
    q.set({ revision: 3 });
    expect(q.value.value).toEqual({ revision: 5 });
  });

  test('a refresh during a question settles only once the question it asked for is answered', async () => {
    const gates: ReturnType<typeof deferred<void>>[] = [];
    const q = query(async (arg: string) => {
      const d = deferred<void>();
      gates.push(d);
      await d.promise;
      return arg;
    });
    void q.load('a');
    const later = q.refresh('b');
    gates[0]!.resolve();
    await vi.waitFor(() => expect(gates).toHaveLength(2));
    let settled = false;
    void later.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    expect(q.loading.value).toBe(true);
    gates[1]!.resolve();
    await later;
    expect(q.value.value).toBe('b');
    expect(q.loading.value).toBe(false);
  });

  test('refreshes during a question in flight cost one more question, with the last argument', async () => {
    const args: string[] = [];
    const gates: ReturnType<typeof deferred<void>>[] = [];
    const q = query(async (arg: string) => {
      args.push(arg);
      const d = deferred<void>();
      gates.push(d);
      await d.promise;
      return arg;
    });
    const first = q.refresh('a');
    void q.refresh('b');
    void q.refresh('c');
    gates[0]!.resolve();
    await vi.waitFor(() => expect(gates).toHaveLength(2));
    gates[1]!.resolve();
    await first;
    expect(args).toEqual(['a', 'c']);
    expect(q.value.value).toBe('c');
  });
});

describe('followEvents', () => {
  test('subscribes each handler to its event and unsubscribes them all at once', () => {
    const subscribed = new Map<string, (payload: unknown) => void>();
    const io = {
      onDeskEvent: (<K extends keyof DeskEvents>(type: K, handler: (payload: DeskEvents[K]) => void) => {
        subscribed.set(type, handler as (payload: unknown) => void);
        return () => subscribed.delete(type);
      }) as never,
    };
    const seen: string[] = [];
    const stop = followEvents(
      { 'health.changed': () => seen.push('health'), 'accounts.changed': () => seen.push('accounts') },
      io,
    );
    subscribed.get('health.changed')?.({});
    subscribed.get('accounts.changed')?.({});
    expect(seen).toEqual(['health', 'accounts']);
    stop();
    expect(subscribed.size).toBe(0);
  });
});
