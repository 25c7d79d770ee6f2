// The popup's first paint without the worker: a small copy of the active account's first screenful of
// waiting suggestions, kept in storage.session, which extension pages read directly (the browser answers
// without starting a stopped worker) and content scripts cannot (trusted contexts only, Chrome and Firefox).
// Publisher data and names only: nothing here is a secret. The popup swaps in the live view when it comes.

import type { TriageSnapshotView, TriageView } from '../../messaging/protocol/index.ts';
import { WAITING } from '../../shared/listing-statuses.ts';
import { defineItem } from '../../storage-item.ts';
import { accountsView } from '../core/linked-accounts.ts';
import { locationsItem } from '../locations.ts';
import { firstPaintTree } from './first-paint-tree.ts';

/** A popup shows about six rows; a few more cover a taller window without a jump when the live view comes. */
export const SNAPSHOT_ROWS = 12;
/**
 * Bound on the stored JSON (storage.session holds 10 MB, shared): long texts cost rows, never the bound. The
 * rows' text is in it twice, as rows and as the drawn first frame.
 */
export const SNAPSHOT_MAX_CHARS = 48_000;
/** More linked accounts than this: no account bar in the snapshot (a partial list would mislead). */
export const SNAPSHOT_ACCOUNTS = 50;
/** Names are cut to this many characters; the live view shows the whole name. */
const NAME_CHARS = 120;

/** Pages read it as FIRST_PAINT_KEY (lib/messaging/first-paint.ts, no storage library there): the same key. */
export const triageSnapshotItem = defineItem<TriageSnapshotView | null>('session:triageFirstPaint', {
  fallback: null,
});

type LocationNames = ReadonlyMap<string, { name: string; city: string }>;
/** What the snapshot shows beside the rows: the active account's location names, and the account bar. */
export interface SnapshotNames {
  locations: LocationNames;
  accountBar: TriageSnapshotView['accountBar'];
}

const cut = (text: string) => text.slice(0, NAME_CHARS);

/** What the popup's first view would show: its first rows, their pending states and the names beside them. */
export function snapshotOf(view: TriageView, names: SnapshotNames): TriageSnapshotView | null {
  if (!view.account) return null;
  // Across accounts the view names every linked one: cut like the bar's, so many accounts still fit.
  const account = { ...view.account, accountName: cut(view.account.accountName) };
  const accounts = view.accounts?.map((a) => ({ ...a, accountName: cut(a.accountName) }));
  let suggestions = view.suggestions.slice(0, SNAPSHOT_ROWS);
  for (;;) {
    const ids = new Set(suggestions.map((s) => s.id));
    const publishers: Record<string, string> = {};
    for (const { publisherId: id } of suggestions) if (id in view.publishers) publishers[id] = view.publishers[id]!;
    const locationNames: TriageSnapshotView['locationNames'] = {};
    for (const { locationId: id } of suggestions) {
      const known = names.locations.get(id);
      // As the live rows (locationText): a location without a name shows its id.
      if (known?.name.trim()) locationNames[id] = { name: cut(known.name), city: cut(known.city) };
    }
    const snapshot: TriageSnapshotView = {
      ...view,
      account,
      ...(accounts ? { accounts } : {}),
      suggestions,
      complete: view.complete && suggestions.length === view.suggestions.length,
      publishers,
      pending: view.pending.filter((p) => ids.has(p.suggestionId)),
      failures: view.failures.filter((f) => ids.has(f.suggestionId)),
      batches: [],
      // Until the live view has come, the list says it is loading.
      refreshing: true,
      error: null,
      locationNames,
      accountBar: names.accountBar,
    };
    snapshot.firstPaint = firstPaintTree(snapshot);
    const fits = JSON.stringify(snapshot).length <= SNAPSHOT_MAX_CHARS;
    if (fits) return snapshot;
    // Never past the bound: without rows and still too long (hundreds of accounts), the popup waits for the worker.
    if (suggestions.length === 0) return null;
    suggestions = suggestions.slice(0, Math.floor(suggestions.length / 2));
  }
}

/** The names, read from storage: the active account's location directory and the linked accounts. */
async function readNames(accountKey: string): Promise<SnapshotNames> {
  const [directories, accounts] = await Promise.all([locationsItem.getValue(), accountsView()]);
  const locations = new Map((directories[accountKey]?.locations ?? []).map((l) => [l.id, l]));
  const accountBar =
    accounts.accounts.length <= SNAPSHOT_ACCOUNTS && accounts.activeAccountKey
      ? {
          activeAccountKey: accounts.activeAccountKey,
          accounts: accounts.accounts.map((a) => ({
            accountKey: a.accountKey,
            accountName: cut(a.accountName),
            needsRelink: a.needsRelink,
            otherEnvironment: a.otherEnvironment ?? false,
          })),
        }
      : null;
  return { locations, accountBar };
}

/**
 * Keeps the snapshot of the views the popup opens to (waiting, no filters), written only when the view's
 * revision or account changed since the last write, or the names beside it did (namesChanged): a view asked
 * again at the same revision costs nothing. The names are read once per change, not per view.
 */
export function createSnapshotWriter() {
  let written = '';
  /** Counts clears and name changes: a write begun before one is dropped, and the names are read again. */
  let generation = 0;
  let names: { generation: number; accountKey: string; value: SnapshotNames } | null = null;
  let last: TriageView | null = null;

  async function namesOf(accountKey: string): Promise<SnapshotNames> {
    if (names?.generation === generation && names.accountKey === accountKey) return names.value;
    const asked = generation;
    const value = await readNames(accountKey);
    if (asked === generation) names = { generation, accountKey, value };
    return value;
  }

  async function write(view: TriageView & { account: NonNullable<TriageView['account']> }): Promise<void> {
    const stamp = `${view.account.accountKey} ${view.revision} ${generation}`;
    if (stamp === written) return;
    written = stamp;
    const asked = generation;
    try {
      const snapshot = snapshotOf(view, await namesOf(view.account.accountKey));
      if (asked !== generation) return;
      await triageSnapshotItem.setValue(snapshot);
    } catch {
      written = '';
    }
  }

  return {
    offer(view: TriageView, filtered: boolean): void {
      if (filtered || view.status !== WAITING || !view.account) return;
      last = view;
      void write({ ...view, account: view.account });
    },
    /** A location was named or renamed, an account linked, renamed or in need of Relink: the last view again. */
    namesChanged(): void {
      generation++;
      if (last?.account) void write({ ...last, account: last.account });
    },
    /** Unlink, or another active account: no popup may paint this one's rows. */
    clear(): Promise<void> {
      written = '';
      generation++;
      last = null;
      return triageSnapshotItem.setValue(null).catch(() => undefined);
    },
  };
}
