// One location's listings for the panel, by publisher, with their status and the service's reasons.
// A small query of its own until the listings workspace's one-location query can be shared.
import type { ApiClient } from '../../api/client.ts';
import { listListings } from '../../api/listings.ts';
import type { PanelListingsView } from '../../messaging/protocol/index.ts';
import { publisherNamesItem } from '../../storage.ts';
import { withAccount } from '../api-session.ts';
import { readAccounts } from '../linked-accounts.ts';

const httpOnly = (url: string | undefined) => (url && /^https?:\/\//i.test(url) ? url : '');

export async function locationListings(
  locationId: string,
  run: <T>(work: (client: ApiClient) => Promise<T>, accountKey: string) => Promise<T> = (work, key) =>
    withAccount((client) => work(client), key),
): Promise<PanelListingsView> {
  const { activeAccountKey } = await readAccounts();
  if (!activeAccountKey) return { locationId, count: 0, listings: [] };
  const [{ data }, names] = await Promise.all([
    run((client) => listListings(client, { locationIds: [locationId], limit: 100 }), activeAccountKey),
    publisherNamesItem.getValue(),
  ]);
  const publisherNames = names[activeAccountKey]?.names ?? {};
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
