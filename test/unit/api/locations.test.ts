import { describe, expect, test } from 'vitest';
import { ApiClient } from '../../../lib/api/client.ts';
import { folderReader } from '../../../lib/api/folders.ts';
import { fetchAllLocations, listLocations, locationReader } from '../../../lib/api/locations.ts';
import { readItems } from '../../../lib/api/schemas-common.ts';
import { envelope, failure, fakeFetch, type Step } from './fake-fetch.ts';

describe('location and folder reading', () => {
  test('reads ids, zips, phones and folder ids sent as numbers as strings, and keeps unknown fields', () => {
    const { items, skipped } = readItems(
      [
        {
          id: 1234,
          locationName: 'Harbor Bakery – Fremont',
          zip: 98103,
          phone: 2065550100,
          folderId: 0,
          labelIds: [7, '8', null],
          hours: '1:07:00:18:00',
          customField: { a: 1 },
        },
        { locationName: 'no id' },
        'not an object',
        { id: 'HB-2', locationName: null, city: 42 },
      ],
      locationReader,
    );
    expect(skipped).toBe(2);
    expect(items[0]).toEqual({
      id: '1234',
      locationName: 'Harbor Bakery – Fremont',
      zip: '98103',
      phone: '2065550100',
      folderId: '0',
      labelIds: ['7', '8'],
      hours: '1:07:00:18:00',
      customField: { a: 1 },
    });
    // A field of the wrong type is dropped, not the location.
    expect(items[1]).toEqual({ id: 'HB-2' });
  });

  test('reads folders with numeric ids and parents', () => {
    const { items } = readItems(
      [
        { id: 12, name: 'West', parentId: 0 },
        { id: 'F-BAY', parentId: 'F-CA' },
      ],
      folderReader,
    );
    expect(items).toEqual([
      { id: '12', name: 'West', parentId: '0' },
      { id: 'F-BAY', parentId: 'F-CA' },
    ]);
  });
});

describe('locations paged by token (issue 31: the vendor newer paging, getLocations pageToken)', () => {
  const locations = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ id: `L-${from + i}` }));
  const recorded = (...steps: Step[]) => {
    const fake = fakeFetch(...steps);
    const client = new ApiClient({
      baseUrl: 'https://api.test',
      apiKey: 'k',
      fetch: fake.fetch,
      retry: { retries: 0 },
    });
    const query = () =>
      fake.requests.map((r) => {
        const params = new URL(r.url).searchParams;
        for (const common of ['api_key', 'v']) params.delete(common);
        return Object.fromEntries(params);
      });
    return { client, query };
  };

  test('one page keeps its nextPageToken, and the walk follows each token to the end, not by offset', async () => {
    const { client, query } = recorded(
      envelope({ count: 120, nextPageToken: 'T2', locations: locations(0, 50) }),
      envelope({ count: 120, nextPageToken: 'T3', locations: locations(50, 50) }),
      envelope({ count: 120, locations: locations(100, 20) }),
    );
    const all = await fetchAllLocations(client);
    expect(all.incomplete).toBeUndefined();
    expect(all.locations.map((l) => l.id)).toEqual(locations(0, 120).map((l) => l.id));
    expect(query()).toEqual([
      { limit: '50', offset: '0' },
      { limit: '50', pageToken: 'T2' },
      { limit: '50', pageToken: 'T3' },
    ]);
    const one = await listLocations(
      recorded(envelope({ count: 120, nextPageToken: 'T2', locations: locations(0, 50) })).client,
    );
    expect(one.data.nextPageToken).toBe('T2');
  });

  test('a token page that cannot be had leaves the rest missing, and says which', async () => {
    const { client } = recorded(
      envelope({ count: 120, nextPageToken: 'T2', locations: locations(0, 50) }),
      failure(400, 2010, 'Invalid pageToken'),
    );
    const all = await fetchAllLocations(client);
    expect(all.locations).toHaveLength(50);
    expect(all.incomplete).toMatchObject({ missingPages: 2, pages: 3, missingOffsets: [50, 100] });
    expect(all.incomplete?.error).toMatchObject({ status: 400 });
  });
});
