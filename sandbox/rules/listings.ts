// What opting listings in and out does to their status.
import type { Account } from '../model.ts';
import type { Store } from '../store.ts';

/**
 * Opting in starts sending data, so an OPTED_OUT listing waits on the publisher next;
 * opting out turns any listing OPTED_OUT and drops its status details.
 */
export function optListings(
  store: Store,
  account: Account,
  target: 'in' | 'out',
  locationIds: ReadonlySet<string>,
  publisherIds: ReadonlySet<string>,
): void {
  // At most 100 pairs a request: each is looked up, and only a listing that changes is stored.
  for (const locationId of locationIds) {
    for (const publisherId of publisherIds) {
      const listing = store.listing(locationId, publisherId);
      if (!listing || listing.accountId !== account.accountId) continue;
      if (target === 'in' && listing.status === 'OPTED_OUT') {
        store.putListing({ ...listing, status: 'WAITING_ON_PUBLISHER' });
      } else if (target === 'out') {
        store.putListing({ ...listing, status: 'OPTED_OUT', statusDetails: [] });
      }
    }
  }
  store.changed();
}
