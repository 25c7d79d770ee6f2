// One location's listings for the panel, by publisher, with their status and the service's reasons.
// A small query of its own until the listings workspace's one-location query can be shared.
import { listListings } from '../../api/listings.ts';
import type { PanelListingsView } from '../../messaging/protocol/index.ts';
import type { DeskDeps } from '../core/deps.ts';
import { readAccounts } from '../core/linked-accounts.ts';
import { publisherNamesOf } from '../core/publisher-names.ts';

const httpOnly = (url: string | undefined) => (url && /^https?:\/\//i.test(url) ? url : '');

export async function locationListings(
  locationId: string,
  deps: Pick<DeskDeps, 'withAccount'>,
): Promise<PanelListingsView> {
  const { activeAccountKey } = await readAccounts();
  if (!activeAccountKey) return { locationId, count: 0, listings: [] };
  const [{ data }, publisherNames] = await Promise.all([
    deps.withAccount((client) => listListings(client, { locationIds: [locationId], limit: 100 }), activeAccountKey),
    publisherNamesOf(activeAccountKey),
  ]);
  const listings = data.listings
    .map((listing) => ({
      id: listing.id,
      publisherId: listing.publisherId,
      publisherName: publisherNames[listing.publisherId] ?? (listing.publisherId || 'Unknown publisher'),
      status: listing.status,
      listingUrl: httpOnly(listing.listingUrl),
      reasons: (listing.statusDetails ?? []).map((detail) => detail.message ?? '').filter(Boolean),
    }))
    .sort((a, b) => a.publisherName.localeCompare(b.publisherName));
  return { locationId, count: data.count, listings };
}
