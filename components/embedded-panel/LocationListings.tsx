// The located location's listings: the listings workspace's table filtered to that one location, in
// its compact form (publisher, status, reasons, link), under a health line counted from its rows.
import { useMemo } from 'preact/hooks';
import { ask } from '../../lib/messaging/ui.ts';
import { listingStatusLabel } from '../listings-health/status-labels.ts';
import { FilteredListings } from '../listings-workspace/FilteredListings.tsx';
import { type RowsView, WorkspaceSourceContext } from '../listings-workspace/use-workspace-data.ts';
import { toLoadState, wireFilters, workerSource } from '../listings-workspace/worker-source.ts';
import { NO_FILTERS } from '../listings-workspace/workspace-filters.ts';
import type { WorkspaceSource } from '../listings-workspace/workspace-source.ts';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';

/** "12 listings: 9 Live · 3 Opted out", from the rows on hand; the count alone when some are not. */
export function healthLine(rows: Pick<RowsView, 'matched' | 'rowAt'>): string {
  const count = rows.matched ?? 0;
  if (count === 0) return 'No listings for this location.';
  const total = `${count} listing${count === 1 ? '' : 's'}`;
  const counts = new Map<string, number>();
  for (let i = 0; i < count; i++) {
    const row = rows.rowAt(i);
    if (!row) return total;
    counts.set(row.status, (counts.get(row.status) ?? 0) + 1);
  }
  return `${total}: ${[...counts].map(([status, n]) => `${n} ${listingStatusLabel(status)}`).join(' · ')}`;
}

/**
 * The worker's source as the panel frame may use it: the worker answers a panel only about one
 * location, so even the load state is asked for with that location's filter.
 */
export function oneLocationSource(locationId: string): WorkspaceSource {
  const source = workerSource();
  return {
    ...source,
    async loadState() {
      const filters = wireFilters({ ...NO_FILTERS, locationIds: [locationId] });
      const view = await ask('listings.query', { filters, offset: 0, limit: 0 });
      return toLoadState(view.accountKey, view.load);
    },
  };
}

function Health({ rows }: { rows: RowsView }) {
  if (rows.error) return <ErrorNotice error={rows.error} title="Listings could not be loaded" />;
  if (rows.matched === null)
    return (
      <p class="panel__muted" aria-busy="true">
        Loading listings…
      </p>
    );
  return (
    <p class="panel__health" data-testid="panel-health">
      {healthLine(rows)}
    </p>
  );
}

export function LocationListings({ locationId }: { locationId: string }) {
  const source = useMemo(() => oneLocationSource(locationId), [locationId]);
  const filters = useMemo(() => ({ ...NO_FILTERS, locationIds: [locationId] }), [locationId]);
  return (
    <section class="panel__listings" aria-labelledby="panel-listings-title">
      <h2 id="panel-listings-title" class="panel__heading">
        Listings by publisher
      </h2>
      <WorkspaceSourceContext.Provider value={source}>
        <FilteredListings
          filters={filters}
          initialSort={{ column: 'publisher', direction: 'asc' }}
          label="Listings of this location"
          compact
          summary={(rows) => <Health rows={rows} />}
        />
      </WorkspaceSourceContext.Provider>
    </section>
  );
}
