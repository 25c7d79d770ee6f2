// The active account's listings in the background: the table held (one account's at a time), its load
// started, cancelled and reported, the restart's head window, and the snapshot read back; the walks
// that fetch the pages (and the quota's resume) are in listings-fetch.ts.
import { browser } from 'wxt/browser';
import { fetchAllListings, listListings } from '../../api/listings.ts';
import { mapBounded } from '../../api/paging.ts';
import { toWireError } from '../../messaging/background.ts';
import type { ListingsLoadView, ListingTableRow } from '../../messaging/protocol/index.ts';
import { listWarning } from '../../messaging/service-words.ts';
import { type AccountLink, currentLink, isLinked, sameLink, writeIfLinked } from '../core/account-lock.ts';
import { needsRelinkError } from '../core/api-session.ts';
import { deleteSnapshot, type ListingsSnapshot, readHead, readSnapshot, writeSnapshot } from './cache-store.ts';
import type { WorkspaceDeps } from './deps.ts';
import { heldAccounts } from './held-accounts.ts';
import {
  type AccountTable,
  cachedNames,
  createListingsFetch,
  headOf,
  LISTINGS_RESUME_ALARM,
  type NameSources,
  resumeAlarm,
  warmSoon,
} from './listings-fetch.ts';
import { folderPart } from './load-plan.ts';
import { ListingsTable, toStoredListing } from './table.ts';

// The alarm's name moved with the walks; it stays importable from here, where the tests ask for it.
export { LISTINGS_RESUME_ALARM };

/** One location's listings fetched for the embedded panel are not fetched again for this long. */
const LOCATION_FRESH_MS = 5 * 60_000;

/** A macrotask: a reply already settled is sent before a long synchronous step. */
const yieldToReplies = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** What a snapshot's load was, as the page shows it. */
function loadedView(
  stored: Pick<ListingsSnapshot, 'count' | 'fetchedAt' | 'incomplete' | 'warnings' | 'part'>,
  size: number,
): ListingsLoadView {
  return {
    part: stored.part ?? null,
    state: 'loaded',
    loaded: size,
    total: stored.count,
    fetchedAt: stored.fetchedAt,
    incomplete: stored.incomplete,
    error: null,
    warnings: stored.warnings.map((w) => listWarning(w, 'listings')),
  };
}

/** A snapshot's first rows, shown as they will be once its table is rebuilt. */
interface HeadWindow {
  size: number;
  load: ListingsLoadView;
  rows: ListingTableRow[];
}

const EMPTY_LOAD: ListingsLoadView = {
  state: 'empty',
  loaded: 0,
  total: null,
  fetchedAt: null,
  incomplete: null,
  error: null,
  warnings: [],
};

/** A linked account's link, as work begun under it records it. */
export const linkOf = (account: AccountLink): AccountLink => ({
  accountKey: account.accountKey,
  apiOrigin: account.apiOrigin,
  linkedAt: account.linkedAt,
});

export function createListingsLoader(deps: WorkspaceDeps, names: NameSources) {
  let current: AccountTable | undefined;
  let opening: { accountKey: string; promise: Promise<AccountTable> } | undefined;
  let running: { accountKey: string; controller: AbortController; done: Promise<void> } | undefined;
  /** The head being read for a restart's first windows. */
  let heading: { accountKey: string; promise: Promise<HeadWindow | undefined> } | undefined;
  const readAccounts = heldAccounts();

  const { fetchAll, fetchRest } = createListingsFetch(deps, names, changed);

  async function open(accountKey: string): Promise<AccountTable> {
    const link = await currentLink(accountKey);
    // The first windows from the head go out first: reading the snapshot back holds the worker (~1 s at
    // 600k, the structured clone), and so does the rebuild after it.
    await heading?.promise.catch(() => undefined);
    const snapshot = await readSnapshot(accountKey).catch(() => undefined);
    const usable = snapshot && link && sameLink(snapshot.link, link) ? snapshot : undefined;
    const names = await cachedNames(accountKey);
    if (usable) await yieldToReplies();
    const table = usable ? ListingsTable.fromColumns(usable.columns, names) : new ListingsTable([], names);
    if (usable) warmSoon(table);
    const load = usable ? loadedView(usable, table.size) : EMPTY_LOAD;
    return { accountKey, link, table, load, missingOffsets: usable?.missingOffsets ?? [] };
  }

  /** The snapshot's head as the first windows, as they were shown when it was written. */
  async function readHeadWindow(accountKey: string, link: AccountLink): Promise<HeadWindow | undefined> {
    const head = await readHead(accountKey).catch(() => undefined);
    if (!head || !sameLink(head.link, link)) return undefined;
    return { size: head.size, load: loadedView(head, head.size), rows: head.rows };
  }

  /**
   * After a worker restart, the default view's first rows from the snapshot's head while the table is
   * read back and rebuilt; undefined when the table is held, or the head cannot answer this window.
   */
  async function firstWindow(accountKey: string, link: AccountLink, offset: number, limit: number) {
    if (current?.accountKey === accountKey || running?.accountKey === accountKey) return undefined;
    // The head's read is asked before the snapshot's, so IndexedDB hands it back first.
    if (heading?.accountKey !== accountKey) heading = { accountKey, promise: readHeadWindow(accountKey, link) };
    const { promise } = heading;
    void tableFor(accountKey, link)
      .then(async (entry) => {
        // Names changed since the head was written (a location renamed): the page is told to ask again.
        const head = await promise;
        if (head && JSON.stringify(entry.table.head(head.rows.length)) !== JSON.stringify(head.rows))
          await changed(entry);
      })
      .catch(() => undefined)
      .finally(() => {
        if (heading?.promise === promise) heading = undefined;
      });
    const head = await promise.catch(() => undefined);
    if (!head || current?.accountKey === accountKey) return undefined;
    if (Math.min(offset + limit, head.size) > head.rows.length) return undefined;
    return { ...head, rows: head.rows.slice(offset, offset + limit) };
  }

  /**
   * The account's table: in memory, else from the cache (after a worker restart), else empty. Given the
   * account's link now, rows held for an earlier link are dropped first.
   */
  async function tableFor(accountKey: string, link?: AccountLink | null): Promise<AccountTable> {
    if (link !== undefined) dropUnless(accountKey, link);
    if (current?.accountKey === accountKey) return current;
    if (opening?.accountKey !== accountKey) {
      const promise = open(accountKey).then((opened) => {
        // Another account may have become current meanwhile; only the last one asked for stays.
        if (opening?.promise === promise) {
          current = opened;
          opening = undefined;
        }
        return opened;
      });
      opening = { accountKey, promise };
    }
    return opening.promise;
  }

  function dropUnless(accountKey: string, link: AccountLink | null): void {
    const held = current?.accountKey === accountKey ? current : undefined;
    if (held && !(held.link && link && sameLink(held.link, link))) drop(accountKey);
  }

  /** Forgets the account's rows in memory (and its running load); the next ask opens them afresh. */
  function drop(accountKey: string): void {
    if (running?.accountKey === accountKey) running.controller.abort();
    if (current?.accountKey === accountKey) current = undefined;
    if (opening?.accountKey === accountKey) opening = undefined;
  }

  /** The linked accounts changed: rows whose link is gone leave memory. */
  async function linksChanged(): Promise<void> {
    const held = current;
    if (held && !(held.link && (await isLinked(held.link)))) await forgetAccount(held.accountKey);
  }

  async function activeAccount() {
    const { accounts, activeAccountKey } = await readAccounts();
    return accounts.find((a) => a.accountKey === activeAccountKey) ?? null;
  }

  function changed(entry: AccountTable): Promise<void> {
    return deps.broadcast('listings.changed', { accountKey: entry.accountKey, load: entry.load });
  }

  /** The quota's alarm: the account's missing pages, if they are still missing and nothing else runs. */
  async function resume(accountKey: string): Promise<void> {
    const entry = await tableFor(accountKey);
    const link = await currentLink(accountKey);
    // Another load running (a refresh, another account) decides; a later Refresh fetches everything anyway.
    if (running || entry.missingOffsets.length === 0) return;
    start(entry, link, true);
  }

  /** Call with nothing awaited since `running` was checked: two loads started together would both walk. */
  function start(entry: AccountTable, link: AccountLink | null, rest = false): void {
    const controller = new AbortController();
    entry.load = { ...entry.load, state: 'loading', loaded: entry.table.size, error: null };
    const run = rest ? fetchRest(entry, link, controller.signal) : fetchAll(entry, link, controller.signal);
    const done = run.finally(() => {
      if (running?.controller === controller) running = undefined;
      void changed(entry);
    });
    running = { accountKey: entry.accountKey, controller, done };
    // The pages show the load (and its Cancel) now: its first page may take seconds, or never come.
    void changed(entry);
  }

  /** Starts the fetch-all when nothing is held or a refresh is asked for; reports the load either way. */
  /** `folderId`: only that folder's listings (a part, offered when the whole would take too much of the hour). */
  async function load(refresh: boolean, folderId?: string): Promise<ListingsLoadView> {
    const account = await activeAccount();
    if (!account) return EMPTY_LOAD;
    const entry = await tableFor(account.accountKey, linkOf(account));
    // Read before the checks, with no await after them until start(): a second ask (the page's own load and
    // a click) would otherwise pass them while this one awaits, and two loads would run.
    const link = await currentLink(account.accountKey);
    const part = folderId ? await folderPart(account.accountKey, folderId) : null;
    const partNames = part ? await cachedNames(account.accountKey) : null;
    if (running?.accountKey === account.accountKey && !folderId) return entry.load;
    if (account.needsRelink) return { ...entry.load, error: toWireError(needsRelinkError(account)) };
    if (entry.load.state === 'loaded' && !refresh && !folderId) return entry.load;
    if (running) running.controller.abort();
    entry.part = part;
    // A part replaces the rows shown: they are no longer the account's whole.
    if (partNames) entry.table = new ListingsTable([], partNames);
    start(entry, link);
    return entry.load;
  }

  async function cancel(): Promise<ListingsLoadView> {
    const account = await activeAccount();
    if (!account) return EMPTY_LOAD;
    const entry = await tableFor(account.accountKey, linkOf(account));
    if (running?.accountKey === account.accountKey) {
      running.controller.abort();
      await running.done;
    }
    return entry.load;
  }

  /** A location's own fetch, into the table it filled: a table opened since (relink, cleared storage) has not got its rows. */
  const locationFetches = new Map<string, { at: number; task: Promise<void>; table: ListingsTable }>();

  /**
   * The embedded panel shows one location: when the account's listings were never loaded, that
   * location's alone are fetched (one request for up to 100), not the account's 100,000.
   */
  async function ensureLocation(accountKey: string, locationId: string): Promise<void> {
    const entry = await tableFor(accountKey);
    if (entry.load.state === 'loaded' || running?.accountKey === accountKey) return;
    const key = `${accountKey}\u0000${locationId}`;
    const known = locationFetches.get(key);
    if (known && known.table === entry.table && deps.now() - known.at < LOCATION_FRESH_MS) {
      await known.task;
      // The rows are fresh but the publishers' cache may have gone since (cleared storage): fetch it again.
      if ((await cachedNames(accountKey)).publishers.length === 0) {
        await names.ensure(accountKey).catch(() => undefined);
        entry.table.setNames(await cachedNames(accountKey));
      }
      return;
    }
    const task = (async () => {
      const [result] = await Promise.all([
        deps.withAccount((client) => fetchAllListings(client, { locationIds: [locationId] }), accountKey),
        names.ensure(accountKey).catch(() => undefined),
      ]);
      entry.table.setNames(await cachedNames(accountKey));
      entry.table.upsert(result.listings.map(toStoredListing));
    })().catch(() => {
      locationFetches.delete(key);
    });
    locationFetches.set(key, { at: deps.now(), task, table: entry.table });
    return task;
  }

  /** Fetches these listings again (e.g. after an opt-in), ≤ 100 a request, and keeps the new rows. */
  async function refreshPairs(accountKey: string, batches: { locationIds: string[]; publisherIds: string[] }[]) {
    const entry = await tableFor(accountKey);
    const link = await currentLink(accountKey);
    const pages = await mapBounded(batches.length, 4, (i) =>
      deps
        .withAccount((client) => listListings(client, { ...batches[i]!, limit: 100 }), accountKey)
        .then(({ data }) => data.listings.map(toStoredListing))
        .catch(() => []),
    );
    entry.table.upsert(pages.flat());
    if (link && entry.load.fetchedAt !== null) {
      const stored = await readSnapshot(accountKey).catch(() => undefined);
      if (stored && sameLink(stored.link, link)) {
        const columns = entry.table.columns();
        await writeIfLinked(link, () => writeSnapshot({ ...stored, columns }, headOf(entry.table))).catch(
          () => undefined,
        );
      }
    }
    await changed(entry);
  }

  /** Names changed in their caches: the held table shows the new ones. */
  async function namesChanged(): Promise<void> {
    const entry = current;
    if (!entry) return;
    entry.table.setNames(await cachedNames(entry.accountKey));
    // The rows shown by id until now can be shown by name: the page asks again.
    await changed(entry);
  }

  async function forgetAccount(accountKey: string): Promise<void> {
    drop(accountKey);
    await browser.alarms.clear(resumeAlarm(accountKey)).catch(() => undefined);
    await deleteSnapshot(accountKey).catch(() => undefined);
  }

  /** Listens for the quota's alarm (once per worker start). */
  function listen(): void {
    browser.alarms.onAlarm.addListener((alarm) => {
      if (alarm.name.startsWith(`${LISTINGS_RESUME_ALARM}:`)) {
        void resume(alarm.name.slice(LISTINGS_RESUME_ALARM.length + 1));
      }
    });
  }

  /** Tests and the bench: until the running load (if any) has ended. */
  async function settled(): Promise<void> {
    while (running) await running.done;
  }

  return {
    tableFor,
    firstWindow,
    activeAccount,
    load,
    cancel,
    ensureLocation,
    refreshPairs,
    namesChanged,
    linksChanged,
    forgetAccount,
    settled,
    resume,
    listen,
  };
}

export type ListingsLoader = ReturnType<typeof createListingsLoader>;
