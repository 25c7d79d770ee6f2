// The fetch-all of the active account's listings, in the background: pages go into the table as they
// arrive (so the page shows rows at once), progress is broadcast at most every PROGRESS_MS, a Cancel
// aborts it, and the result is kept in IndexedDB with its time. One account's table is held at a time.
import { fetchAllListings, type Listing, listListings } from '../../api/listings.ts';
import { mapBounded } from '../../api/paging.ts';
import { toWireError } from '../../messaging/background.ts';
import type { ListingsLoadView } from '../../messaging/protocol/index.ts';
import { type AccountLink, currentLink, sameLink, writeIfLinked } from '../account-lock.ts';
import { needsRelinkError } from '../api-session.ts';
import { readAccounts } from '../linked-accounts.ts';
import { locationsItem } from '../locations.ts';
import { deleteSnapshot, type ListingsSnapshot, readSnapshot, writeSnapshot } from './cache-store.ts';
import type { WorkspaceDeps } from './deps.ts';
import { publishersDirectoryItem } from './publishers-directory.ts';
import { ListingsTable, type StoredListing, type TableNames } from './table.ts';

const PROGRESS_MS = 250;

export function toStoredListing(l: Listing): StoredListing {
  return {
    id: l.id,
    locationId: l.locationId,
    publisherId: l.publisherId,
    status: l.status,
    listingUrl: l.listingUrl ?? '',
    screenshotUrl: l.screenshotUrl ?? '',
    statusDetails: (l.statusDetails ?? []).map((d) => ({
      code: d.code ?? '',
      type: d.type ?? '',
      message: d.message ?? '',
      actionable: d.actionable ?? null,
    })),
  };
}

export interface AccountTable {
  accountKey: string;
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

export function createListingsLoader(deps: WorkspaceDeps, names: NameSources) {
  let current: AccountTable | undefined;
  let opening: { accountKey: string; promise: Promise<AccountTable> } | undefined;
  let running: { accountKey: string; controller: AbortController; done: Promise<void> } | undefined;

  async function open(accountKey: string): Promise<AccountTable> {
    const link = await currentLink(accountKey);
    const snapshot = await readSnapshot(accountKey).catch(() => undefined);
    const usable = snapshot && link && sameLink(snapshot.link, link) ? snapshot : undefined;
    const table = new ListingsTable(usable?.listings ?? [], await cachedNames(accountKey));
    const load: ListingsLoadView = usable
      ? {
          state: 'loaded',
          loaded: usable.listings.length,
          total: usable.count,
          fetchedAt: usable.fetchedAt,
          incomplete: usable.incomplete,
          error: null,
          warnings: usable.warnings,
        }
      : EMPTY_LOAD;
    return { accountKey, table, load };
  }

  /** The account's table: in memory, else from the cache (after a worker restart), else empty. */
  async function tableFor(accountKey: string): Promise<AccountTable> {
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
      entry.load = {
        state: 'loaded',
        loaded: next.size,
        total: result.count,
        fetchedAt,
        incomplete,
        error: null,
        warnings: result.warnings.map((w) => w.message),
      };
      if (link) {
        const snapshot: ListingsSnapshot = {
          accountKey,
          link,
          fetchedAt,
          count: result.count,
          listings: [...next.listings()],
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
    const entry = await tableFor(account.accountKey);
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
    const entry = await tableFor(account.accountKey);
    if (running?.accountKey === account.accountKey) {
      running.controller.abort();
      await running.done;
    }
    return entry.load;
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
        await writeIfLinked(link, () => writeSnapshot({ ...stored, listings: [...entry.table.listings()] })).catch(
          () => undefined,
        );
      }
    }
    await changed(entry);
  }

  /** Names changed in their caches: the held table shows the new ones. */
  async function namesChanged(): Promise<void> {
    if (current) current.table.setNames(await cachedNames(current.accountKey));
  }

  async function forgetAccount(accountKey: string): Promise<void> {
    if (running?.accountKey === accountKey) running.controller.abort();
    if (current?.accountKey === accountKey) current = undefined;
    if (opening?.accountKey === accountKey) opening = undefined;
    await deleteSnapshot(accountKey).catch(() => undefined);
  }

  /** Tests and the bench: until the running load (if any) has ended. */
  async function settled(): Promise<void> {
    while (running) await running.done;
  }

  return { tableFor, activeAccount, load, cancel, refreshPairs, namesChanged, forgetAccount, settled };
}

export type ListingsLoader = ReturnType<typeof createListingsLoader>;
