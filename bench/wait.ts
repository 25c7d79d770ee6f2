// How a figure waits for the condition it names. Playwright's waitForFunction does not await a predicate
// that returns a Promise: the Promise itself is truthy, so an async predicate ended the wait at once (the
// outbox figure read 152–179 ms for a bulk that took seconds). Every wait here awaits its check.

/** Awaits `check` again and again until it answers true; throws after `timeoutMs`. */
export async function untilTrue(
  check: () => Promise<boolean>,
  { timeoutMs = 60_000, intervalMs = 50, what = 'the condition' } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if ((await check()) === true) return;
    if (Date.now() > deadline) throw new Error(`${what} did not hold within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

export interface BatchAnswered {
  batchId: string;
  size: number;
  sent: number;
  resolvedElsewhere: number;
  failed: number;
  undone: number;
  queued: number;
}

interface PageRuntime {
  sendMessage(message: unknown): Promise<unknown>;
  onMessage: {
    addListener(listener: (message: unknown) => void): void;
    removeListener(listener: (message: unknown) => void): void;
  };
}

/**
 * Runs in an extension page (`page.evaluate(decideAndAwaitAnswered, input)`, so it names nothing outside
 * itself): sends one `triage.decide`, then reads the view at each `triage.changed` event (armed before the
 * decision leaves) until the batch has no decision left queued. Resolves with the time from the decision's
 * send to that view, and the batch's outcome.
 */
export async function decideAndAwaitAnswered(input: {
  decide: unknown;
  view: unknown;
  timeoutMs: number;
}): Promise<{ ms: number; batch: BatchAnswered }> {
  const api = globalThis as unknown as { chrome: { runtime: PageRuntime } };
  const runtime = api.chrome.runtime;
  let batchId: string | null = null;
  let checking = false;
  let again = false;
  let done: (batch: BatchAnswered) => void = () => undefined;
  let fail: (error: unknown) => void = () => undefined;
  const finished = new Promise<BatchAnswered>((resolve, reject) => {
    done = resolve;
    fail = reject;
  });
  // One view at a time; an event meanwhile asks once more after it.
  const check = async (): Promise<void> => {
    if (batchId === null) return;
    if (checking) {
      again = true;
      return;
    }
    checking = true;
    try {
      do {
        again = false;
        const reply = (await runtime.sendMessage(input.view)) as {
          ok: boolean;
          value?: { batches: BatchAnswered[] };
          error?: { message: string };
        };
        if (!reply.ok) throw new Error(`triage.view failed: ${reply.error?.message}`);
        const batch = reply.value?.batches.find((b) => b.batchId === batchId);
        if (batch && batch.queued === 0) {
          done(batch);
          return;
        }
      } while (again);
    } catch (error) {
      fail(error);
    } finally {
      checking = false;
    }
  };
  const listener = (message: unknown) => {
    const event = message as { desk?: string; type?: string } | null;
    if (event?.desk === 'event' && event.type === 'triage.changed') void check();
  };
  runtime.onMessage.addListener(listener);
  const timer = setTimeout(
    () => fail(new Error(`the batch was not answered within ${input.timeoutMs} ms`)),
    input.timeoutMs,
  );
  const started = performance.now();
  try {
    const reply = (await runtime.sendMessage(input.decide)) as {
      ok: boolean;
      value?: { batchId: string };
      error?: { message: string };
    };
    if (!reply.ok || !reply.value) throw new Error(`triage.decide failed: ${reply.error?.message}`);
    batchId = reply.value.batchId;
    // Every answer may have come (and its events gone) before the decision's reply did.
    void check();
    const batch = await finished;
    return { ms: performance.now() - started, batch };
  } finally {
    clearTimeout(timer);
    runtime.onMessage.removeListener(listener);
  }
}
