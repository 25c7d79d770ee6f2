// The two walks that fill an account's table: the fetch-all, and the rest of a load the hourly quota ended
// (resumed by alarm after its reset); each saves the snapshot and its head when it ends.
import { browser } from 'wxt/browser';
import type { ApiError } from '../../api/errors.ts';
import { fetchAllListings, fetchListingPages } from '../../api/listings.ts';
import type { Incomplete } from '../../api/paging.ts';
import { toWireError } from '../../messaging/background.ts';
import type { ListingsIncomplete, ListingsLoadView, ListingsPart } from '../../messaging/protocol/index.ts';
import { listWarning } from '../../messaging/service-words.ts';
import { type AccountLink, writeIfLinked } from '../core/account-lock.ts';
import { locationsItem } from '../locations.ts';
import { type ListingsSnapshot, readSnapshot, writeSnapshot } from './cache-store.ts';
import type { WorkspaceDeps } from './deps.ts';
import type { LoadPart } from './load-plan.ts';
import { cachedPublishers } from './publishers-directory.ts';
import { ListingsTable, type StoredListing, type TableNames, toStoredListing } from './table.ts';

const PROGRESS_MS = 250;
/** After the rows are in, and after the first window the page waits for: then the indexes are built. */
const WARM_AFTER_MS = 1000;

/** A task boundary: the messages that came during a slice of the warm build are answered before the next. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
export const warmSoon = (table: ListingsTable) =>
  setTimeout(() => void table.warmInSteps(nextTask).catch(() => undefined), WARM_AFTER_MS);
/** The default order's first rows kept apart from the snapshot: the page's first windows (50 each). */
const HEAD_ROWS = 200;
export const headOf = (table: ListingsTable) => ({ size: table.size, rows: table.head(HEAD_ROWS) });

/** `listings-resume:<accountKey>`: the rest of a load the hourly quota ended, just after the quota's reset. */
export const LISTINGS_RESUME_ALARM = 'listings-resume';
const RESUME_AFTER_RESET_MS = 5_000;
export const resumeAlarm = (accountKey: string) => `${LISTINGS_RESUME_ALARM}:${accountKey}`;

/** What the view says of pages not fetched: with the quota's reset, when the rest loads by itself. */
function incompleteView(incomplete: Incomplete | undefined, pages: number): ListingsIncomplete | null {
  if (!incomplete) return null;
  return {
    missingPages: incomplete.missingOffsets.length,
    pages,
    error: toWireError(incomplete.error),
    ...(incomplete.quotaResetAt === undefined ? {} : { resumesAt: incomplete.quotaResetAt + RESUME_AFTER_RESET_MS }),
  };
}

/** A fetch-all is background work (it may take thousands of requests): it asks the budget page by page. */
const LISTINGS_LOAD = { purpose: 'listings load' } as const;

/** The quota's 429 (or the budget holding the load back) on a walk's page: the reset says when to try. */
function quotaResetOf(error: unknown, maxWaitMs = 60_000): number | undefined {
  const e = error as ApiError;
  const reset = e?.status === 429 || e?.kind === 'held-back' ? e.rateLimit?.reset : undefined;
  if (reset !== undefined && e.kind === 'held-back') return reset * 1000;
  return reset !== undefined && reset * 1000 - Date.now() > maxWaitMs ? reset * 1000 : undefined;
}

export interface AccountTable {
  accountKey: string;
  /** The link the rows were fetched under: once it is gone (unlink, relink, storage cleared) they are dropped. */
  link: AccountLink | null;
  table: ListingsTable;
  load: ListingsLoadView;
  /** The pages a load the quota ended has still to fetch, by offset. */
  missingOffsets: number[];
  /** The load was limited to one folder's locations (null or absent: the whole account). */
  part?: LoadPart | null;
}

function rowsOf(table: ListingsTable): StoredListing[] {
  return Array.from({ length: table.size }, (_, i) => table.listing(i));
}

/** The part as the page shows it: no location ids. */
const shownPart = (part: LoadPart | null | undefined): ListingsPart | null =>
  part ? { folderId: part.folderId, name: part.name, locations: part.locations } : null;

export interface NameSources {
  /** Fetches the locations and publishers when none are cached; failures leave the ids showing. */
  ensure(accountKey: string): Promise<void>;
}

/** The names the table joins in, from the caches (never fetched here). */
export async function cachedNames(accountKey: string): Promise<TableNames> {
  const [locations, publishers] = await Promise.all([locationsItem.getValue(), cachedPublishers(accountKey)]);
  return {
    locations: locations[accountKey]?.locations ?? [],
    folders: locations[accountKey]?.folders ?? [],
    publishers: publishers?.publishers ?? [],
  };
}

/** fetchAll and fetchRest over the loader's deps; `changed` broadcasts an entry's load to the pages. */
export function createListingsFetch(
  deps: WorkspaceDeps,
  names: NameSources,
  changed: (entry: AccountTable) => Promise<void>,
) {
  async function fetchAll(entry: AccountTable, link: AccountLink | null, signal: AbortSignal): Promise<void> {
    const { accountKey } = entry;
    const shown = entry.table;
    // A first load shows rows as they come; a refresh keeps the rows shown until the new ones are all in.
    const next = shown.size === 0 ? shown : new ListingsTable([], await cachedNames(accountKey));
    let lastProgress = 0;
    const progress = () => {
      if (deps.now() - lastProgress < PROGRESS_MS) return;
      lastProgress = deps.now();
      void changed(entry);
    };
    const namesReady = names.ensure(accountKey).then(async () => next.setNames(await cachedNames(accountKey)));
    try {
      const result = await deps.withAccount(
        (client) =>
          fetchAllListings(client, entry.part ? { locationIds: entry.part.locationIds } : {}, {
            signal,
            onPage: (items, _offset, count) => {
              next.upsert(items.map(toStoredListing));
              entry.load = { ...entry.load, loaded: next.size, total: count };
              progress();
            },
          }),
        accountKey,
        LISTINGS_LOAD,
      );
      await namesReady.catch(() => undefined);
      let incomplete = incompleteView(result.incomplete, result.incomplete?.pages ?? 0);
      // A refresh the quota ended keeps every row it had, the pages it got brought up to date: 15,000 fresh
      // rows must not replace 41,400. The rows stay as of the last whole load, and the view says how many came.
      const partialRefresh = next !== shown && incomplete !== null;
      if (partialRefresh && incomplete) {
        shown.upsert(rowsOf(next));
        incomplete = { ...incomplete, refreshed: next.size };
      }
      const table = partialRefresh ? shown : next;
      const fetchedAt = partialRefresh && entry.load.fetchedAt !== null ? entry.load.fetchedAt : deps.now();
      entry.table = table;
      // A part is not resumed page by page (its pages are the folder's): Refresh or a whole load fetches again.
      entry.missingOffsets = entry.part ? [] : (result.incomplete?.missingOffsets ?? []);
      warmSoon(table);
      entry.load = {
        state: 'loaded',
        loaded: table.size,
        total: result.count,
        fetchedAt,
        incomplete: entry.part && incomplete ? { ...incomplete, resumesAt: undefined } : incomplete,
        error: null,
        warnings: result.warnings.map((w) => listWarning(w, 'listings')),
        part: shownPart(entry.part),
      };
      if (link) {
        const snapshot: ListingsSnapshot = {
          accountKey,
          link,
          fetchedAt,
          count: result.count,
          columns: table.columns(),
          incomplete: entry.load.incomplete,
          missingOffsets: entry.missingOffsets,
          warnings: entry.load.warnings,
          part: shownPart(entry.part),
        };
        await writeIfLinked(link, () => writeSnapshot(snapshot, headOf(table))).catch(() => undefined);
      }
      await scheduleResume(entry);
    } catch (error) {
      const wire = toWireError(error);
      const cancelled = signal.aborted;
      // A cancelled first load keeps what came; a cancelled refresh keeps the rows it would have replaced.
      entry.load = {
        ...entry.load,
        state: cancelled ? 'cancelled' : 'failed',
        loaded: entry.table.size,
        error: cancelled ? null : wire,
      };
    }
  }

  /** The alarm that loads the rest after the quota's reset; cleared when nothing is left to load. */
  async function scheduleResume(entry: AccountTable): Promise<void> {
    const at = entry.load.incomplete?.resumesAt;
    const name = resumeAlarm(entry.accountKey);
    if (at !== undefined && entry.missingOffsets.length > 0) browser.alarms.create(name, { when: at });
    else await browser.alarms.clear(name);
  }

  /**
   * The rest of a load the quota ended: only its missing pages, into the rows shown, which stay. When the
   * account's count moved meanwhile the pages no longer line up, so the whole walk runs again.
   */
  async function fetchRest(entry: AccountTable, link: AccountLink | null, signal: AbortSignal): Promise<void> {
    const { accountKey } = entry;
    const offsets = entry.missingOffsets;
    const count = entry.load.total ?? 0;
    const pages = entry.load.incomplete?.pages ?? offsets.length;
    const table = entry.table;
    let lastProgress = 0;
    try {
      const result = await deps.withAccount(
        (client) =>
          fetchListingPages(client, offsets, count, {
            signal,
            onPage: (items) => {
              table.upsert(items.map(toStoredListing));
              entry.load = { ...entry.load, loaded: table.size };
              if (deps.now() - lastProgress < PROGRESS_MS) return;
              lastProgress = deps.now();
              void changed(entry);
            },
          }),
        accountKey,
        LISTINGS_LOAD,
      );
      entry.missingOffsets = result.incomplete?.missingOffsets ?? [];
      const fetchedAt = deps.now();
      entry.load = {
        ...entry.load,
        state: 'loaded',
        loaded: table.size,
        fetchedAt,
        incomplete: incompleteView(result.incomplete, pages),
        error: null,
      };
      warmSoon(table);
      if (link) {
        const stored = await readSnapshot(accountKey).catch(() => undefined);
        const snapshot: ListingsSnapshot = {
          accountKey,
          link,
          fetchedAt,
          count,
          columns: table.columns(),
          incomplete: entry.load.incomplete,
          missingOffsets: entry.missingOffsets,
          warnings: stored?.warnings ?? entry.load.warnings,
        };
        await writeIfLinked(link, () => writeSnapshot(snapshot, headOf(table))).catch(() => undefined);
      }
      await scheduleResume(entry);
    } catch (error) {
      if (signal.aborted) {
        entry.load = { ...entry.load, state: 'cancelled', loaded: table.size };
        return;
      }
      const reset = quotaResetOf(error);
      if (reset !== undefined && entry.load.incomplete) {
        // Still the quota (another client used it up): the same rows wait for the next reset.
        entry.load = {
          ...entry.load,
          state: 'loaded',
          incomplete: { ...entry.load.incomplete, resumesAt: reset + RESUME_AFTER_RESET_MS },
        };
        await scheduleResume(entry);
        return;
      }
      if ((error as ApiError)?.kind === 'count-changed') {
        await fetchAll(entry, link, signal);
        return;
      }
      entry.load = { ...entry.load, state: 'failed', loaded: table.size, error: toWireError(error) };
    }
  }

  return { fetchAll, fetchRest };
}
