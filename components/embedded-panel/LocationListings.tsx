// The located location's listings: the listings workspace's table filtered to that one location, in
// its compact form (publisher, status, reasons, link), under a health line counting all its listings.
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { ListWarning } from '../../lib/messaging/error-words.ts';
import { ask } from '../../lib/messaging/ui.ts';
import { listingStatusLabel, listingStatusRank } from '../listings-health/status-labels.ts';
import { FilteredListings } from '../listings-workspace/FilteredListings.tsx';
import { WorkspaceSourceContext } from '../listings-workspace/use-workspace-data.ts';
import { toLoadState, wireFilters, workerSource } from '../listings-workspace/worker-source.ts';
import { NO_FILTERS } from '../listings-workspace/workspace-filters.ts';
import type { WorkspaceSource } from '../listings-workspace/workspace-source.ts';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import { ListWarnings } from '../ui/ListWarnings.tsx';

export interface LocationHealth {
  matched: number;
  statusCounts: { status: string; count: number }[];
  /** What the service said about the account's listings (an empty answer, items left out). */
  warnings?: ListWarning[];
}

/** "12 listings: 9 Live · 3 Opted out", in the order statuses are listed everywhere else. */
export function healthLine({ matched, statusCounts }: LocationHealth): string {
  if (matched === 0) return 'No listings for this location.';
  const parts = [...statusCounts]
    .sort((a, b) => listingStatusRank(a.status) - listingStatusRank(b.status))
    .map(({ status, count }) => `${count} ${listingStatusLabel(status)}`);
  return `${matched} listing${matched === 1 ? '' : 's'}: ${parts.join(' · ')}`;
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

/**
 * The location's counts by status, asked for apart from the table's rows: the table fetches only the
 * window it shows, and the line counts every listing. Asked again whenever the worker's listings move on.
 */
function useLocationHealth(source: WorkspaceSource, locationId: string) {
  const [state, setState] = useState<{ health: LocationHealth | null; error: unknown }>({ health: null, error: null });
  useEffect(() => {
    let latest = 0;
    const refresh = () => {
      const asked = ++latest;
      const filters = wireFilters({ ...NO_FILTERS, locationIds: [locationId] });
      ask('listings.query', { filters, offset: 0, limit: 0, statusCounts: true }).then(
        (view) =>
          asked === latest &&
          setState({
            health: { matched: view.matched, statusCounts: view.statusCounts ?? [], warnings: view.load.warnings },
            error: null,
          }),
        (error) => asked === latest && setState((was) => ({ ...was, error })),
      );
    };
    refresh();
    const off = source.onLoadState(refresh);
    return () => {
      latest = -1;
      off();
    };
  }, [source, locationId]);
  return state;
}

function Health({ source, locationId }: { source: WorkspaceSource; locationId: string }) {
  const { health, error } = useLocationHealth(source, locationId);
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
          summary={() => <Health source={source} locationId={locationId} />}
        />
      </WorkspaceSourceContext.Provider>
    </section>
  );
}
