// The workspace's source in the extension: the worker keeps every listing and its indexes (see
// lib/background/listings-workspace), the page asks only for counts and the window of rows it shows.
import type {
  ListingsLoadView,
  ListingsSelection,
  ListingsTableFilters,
  ListingTableRow,
  OptInJobView,
} from '../../lib/messaging/protocol/index.ts';
import { ask, onDeskEvent } from '../../lib/messaging/ui.ts';
import type { ListingsFilters, ListingsSort } from './workspace-filters.ts';
import type { LoadState, OptInJob, Selection, WorkspaceRow, WorkspaceSource } from './workspace-source.ts';

export function wireFilters(filters: ListingsFilters): ListingsTableFilters {
  return {
    statuses: filters.statuses,
    publisherIds: filters.publisherIds,
    locationIds: filters.locationIds,
    folderIds: filters.folderId ? [filters.folderId] : [],
    text: filters.text,
    ...(filters.hasDetails ? { hasStatusDetails: true } : {}),
  };
}

const wireSort = (sort: ListingsSort) => ({ key: sort.column, direction: sort.direction });

function toRow(row: ListingTableRow): WorkspaceRow {
  return {
    key: row.key,
    id: row.id,
    locationId: row.locationId,
    locationName: row.locationName,
    locationCity: row.city,
    publisherId: row.publisherId,
    publisherName: row.publisherName,
    status: row.status,
    statusDetails: row.statusDetails.map((d) => d.message || d.code),
    listingUrl: row.listingUrl,
    screenshotUrl: row.screenshotUrl,
  };
}

export function toLoadState(accountKey: string | null, load: ListingsLoadView): LoadState {
  return {
    accountKey,
    loading: load.state === 'loading',
    loaded: load.loaded,
    total: load.total,
    fetchedAt: load.fetchedAt,
    cancelled: load.state === 'cancelled',
    error: load.error ?? load.incomplete?.error ?? null,
    resumesAt: load.incomplete?.resumesAt ?? null,
    warnings: load.warnings,
    part: load.part ? { name: load.part.name, locations: load.part.locations } : null,
  };
}

function toJob(job: OptInJobView): OptInJob {
  return {
    id: job.id,
    direction: job.direction,
    createdAt: job.createdAt,
    state: job.state === 'running' ? 'running' : 'done',
    pairs: job.pairs,
    batches: job.batches,
    failed: job.failed.map((b) => ({
      index: b.index,
      pairs: b.locationIds.length * b.publisherIds.length,
      error: b.error,
    })),
  };
}

/** "Everything OPTED_OUT (or LIVE) that matches": the filters' statuses narrowed to that one. */
export function wireSelection(selection: Selection): ListingsSelection {
  if (selection.kind === 'keys') return { listingIds: selection.keys };
  const filters = wireFilters(selection.filters);
  if (!selection.onlyStatus) return { filters };
  // The page offers this only when the filters let that status through.
  return { filters: { ...filters, statuses: [selection.onlyStatus] } };
}

export function workerSource(): WorkspaceSource {
  const source: WorkspaceSource = {
    async loadState() {
      const view = await ask('listings.query', { offset: 0, limit: 0 });
      return toLoadState(view.accountKey, view.load);
    },
    async load(refresh, folderId) {
      await ask('listings.load', folderId ? { refresh, folderId } : { refresh });
    },
    loadPlan: () => ask('listings.loadPlan', {}),
    async cancel() {
      await ask('listings.cancelLoad', {});
    },
    async rows(filters, sort, offset, limit) {
      const view = await ask('listings.query', { filters: wireFilters(filters), sort: wireSort(sort), offset, limit });
      return { matched: view.matched, total: view.total, offset: view.offset, rows: view.rows.map(toRow) };
    },
    async csv(filters, sort) {
      return (await ask('listings.exportCsv', { filters: wireFilters(filters), sort: wireSort(sort) })).csv;
    },
    async locations() {
      const view = await ask('locations.list', {});
      return {
        locations: view.locations.map((l) => ({ id: l.id, name: l.name, city: l.city, folderId: l.folderId ?? '' })),
        folders: view.folders.map((f) => ({ id: f.id, name: f.name, parentId: f.parentId ?? '' })),
      };
    },
    async publishers() {
      const view = await ask('publishers.directory', {});
      return view.publishers.map((p) => ({
        id: p.id,
        name: p.name,
        countries: p.countries,
        alternateBrands: p.alternateBrands.map((b) => b.name),
      }));
    },
    async previewOptIn(selection, direction) {
      const plan = await ask('listings.optIn.plan', { selection: wireSelection(selection), direction });
      return {
        direction: plan.direction,
        listings: plan.listings,
        unchanged: plan.unchanged,
        locations: plan.locations,
        publishers: plan.publishers,
        requests: plan.requests,
        warning: plan.warning,
      };
    },
    async startOptIn(selection, direction) {
      return toJob(await ask('listings.optIn.start', { selection: wireSelection(selection), direction }));
    },
    async optInJob() {
      const jobs = await ask('listings.optIn.jobs', {});
      return jobs[0] ? toJob(jobs[0]) : null;
    },
    async retryFailed(jobId) {
      return toJob(await ask('listings.optIn.retryFailed', { jobId }));
    },
    async dismissJob(jobId) {
      await ask('listings.optIn.dismiss', { jobId });
    },
    onLoadState(handler) {
      const offLoad = onDeskEvent('listings.changed', ({ accountKey, load }) => handler(toLoadState(accountKey, load)));
      // Another active account: its own listings (or none yet).
      const offAccount = onDeskEvent('accounts.changed', () => {
        void source.loadState().then(handler, () => undefined);
      });
      return () => {
        offLoad();
        offAccount();
      };
    },
    onOptInJob(handler) {
      return onDeskEvent('listings.optIn.changed', ({ job }) => handler(toJob(job)));
    },
  };
  return source;
}
