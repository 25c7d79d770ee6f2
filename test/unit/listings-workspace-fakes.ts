// An in-memory WorkspaceSource: the worker's filtering as plainly as it can be written, so component
// tests see what a page shown from the worker would.
import type { ListingsFilters, ListingsSort } from '../../components/listings-workspace/workspace-filters.ts';
import type {
  LoadState,
  OptDirection,
  OptInJob,
  Selection,
  WorkspaceRow,
  WorkspaceSource,
} from '../../components/listings-workspace/workspace-source.ts';

const STATUSES = ['LIVE', 'OPTED_OUT', 'UNAVAILABLE', 'WAITING_ON_PUBLISHER'];
const PUBLISHERS = [
  { id: 'YELP', name: 'Yelp', countries: ['US', 'CA'], alternateBrands: [] },
  {
    id: 'GOOGLEMYBUSINESS',
    name: 'Google Business Profile',
    countries: ['US', 'DE'],
    alternateBrands: ['Google Maps'],
  },
  { id: 'BING', name: 'Bing', countries: ['US'], alternateBrands: ['Microsoft'] },
];

export function fakeRows(n: number): WorkspaceRow[] {
  return Array.from({ length: n }, (_, i) => {
    const p = PUBLISHERS[i % PUBLISHERS.length]!;
    const loc = Math.floor(i / PUBLISHERS.length);
    return {
      key: `${i}|${p.id}|L${loc}`,
      id: String(i),
      locationId: `L${loc}`,
      locationName: `Bakery ${loc}`,
      locationCity: loc % 2 ? 'Springfield' : 'Shelbyville',
      publisherId: p.id,
      publisherName: p.name,
      status: STATUSES[i % STATUSES.length]!,
      statusDetails: i % 5 === 0 ? ['We were unable to locate your address.'] : [],
      listingUrl: `https://example.com/${i}`,
      screenshotUrl: '',
    };
  });
}

export function matches(row: WorkspaceRow, f: ListingsFilters): boolean {
  if (f.statuses.length && !f.statuses.includes(row.status)) return false;
  if (f.publisherIds.length && !f.publisherIds.includes(row.publisherId)) return false;
  if (f.locationIds.length && !f.locationIds.includes(row.locationId)) return false;
  if (f.hasDetails && row.statusDetails.length === 0) return false;
  const text = f.text.trim().toLowerCase();
  if (text && !`${row.locationName} ${row.publisherName} ${row.listingUrl}`.toLowerCase().includes(text)) return false;
  return true;
}

export class FakeSource implements WorkspaceSource {
  calls: { type: string; args: unknown[] }[] = [];
  state: LoadState = {
    accountKey: 'k1',
    loading: false,
    loaded: 0,
    total: 0,
    fetchedAt: 1,
    cancelled: false,
    error: null,
  };
  job: OptInJob | null = null;
  private loadListeners = new Set<(s: LoadState) => void>();
  private jobListeners = new Set<(j: OptInJob | null) => void>();

  constructor(public all: WorkspaceRow[]) {
    this.state = { ...this.state, loaded: all.length, total: all.length };
  }

  private filtered(filters: ListingsFilters, sort: ListingsSort) {
    const rows = this.all.filter((r) => matches(r, filters));
    const value = (r: WorkspaceRow) =>
      sort.column === 'location' ? r.locationName : sort.column === 'publisher' ? r.publisherName : r.status;
    rows.sort(
      (a, b) => value(a).localeCompare(value(b), 'en', { numeric: true }) * (sort.direction === 'asc' ? 1 : -1),
    );
    return rows;
  }

  emitLoad(state: LoadState) {
    this.state = state;
    for (const l of this.loadListeners) l(state);
  }

  emitJob(job: OptInJob | null) {
    this.job = job;
    for (const l of this.jobListeners) l(job);
  }

  async loadState() {
    return this.state;
  }
  async load(refresh: boolean) {
    this.calls.push({ type: 'load', args: [refresh] });
  }
  async cancel() {
    this.calls.push({ type: 'cancel', args: [] });
  }
  async rows(filters: ListingsFilters, sort: ListingsSort, offset: number, limit: number) {
    this.calls.push({ type: 'rows', args: [filters, sort, offset, limit] });
    const rows = this.filtered(filters, sort);
    return { matched: rows.length, total: this.all.length, offset, rows: rows.slice(offset, offset + limit) };
  }
  async csv(filters: ListingsFilters, sort: ListingsSort) {
    return this.filtered(filters, sort)
      .map((r) => r.id)
      .join('\r\n');
  }
  async locations() {
    this.calls.push({ type: 'locations', args: [] });
    const ids = [...new Set(this.all.map((r) => r.locationId))];
    return {
      locations: ids.map((id) => {
        const row = this.all.find((r) => r.locationId === id)!;
        return { id, name: row.locationName, city: row.locationCity, folderId: '' };
      }),
      folders: [{ id: 'F1', name: 'North', parentId: '' }],
    };
  }
  async publishers() {
    return PUBLISHERS;
  }
  async previewOptIn(selection: Selection, direction: OptDirection) {
    this.calls.push({ type: 'preview', args: [selection, direction] });
    const n =
      selection.kind === 'keys' ? selection.keys.length : this.all.filter((r) => matches(r, selection.filters)).length;
    return {
      direction,
      listings: n,
      unchanged: 0,
      locations: n,
      publishers: 1,
      requests: Math.ceil(n / 100),
      warning:
        direction === 'in'
          ? 'Not recommended for enterprise clients.'
          : 'Opting out stops sending these locations’ data to these publishers.',
    };
  }
  async startOptIn(selection: Selection, direction: OptDirection) {
    this.calls.push({ type: 'start', args: [selection, direction] });
    const job: OptInJob = {
      id: 'j1',
      direction,
      createdAt: 1,
      state: 'running',
      pairs: selection.kind === 'keys' ? selection.keys.length : 1,
      batches: { total: 1, done: 0, failed: 0, pending: 1 },
      failed: [],
    };
    this.job = job;
    return job;
  }
  async optInJob() {
    return this.job;
  }
  async retryFailed(jobId: string) {
    this.calls.push({ type: 'retry', args: [jobId] });
    return this.job!;
  }
  async dismissJob(jobId: string) {
    this.calls.push({ type: 'dismiss', args: [jobId] });
  }
  onLoadState(handler: (s: LoadState) => void) {
    this.loadListeners.add(handler);
    return () => this.loadListeners.delete(handler);
  }
  onOptInJob(handler: (j: OptInJob | null) => void) {
    this.jobListeners.add(handler);
    return () => this.jobListeners.delete(handler);
  }
}
