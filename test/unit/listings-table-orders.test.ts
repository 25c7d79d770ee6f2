// The table's sort orders kept up incrementally while a load adds pages: after every page each order
// must be the one a full sort of the same rows gives (the oracle: a table built from scratch).
import { describe, expect, test, vi } from 'vitest';
import type { Filters } from '../../lib/background/listings-workspace/filter-text.ts';
import * as sorting from '../../lib/background/listings-workspace/sort-order.ts';
import { ListingsTable, type StoredListing, type TableNames } from '../../lib/background/listings-workspace/table.ts';
import { LISTINGS_SORT_KEYS, type LocationView } from '../../lib/messaging/protocol/index.ts';

/** mulberry32: the same rows every run. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Counted, not replaced: every order is still the real sort's.
vi.mock('../../lib/background/listings-workspace/sort-order.ts', async (original) => {
  const real = await original<typeof sorting>();
  return { ...real, sortOrder: vi.fn(real.sortOrder) };
});

const NONE: Filters = { statuses: [], publisherIds: [], locationIds: [], folderIds: [], text: '' };
const STATUSES = ['LIVE', 'OPTED_OUT', 'UNAVAILABLE', 'WAITING_ON_PUBLISHER'];

function world(seed: number) {
  const rng = prng(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(rng() * items.length)]!;
  const locationIds = Array.from({ length: 40 }, (_, i) => `L-${String(i).padStart(3, '0')}`);
  const publisherIds = Array.from({ length: 12 }, (_, i) => `P${i}`);
  const listings: StoredListing[] = [];
  for (const locationId of locationIds) {
    for (const publisherId of publisherIds) {
      const status = pick(STATUSES);
      listings.push({
        id: `${locationId}-${publisherId}`,
        locationId,
        publisherId,
        status,
        // Few distinct values, mixed case: ties and case folding are where orders go wrong.
        listingUrl: pick([
          '',
          'https://a.example/X',
          'https://A.example/x',
          'https://b.example/',
          `https://${publisherId}.example/${locationId}`,
        ]),
        screenshotUrl: pick(['', 'No screenshot', 'https://s.example/1.png']),
        statusDetails:
          status === 'UNAVAILABLE'
            ? [{ code: 'C', type: 'UNAVAILABLE_REASON', message: pick(['b', 'A', 'a']), actionable: false }]
            : [],
      });
    }
  }
  // Rows arrive in no order of any key, as pages of a filtered or resumed load might.
  for (let i = listings.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [listings[i], listings[j]] = [listings[j]!, listings[i]!];
  }
  const location = (id: string, name: string): LocationView => ({
    id,
    name,
    address: '',
    address2: '',
    city: pick(['Portland', 'Bend', '']),
    state: 'OR',
    zip: '',
    countryCode: 'US',
    phone: '',
    folderId: null,
    websiteUrl: '',
  });
  // Some locations have no name (sorted by id), some share a name (sorted by city, then id).
  const names: TableNames = {
    locations: locationIds
      .filter(() => rng() < 0.7)
      .map((id) => location(id, pick(['Harbor', 'harbor', 'Alpine', 'Zed']))),
    folders: [],
    publishers: publisherIds.filter(() => rng() < 0.8).map((id) => ({ id, name: pick(['Yelp', 'Bing', 'bing']) })),
  };
  return { rng, listings, names };
}

describe('incremental sort orders', () => {
  test.each([1, 2, 3])('after every page, each key and direction match a full sort (seed %i)', (seed) => {
    const { rng, listings, names } = world(seed);
    const table = new ListingsTable([], names);
    let added = 0;
    while (added < listings.length) {
      const size = 1 + Math.floor(rng() * 60);
      table.upsert(listings.slice(added, added + size));
      added = Math.min(listings.length, added + size);
      const oracle = new ListingsTable(listings.slice(0, added), names);
      for (const key of LISTINGS_SORT_KEYS) {
        for (const direction of ['asc', 'desc'] as const) {
          expect([...table.match(NONE, key, direction)], `${key} ${direction} at ${added}`).toEqual([
            ...oracle.match(NONE, key, direction),
          ]);
        }
      }
      const live: Filters = { ...NONE, statuses: ['LIVE'] };
      expect([...table.match(live, 'publisher')]).toEqual([...oracle.match(live, 'publisher')]);
    }
  });

  test('a row replaced (not added) and names set mid-load sort as a full sort does', () => {
    const { listings, names } = world(4);
    const table = new ListingsTable(listings.slice(0, 200));
    table.match(NONE, 'status');
    const changed = { ...listings[10]!, status: 'OPTED_OUT', listingUrl: 'https://zz.example/' };
    table.upsert([changed, ...listings.slice(200, 260)]);
    const rows = [...listings.slice(0, 260)];
    rows[10] = changed;
    expect([...table.match(NONE, 'status')]).toEqual([...new ListingsTable(rows).match(NONE, 'status')]);
    expect([...table.match(NONE, 'listingUrl')]).toEqual([...new ListingsTable(rows).match(NONE, 'listingUrl')]);
    table.setNames(names);
    table.upsert(listings.slice(260));
    rows.push(...listings.slice(260));
    for (const key of LISTINGS_SORT_KEYS) {
      expect([...table.match(NONE, key)]).toEqual([...new ListingsTable(rows, names).match(NONE, key)]);
    }
  });

  test('a load with the page open sorts each key once, then merges each page in (before: a full sort per page)', () => {
    const { listings, names } = world(5);
    const table = new ListingsTable([], names);
    const sorts = vi.mocked(sorting.sortOrder);
    sorts.mockClear();
    for (let page = 0; page * 20 < listings.length; page++) {
      table.upsert(listings.slice(page * 20, page * 20 + 20));
      // What the page asks after each progress broadcast: a window in its sort order.
      table.match(NONE, 'location');
      table.match(NONE, 'status', 'desc');
    }
    expect(sorts.mock.calls.map(([key]) => key)).toEqual(['location', 'status']);
    expect([...table.match(NONE, 'status', 'desc')]).toEqual([
      ...new ListingsTable(listings, names).match(NONE, 'status', 'desc'),
    ]);
  });
});
