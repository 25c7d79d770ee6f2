// The workspace's view as a URL: `options.html#listings?status=LIVE&publisher=YELP&q=main`, so a link,
// a reload or the back button restores it, and the popup's health counts (`?status=LIVE`) still land.
import { isStatusName } from '../../lib/shared/listing-statuses.ts';

export const SORT_COLUMNS = [
  'location',
  'publisher',
  'status',
  'statusDetails',
  'listingUrl',
  'screenshotUrl',
] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];
export type SortDirection = 'asc' | 'desc';

export interface ListingsFilters {
  statuses: string[];
  publisherIds: string[];
  locationIds: string[];
  folderId: string;
  /** Free text over location name, address, publisher and listing URL. */
  text: string;
  hasDetails: boolean;
}

export interface ListingsSort {
  column: SortColumn;
  direction: SortDirection;
}

export type WorkspaceTab = 'listings' | 'publishers';

export interface WorkspaceView {
  tab: WorkspaceTab;
  filters: ListingsFilters;
  sort: ListingsSort;
}

export const NO_FILTERS: ListingsFilters = {
  statuses: [],
  publisherIds: [],
  locationIds: [],
  folderId: '',
  text: '',
  hasDetails: false,
};

export const DEFAULT_SORT: ListingsSort = { column: 'location', direction: 'asc' };

/** Ids from a URL are kept when they look like ids: a pasted link cannot smuggle odd values in. */
const ID = /^[\w.:@-]{1,100}$/;
const unique = (values: string[]) => [...new Set(values)];

export function viewFromHash(hash: string): WorkspaceView {
  const query = new URLSearchParams(hash.split('?').slice(1).join('?'));
  const column = query.get('sort') as SortColumn | null;
  return {
    tab: query.get('tab') === 'publishers' ? 'publishers' : 'listings',
    filters: {
      statuses: unique(query.getAll('status').filter(isStatusName)),
      publisherIds: unique(query.getAll('publisher').filter((v) => ID.test(v))),
      locationIds: unique(query.getAll('location').filter((v) => ID.test(v))),
      folderId: ID.test(query.get('folder') ?? '') ? (query.get('folder') as string) : '',
      text: (query.get('q') ?? '').slice(0, 200),
      hasDetails: query.get('details') === '1',
    },
    sort: {
      column: column && (SORT_COLUMNS as readonly string[]).includes(column) ? column : DEFAULT_SORT.column,
      direction: query.get('dir') === 'desc' ? 'desc' : 'asc',
    },
  };
}

export function hashFromView({ tab, filters, sort }: WorkspaceView): string {
  const query = new URLSearchParams();
  if (tab !== 'listings') query.set('tab', tab);
  for (const s of filters.statuses) query.append('status', s);
  for (const p of filters.publisherIds) query.append('publisher', p);
  for (const l of filters.locationIds) query.append('location', l);
  if (filters.folderId) query.set('folder', filters.folderId);
  if (filters.text) query.set('q', filters.text);
  if (filters.hasDetails) query.set('details', '1');
  if (sort.column !== DEFAULT_SORT.column || sort.direction !== DEFAULT_SORT.direction) {
    query.set('sort', sort.column);
    query.set('dir', sort.direction);
  }
  const text = query.toString();
  return text ? `#listings?${text}` : '#listings';
}

export function hasAnyFilter(filters: ListingsFilters): boolean {
  return (
    filters.statuses.length > 0 ||
    filters.publisherIds.length > 0 ||
    filters.locationIds.length > 0 ||
    Boolean(filters.folderId) ||
    Boolean(filters.text.trim()) ||
    filters.hasDetails
  );
}

/** A stable string per filter and sort: what caches of fetched windows are keyed by. */
export function queryKey(filters: ListingsFilters, sort: ListingsSort): string {
  return JSON.stringify([filters, sort]);
}
