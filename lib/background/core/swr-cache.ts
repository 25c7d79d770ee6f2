// Stale-while-revalidate for what the worker caches in storage (triage lists, listings health): answer
// at once from storage, then refresh in the background when the copy is missing, old, or forced. One
// fetch per key at a time; its last error is kept for the next answer; the UI is told when it ends.
import { toWireError } from '../../messaging/background.ts';
import type { WireError } from '../../messaging/wire-error.ts';

export interface SwrOptions<Args extends unknown[]> {
  /** A copy younger than this is served without a refresh, even when one is asked for. */
  maxAgeMs: number;
  now: () => number;
  /** Fetches and stores the fresh copy; throws what went wrong. */
  fetch: (key: string, ...args: Args) => Promise<void>;
  /** After every fetch, whatever its outcome (typically: broadcast that the copy changed). */
  done: (key: string, ...args: Args) => Promise<void>;
}

export interface RefreshWish {
  /** The UI asks for fresh data (the popup opening); honoured only when the copy is older than maxAgeMs. */
  refresh?: boolean;
  /** Refresh whatever the copy's age (the user pressed Refresh). */
  force?: boolean;
  /** Nothing can be fetched (the account needs relinking). */
  blocked?: boolean;
}

export function staleWhileRevalidate<Args extends unknown[]>(options: SwrOptions<Args>) {
  /** Each key's fetch: whether its request has left (markSent), and the one queued after it (revalidateAfter). */
  const inFlight = new Map<string, { task: Promise<void>; sent: boolean; next?: Promise<void> }>();
  const errors = new Map<string, WireError>();
  const deferred = new Set<Promise<void>>();

  /** Fetches now; concurrent asks for the same key share one fetch. */
  function revalidate(key: string, ...args: Args): Promise<void> {
    const running = inFlight.get(key);
    if (running) return running.task;
    const entry: { task: Promise<void>; sent: boolean; next?: Promise<void> } = {
      task: Promise.resolve(),
      sent: false,
    };
    entry.task = (async () => {
      try {
        await options.fetch(key, ...args);
        errors.delete(key);
      } catch (error) {
        errors.set(key, toWireError(error));
      } finally {
        inFlight.delete(key);
      }
      await options.done(key, ...args);
    })();
    inFlight.set(key, entry);
    return entry.task;
  }

  /**
   * A fetch that starts after this ask (the person pressed Refresh): one whose request has not left yet is
   * shared; one already sent may answer what was true before (a token revoked since reads 200), so one more
   * runs after it ends, never beside it, shared by every such ask meanwhile.
   */
  function revalidateAfter(key: string, ...args: Args): Promise<void> {
    const running = inFlight.get(key);
    if (!running?.sent) return revalidate(key, ...args);
    running.next ??= running.task.then(() => revalidate(key, ...args));
    return running.next;
  }

  /** The fetch of this key has sent its request (its token is taken): later presses are not answered by it. */
  function markSent(key: string): void {
    const running = inFlight.get(key);
    if (running) running.sent = true;
  }

  /** Starts after the current answer has left the worker, so the UI paints from the cache first. */
  function later(key: string, after: boolean, ...args: Args): void {
    const run: Promise<void> = new Promise<void>((resolve) => setTimeout(resolve, 0))
      .then(() => (after ? revalidateAfter(key, ...args) : revalidate(key, ...args)))
      .finally(() => deferred.delete(run));
    deferred.add(run);
  }

  /**
   * What an answer built from the stored copy says about freshness; starts the refresh it calls for (a
   * forced one after any fetch already sent). A negative age (the clock went back) counts as stale, so a bad
   * clock cannot freeze the copy.
   */
  function answer(key: string, fetchedAt: number | null, wish: RefreshWish, ...args: Args) {
    const revalidating = wants(fetchedAt, wish);
    if (revalidating) later(key, Boolean(wish.force), ...args);
    return { refreshing: revalidating || inFlight.has(key), error: errors.get(key) ?? null };
  }

  /** What an answer says of a key without asking for a refresh: is it fetching, and its last error. */
  function state(key: string) {
    return { refreshing: inFlight.has(key), error: errors.get(key) ?? null };
  }

  /** Whether a copy fetched at `fetchedAt` would be refreshed for this wish (as answer() decides). */
  function wants(fetchedAt: number | null, wish: RefreshWish): boolean {
    const age = fetchedAt === null ? Number.POSITIVE_INFINITY : options.now() - fetchedAt;
    const fresh = age >= 0 && age < options.maxAgeMs;
    return (fetchedAt === null || Boolean(wish.force) || (Boolean(wish.refresh) && !fresh)) && !wish.blocked;
  }

  /** Tests and the bench: resolves once every refresh started so far has ended. */
  async function settled(): Promise<void> {
    while (deferred.size > 0 || inFlight.size > 0)
      await Promise.allSettled([...deferred, ...[...inFlight.values()].flatMap((f) => [f.task, f.next ?? f.task])]);
  }

  /** The last fetch's error for this key, null when it succeeded or none ran. */
  const error = (key: string): WireError | null => errors.get(key) ?? null;

  return { revalidate, revalidateAfter, markSent, answer, state, wants, settled, error };
}
