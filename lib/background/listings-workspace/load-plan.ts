// Before a fetch-all: what it would cost. One request (limit=1) tells the count; the request budget tells
// what is left this hour. A load that would take more than a quarter of it is said beforehand, and a part
// (one folder's locations: the service filters listings by locationIds) is offered instead.
import { LISTINGS_PAGE_SIZE, listListings } from '../../api/listings.ts';
import type { ListingsLoadPlan, ListingsPart } from '../../messaging/protocol/index.ts';
import { DeskError } from '../../messaging/wire-error.ts';
import { locationsItem } from '../locations.ts';
import type { WorkspaceDeps } from './deps.ts';

/** A load taking more than this share of the requests left this hour is said beforehand. */
export const WARN_ABOVE_SHARE = 0.25;

/** A part of the account to load: a folder (and its subfolders), as the locations cache knows them. */
export interface LoadPart extends ListingsPart {
  locationIds: string[];
}

export async function folderPart(accountKey: string, folderId: string): Promise<LoadPart> {
  const stored = (await locationsItem.getValue())[accountKey];
  const folder = stored?.folders.find((f) => f.id === folderId);
  if (!stored || !folder) {
    throw new DeskError({
      code: 'unknown-folder',
      message:
        'Listings Desk does not know this folder yet, so nothing was loaded. Refresh the locations, then try again.',
    });
  }
  // The folder and every folder under it.
  const inside = new Set([folderId]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const f of stored.folders) {
      if (f.parentId && inside.has(f.parentId) && !inside.has(f.id)) {
        inside.add(f.id);
        grew = true;
      }
    }
  }
  const locationIds = stored.locations.filter((l) => l.folderId && inside.has(l.folderId)).map((l) => l.id);
  if (locationIds.length === 0) {
    throw new DeskError({
      code: 'empty-folder',
      message: `The folder ${folder.name || folder.id} has no locations, so there is nothing to load. Choose another folder.`,
    });
  }
  return { folderId, name: folder.name || folder.id, locations: locationIds.length, locationIds };
}

/** The count (one request, the person's: they are about to load) and the hour's budget, for the page. */
export async function loadPlan(
  deps: WorkspaceDeps,
  accountKey: string,
  folderId?: string,
  knownCount?: number,
): Promise<ListingsLoadPlan> {
  const part = folderId ? await folderPart(accountKey, folderId) : null;
  const listings =
    knownCount ??
    (
      await deps.withAccount(
        (client) => listListings(client, { limit: 1, ...(part ? { locationIds: part.locationIds } : {}) }),
        accountKey,
      )
    ).data.count;
  const requests = Math.max(1, Math.ceil(listings / LISTINGS_PAGE_SIZE));
  const budget = await deps.budget?.view();
  const remaining = budget?.remaining ?? null;
  const { locationIds: _ids, ...shown } = part ?? { locationIds: [] };
  return {
    listings,
    requests,
    remaining,
    limit: budget?.limit ?? null,
    resetAt: budget?.resetAt ?? null,
    tooMuch: remaining !== null && requests > remaining * WARN_ABOVE_SHARE,
    part: part ? (shown as ListingsPart) : null,
  };
}
