// The listings workspace in the worker: the account's listings held with their indexes (table.ts),
// loaded in the background (listings-load.ts), queried a window at a time, exported as CSV, and opted
// in in bulk by persisted jobs (opt-in-jobs.ts) split by opt-in-plan.ts.
import { browser } from 'wxt/browser';
import type { z } from 'zod';
import type { Handlers, RequestContext } from '../../messaging/background.ts';
import {
  type ListingsCsvView,
  type ListingsFacetsView,
  type ListingsTableView,
  type listingsSelection,
  OPT_IN_WARNING,
  OPT_OUT_WARNING,
  type OptDirection,
  type OptInPlanView,
  type ParsedInput,
} from '../../messaging/protocol/index.ts';
import { DeskError } from '../../messaging/wire-error.ts';
import { linkedAccountsItem } from '../core/account-items.ts';
import { currentLink } from '../core/account-lock.ts';
import { findAccount, unknownAccountError } from '../core/linked-accounts.ts';
import { toCsv } from '../core/listings-csv.ts';
import { outsideScope, requirePanelScope } from '../core/panel-scope.ts';
import { defineFeature, type StorageWrites } from '../feature.ts';
import { createLocations, locationsItem } from '../locations.ts';
import type { WorkspaceDeps } from './deps.ts';
import { hasFilter } from './filter-text.ts';
import { createListingsLoader, linkOf } from './listings-load.ts';
import { loadPlan } from './load-plan.ts';
import { createOptInJobs, type JobHooks, toJobView } from './opt-in-jobs.ts';
import { splitOptIn } from './opt-in-plan.ts';
import { createPublishersDirectory, forgetPublishers, LEGACY_PUBLISHERS_KEY } from './publishers-directory.ts';
import type { ListingsTable, StoredListing } from './table.ts';

type Filters = ParsedInput<'listings.query'>['filters'];
type Selection = z.output<ReturnType<typeof listingsSelection>>;

const CSV_HEADER = [
  'Location id',
  'Location',
  'City',
  'Address',
  'Publisher id',
  'Publisher',
  'Status',
  'Status details',
  'Listing URL',
  'Screenshot URL',
];

/** How many of these rows have each status (asked for one location's rows, so a pass over them is cheap). */
function countByStatus(table: ListingsTable, rows: Int32Array): { status: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const i of rows) {
    const { status } = table.listing(i);
    counts.set(status, (counts.get(status) ?? 0) + 1);
  }
  return [...counts].map(([status, count]) => ({ status, count }));
}

/** Locations and publishers the opt-in dialog names before "and N more". */
const NAMED = 5;
export interface WorkspaceOptions {
  /** Tests: the locations cache to ensure names from (default: the worker's). */
  ensureLocations?: (accountKey: string) => Promise<unknown>;
  send?: JobHooks['send'];
  statuses?: JobHooks['statuses'];
}

export function createListingsWorkspace(deps: WorkspaceDeps, options: WorkspaceOptions = {}) {
  // Names arrive after the rows on a first load, and change on a refresh of either cache.
  const publishers = createPublishersDirectory(deps, { changed: () => void loader.namesChanged() });
  const ensureLocations = options.ensureLocations ?? createLocations(deps).ensure;
  const loader = createListingsLoader(deps, {
    ensure: async (accountKey) => {
      await Promise.all([ensureLocations(accountKey).catch(() => undefined), publishers.ensure(accountKey)]);
    },
  });
  const jobs = createOptInJobs(deps, {
    send: options.send,
    statuses: options.statuses,
    finished: (job) =>
      loader.refreshPairs(
        job.accountKey,
        job.batches.filter((b) => b.state === 'done'),
      ),
  });

  async function activeTable() {
    const account = await loader.activeAccount();
    if (!account)
      throw new DeskError({ code: 'no-account', message: 'No account is linked yet. Choose “Link account”.' });
    return { account, entry: await loader.tableFor(account.accountKey, linkOf(account)) };
  }

  async function query(input: ParsedInput<'listings.query'>, context: RequestContext): Promise<ListingsTableView> {
    const { filters, sort, offset, limit, statusCounts } = input;
    // The embedded panel shows one location's listings, never the account's whole table: the location its
    // page was found to be about, of that location's account (which need not be the active one).
    if (context.access === 'content' && filters.locationIds.length !== 1) {
      throw new DeskError({ code: 'forbidden', message: 'This page may ask only for the listings of one location.' });
    }
    const scope = context.access === 'content' ? await requirePanelScope(context.sender) : null;
    if (scope && scope.locationId !== filters.locationIds[0]) throw outsideScope();
    const account = scope ? await findAccount(scope.accountKey) : await loader.activeAccount();
    if (scope && !account) throw unknownAccountError();
    if (!account) {
      const load = await loader.load(false);
      return { accountKey: null, matched: 0, total: 0, offset, rows: [], load };
    }
    const link = linkOf(account);
    const defaultView = !hasFilter(filters) && sort.key === 'location' && sort.direction === 'asc' && !statusCounts;
    if (defaultView && context.access === 'extension') {
      const head = await loader.firstWindow(account.accountKey, link, offset, limit);
      if (head) {
        const { size, rows, load } = head;
        return { accountKey: account.accountKey, matched: size, total: size, offset, rows, load };
      }
    }
    if (context.access === 'content') {
      // Rows held for an earlier link go first, so the one-location fetch fills the table that answers.
      await loader.tableFor(account.accountKey, link);
      await loader.ensureLocation(account.accountKey, filters.locationIds[0]!);
    }
    const { table, load } = await loader.tableFor(account.accountKey, link);
    const matched = table.match(filters, sort.key, sort.direction);
    const end = Math.min(matched.length, offset + limit);
    const rows = [];
    for (let k = offset; k < end; k++) rows.push(table.row(matched[k]!));
    const view = { accountKey: account.accountKey, matched: matched.length, total: table.size, offset, rows, load };
    return statusCounts ? { ...view, statusCounts: countByStatus(table, matched) } : view;
  }

  async function facets(): Promise<ListingsFacetsView> {
    const account = await loader.activeAccount();
    if (!account) return { accountKey: null, statuses: [], publishers: [], locations: [], folders: [] };
    const { table } = await loader.tableFor(account.accountKey, linkOf(account));
    const counts = table.counts();
    return {
      accountKey: account.accountKey,
      statuses: [...counts.statuses].map(([status, count]) => ({ status, count })),
      publishers: [...counts.publishers].map(([id, count]) => ({ id, name: table.publisherName(id), count })),
      locations: [...counts.locations].map(([id, count]) => {
        const location = table.locationOf(id);
        return {
          id,
          name: location?.name ?? '',
          city: location?.city ?? '',
          folderId: location?.folderId ?? null,
          count,
        };
      }),
      folders: [...table.folderList()],
    };
  }

  async function exportCsv(
    filters: Filters,
    sort: ParsedInput<'listings.exportCsv'>['sort'],
  ): Promise<ListingsCsvView> {
    const { account, entry } = await activeTable();
    const { table } = entry;
    const matched = table.match(filters, sort?.key ?? 'location', sort?.direction ?? 'asc');
    const rows = Array.from(matched, (index) => {
      const r = table.row(index);
      const details = r.statusDetails.map((d) => d.message).join('; ');
      return [
        r.locationId,
        r.locationName,
        r.city,
        r.address,
        r.publisherId,
        r.publisherName,
        r.status,
        details,
        r.listingUrl,
        r.screenshotUrl,
      ];
    });
    const day = new Date(deps.now()).toISOString().slice(0, 10);
    const safeKey = account.accountKey.replace(/[^\w.-]+/g, '_');
    return { csv: toCsv(CSV_HEADER, rows), rows: rows.length, filename: `listings-${safeKey}-${day}.csv` };
  }

  /** The first NAMED ids, the most frequent first: what the opt-in dialog names. */
  function mostFirst(ids: string[]): string[] {
    const counts = new Map<string, number>();
    for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
    return [...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, NAMED)
      .map(([id]) => id);
  }

  /** The listings a selection names, with the ids a request can carry (a listing without a publisher id cannot). */
  function selected(table: ListingsTable, selection: Selection): StoredListing[] {
    const picked =
      'filters' in selection
        ? Array.from(table.match(selection.filters), (index) => table.listing(index))
        : selection.listingIds.map((id) => table.get(id)).filter((l): l is StoredListing => l !== undefined);
    return picked.filter((l) => l.locationId !== '' && l.publisherId !== '');
  }

  async function plan(selection: Selection, direction: OptDirection = 'in') {
    const { account, entry } = await activeTable();
    const listings = selected(entry.table, selection);
    const split = splitOptIn(listings);
    const optedOut = listings.filter((l) => l.status === 'OPTED_OUT').length;
    const view: OptInPlanView = {
      accountKey: account.accountKey,
      direction,
      listings: listings.length,
      optedOut,
      unchanged: direction === 'in' ? listings.length - optedOut : optedOut,
      locations: new Set(listings.map((l) => l.locationId)).size,
      publishers: new Set(listings.map((l) => l.publisherId)).size,
      names: {
        locations: mostFirst(listings.map((l) => l.locationId)).map((id) => entry.table.locationOf(id)?.name || id),
        publishers: mostFirst(listings.map((l) => l.publisherId)).map((id) => entry.table.publisherName(id) || id),
      },
      requests: split.batches.length,
      minimumRequests: split.minimumRequests,
      warning: direction === 'in' ? OPT_IN_WARNING : OPT_OUT_WARNING,
    };
    return { view, split, accountKey: account.accountKey };
  }

  async function startOptIn(selection: Selection, direction: OptDirection) {
    const { view, split, accountKey } = await plan(selection, direction);
    if (view.listings === 0) {
      const nothing = direction === 'in' ? 'nothing to opt in' : 'nothing to opt out';
      throw new DeskError({ code: 'nothing-selected', message: `No listings are selected: ${nothing}.` });
    }
    const job = await jobs.create(
      { accountKey, link: await currentLink(accountKey), direction, createdAt: deps.now(), pairs: view.listings },
      split.batches,
    );
    return job;
  }

  const handlers: Pick<
    Handlers,
    | 'listings.load'
    | 'listings.loadPlan'
    | 'listings.cancelLoad'
    | 'listings.query'
    | 'listings.facets'
    | 'listings.exportCsv'
    | 'publishers.directory'
    | 'listings.optIn.plan'
    | 'listings.optIn.start'
    | 'listings.optIn.jobs'
    | 'listings.optIn.retryFailed'
    | 'listings.optIn.dismiss'
  > = {
    'listings.load': ({ refresh, folderId }) => loader.load(refresh, folderId),
    'listings.loadPlan': async ({ folderId }) => {
      const { account, entry } = await activeTable();
      // A refresh of the whole account knows its count already: no request is spent to ask it.
      const known = !folderId && !entry.load.part && entry.load.state === 'loaded' ? entry.load.total : null;
      return loadPlan(deps, account.accountKey, folderId, known ?? undefined);
    },
    'listings.cancelLoad': () => loader.cancel(),
    'listings.query': (input, context) => query(input, context),
    'listings.facets': () => facets(),
    'listings.exportCsv': ({ filters, sort }) => exportCsv(filters, sort),
    'publishers.directory': (input, context) => publishers.handlers['publishers.directory'](input, context),
    'listings.optIn.plan': async ({ selection, direction }) => (await plan(selection, direction)).view,
    'listings.optIn.start': async ({ selection, direction }) => toJobView(await startOptIn(selection, direction)),
    'listings.optIn.jobs': async () => jobs.jobs((await activeTable()).account.accountKey),
    'listings.optIn.retryFailed': async ({ jobId }) => {
      const { account } = await activeTable();
      const job = await jobs.retryFailed(account.accountKey, jobId);
      if (!job) throw new DeskError({ code: 'unknown-job', message: 'That opt-in is no longer known.' });
      return toJobView(job);
    },
    'listings.optIn.dismiss': async ({ jobId }) => {
      const { account } = await activeTable();
      await jobs.dismiss(account.accountKey, jobId);
      return jobs.jobs(account.accountKey);
    },
  };

  function start(): void {
    jobs.start();
    // A load the hourly quota ended goes on after the reset, even after the worker was stopped.
    loader.listen();
    locationsItem.watch(() => void loader.namesChanged());
    // An earlier version's copy in storage.local (now in IndexedDB) would only take up its quota.
    void browser.storage.local.remove(LEGACY_PUBLISHERS_KEY).catch(() => undefined);
    // Unlinked, relinked or cleared from storage: the account's rows leave memory, so a re-link starts clean.
    linkedAccountsItem.watch(() => void loader.linksChanged().catch(() => undefined));
  }

  /** The storage writes that drop the account's jobs; its rows and publishers leave memory and IndexedDB now. */
  async function forgetAccount(accountKey: string): Promise<StorageWrites> {
    void loader.forgetAccount(accountKey);
    void forgetPublishers(accountKey);
    return jobs.forgetAccount(accountKey);
  }

  async function settled(): Promise<void> {
    await loader.settled();
    await jobs.settled();
    await publishers.settled();
  }

  return { handlers, start, forgetAccount, settled, loader, jobs, publishers, plan };
}

export function listingsWorkspaceFeature(deps: WorkspaceDeps) {
  const instance = createListingsWorkspace(deps);
  return defineFeature({
    name: 'listings-workspace',
    handlers: instance.handlers,
    start: () => instance.start(),
    forgetAccount: (accountKey) => instance.forgetAccount(accountKey),
  });
}
