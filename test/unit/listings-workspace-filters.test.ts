import { describe, expect, test } from 'vitest';
import {
  DEFAULT_SORT,
  hashFromView,
  NO_FILTERS,
  viewFromHash,
} from '../../components/listings-workspace/workspace-filters.ts';

describe('the workspace view in the URL', () => {
  test('every filter, the sort and the tab survive a round trip through the hash', () => {
    const view = {
      tab: 'listings' as const,
      filters: {
        statuses: ['LIVE', 'UNAVAILABLE'],
        publisherIds: ['YELP', 'BING'],
        locationIds: ['HB-013'],
        folderIds: ['42'],
        text: 'main st & 5th',
        hasStatusDetails: true,
      },
      sort: { key: 'status' as const, direction: 'desc' as const },
    };
    const hash = hashFromView(view);
    expect(hash.startsWith('#listings?')).toBe(true);
    expect(viewFromHash(hash)).toEqual(view);
  });

  test("the popup's health count link (#listings?status=LIVE) opens that status", () => {
    expect(viewFromHash('#listings?status=LIVE').filters).toEqual({ ...NO_FILTERS, statuses: ['LIVE'] });
  });

  test('no filters is plain #listings', () => {
    expect(hashFromView({ tab: 'listings', filters: NO_FILTERS, sort: DEFAULT_SORT })).toBe('#listings');
  });

  test('values that are not statuses, ids or columns are dropped, not passed on', () => {
    const view = viewFromHash('#listings?status=<b>&status=LIVE&publisher=a%20b&location=ok-1&sort=evil&dir=up&q=x');
    expect(view.filters.statuses).toEqual(['LIVE']);
    expect(view.filters.publisherIds).toEqual([]);
    expect(view.filters.locationIds).toEqual(['ok-1']);
    expect(view.sort).toEqual(DEFAULT_SORT);
    expect(view.filters.text).toBe('x');
  });

  test('the publishers tab', () => {
    expect(viewFromHash('#listings?tab=publishers').tab).toBe('publishers');
    expect(hashFromView({ tab: 'publishers', filters: NO_FILTERS, sort: DEFAULT_SORT })).toBe(
      '#listings?tab=publishers',
    );
  });
});
