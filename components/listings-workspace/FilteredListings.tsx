// The listings table for given filters, e.g. the embedded panel's one location:
// <FilteredListings filters={{ ...NO_FILTERS, locationIds: [id] }} />. It keeps its own sort and
// selection; the source comes from WorkspaceSourceContext, as for the whole workspace.
import { useState } from 'preact/hooks';
import { ListingsTable } from './ListingsTable.tsx';
import { EMPTY_SELECTION, type SelectionState } from './selection.ts';
import { useLoadState, useRows, useWorkspaceSource } from './use-workspace-data.ts';
import { DEFAULT_SORT, type ListingsFilters, type ListingsSort } from './workspace-filters.ts';
import './listings-workspace.css';

export interface FilteredListingsProps {
  filters: ListingsFilters;
  initialSort?: ListingsSort;
  label?: string;
}

export function FilteredListings({ filters, initialSort = DEFAULT_SORT, label = 'Listings' }: FilteredListingsProps) {
  const source = useWorkspaceSource();
  const { state, revision } = useLoadState(source);
  const [sort, setSort] = useState(initialSort);
  const [selection, setSelection] = useState<SelectionState>(EMPTY_SELECTION);
  const rows = useRows(source, filters, sort, `${state?.accountKey}|${revision}`);
  return (
    <ListingsTable
      label={label}
      rows={rows}
      sort={sort}
      onSortChange={setSort}
      selection={selection}
      onSelectionChange={setSelection}
    />
  );
}
