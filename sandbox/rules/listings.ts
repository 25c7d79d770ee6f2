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
  for (const listing of store.listingsOf(account.accountId)) {
    if (!locationIds.has(listing.locationId) || !publisherIds.has(listing.publisherId)) continue;
    if (target === 'in' && listing.status === 'OPTED_OUT') {
      listing.status = 'WAITING_ON_PUBLISHER';
    } else if (target === 'out') {
      listing.status = 'OPTED_OUT';
      listing.statusDetails = [];
    }
  }
  store.changed();
}
