// The page's window of rows while a person types: each keystroke asks the worker at once, and only the
// newest filter's answer is drawn, whatever order the answers come back in (the worker answers a
// superseded query too; a slow one may come after the newer one).
import { expect, test } from 'vitest';
import { queryKey, rowsWindow } from '../../components/listings-workspace/workspace-rows.ts';
import type { ListingsFilters, ListingsSort, ListingsTableView } from '../../lib/messaging/protocol/index.ts';

const SORT: ListingsSort = { key: 'location', direction: 'asc' };
const typed = (text: string): ListingsFilters => ({
  statuses: [],
  publisherIds: [],
  locationIds: [],
  folderIds: [],
  text,
});

function answer(text: string, matched: number): ListingsTableView {
  return {
    accountKey: 'a',
    matched,
    total: 600_024,
    offset: 0,
    rows: [{ key: `row-of-${text}` } as ListingsTableView['rows'][number]],
    load: {
      state: 'loaded',
      loaded: 600_024,
      total: 600_024,
      fetchedAt: 1,
      incomplete: null,
      error: null,
      warnings: [],
    },
  };
}

test('a superseded query’s answer never shows, even when it comes last; the count is the newest filter’s', async () => {
  const pending = new Map<string, (view: ListingsTableView) => void>();
  const rows = rowsWindow((filters) => new Promise<ListingsTableView>((resolve) => pending.set(filters.text, resolve)));
  rows.follow(typed(''), SORT, 0);
  pending.get('')!(answer('', 600_024));
  await Promise.resolve();
  const drawn: string[] = [];
  for (const text of ['y', 'ye', 'yel']) rows.prefetch(typed(text), SORT, () => drawn.push(text));
  // The newest first, then the older two.
  pending.get('yel')!(answer('yel', 26_088));
  await Promise.resolve();
  pending.get('y')!(answer('y', 571_166));
  pending.get('ye')!(answer('ye', 26_100));
  await Promise.resolve();
  await Promise.resolve();
  const view = rows.view(queryKey(typed('yel'), SORT));
  expect(view.matched).toBe(26_088);
  expect(view.stale).toBe(false);
  expect(view.rowAt(0)?.key).toBe('row-of-yel');
  expect(drawn).toEqual(['yel']);
  // Read with an older key, the rows shown are still the newest answer's (marked stale for that key).
  expect(rows.view(queryKey(typed('y'), SORT)).matched).toBe(26_088);
});
