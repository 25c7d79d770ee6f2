// An in-memory worker for the workspace's store (its `io`): the worker's filtering as plainly as it can
// be written, answering in the protocol's own types, so component tests see what a page shown from the
// worker would.
import type { StoreIo } from '../../components/ui/store.ts';
import type {
  ListingsFilters,
  ListingsLoadView,
  ListingsSelection,
  ListingsSort,
  ListingTableRow,
  OptDirection,
  OptInJobView,
} from '../../lib/messaging/protocol/index.ts';

const STATUSES = ['LIVE', 'OPTED_OUT', 'UNAVAILABLE', 'WAITING_ON_PUBLISHER'];
const PUBLISHERS = [
  { id: 'YELP', name: 'Yelp', countries: ['US', 'CA'], alternateBrands: [] },
  {
    id: 'GOOGLEMYBUSINESS',
    name: 'Google Business Profile',
    countries: ['US', 'DE'],
    alternateBrands: [{ name: 'Google Maps', url: '' }],
  },
  { id: 'BING', name: 'Bing', countries: ['US'], alternateBrands: [{ name: 'Microsoft', url: '' }] },
];

const detail = (message: string) => ({ code: 'X', type: 'WARNING', message, actionable: null });

export function fakeRows(n: number): ListingTableRow[] {
  return Array.from({ length: n }, (_, i) => {
    const p = PUBLISHERS[i % PUBLISHERS.length]!;
    const loc = Math.floor(i / PUBLISHERS.length);
    return {
      key: `${i}|${p.id}|L${loc}`,
      id: String(i),
      locationId: `L${loc}`,
      locationName: `Bakery ${loc}`,
      city: loc % 2 ? 'Springfield' : 'Shelbyville',
      address: '',
      folderId: null,
      publisherId: p.id,
      publisherName: p.name,
      status: STATUSES[i % STATUSES.length]!,
      statusDetails: i % 5 === 0 ? [detail('We were unable to locate your address.')] : [],
      listingUrl: `https://example.com/${i}`,
      screenshotUrl: '',
    };
  });
}

export function matches(row: ListingTableRow, f: ListingsFilters): boolean {
  if (f.statuses.length && !f.statuses.includes(row.status)) return false;
  if (f.publisherIds.length && !f.publisherIds.includes(row.publisherId)) return false;
  if (f.locationIds.length && !f.locationIds.includes(row.locationId)) return false;
  if (f.hasStatusDetails && row.statusDetails.length === 0) return false;
  const text = f.text.trim().toLowerCase();
  if (text && !`${row.locationName} ${row.publisherName} ${row.listingUrl}`.toLowerCase().includes(text)) return false;
  return true;
}

export const loadedView = (loaded: number, patch: Partial<ListingsLoadView> = {}): ListingsLoadView => ({
  state: 'loaded',
  loaded,
  total: loaded,
  fetchedAt: 1,
  incomplete: null,
  error: null,
  warnings: [],
  ...patch,
});

type Handler = (payload: never) => void;

export class FakeWorker {
  /** What the page asked, by the names of what it does (rows: a window of the table). */
  calls: { type: string; args: unknown[] }[] = [];
  state: { accountKey: string | null; load: ListingsLoadView };
  job: OptInJobView | null = null;
  private listeners = new Map<string, Set<Handler>>();

  constructor(public all: ListingTableRow[]) {
    this.state = { accountKey: 'k1', load: loadedView(all.length) };
  }

  /** The store's seam: questions answered from `all`, events from emit*(). */
  readonly io = {
    ask: (type: string, input: Record<string, unknown>) => this.answer(type, input),
    onDeskEvent: (type: string, handler: Handler) => {
      const set = this.listeners.get(type) ?? new Set();
      set.add(handler);
      this.listeners.set(type, set);
      return () => set.delete(handler);
    },
  } as unknown as StoreIo;

  private emit(type: string, payload: unknown) {
    for (const l of this.listeners.get(type) ?? []) (l as (p: unknown) => void)(payload);
  }

  emitLoad(state: { accountKey: string | null; load: ListingsLoadView }) {
    this.state = state;
    this.emit('listings.changed', state);
  }

  emitJob(job: OptInJobView) {
    this.job = job;
    this.emit('listings.optIn.changed', { accountKey: 'k1', job });
  }

  private filtered(filters: ListingsFilters, sort: ListingsSort) {
    const rows = this.all.filter((r) => matches(r, filters));
    const value = (r: ListingTableRow) =>
      sort.key === 'location' ? r.locationName : sort.key === 'publisher' ? r.publisherName : r.status;
    rows.sort(
      (a, b) => value(a).localeCompare(value(b), 'en', { numeric: true }) * (sort.direction === 'asc' ? 1 : -1),
    );
    return rows;
  }

  private previewOf(selection: ListingsSelection, direction: OptDirection) {
    const n =
      'listingIds' in selection
        ? selection.listingIds.length
        : this.all.filter((r) => matches(r, selection.filters as ListingsFilters)).length;
    return {
      accountKey: 'k1',
      direction,
      listings: n,
      optedOut: 0,
      unchanged: 0,
      locations: n,
      publishers: 1,
      names: { locations: ['Harbor Bakery – Pearl District'], publishers: ['Google'] },
      requests: Math.ceil(n / 100),
      minimumRequests: Math.ceil(n / 100),
      warning:
        direction === 'in'
          ? 'Not recommended for enterprise clients.'
          : 'Opting out stops sending these locations’ data to these publishers.',
    };
  }

  protected async answer(type: string, input: Record<string, unknown>): Promise<unknown> {
    switch (type) {
      case 'listings.query': {
        const { filters, sort, offset, limit } = input as {
          filters: ListingsFilters;
          sort: ListingsSort;
          offset: number;
          limit: number;
        };
        if (limit === 0) return { ...this.state, matched: 0, total: this.all.length, offset: 0, rows: [] };
        this.calls.push({ type: 'rows', args: [filters, sort, offset, limit] });
        const rows = this.filtered(filters, sort);
        return {
          ...this.state,
          matched: rows.length,
          total: this.all.length,
          offset,
          rows: rows.slice(offset, offset + limit),
        };
      }
      case 'listings.load':
        this.calls.push({ type: 'load', args: [input.refresh] });
        return this.state.load;
      case 'listings.loadPlan':
        return { listings: this.all.length, requests: 1, remaining: null, limit: null, resetAt: null, tooMuch: false };
      case 'listings.cancelLoad':
        this.calls.push({ type: 'cancel', args: [] });
        return this.state.load;
      case 'listings.exportCsv': {
        const { filters, sort } = input as { filters: ListingsFilters; sort: ListingsSort };
        const csv = this.filtered(filters, sort)
          .map((r) => r.id)
          .join('\r\n');
        return { csv, rows: 0, filename: 'listings.csv' };
      }
      case 'locations.list': {
        this.calls.push({ type: 'locations', args: [] });
        const ids = [...new Set(this.all.map((r) => r.locationId))];
        const locations = ids.map((id) => {
          const row = this.all.find((r) => r.locationId === id)!;
          return { id, name: row.locationName, city: row.city, folderId: null };
        });
        return { accountKey: 'k1', locations, folders: [{ id: 'F1', name: 'North', parentId: null }] };
      }
      case 'publishers.directory':
        return { accountKey: 'k1', publishers: PUBLISHERS, fetchedAt: 1, refreshing: false, error: null };
      case 'listings.optIn.plan': {
        const { selection, direction } = input as { selection: ListingsSelection; direction: OptDirection };
        this.calls.push({ type: 'preview', args: [selection, direction] });
        return this.previewOf(selection, direction);
      }
      case 'listings.optIn.start': {
        const { selection, direction } = input as { selection: ListingsSelection; direction: OptDirection };
        this.calls.push({ type: 'start', args: [selection, direction] });
        this.job = {
          id: 'j1',
          accountKey: 'k1',
          direction,
          createdAt: 1,
          state: 'running',
          pairs: 'listingIds' in selection ? selection.listingIds.length : 1,
          batches: { total: 1, done: 0, failed: 0, pending: 1 },
          failed: [],
          finishedAt: null,
        };
        return this.job;
      }
      case 'listings.optIn.jobs':
        return this.job ? [this.job] : [];
      case 'listings.optIn.retryFailed':
        this.calls.push({ type: 'retry', args: [input.jobId] });
        return this.job;
      case 'listings.optIn.dismiss':
        this.calls.push({ type: 'dismiss', args: [input.jobId] });
        return [];
      default:
        throw new Error(`no answer for ${type}`);
    }
  }
}
