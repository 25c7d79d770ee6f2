// The listings table for given filters, e.g. the embedded panel's one location:
// <FilteredListings filters={{ ...NO_FILTERS, locationIds: [id] }} />. It keeps its own sort and
// selection; the source comes from WorkspaceSourceContext, as for the whole workspace.
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { ListingsTable } from './ListingsTable.tsx';
import { EMPTY_SELECTION, type SelectionState } from './selection.ts';
import { type RowsView, useRows, useWorkspaceSource } from './use-workspace-data.ts';
import { DEFAULT_SORT, type ListingsFilters, type ListingsSort } from './workspace-filters.ts';
import { useWorkspaceStore } from './workspace-store.ts';
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
  const source = useWorkspaceSource();
  const revision = useWorkspaceStore(source).revision.value;
  const [sort, setSort] = useState(initialSort);
  const [selection, setSelection] = useState<SelectionState>(EMPTY_SELECTION);
  // The revision alone: the first state's arrival must not throw away the first rows (see ListingsWorkspace).
  const rows = useRows(source, filters, sort, revision);
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
