// A filter at 600,000 listings answers from what it already knows: an erased keystroke goes back to an
// answer just given, a publisher's rows are named by its group, and no row-sized array is made per
// keystroke. Every answer must still be a full scan's, and the count right, whatever came before.
import { describe, expect, test, vi } from 'vitest';
import { ListingsTable, type StoredListing, type TableNames } from '../../lib/background/listings-workspace/table.ts';
import { WordSearch } from '../../lib/background/listings-workspace/word-search.ts';
import type { ListingsTableFilters } from '../../lib/messaging/protocol/index.ts';

const CITIES = ['Portland', 'Seattle', 'Fremont', 'Mission Viejo'];
// More than 8: one publisher's rows are then few enough to be looked at alone (word-search's FEW_CANDIDATES).
const PUBLISHERS = [
  'YELP',
  'BING',
  'GOOGLEMYBUSINESS',
  'TRIPADVISOR',
  'APPLE',
  'FACEBOOK',
  'WAZE',
  'HERE',
  'UBER',
  'YP',
];
const STATUSES = ['LIVE', 'OPTED_OUT', 'UNAVAILABLE'];
const LOCATION_COUNT = 200;

const NAMES: TableNames = {
  locations: Array.from({ length: LOCATION_COUNT }, (_, i) => ({
    id: `L-${i}`,
    name: `Harbor ${i % 5 === 0 ? 'Bakery' : 'Books'} ${i}`,
    address: `${i} Main St`,
    address2: '',
    city: CITIES[i % CITIES.length]!,
    state: 'OR',
    zip: `97${String(i).padStart(3, '0')}`,
    countryCode: 'US',
    phone: '',
    folderId: null,
    websiteUrl: '',
  })),
  folders: [],
  publishers: PUBLISHERS.map((id) => ({ id, name: id[0] + id.slice(1).toLowerCase() })),
};

const ROWS: StoredListing[] = NAMES.locations.flatMap((l, i) =>
  PUBLISHERS.map((p, j) => ({
    id: `${l.id}-${p}`,
    locationId: l.id,
    publisherId: p,
    status: STATUSES[(i + j) % STATUSES.length]!,
    listingUrl: `https://${p.toLowerCase()}.example/biz/${(i * 7919) % 1000}-${l.city.toLowerCase().replace(' ', '-')}`,
    screenshotUrl: '',
    statusDetails: [],
  })),
);

const filters = (patch: Partial<ListingsTableFilters> = {}) => ({
  statuses: [],
  publisherIds: [],
  locationIds: [],
  folderIds: [],
  text: '',
  ...patch,
});
type F = ReturnType<typeof filters>;

/** What a table that never answered anything says. */
const fullScan = (rows: StoredListing[], f: F) => [...new ListingsTable(rows, NAMES).match(f)];

/** The bench's steps: each word typed and erased key by key, with a status or a publisher around it. */
function steps(word: string, other: Partial<ListingsTableFilters>): F[] {
  const typed = [...word].map((_, k) => filters({ ...other, text: word.slice(0, k + 1) }));
  return [...typed, ...typed.slice(0, -1).reverse(), filters(other)];
}

describe('answers kept for going back', () => {
  test('typing, erasing, statuses and publishers: every answer and count is a full scan’s', () => {
    const table = new ListingsTable(ROWS, NAMES);
    const all = [
      ...steps('yelp', {}),
      ...steps('fremont', { statuses: ['LIVE'] }),
      ...steps('portland', { publisherIds: ['YELP'] }),
      ...steps('mission v', { publisherIds: ['TRIPADVISOR', 'BING'], statuses: ['OPTED_OUT'] }),
      ...steps('yelp', {}),
    ];
    for (const f of all) {
      const answer = table.match(f);
      const expected = fullScan(ROWS, f);
      expect([...answer], JSON.stringify(f)).toEqual(expected);
      expect(answer.length).toBe(expected.length);
    }
    // A new table per step for the full scans: seconds on a loaded machine.
  }, 30_000);

  test('erasing a keystroke answers from the answer given for it, checking no row again', () => {
    const table = new ListingsTable(ROWS, NAMES);
    for (const f of steps('harbor bo', { statuses: ['LIVE'] }).slice(0, 9)) table.match(f);
    const checked = vi.spyOn(WordSearch.prototype, 'holdsEvery');
    const urls = vi.spyOn(WordSearch.prototype, 'urlFlags');
    try {
      const texts = ['harbor b', 'harbor ', 'harbor', 'harbo', 'h'];
      const answers = texts.map((text) => [...table.match(filters({ statuses: ['LIVE'], text }))]);
      const calls = checked.mock.calls.length + urls.mock.calls.length;
      checked.mockRestore();
      urls.mockRestore();
      // The full scans below make their own tables: after the spies.
      texts.forEach((text, k) => {
        expect(answers[k], text).toEqual(fullScan(ROWS, filters({ statuses: ['LIVE'], text })));
      });
      expect(calls).toBe(0);
    } finally {
      checked.mockRestore();
      urls.mockRestore();
    }
  });

  test('an answer given earlier is not changed by the filters after it (no shared buffer)', () => {
    const table = new ListingsTable(ROWS, NAMES);
    const live = table.match(filters({ statuses: ['LIVE'] }));
    const liveRows = [...live];
    const searched = table.match(filters({ text: 'yelp' }));
    const searchedRows = [...searched];
    table.match(filters({ statuses: ['OPTED_OUT'] }));
    table.match(filters({ text: 'seattle', publisherIds: ['BING'] }));
    expect([...live]).toEqual(liveRows);
    expect([...searched]).toEqual(searchedRows);
    expect(liveRows).toEqual(fullScan(ROWS, filters({ statuses: ['LIVE'] })));
  });

  test('after the rows change, no kept answer is given again', () => {
    const table = new ListingsTable(ROWS, NAMES);
    const f = filters({ text: 'yelp' });
    const before = table.match(f).length;
    table.match(filters({ text: 'yelp.example/biz/1' }));
    const moved = { ...ROWS.find((r) => r.id === 'L-3-BING')!, listingUrl: 'https://bing.example/from-yelp' };
    table.upsert([moved]);
    const changed = ROWS.map((r) => (r.id === moved.id ? moved : r));
    expect(table.match(f).length).toBe(before + 1);
    expect([...table.match(f)]).toEqual(fullScan(changed, f));
    expect([...table.match(filters({ text: 'yelp.example/biz/1' }))]).toEqual(
      fullScan(changed, filters({ text: 'yelp.example/biz/1' })),
    );
  });
});

describe('a publisher filter with a search', () => {
  test('looks at its publisher’s rows only: no URL flags for every row', () => {
    const table = new ListingsTable(ROWS, NAMES);
    // "harbor" is in every location's name: no word few rows hold names the rows to look at.
    const f = filters({ publisherIds: ['YELP'], text: 'harbor' });
    const expected = fullScan(ROWS, f);
    const urls = vi.spyOn(WordSearch.prototype, 'urlFlags');
    try {
      expect([...table.match(f)]).toEqual(expected);
      expect(urls).not.toHaveBeenCalled();
    } finally {
      urls.mockRestore();
    }
  });

  test('and a location filter, in every sort, matches a full scan', () => {
    const table = new ListingsTable(ROWS, NAMES);
    const f = filters({ publisherIds: ['YELP', 'BING'], locationIds: ['L-4', 'L-8', 'L-9'], text: 'o' });
    for (const [key, dir] of [
      ['location', 'asc'],
      ['publisher', 'desc'],
      ['listingUrl', 'asc'],
    ] as const) {
      expect([...table.match(f, key, dir)], `${key} ${dir}`).toEqual([
        ...new ListingsTable(ROWS, NAMES).match(f, key, dir),
      ]);
    }
  });
});
