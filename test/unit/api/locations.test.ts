import { describe, expect, test } from 'vitest';
import { folderReader } from '../../../lib/api/folders.ts';
import { locationReader } from '../../../lib/api/locations.ts';
import { readItems } from '../../../lib/api/schemas-common.ts';

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
