// Folders and locations as ACL scopes: the linked account's from the locations feature's directory (the same
// copy the listings workspace shows), a sub-account's read for it. A folder is shown with its parents
// ("West › Pacific Northwest"), a location with its city.
import { fetchAllFolders } from '../../api/folders.ts';
import { fetchAllLocations } from '../../api/locations.ts';
import type { FolderView, LocationView, ScopeOptionView } from '../../messaging/protocol/index.ts';
import { DeskError } from '../../messaging/wire-error.ts';
import { createLocations, type LocationsDeps } from '../locations.ts';
import type { ScopeLoaders } from './scopes.ts';

export function folderOptions(folders: FolderView[]): ScopeOptionView[] {
  const byId = new Map(folders.map((f) => [f.id, f]));
  const parents = (folder: FolderView): string[] => {
    const path: string[] = [];
    const seen = new Set([folder.id]);
    let parent = folder.parentId ? byId.get(folder.parentId) : undefined;
    // A cycle or an unknown parent ends the path.
    while (parent && !seen.has(parent.id)) {
      seen.add(parent.id);
      path.unshift(parent.name || parent.id);
      parent = parent.parentId ? byId.get(parent.parentId) : undefined;
    }
    return path;
  };
  return folders.map((folder) => ({
    type: 'FOLDER' as const,
    id: folder.id,
    name: folder.name || folder.id,
    detail: parents(folder).join(' › '),
  }));
}

export function locationOptions(locations: LocationView[]): ScopeOptionView[] {
  return locations.map((location) => ({
    type: 'LOCATION' as const,
    id: location.id,
    name: location.name || location.id,
    detail: [location.city, location.state].filter(Boolean).join(', '),
  }));
}

export function directoryScopeLoaders(deps: LocationsDeps): Pick<ScopeLoaders, 'FOLDER' | 'LOCATION'> {
  const directory = createLocations(deps);
  const stored = async (accountKey: string) => {
    const found = await directory.ensure(accountKey);
    if (!found) {
      throw new DeskError({
        code: 'locations-unavailable',
        message: 'The account’s folders and locations could not be loaded. Try again.',
      });
    }
    return found;
  };
  return {
    FOLDER: async (client, accountKey, accountId) =>
      folderOptions(
        accountId === 'me'
          ? (await stored(accountKey)).folders
          : (await fetchAllFolders(client, accountId)).folders.map((f) => ({
              id: f.id,
              name: f.name ?? '',
              parentId: f.parentId ?? '',
            })),
      ),
    LOCATION: async (client, accountKey, accountId) =>
      accountId === 'me'
        ? locationOptions((await stored(accountKey)).locations)
        : (await fetchAllLocations(client, accountId)).locations.map((l) => ({
            type: 'LOCATION' as const,
            id: l.id,
            name: l.locationName || l.id,
            detail: [l.city, l.state].filter(Boolean).join(', '),
          })),
  };
}
