// The popup's first paint before the worker answers: the worker's snapshot of the first rows
// (lib/background/suggestion-triage/first-paint-snapshot.ts), read straight from storage.session, which the
// browser serves without starting a stopped worker. No polyfill: this runs in the popup's first script, a
// classic one (entrypoints/popup-first-paint.ts), which hands what it read and drew to the popup's modules.
import type { TriageView } from './protocol/index.ts';

/** Marks the plain-DOM popup (the snapshot's firstPaint): the app swaps its own root in for the element carrying it. */
export const FIRST_PAINT_ATTR = 'data-first-paint';

/** The snapshot's key in storage.session (the worker writes it, pages read it). */
export const FIRST_PAINT_KEY = 'triageFirstPaint';

type Area = { get(key: string): Promise<Record<string, unknown>> };
type Api = { storage?: { session?: Area; local?: Area } };

/** Longest the popup holds its questions for the snapshot's frame: a slow app load must not hold the live view. */
export const HOLD_AT_MOST_MS = 500;

/** What the popup's first script leaves for its modules. */
export interface FirstPaint {
  /** The worker's snapshot of the unfiltered first view; null without one (or another account's). */
  view: TriageView | null;
  /** Whether it drew the snapshot as plain DOM (components/popup/first-paint-dom.ts). */
  drawn: boolean;
}

/** Where the first script leaves it: a global of the popup page (only the extension's own scripts run there). */
const HANDOFF = 'listingsDeskFirstPaint';
type Handoff = { [HANDOFF]?: Promise<FirstPaint> };

/**
 * The snapshot, read at once. A snapshot of another account than the active one (just switched) counts as none;
 * so does any failure to read it.
 */
export function readSnapshot(): Promise<TriageView | null> {
  const api = globalThis as { browser?: Api; chrome?: Api };
  const s = (api.browser?.storage?.session ? api.browser : api.chrome)?.storage;
  if (!s?.session || !s.local) return Promise.resolve(null);
  return Promise.all([s.session.get(FIRST_PAINT_KEY), s.local.get('activeAccountKey')]).then(
    ([session, local]) => {
      const view = session[FIRST_PAINT_KEY] as TriageView | null | undefined;
      return view?.account && view.account.accountKey === local.activeAccountKey ? view : null;
    },
    () => null,
  );
}

/** The first script's part: what it read and drew, for the modules to take. */
export function leaveFirstPaint(firstPaint: Promise<FirstPaint>): void {
  (globalThis as Handoff)[HANDOFF] = firstPaint;
}

/** What the first script left (nothing drawn and no snapshot if it did not run), once. */
export function takeFirstPaint(): Promise<FirstPaint> {
  const handoff = globalThis as Handoff;
  const left = handoff[HANDOFF] ?? Promise.resolve({ view: null, drawn: false });
  delete handoff[HANDOFF];
  return left;
}

/** Resolves once what is in the page now is on screen (250 ms at most where frames wait, e.g. a hidden page). */
export function afterFrame(): Promise<void> {
  return new Promise<void>((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 250);
  });
}

let release: (() => void) | null = null;

/**
 * Holds the popup's questions while it paints the snapshot: resolves at once without one, else once
 * firstFramePainted() is called, HOLD_AT_MOST_MS at the most.
 */
export function untilFirstFrame(firstPaint: Promise<FirstPaint>): Promise<void> {
  return new Promise<void>((resolve) => {
    release = resolve;
    setTimeout(resolve, HOLD_AT_MOST_MS);
    void firstPaint.then(({ view }) => {
      if (!view) resolve();
    });
  });
}

/** The snapshot's first frame is on screen (plain DOM or the app's): what untilFirstFrame() held may go. */
export function firstFramePainted(): void {
  release?.();
  release = null;
}
