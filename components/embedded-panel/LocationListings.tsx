// The located location's listings: the listings workspace's table filtered to that one location, in
// its compact form (publisher, status, reasons, link), under a health line counting all its listings.
import { useMemo } from 'preact/hooks';
import { listingStatusLabel, listingStatusRank } from '../listings-health/status-labels.ts';
import { FilteredListings } from '../listings-workspace/FilteredListings.tsx';
import { WorkspaceProvider } from '../listings-workspace/WorkspaceProvider.tsx';
import { NO_FILTERS } from '../listings-workspace/workspace-filters.ts';
import { type LocationHealth, useWorkspace } from '../listings-workspace/workspace-store.ts';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import { ListWarnings } from '../ui/ListWarnings.tsx';

/** "12 listings: 9 Live · 3 Opted out", in the order statuses are listed everywhere else. */
export function healthLine({ matched, statusCounts }: LocationHealth): string {
  if (matched === 0) return 'No listings for this location.';
  const parts = [...statusCounts]
    .sort((a, b) => listingStatusRank(a.status) - listingStatusRank(b.status))
    .map(({ status, count }) => `${count} ${listingStatusLabel(status)}`);
  return `${matched} listing${matched === 1 ? '' : 's'}: ${parts.join(' · ')}`;
}

/**
 * The location's counts by status, asked for apart from the table's rows (the table fetches only the
 * window it shows, the line counts every listing); the store asks again whenever the listings move on.
 */
function Health() {
  const store = useWorkspace();
  const health = store.health.value;
  const error = store.healthError.value;
  if (error) return <ErrorNotice error={error} title="Listings could not be loaded" />;
  if (!health)
    return (
      <p class="panel__muted" aria-busy="true">
        Loading listings…
      </p>
    );
  return (
    <>
      <p class="panel__health" data-testid="panel-health">
        {healthLine(health)}
      </p>
      <ListWarnings warnings={health.warnings} size="sm" />
    </>
  );
}

export function LocationListings({ locationId }: { locationId: string }) {
  const filters = useMemo(() => ({ ...NO_FILTERS, locationIds: [locationId] }), [locationId]);
  return (
    <section class="panel__listings" aria-labelledby="panel-listings-title">
      <h2 id="panel-listings-title" class="panel__heading">
        Listings by publisher
      </h2>
      {/* The worker answers a panel only about one location: its store asks with that location's filter. */}
      <WorkspaceProvider locationId={locationId}>
        <FilteredListings
          filters={filters}
          initialSort={{ key: 'publisher', direction: 'asc' }}
          label="Listings of this location"
          compact
          summary={() => <Health />}
        />
      </WorkspaceProvider>
    </section>
  );
}
