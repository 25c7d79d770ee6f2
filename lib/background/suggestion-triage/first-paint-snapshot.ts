// The popup's first paint without the worker: a small copy of the active account's first screenful of
// waiting suggestions, kept in storage.session, which extension pages read directly (the browser answers
// without starting a stopped worker) and content scripts cannot (trusted contexts only, Chrome and Firefox).
// Publisher data and names only: nothing here is a secret. The popup swaps in the live view when it comes.

import type { TriageView } from '../../messaging/protocol/index.ts';
import { WAITING } from '../../shared/listing-statuses.ts';
import { defineItem } from '../../storage-item.ts';

/** A popup shows about six rows; a few more cover a taller window without a jump when the live view comes. */
export const SNAPSHOT_ROWS = 12;
/** Bound on the stored JSON (storage.session holds 10 MB, shared): long texts cost rows, never the bound. */
export const SNAPSHOT_MAX_CHARS = 24_000;

/** Pages read it as FIRST_PAINT_KEY (lib/messaging/first-paint.ts, no storage library there): the same key. */
export const triageSnapshotItem = defineItem<TriageView | null>('session:triageFirstPaint', { fallback: null });

/** What the popup's first view would show: its first rows, their pending states and publisher names. */
export function snapshotOf(view: TriageView): TriageView | null {
  if (!view.account) return null;
  let suggestions = view.suggestions.slice(0, SNAPSHOT_ROWS);
  for (;;) {
    const ids = new Set(suggestions.map((s) => s.id));
    const names: Record<string, string> = {};
    for (const { publisherId: id } of suggestions) if (id in view.publishers) names[id] = view.publishers[id]!;
    const snapshot: TriageView = {
      ...view,
      suggestions,
      complete: view.complete && suggestions.length === view.suggestions.length,
      publishers: names,
      pending: view.pending.filter((p) => ids.has(p.suggestionId)),
      failures: view.failures.filter((f) => ids.has(f.suggestionId)),
      batches: [],
      // Until the live view has come, the list says it is loading.
      refreshing: true,
      error: null,
    };
    if (suggestions.length === 0 || JSON.stringify(snapshot).length <= SNAPSHOT_MAX_CHARS) return snapshot;
    suggestions = suggestions.slice(0, Math.floor(suggestions.length / 2));
  }
}

/**
 * Keeps the snapshot of the views the popup opens to (waiting, no filters), written only when the view's
 * revision or account changed since the last write: a view asked again at the same revision costs nothing.
 */
export function createSnapshotWriter() {
  let written = '';
  return {
    offer(view: TriageView, filtered: boolean): void {
      if (filtered || view.status !== WAITING || !view.account) return;
      const stamp = `${view.account.accountKey} ${view.revision}`;
      if (stamp === written) return;
      written = stamp;
      void triageSnapshotItem.setValue(snapshotOf(view)).catch(() => {
        written = '';
      });
    },
    /** Unlink, or another active account: no popup may paint this one's rows. */
    clear(): Promise<void> {
      written = '';
      return triageSnapshotItem.setValue(null).catch(() => undefined);
    },
  };
}
