// The popup's first paint before the worker answers: the worker's snapshot of the first rows
// (lib/background/suggestion-triage/first-paint-snapshot.ts), read straight from storage.session, which the
// browser serves without starting a stopped worker. No polyfill: this runs in the popup's first module.
import type { TriageView } from './protocol/index.ts';

/** The snapshot's key in storage.session (the worker writes it, pages read it). */
export const FIRST_PAINT_KEY = 'triageFirstPaint';

type Area = { get(key: string): Promise<Record<string, unknown>> };
type Api = { storage?: { session?: Area; local?: Area } };

let read: Promise<TriageView | null> | null = null;

/** Starts the read. A snapshot of another account than the active one (just switched) counts as none. */
export function readFirstPaint(): void {
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
}

/** The read readFirstPaint() started, once; null if none was. */
export function takeFirstPaint(): Promise<TriageView | null> {
  const taken = read ?? Promise.resolve(null);
  read = null;
  return taken;
}
