// Publishers, listings, opt-in and opt-out.
import type { SandboxApp, SandboxDeps } from '../deps.ts';
import { ApiError, CODES, ok } from '../envelope.ts';
import { listParam, listQuery, queryOf, resolveAccount, type SandboxContext } from '../guard.ts';
import { LISTING_STATUSES, type Listing } from '../model.ts';
import { optListings } from '../rules/listings.ts';

const BASE = '/v2/accounts/:accountId/powerlistings';
/** Opt-in and opt-out: locations × publishers per request. */
const OPT_LIMIT = 100;

function publicListing(l: Listing) {
  return {
    id: l.id,
    locationId: l.locationId,
    accountId: l.accountId,
    publisherId: l.publisherId,
    status: l.status,
    listingUrl: l.listingUrl,
    screenShotUrl: l.screenShotUrl,
    statusDetails: l.statusDetails.map((d) => ({ ...d })),
  };
}

/** The vendor defines only the two query lists: a body is not read, as the service reads none. */
function optLists(c: SandboxContext): { locationIds: string[]; publisherIds: string[] } {
  const query = queryOf(c);
  const locationIds = listParam(query, 'locationIds');
  const publisherIds = listParam(query, 'publisherIds');
  if (!locationIds?.length) throw new ApiError(400, CODES.MISSING_FIELD, 'Missing required parameter: locationIds');
  if (!publisherIds?.length) throw new ApiError(400, CODES.MISSING_FIELD, 'Missing required parameter: publisherIds');
  return { locationIds: [...new Set(locationIds)], publisherIds: [...new Set(publisherIds)] };
}

export function register(app: SandboxApp, { store }: SandboxDeps): void {
  app.get(`${BASE}/publishers`, (c) => {
    const account = resolveAccount(c, store);
    if (!account.listingsSubscription) return ok([]);
    return ok(
      store.state.publishers.map((p) => ({
        id: p.id,
        name: p.name,
        alternateBrands: p.alternateBrands.map((b) => ({ ...b })),
        supportedCountries: [...p.supportedCountries],
      })),
    );
  });

  app.get(`${BASE}/listings`, (c) => {
    const account = resolveAccount(c, store);
    const page = listQuery(c, { defaultLimit: 100, maxLimit: 100, statuses: LISTING_STATUSES });
    if (!account.listingsSubscription) return ok({ count: 0, listings: [] });
    // Sorted by publisher, then location; a page without filters is made from its offset, not a scan.
    const { count, listings } = store.listingsPage(account.accountId, page.filter, page.offset, page.limit);
    return ok({ count, listings: listings.map(publicListing) });
  });

  const opt = (target: 'in' | 'out') => async (c: SandboxContext) => {
    const account = resolveAccount(c, store);
    const { locationIds, publisherIds } = optLists(c);
    const total = locationIds.length * publisherIds.length;
    if (total > OPT_LIMIT) {
      throw new ApiError(
        400,
        CODES.OPT_LIMIT,
        `Opt-${target} handles at most ${OPT_LIMIT} listings per request; ${locationIds.length} locations × ${publisherIds.length} publishers = ${total}`,
      );
    }
    const known = new Set(store.locationsOf(account.accountId).map((l) => l.id));
    const unknownLocation = locationIds.find((id) => !known.has(id));
    if (unknownLocation) throw new ApiError(400, CODES.UNKNOWN_LOCATION, `Unknown location: ${unknownLocation}`);
    const unknownPublisher = publisherIds.find((id) => !store.state.publishers.some((p) => p.id === id));
    if (unknownPublisher) throw new ApiError(400, CODES.UNKNOWN_PUBLISHER, `Unknown publisher: ${unknownPublisher}`);
    optListings(store, account, target, new Set(locationIds), new Set(publisherIds));
    return ok({});
  };
  app.put(`${BASE}/listings/optin`, opt('in'));
  app.put(`${BASE}/listings/optout`, opt('out'));
}
