// The fetch-all of the active account's listings, in the background: pages go into the table as they
// arrive (so the page shows rows at once), progress is broadcast at most every PROGRESS_MS, a Cancel
// aborts it, and the result is kept in IndexedDB with its time. One account's table is held at a time.
import { fetchAllListings, listListings } from '../../api/listings.ts';
import { mapBounded } from '../../api/paging.ts';
import { toWireError } from '../../messaging/background.ts';
import type { ListingsLoadView } from '../../messaging/protocol/index.ts';
import { listWarning } from '../../messaging/service-words.ts';
import { type AccountLink, currentLink, isLinked, sameLink, writeIfLinked } from '../core/account-lock.ts';
import { needsRelinkError } from '../core/api-session.ts';
import { locationsItem } from '../locations.ts';
import { deleteSnapshot, type ListingsSnapshot, readSnapshot, writeSnapshot } from './cache-store.ts';
import type { WorkspaceDeps } from './deps.ts';
import { heldAccounts } from './held-accounts.ts';
import { publishersDirectoryItem } from './publishers-directory.ts';
import { ListingsTable, type TableNames, toStoredListing } from './table.ts';

const PROGRESS_MS = 250;
/** One location's listings fetched for the embedded panel are not fetched again for this long. */
const LOCATION_FRESH_MS = 5 * 60_000;
/** After the rows are in, and after the first window the page waits for: then the indexes are built. */
const WARM_AFTER_MS = 1000;

const warmSoon = (table: ListingsTable) => setTimeout(() => table.warm(), WARM_AFTER_MS);

export interface AccountTable {
  accountKey: string;
  /** The link the rows were fetched under: once it is gone (unlink, relink, storage cleared) they are dropped. */
  link: AccountLink | null;
  table: ListingsTable;
  load: ListingsLoadView;
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

export interface NameSources {
  /** Fetches the locations and publishers when none are cached; failures leave the ids showing. */
  ensure(accountKey: string): Promise<void>;
}

/** The names the table joins in, from the caches (never fetched here). */
export async function cachedNames(accountKey: string): Promise<TableNames> {
  const [locations, publishers] = await Promise.all([locationsItem.getValue(), publishersDirectoryItem.getValue()]);
  return {
    locations: locations[accountKey]?.locations ?? [],
    folders: locations[accountKey]?.folders ?? [],
    publishers: publishers[accountKey]?.publishers ?? [],
  };
}

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
  const readAccounts = heldAccounts();

  async function open(accountKey: string): Promise<AccountTable> {
    const link = await currentLink(accountKey);
    const snapshot = await readSnapshot(accountKey).catch(() => undefined);
    const usable = snapshot && link && sameLink(snapshot.link, link) ? snapshot : undefined;
    const names = await cachedNames(accountKey);
    const table = usable ? ListingsTable.fromColumns(usable.columns, names) : new ListingsTable([], names);
    if (usable) warmSoon(table);
    const load: ListingsLoadView = usable
      ? {
          state: 'loaded',
          loaded: table.size,
          total: usable.count,
          fetchedAt: usable.fetchedAt,
          incomplete: usable.incomplete,
          error: null,
          warnings: usable.warnings.map((w) => listWarning(w, 'listings')),
        }
      : EMPTY_LOAD;
    return { accountKey, link, table, load };
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
          fetchAllListings(
            client,
            {},
            {
              signal,
              onPage: (items, _offset, count) => {
                next.upsert(items.map(toStoredListing));
                entry.load = { ...entry.load, loaded: next.size, total: count };
                progress();
              },
            },
          ),
        accountKey,
      );
      await namesReady.catch(() => undefined);
      const incomplete = result.incomplete
        ? {
            missingPages: result.incomplete.missingPages,
            pages: result.incomplete.pages,
            error: toWireError(result.incomplete.error),
          }
        : null;
      const fetchedAt = deps.now();
      entry.table = next;
      warmSoon(next);
      entry.load = {
        state: 'loaded',
        loaded: next.size,
        total: result.count,
        fetchedAt,
        incomplete,
        error: null,
        warnings: result.warnings.map((w) => listWarning(w, 'listings')),
      };
      if (link) {
        const snapshot: ListingsSnapshot = {
          accountKey,
          link,
          fetchedAt,
          count: result.count,
          columns: next.columns(),
          incomplete,
          warnings: entry.load.warnings,
        };
        await writeIfLinked(link, () => writeSnapshot(snapshot)).catch(() => undefined);
      }
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

  function start(entry: AccountTable, link: AccountLink | null): void {
    const controller = new AbortController();
    entry.load = { ...entry.load, state: 'loading', loaded: entry.table.size, error: null };
    const done = fetchAll(entry, link, controller.signal).finally(() => {
      if (running?.controller === controller) running = undefined;
      void changed(entry);
    });
    running = { accountKey: entry.accountKey, controller, done };
  }

  /** Starts the fetch-all when nothing is held or a refresh is asked for; reports the load either way. */
  async function load(refresh: boolean): Promise<ListingsLoadView> {
    const account = await activeAccount();
    if (!account) return EMPTY_LOAD;
    const entry = await tableFor(account.accountKey, linkOf(account));
    if (running?.accountKey === account.accountKey) return entry.load;
    if (account.needsRelink) return { ...entry.load, error: toWireError(needsRelinkError(account)) };
    if (entry.load.state === 'loaded' && !refresh) return entry.load;
    if (running) running.controller.abort();
    start(entry, await currentLink(account.accountKey));
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
        await writeIfLinked(link, () => writeSnapshot({ ...stored, columns: entry.table.columns() })).catch(
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
    await deleteSnapshot(accountKey).catch(() => undefined);
  }

  /** Tests and the bench: until the running load (if any) has ended. */
  async function settled(): Promise<void> {
    while (running) await running.done;
  }

  return {
    tableFor,
    activeAccount,
    load,
    cancel,
    ensureLocation,
    refreshPairs,
    namesChanged,
    linksChanged,
    forgetAccount,
    settled,
  };
}

export type ListingsLoader = ReturnType<typeof createListingsLoader>;
