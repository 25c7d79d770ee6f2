// Folders and locations as ACL scopes, from the listings workspace's folders and locations calls.
// A folder is shown with its parents ("West › Pacific Northwest"), a location with its city.
import { fetchAllFolders } from '../../api/folders.ts';
import { fetchAllLocations } from '../../api/locations.ts';
import type { ScopeLoader } from './scopes.ts';

export const loadFolders: ScopeLoader = async (client) => {
  const { folders } = await fetchAllFolders(client, 'me');
  const byId = new Map(folders.map((f) => [String(f.id), f]));
  const path = (parentId: string | undefined, seen: Set<string>): string[] => {
    const parent = parentId ? byId.get(parentId) : undefined;
    // A cycle or an unknown parent ends the path: the vendor's root is "0".
    if (!parent || seen.has(String(parent.id))) return [];
    seen.add(String(parent.id));
    return [...path(parent.parentId ? String(parent.parentId) : undefined, seen), parent.name || String(parent.id)];
  };
  return folders.map((folder) => ({
    type: 'FOLDER' as const,
    id: String(folder.id),
    name: folder.name || String(folder.id),
    detail: path(folder.parentId ? String(folder.parentId) : undefined, new Set([String(folder.id)])).join(' › '),
  }));
};

export const loadLocations: ScopeLoader = async (client) => {
  const { locations } = await fetchAllLocations(client, 'me');
  return locations.map((location) => ({
    type: 'LOCATION' as const,
    id: String(location.id),
    name: location.locationName || String(location.id),
    detail: [location.city, location.state].filter(Boolean).join(', '),
  }));
};
