// @vitest-environment node
// The bench's waits end on the condition they name, not earlier (issue 23: an async predicate handed to
// waitForFunction counted as true at once, and the bulk figure ended with 8 of 500 PUTs sent).
import { afterEach, describe, expect, test } from 'vitest';
import { decideAndAwaitAnswered, untilTrue } from '../../bench/wait.ts';

describe('untilTrue', () => {
  test('awaits an async check: a pending false is not true', async () => {
    let calls = 0;
    await untilTrue(
      async () => {
        calls++;
        await new Promise((resolve) => setTimeout(resolve, 5));
        return calls >= 4;
      },
      { intervalMs: 1 },
    );
    expect(calls).toBe(4);
  });

  test('a check that never holds ends in an error, not in a figure', async () => {
    await expect(untilTrue(async () => false, { timeoutMs: 30, intervalMs: 5, what: 'nothing' })).rejects.toThrow(
      'nothing did not hold within 30 ms',
    );
  });
});

describe('decideAndAwaitAnswered (runs in the page)', () => {
  const saved = (globalThis as { chrome?: unknown }).chrome;
  afterEach(() => {
    (globalThis as { chrome?: unknown }).chrome = saved;
  });

  /** A worker that answers the decision at once and its PUTs in rounds, one event per round. */
  function fakeWorker(rounds: number[]) {
    const listeners = new Set<(message: unknown) => void>();
    let queued = rounds[0]!;
    const views: number[] = [];
    const runtime = {
      onMessage: {
        addListener: (l: (message: unknown) => void) => listeners.add(l),
        removeListener: (l: (message: unknown) => void) => listeners.delete(l),
      },
      async sendMessage(message: { type: string }) {
        if (message.type === 'triage.decide') {
          // The rounds' events come after the reply, as the worker's answers do.
          rounds.slice(1).forEach((left, i) => {
            setTimeout(
              () => {
                queued = left;
                for (const l of listeners) l({ desk: 'event', type: 'triage.changed', payload: {} });
              },
              10 * (i + 1),
            );
          });
          return { ok: true, value: { batchId: 'b1' } };
        }
        views.push(queued);
        const batch = { batchId: 'b1', size: 500, sent: 500 - queued, resolvedElsewhere: 0, failed: 0, undone: 0 };
        return { ok: true, value: { batches: [{ ...batch, queued }] } };
      },
    };
    (globalThis as { chrome?: unknown }).chrome = { runtime };
    return { views, listeners };
  }

  test('ends only when a view shows the batch with nothing queued', async () => {
    const worker = fakeWorker([500, 492, 300, 8, 0]);
    const { ms, batch } = await decideAndAwaitAnswered({
      decide: { desk: 'request', type: 'triage.decide', input: {} },
      view: { desk: 'request', type: 'triage.view', input: {} },
      timeoutMs: 5000,
    });
    expect(batch).toMatchObject({ queued: 0, sent: 500 });
    expect(worker.views.at(-1)).toBe(0);
    expect(worker.views.slice(0, -1).every((q) => q > 0)).toBe(true);
    // Four rounds 10 ms apart: it cannot have ended before the last.
    expect(ms).toBeGreaterThanOrEqual(35);
    expect(worker.listeners.size).toBe(0);
  });

  test('a batch that is never answered times out', async () => {
    fakeWorker([500, 400]);
    await expect(
      decideAndAwaitAnswered({
        decide: { desk: 'request', type: 'triage.decide', input: {} },
        view: { desk: 'request', type: 'triage.view', input: {} },
        timeoutMs: 100,
      }),
    ).rejects.toThrow('not answered within 100 ms');
  });
});
