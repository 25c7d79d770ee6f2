// Locations and folders, as the vendor's public v2 reference shows them (the interface document only
// says they are "largely the same" in v2).
import type { SandboxApp, SandboxDeps } from '../deps.ts';
import { ApiError, CODES, ok } from '../envelope.ts';
import { intParam, queryOf, resolveAccount } from '../guard.ts';
import type { Folder, Location } from '../model.ts';

const LOCATIONS_LIMIT = { fallback: 10, max: 50 };
const FOLDERS_LIMIT = { fallback: 100, max: 1000 };
/** The vendor's root folder: a top-level folder's parent. */
const ROOT_FOLDER_ID = '0';

function publicLocation(l: Location) {
  return {
    id: l.id,
    accountId: l.accountId,
    locationName: l.name,
    address: l.address.line1,
    address2: l.address.line2,
    city: l.address.city,
    state: l.address.region,
    zip: l.address.postalCode,
    countryCode: l.address.countryCode,
    phone: l.phone,
    folderId: l.folderId || ROOT_FOLDER_ID,
    websiteUrl: l.websiteUrl,
    labelIds: [],
    hours: l.hours,
    description: l.description,
    keywords: [...l.categories],
  };
}

function publicFolder(f: Folder) {
  return { id: f.id, name: f.name, parentId: f.parentId || ROOT_FOLDER_ID };
}

function paging(c: Parameters<typeof queryOf>[0], limits: { fallback: number; max: number }) {
  const query = queryOf(c);
  return {
    limit: intParam(query, 'limit', limits.fallback, 1, limits.max),
    offset: intParam(query, 'offset', 0, 0, Number.MAX_SAFE_INTEGER),
  };
}

export function register(app: SandboxApp, { store }: SandboxDeps): void {
  app.get('/v2/accounts/:accountId/locations', (c) => {
    const account = resolveAccount(c, store);
    const { limit, offset } = paging(c, LOCATIONS_LIMIT);
    const all = store.locationsOf(account.accountId);
    return ok({ count: all.length, locations: all.slice(offset, offset + limit).map(publicLocation) });
  });

  app.get('/v2/accounts/:accountId/locations/:locationId', (c) => {
    const account = resolveAccount(c, store);
    const id = c.req.param('locationId');
    const location = store.locationsOf(account.accountId).find((l) => l.id === id);
    if (!location) throw new ApiError(404, CODES.NOT_FOUND, `Location not found: ${id}`);
    return ok(publicLocation(location));
  });

  app.get('/v2/accounts/:accountId/folders', (c) => {
    const account = resolveAccount(c, store);
    const { limit, offset } = paging(c, FOLDERS_LIMIT);
    const all = store.state.folders.filter((f) => f.accountId === account.accountId);
    return ok({ count: all.length, folders: all.slice(offset, offset + limit).map(publicFolder) });
  });
}
