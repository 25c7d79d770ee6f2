// The listings table for given filters, e.g. the embedded panel's one location:
// <FilteredListings filters={{ ...NO_FILTERS, locationIds: [id] }} />. It keeps its own sort and
// selection; the store comes from WorkspaceStoreContext, as for the whole workspace.
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import type { ListingsFilters, ListingsSort } from '../../lib/messaging/protocol/index.ts';
import { ListingsTable } from './ListingsTable.tsx';
import { EMPTY_SELECTION, type SelectionState } from './selection.ts';
import { DEFAULT_SORT } from './workspace-filters.ts';
import type { RowsView } from './workspace-rows.ts';
import { useRows, useWorkspace } from './workspace-store.ts';
import './listings-workspace.css';

export interface FilteredListingsProps {
  filters: ListingsFilters;
  initialSort?: ListingsSort;
  label?: string;
  /** The narrow table of a ~380 px panel (see ListingsTable). */
  compact?: boolean;
  /** Drawn above the table from its rows, e.g. the panel's health line. */
  summary?: (rows: RowsView) => ComponentChildren;
}

export function FilteredListings({
  filters,
  initialSort = DEFAULT_SORT,
  label = 'Listings',
  compact = false,
  summary,
}: FilteredListingsProps) {
  const store = useWorkspace();
  const [sort, setSort] = useState(initialSort);
  const [selection, setSelection] = useState<SelectionState>(EMPTY_SELECTION);
  const rows = useRows(store, filters, sort);
  const table = (
    <ListingsTable
      compact={compact}
      label={label}
      rows={rows}
      sort={sort}
      onSortChange={setSort}
      selection={selection}
      onSelectionChange={setSelection}
    />
  );
  if (!summary) return table;
  return (
    <>
      {summary(rows)}
      {table}
    </>
  );
}
