// The e2e tests' settle step (test/e2e/settle.ts) against the real sandbox: a client still working through a
// chain of calls when the log is cleared. Cleared at once (as the tests did), the chain's later calls land in
// the log after the clear; cleared by settleThenClear, none do.
import { beforeEach, describe, expect, it } from 'vitest';
import { SandboxControl } from '../e2e/sandbox-control.ts';
import { settleThenClear } from '../e2e/settle.ts';
import { call, control, mint, PUBLISHERS, resetSandbox, SUGGESTIONS, useSandbox } from './sandbox-http.ts';

const ctx = useSandbox();
let token: string;

beforeEach(async () => {
  await resetSandbox(ctx.sb);
  token = await mint(ctx.sb);
});

/**
 * What a worker's background work looks like on the wire: calls one after another, the next sent a little
 * after the previous answer (the client reading it), `calls` in all. Resolves when the last is answered.
 */
function backgroundChain(calls: number, gapMs: number): { done: () => boolean; finished: Promise<void> } {
  let finished = false;
  const run = async () => {
    for (let i = 0; i < calls; i++) {
      await call(ctx.sb, 'GET', i % 2 ? SUGGESTIONS : PUBLISHERS, { token, query: { limit: 1 } });
      if (i < calls - 1) await new Promise((resolve) => setTimeout(resolve, gapMs));
    }
    finished = true;
  };
  return { done: () => finished, finished: run() };
}

const logged = async () => (await control<{ count: number }>(ctx.sb, 'GET', '/requests')).count;

describe('clearing the request log while a client is busy', () => {
  it('cleared at once, the calls still to come land after the clear', async () => {
    await control(ctx.sb, 'POST', '/latency', { ms: 100 });
    const chain = backgroundChain(5, 150);
    const sandbox = new SandboxControl(ctx.sb.apiUrl);
    await expect.poll(async () => (await sandbox.activity()).inFlight).toBe(1);
    await sandbox.clearRequests();
    await chain.finished;
    // Up to 4, as many as had not yet been sent (on a loaded machine the first poll may see a later call).
    expect(await logged()).toBeGreaterThan(0);
  });

  it('settleThenClear waits for the chain, gaps included, then clears: nothing lands after it', async () => {
    await control(ctx.sb, 'POST', '/latency', { ms: 100 });
    const chain = backgroundChain(5, 150);
    const sandbox = new SandboxControl(ctx.sb.apiUrl);
    await expect.poll(async () => (await sandbox.activity()).inFlight).toBe(1);
    await settleThenClear(sandbox);
    expect(chain.done()).toBe(true);
    await chain.finished;
    expect(await logged()).toBe(0);
    // A quiet sandbox is cleared after one quiet window, with nothing to wait for.
    await call(ctx.sb, 'GET', PUBLISHERS, { token });
    await settleThenClear(sandbox, undefined, { quietMs: 100 });
    expect(await logged()).toBe(0);
  });

  it('waits for its own condition too, and says what is still busy when it times out', async () => {
    const sandbox = new SandboxControl(ctx.sb.apiUrl);
    let ready = false;
    const settling = settleThenClear(sandbox, undefined, { quietMs: 0, until: async () => ready });
    await call(ctx.sb, 'GET', PUBLISHERS, { token });
    // Not cleared while the condition does not hold.
    await expect.poll(logged).toBe(1);
    ready = true;
    await settling;
    expect(await logged()).toBe(0);

    await control(ctx.sb, 'POST', '/latency', { ms: 1_500 });
    const slow = call(ctx.sb, 'GET', PUBLISHERS, { token });
    await expect.poll(async () => (await sandbox.activity()).inFlight).toBe(1);
    await expect(settleThenClear(sandbox, undefined, { timeoutMs: 300 })).rejects.toThrow(/1 API call\(s\) in flight/);
    await slow;
  });
});
