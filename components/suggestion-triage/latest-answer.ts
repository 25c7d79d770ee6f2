// "Latest answer wins": of several questions of the same kind in flight, only the answer to the one
// asked last may be applied, and of answers about the worker's state, only one at least as new as
// the state already shown (its revision). Issue 9 generalises this to every store.

export interface LatestAnswer {
  /** Runs `question`; resolves with its answer, or with `stale` when a newer question was asked since. */
  ask<T>(question: () => Promise<T>): Promise<{ stale: true } | { stale: false; value: T }>;
  /** Makes every question in flight stale (e.g. the filters changed under it). */
  supersede(): void;
}

export function latestAnswer(): LatestAnswer {
  let asked = 0;
  return {
    async ask(question) {
      const mine = ++asked;
      const value = await question();
      return mine === asked ? { stale: false, value } : { stale: true };
    },
    supersede() {
      asked++;
    },
  };
}

/** Orders state updates by the worker's revision: an update older than the one shown is dropped. */
export interface RevisionGate {
  readonly current: number;
  /** True (and remembers `revision`) when an update at `revision` may be applied. */
  admit(revision: number): boolean;
}

export function revisionGate(): RevisionGate {
  let current = Number.NEGATIVE_INFINITY;
  return {
    get current() {
      return current;
    },
    admit(revision) {
      if (revision < current) return false;
      current = revision;
      return true;
    },
  };
}
