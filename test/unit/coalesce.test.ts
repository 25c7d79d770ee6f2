import { describe, expect, test, vi } from 'vitest';
import { coalesce } from '../../lib/shared/coalesce.ts';

/** A run the test ends by hand. */
function gated() {
  const calls: { arg: string; release: () => void; fail: (e: unknown) => void }[] = [];
  let active = 0;
  let most = 0;
  const fn = (arg: string) =>
    new Promise<void>((resolve, reject) => {
      active++;
      most = Math.max(most, active);
      const done = () => active--;
      calls.push({
        arg,
        release: () => {
          done();
          resolve();
        },
        fail: (e) => {
          done();
          reject(e);
        },
      });
    });
  return { fn, calls, most: () => most };
}

describe('coalesce', () => {
  test('runs one at a time; calls during a run cost exactly one more run, with the last arguments', async () => {
    const g = gated();
    const run = coalesce(g.fn);
    const first = run('a');
    const second = run('b');
    void run('c');
    expect(run.running).toBe(true);
    expect(g.calls.map((c) => c.arg)).toEqual(['a']);
    g.calls[0]!.release();
    await vi.waitFor(() => expect(g.calls).toHaveLength(2));
    expect(g.calls[1]!.arg).toBe('c');
    g.calls[1]!.release();
    await first;
    await second;
    expect(g.calls.map((c) => c.arg)).toEqual(['a', 'c']);
    expect(g.most()).toBe(1);
    expect(run.running).toBe(false);
  });

  test('every caller’s promise settles only when the run that serves it has ended', async () => {
    const g = gated();
    const run = coalesce(g.fn);
    let firstDone = false;
    void run('a').then(() => {
      firstDone = true;
    });
    void run('b');
    g.calls[0]!.release();
    await vi.waitFor(() => expect(g.calls).toHaveLength(2));
    expect(firstDone).toBe(false);
    g.calls[1]!.release();
    await vi.waitFor(() => expect(firstDone).toBe(true));
  });

  test('idle() waits for the runs without asking for one', async () => {
    const g = gated();
    const run = coalesce(g.fn);
    void run('a');
    let idle = false;
    void run.idle().then(() => {
      idle = true;
    });
    g.calls[0]!.release();
    await vi.waitFor(() => expect(idle).toBe(true));
    expect(g.calls).toHaveLength(1);
    await run.idle();
  });

  test('a call after the runs end starts a new run at once', async () => {
    const g = gated();
    const run = coalesce(g.fn);
    const first = run('a');
    g.calls[0]!.release();
    await first;
    void run('b');
    expect(g.calls.map((c) => c.arg)).toEqual(['a', 'b']);
  });

  test('a failed run rejects its callers, drops the run asked meanwhile, and the next call starts afresh', async () => {
    const g = gated();
    const run = coalesce(g.fn);
    const first = run('a');
    const second = run('b');
    g.calls[0]!.fail(new Error('down'));
    await expect(first).rejects.toThrow('down');
    await expect(second).rejects.toThrow('down');
    expect(run.running).toBe(false);
    expect(g.calls).toHaveLength(1);
    void run('c');
    expect(g.calls.map((c) => c.arg)).toEqual(['a', 'c']);
  });

  test('a synchronous throw rejects too and leaves it idle', async () => {
    const run = coalesce(() => {
      throw new Error('bad');
    });
    await expect(run()).rejects.toThrow('bad');
    expect(run.running).toBe(false);
  });

  test('now() runs at once during a run; what was asked meanwhile follows the newest run', async () => {
    const g = gated();
    const run = coalesce(g.fn);
    const first = run('a');
    void run('b');
    const newest = run.now('n');
    expect(g.calls.map((c) => c.arg)).toEqual(['a', 'n']);
    g.calls[0]!.release();
    await first;
    // The superseded run does not take the follow-up; the newest does, after it.
    expect(g.calls).toHaveLength(2);
    g.calls[1]!.release();
    await vi.waitFor(() => expect(g.calls).toHaveLength(3));
    expect(g.calls[2]!.arg).toBe('b');
    g.calls[2]!.release();
    await newest;
    expect(run.running).toBe(false);
  });
});

test('merge: the one run asked for meanwhile takes what every call asked, not only the latest', async () => {
  const g = gated();
  const run = coalesce(g.fn, { merge: (queued, [arg]): [string] => [queued ? `${queued[0]}+${arg}` : arg] });
  const first = run('a');
  void run('b');
  void run('c');
  g.calls[0]!.release();
  await vi.waitFor(() => expect(g.calls).toHaveLength(2));
  g.calls[1]!.release();
  await first;
  expect(g.calls.map((c) => c.arg)).toEqual(['a', 'b+c']);
  // A call after the runs end starts afresh: nothing of the merged calls is left over.
  void run('d');
  expect(g.calls[2]!.arg).toBe('d');
  g.calls[2]!.release();
});
