// The workspace's view (a tab, the protocol's own filters and sort) as a URL:
// `options.html#listings?status=LIVE&publisher=YELP&q=main`, so a link, a reload or the back button restores it, and the popup's health counts (`?status=LIVE`) still land.
import {
  LISTINGS_SORT_KEYS,
  type ListingsFilters,
  type ListingsSort,
  type ListingsSortKey,
} from '../../lib/messaging/protocol/index.ts';
import { isStatusName } from '../../lib/shared/listing-statuses.ts';

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
  folderIds: [],
  text: '',
};

export const DEFAULT_SORT: ListingsSort = { key: 'location', direction: 'asc' };

/** Ids from a URL are kept when they look like ids: a pasted link cannot smuggle odd values in. */
const ID = /^[\w.:@-]{1,100}$/;
const unique = (values: string[]) => [...new Set(values)];

export function viewFromHash(hash: string): WorkspaceView {
  const query = new URLSearchParams(hash.split('?').slice(1).join('?'));
  const key = query.get('sort') as ListingsSortKey | null;
  const folder = query.get('folder') ?? '';
  return {
    tab: query.get('tab') === 'publishers' ? 'publishers' : 'listings',
    filters: {
      statuses: unique(query.getAll('status').filter(isStatusName)),
      publisherIds: unique(query.getAll('publisher').filter((v) => ID.test(v))),
      locationIds: unique(query.getAll('location').filter((v) => ID.test(v))),
      // One folder at a time in the page.
      folderIds: ID.test(folder) ? [folder] : [],
      text: (query.get('q') ?? '').slice(0, 200),
      ...(query.get('details') === '1' ? { hasStatusDetails: true } : {}),
    },
    sort: {
      key: key && LISTINGS_SORT_KEYS.includes(key) ? key : DEFAULT_SORT.key,
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
  if (filters.folderIds[0]) query.set('folder', filters.folderIds[0]);
  if (filters.text) query.set('q', filters.text);
  if (filters.hasStatusDetails) query.set('details', '1');
  if (sort.key !== DEFAULT_SORT.key || sort.direction !== DEFAULT_SORT.direction) {
    query.set('sort', sort.key);
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
    filters.folderIds.length > 0 ||
    Boolean(filters.text.trim()) ||
    Boolean(filters.hasStatusDetails)
  );
}
