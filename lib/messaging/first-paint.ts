// The popup's first paint before the worker answers: the worker's snapshot of the first rows
// (lib/background/suggestion-triage/first-paint-snapshot.ts), read straight from storage.session, which the
// browser serves without starting a stopped worker. No polyfill: this runs in the popup's first module.
import type { TriageView } from './protocol/index.ts';

/** The snapshot's key in storage.session (the worker writes it, pages read it). */
export const FIRST_PAINT_KEY = 'triageFirstPaint';

type Area = { get(key: string): Promise<Record<string, unknown>> };
type Api = { storage?: { session?: Area; local?: Area } };

/** Longest the popup holds its questions for the snapshot's frame: a slow app load must not hold the live view. */
export const HOLD_AT_MOST_MS = 500;

let read: Promise<TriageView | null> | null = null;
let painted: (() => void) | null = null;

/**
 * Starts the read. A snapshot of another account than the active one (just switched) counts as none.
 * Resolves when questions to the worker may go: at once without a snapshot, else once firstFramePainted().
 */
export function readFirstPaint(): Promise<void> {
  const api = globalThis as { browser?: Api; chrome?: Api };
  const s = (api.browser?.storage?.session ? api.browser : api.chrome)?.storage;
  read =
    s?.session && s.local
      ? Promise.all([s.session.get(FIRST_PAINT_KEY), s.local.get('activeAccountKey')]).then(
          ([session, local]) => {
            const view = session[FIRST_PAINT_KEY] as TriageView | null | undefined;
            return view?.account && view.account.accountKey === local.activeAccountKey ? view : null;
          },
          () => null,
        )
      : null;
  return new Promise<void>((release) => {
    painted = release;
    setTimeout(release, HOLD_AT_MOST_MS);
    void (read ?? Promise.resolve(null)).then((view) => {
      if (!view) release();
    });
  });
}

/** The app's first frame is on screen (with the snapshot's rows): what readFirstPaint() held may go. */
export function firstFramePainted(): void {
  painted?.();
  painted = null;
}

let framed: Promise<void> | null = null;

/**
 * What was drawn is in the page: resolves once its frame is on screen (250 ms at most where frames wait, e.g.
 * a hidden page), when what readFirstPaint() held may go. The same promise for every caller.
 */
export function releaseAfterFrame(): Promise<void> {
  framed ??= new Promise<void>((resolve) => {
    const release = () => {
      firstFramePainted();
      resolve();
    };
    requestAnimationFrame(() => setTimeout(release, 0));
    setTimeout(release, 250);
  });
  return framed;
}

/** The snapshot readFirstPaint() read (null: none, or none was read), for the entry's plain-DOM paint. */
export function peekFirstPaint(): Promise<TriageView | null> {
  return read ?? Promise.resolve(null);
}

/** The read readFirstPaint() started, once; null if none was. */
export function takeFirstPaint(): Promise<TriageView | null> {
  const taken = read ?? Promise.resolve(null);
  read = null;
  return taken;
}
