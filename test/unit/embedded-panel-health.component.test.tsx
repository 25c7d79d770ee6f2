// The panel's health line counts every listing of its location, not only the rows the table has fetched.
import { cleanup, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, expect, test, vi } from 'vitest';
import { LocationListings } from '../../components/embedded-panel/LocationListings.tsx';
import { ListingsTable, type StoredListing } from '../../lib/background/listings-workspace/table.ts';

const asked: { type: string; input: Record<string, unknown> }[] = [];

/** 150 listings of location L1: 120 LIVE, 30 OPTED_OUT (the opted-out ones sort last by publisher). */
const table = new ListingsTable(
  Array.from(
    { length: 150 },
    (_, i): StoredListing => ({
      id: `l${i}`,
      locationId: 'L1',
      publisherId: `P${String(i).padStart(3, '0')}`,
      status: i < 120 ? 'LIVE' : 'OPTED_OUT',
      listingUrl: '',
      screenshotUrl: '',
      statusDetails: [],
    }),
  ),
);

function countsOf(statuses: string[]) {
  const counts = new Map<string, number>();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts].map(([status, count]) => ({ status, count }));
}

vi.mock('../../lib/messaging/ui.ts', () => ({
  ask: vi.fn(async (type: string, input: Record<string, unknown>) => {
    asked.push({ type, input });
    if (type !== 'listings.query') throw new Error(`no answer for ${type}`);
    const {
      filters,
      sort,
      offset = 0,
      limit = 100,
      statusCounts,
    } = input as {
      filters: { locationIds: string[] };
      sort?: { key: 'publisher'; direction: 'asc' };
      offset?: number;
      limit?: number;
      statusCounts?: boolean;
    };
    const matched = table.match(
      { statuses: [], publisherIds: [], locationIds: filters.locationIds, folderIds: [], text: '' },
      sort?.key,
      sort?.direction,
    );
    const rows = Array.from(matched.subarray(offset, offset + limit), (i) => table.row(i));
    const load = {
      state: 'loaded',
      loaded: 150,
      total: 150,
      fetchedAt: 1,
      incomplete: null,
      error: null,
      warnings: [],
    };
    return {
      accountKey: 'k1',
      matched: matched.length,
      total: table.size,
      offset,
      rows,
      load,
      ...(statusCounts ? { statusCounts: countsOf(Array.from(matched, (i) => table.listing(i).status)) } : {}),
    };
  }),
  onDeskEvent: vi.fn(() => () => undefined),
}));

afterEach(cleanup);

test('the health line counts all 150 listings of the location by status, past the rows fetched for the table', async () => {
  render(<LocationListings locationId="L1" />);
  await waitFor(() =>
    expect(screen.getByTestId('panel-health').textContent).toBe('150 listings: 120 Live · 30 Opted out'),
  );
  // The table itself still asks only for the window it shows.
  const windows = asked.filter((a) => a.type === 'listings.query' && (a.input.limit as number) > 0);
  for (const ask of windows) expect(ask.input.limit as number).toBeLessThanOrEqual(100);
});
