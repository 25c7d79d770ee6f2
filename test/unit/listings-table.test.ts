import { describe, expect, test } from 'vitest';
import { ListingsTable, type StoredListing } from '../../lib/background/listings-workspace/table.ts';
import type { FolderView, LocationView } from '../../lib/messaging/protocol/index.ts';

const location = (
  id: string,
  name: string,
  city: string,
  folderId: string | null,
  address = '1 Main St',
): LocationView => ({
  id,
  name,
  address,
  address2: '',
  city,
  state: 'OR',
  zip: '97209',
  countryCode: 'US',
  phone: '',
  folderId,
  websiteUrl: '',
});

const LOCATIONS = [
  location('HB-001', 'Harbor Bakery – Pearl District', 'Portland', 'F-OR', '1200 NW Glisan St'),
  location('HB-002', 'Harbor Bakery – Ballard', 'Seattle', 'F-WA'),
  location('HB-003', 'Harbor Bakery – Mission District', 'San Francisco', 'F-BAY'),
  location('HB-004', 'Harbor Bakery – Midtown', 'Sacramento', 'F-CA'),
];
const FOLDERS: FolderView[] = [
  { id: 'F-WEST', name: 'West', parentId: null },
  { id: 'F-PNW', name: 'Pacific Northwest', parentId: 'F-WEST' },
  { id: 'F-OR', name: 'Oregon', parentId: 'F-PNW' },
  { id: 'F-WA', name: 'Washington', parentId: 'F-PNW' },
  { id: 'F-CA', name: 'California', parentId: 'F-WEST' },
  { id: 'F-BAY', name: 'Bay Area', parentId: 'F-CA' },
];
const PUBLISHERS = [
  { id: 'YELP', name: 'Yelp' },
  { id: 'BING', name: 'Bing' },
  { id: 'GOOGLEMYBUSINESS', name: 'Google Business Profile' },
];
const STATUSES = ['LIVE', 'OPTED_OUT', 'UNAVAILABLE'];

function listings(): StoredListing[] {
  return LOCATIONS.flatMap((l, i) =>
    PUBLISHERS.map((p, j) => {
      const status = STATUSES[(i + j) % 3]!;
      return {
        id: `${l.id}-${p.id}`,
        locationId: l.id,
        publisherId: p.id,
        status,
        listingUrl: `https://${p.id.toLowerCase()}.example/${l.id.toLowerCase()}`,
        screenshotUrl: '',
        statusDetails:
          status === 'UNAVAILABLE'
            ? [
                {
                  code: '1',
                  type: 'UNAVAILABLE_REASON',
                  message: 'We were unable to locate your address.',
                  actionable: true,
                },
              ]
            : [],
      };
    }),
  );
}

const NO_FILTERS = {
  statuses: [] as string[],
  publisherIds: [] as string[],
  locationIds: [] as string[],
  folderIds: [] as string[],
  text: '',
};

function ids(
  table: ListingsTable,
  filters: Partial<typeof NO_FILTERS> & { hasStatusDetails?: boolean },
  key?: 'location' | 'publisher' | 'status' | 'listingUrl',
  direction?: 'asc' | 'desc',
) {
  return Array.from(table.match({ ...NO_FILTERS, ...filters }, key, direction), (i) => table.row(i).id);
}

describe('listings table', () => {
  const table = new ListingsTable(listings(), { locations: LOCATIONS, folders: FOLDERS, publishers: PUBLISHERS });

  test('sorts by location name then publisher name, either way', () => {
    const all = ids(table, {});
    expect(all).toHaveLength(12);
    // Ballard < Midtown < Mission District < Pearl District; Bing < Google Business Profile < Yelp.
    expect(all.slice(0, 3)).toEqual(['HB-002-BING', 'HB-002-GOOGLEMYBUSINESS', 'HB-002-YELP']);
    expect(all.at(-1)).toBe('HB-001-YELP');
    expect(ids(table, {}, 'location', 'desc')).toEqual([...all].reverse());
    expect(ids(table, {}, 'publisher').slice(0, 4)).toEqual([
      'HB-002-BING',
      'HB-004-BING',
      'HB-003-BING',
      'HB-001-BING',
    ]);
  });

  test('filters combine: several statuses OR-ed, publishers and locations AND-ed', () => {
    const rows = ids(table, {
      statuses: ['LIVE', 'OPTED_OUT'],
      publisherIds: ['YELP', 'BING'],
      locationIds: ['HB-001', 'HB-002'],
    });
    const expected = listings().filter(
      (l) =>
        ['LIVE', 'OPTED_OUT'].includes(l.status) &&
        ['YELP', 'BING'].includes(l.publisherId) &&
        ['HB-001', 'HB-002'].includes(l.locationId),
    );
    expect(rows.sort()).toEqual(expected.map((l) => l.id).sort());
  });

  test('a folder takes in its subfolders', () => {
    const west = ids(table, { folderIds: ['F-CA'] });
    expect(new Set(west.map((id) => id.slice(0, 6)))).toEqual(new Set(['HB-003', 'HB-004']));
    expect(ids(table, { folderIds: ['F-WEST'] })).toHaveLength(12);
    expect(ids(table, { folderIds: ['F-BAY'], locationIds: ['HB-004'] })).toEqual([]);
  });

  test('text matches location name, address, city, publisher name and listing URL, every word', () => {
    expect(ids(table, { text: 'pearl' }).every((id) => id.startsWith('HB-001'))).toBe(true);
    expect(ids(table, { text: 'glisan' })).toHaveLength(3);
    expect(ids(table, { text: 'GOOGLE business' })).toHaveLength(4);
    expect(ids(table, { text: 'yelp.example/hb-003' })).toEqual(['HB-003-YELP']);
    expect(ids(table, { text: 'seattle yelp' })).toEqual(['HB-002-YELP']);
    expect(ids(table, { text: 'nowhere' })).toEqual([]);
    // Every URL holds it: each row is found once, in order.
    expect(ids(table, { text: '.example/' })).toEqual(ids(table, {}));
    expect(ids(table, { text: 'bing.example' })).toHaveLength(4);
  });

  test('has status details, and the row carries names and details', () => {
    const withDetails = ids(table, { hasStatusDetails: true });
    expect(withDetails).toHaveLength(4);
    expect(ids(table, { hasStatusDetails: false })).toHaveLength(8);
    const index = table.match({ ...NO_FILTERS, hasStatusDetails: true })[0]!;
    expect(table.row(index)).toMatchObject({
      locationName: expect.stringContaining('Harbor Bakery'),
      publisherName: expect.any(String),
      status: 'UNAVAILABLE',
      statusDetails: [{ message: 'We were unable to locate your address.' }],
    });
  });

  test('rows replaced by id (an opt-in refresh) move between filters; unknown names fall back to ids', () => {
    const copy = new ListingsTable(listings(), { locations: LOCATIONS, folders: FOLDERS, publishers: PUBLISHERS });
    const optedOut = ids(copy, { statuses: ['OPTED_OUT'] });
    const first = copy.get(optedOut[0]!)!;
    copy.upsert([{ ...first, status: 'WAITING_ON_PUBLISHER' }]);
    expect(copy.size).toBe(12);
    expect(ids(copy, { statuses: ['OPTED_OUT'] })).toHaveLength(optedOut.length - 1);
    copy.upsert([{ ...first, id: 'X-1', locationId: 'ZZ-9', publisherId: 'NEWPUB' }]);
    const row = copy.row(copy.match({ ...NO_FILTERS, text: 'zz-9' })[0]!);
    expect(row).toMatchObject({ locationName: '', publisherName: '', folderId: null });
    expect(copy.counts().statuses.get('WAITING_ON_PUBLISHER')).toBe(1);
  });

  test('the cache’s column form reads back into the same table, without ids being indexed up front', () => {
    const names = { locations: LOCATIONS, folders: FOLDERS, publishers: PUBLISHERS };
    const restored = ListingsTable.fromColumns(structuredClone(table.columns()), names);
    expect(restored.size).toBe(12);
    for (const filters of [
      {},
      { text: 'glisan' },
      { hasStatusDetails: true },
      { folderIds: ['F-PNW'], statuses: ['LIVE'] },
    ]) {
      expect(ids(restored, filters)).toEqual(ids(table, filters));
    }
    const index = restored.match({ ...NO_FILTERS, hasStatusDetails: true })[0]!;
    expect(restored.row(index)).toEqual(table.row(table.match({ ...NO_FILTERS, hasStatusDetails: true })[0]!));
    restored.upsert([{ ...restored.get('HB-001-YELP')!, status: 'LIVE', statusDetails: [] }]);
    expect(restored.size).toBe(12);
    expect(restored.get('HB-001-YELP')).toMatchObject({ status: 'LIVE', statusDetails: [] });
  });

  test('a URL holding the column separator still reads back exactly', () => {
    const odd = { ...listings()[0]!, listingUrl: 'https://example.com/a\u0000b' };
    const columns = new ListingsTable([odd, listings()[1]!]).columns();
    expect(Array.isArray(columns.listingUrls)).toBe(true);
    expect(ListingsTable.fromColumns(structuredClone(columns)).get(odd.id)?.listingUrl).toBe(odd.listingUrl);
    expect(Array.isArray(new ListingsTable(listings()).columns().listingUrls)).toBe(false);
  });

  test('the saved default order is used only while the names it was sorted by hold', () => {
    const names = { locations: LOCATIONS, folders: FOLDERS, publishers: PUBLISHERS };
    const columns = structuredClone(table.columns());
    expect(ids(ListingsTable.fromColumns(columns, names), {})).toEqual(ids(table, {}));
    // Ballard renamed after the rows were cached: it sorts last now, not first.
    const renamed = LOCATIONS.map((l) => (l.id === 'HB-002' ? { ...l, name: 'Zeta Bakery' } : l));
    const restored = ListingsTable.fromColumns(columns, { ...names, locations: renamed });
    expect(ids(restored, {}).slice(-3)).toEqual(['HB-002-BING', 'HB-002-GOOGLEMYBUSINESS', 'HB-002-YELP']);
  });
});
