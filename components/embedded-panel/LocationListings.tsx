// The located location's listings by publisher: status, the service's reasons, and a link when the
// listing has an http(s) address. Publisher data is text only.
import { useEffect, useState } from 'preact/hooks';
import type { PanelListingsView } from '../../lib/messaging/protocol/index.ts';
import { ask } from '../../lib/messaging/ui.ts';
import { listingStatusLabel, listingStatusTone } from '../listings-health/status-labels.ts';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import { safeHttpUrl } from '../ui/safe-url.ts';

export function healthLine(view: PanelListingsView): string {
  if (view.count === 0) return 'No listings for this location.';
  const counts = new Map<string, number>();
  for (const listing of view.listings) counts.set(listing.status, (counts.get(listing.status) ?? 0) + 1);
  const parts = [...counts].map(([status, n]) => `${n} ${listingStatusLabel(status)}`);
  return `${view.count} listing${view.count === 1 ? '' : 's'}: ${parts.join(' · ')}`;
}

export function LocationListings({ locationId }: { locationId: string }) {
  const [view, setView] = useState<PanelListingsView | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    let current = true;
    setView(null);
    setError(null);
    ask('panel.listings', { locationId }).then(
      (next) => current && setView(next),
      (caught) => current && setError(caught),
    );
    return () => {
      current = false;
    };
  }, [locationId]);

  if (error) return <ErrorNotice error={error} title="Listings could not be loaded" />;
  if (!view)
    return (
      <p class="panel__muted" aria-busy="true">
        Loading listings…
      </p>
    );
  return (
    <section class="panel__listings" aria-labelledby="panel-listings-title">
      <h2 id="panel-listings-title" class="panel__heading">
        Listings by publisher
      </h2>
      <p class="panel__health" data-testid="panel-health">
        {healthLine(view)}
      </p>
      <ul class="panel__listing-list">
        {view.listings.map((listing) => {
          const href = safeHttpUrl(listing.listingUrl);
          return (
            <li key={listing.id} class="panel__listing">
              <span class="panel__publisher">
                {href ? (
                  <a href={href} target="_blank" rel="noopener noreferrer">
                    {listing.publisherName}
                  </a>
                ) : (
                  listing.publisherName
                )}
              </span>
              <span class="panel__status" data-tone={listingStatusTone(listing.status)}>
                {listingStatusLabel(listing.status)}
              </span>
              {listing.reasons.length > 0 ? <span class="panel__reasons">{listing.reasons.join(' · ')}</span> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
