// "Run once, then again if asked meanwhile": the one home of the pattern that lets events, alarms and
// pages ask for work at any rate while the work itself runs one at a time. Pages and the worker use it.

export interface Coalesced<A extends unknown[]> {
  /**
   * Runs now when idle. During a run it asks for exactly one more run after it (with the latest call's
   * arguments, or those `merge` made of every call meanwhile) and returns the running promise, which settles when no
   * run is left. A run that throws rejects that promise; the run asked for meanwhile is then dropped (its
   * callers saw the failure) and the next call starts afresh.
   */
  (...args: A): Promise<void>;
  /**
   * Runs now even during a run, for callers that make the older run's answer stale themselves (a new
   * question supersedes the one in flight). A run asked for meanwhile still follows, after this one.
   */
  now(...args: A): Promise<void>;
  /** True while a run is going on. */
  readonly running: boolean;
  /** Settles when no run is left, without asking for one (tests wait on it). */
  idle(): Promise<void>;
}

export interface CoalesceOptions<A extends unknown[]> {
  /**
   * The arguments of the one run asked for during a run, from those asked so far (undefined for the first
   * such call) and the new call's; by default the latest call's.
   */
  merge?: (queued: A | undefined, args: A) => A;
}

export function coalesce<A extends unknown[]>(
  fn: (...args: A) => unknown,
  { merge = (_queued, args) => args }: CoalesceOptions<A> = {},
): Coalesced<A> {
  let running: Promise<void> | undefined;
  let next: A | undefined;
  let generation = 0;

  function start(args: A): Promise<void> {
    const mine = ++generation;
    let ended = false;
    const chain = (async () => {
      let current: A | undefined = args;
      try {
        while (current) {
          await fn(...current);
          // Superseded by now(): the newer chain takes over what was asked meanwhile.
          if (generation !== mine) return;
          current = next;
          next = undefined;
        }
      } catch (error) {
        if (generation === mine) next = undefined;
        throw error;
      } finally {
        ended = true;
        if (generation === mine) running = undefined;
      }
    })();
    // A run that throws before its first await has ended already.
    if (!ended) running = chain;
    return chain;
  }

  const call = (...args: A): Promise<void> => {
    if (running) {
      next = merge(next, args);
      return running;
    }
    return start(args);
  };
  return Object.defineProperties(call, {
    now: { value: (...args: A) => start(args) },
    running: { get: () => running !== undefined },
    idle: {
      value: async () => {
        while (running) await running;
      },
    },
  }) as Coalesced<A>;
}
