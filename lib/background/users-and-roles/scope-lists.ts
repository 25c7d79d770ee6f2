// Folders and locations as ACL scopes. They come from the listings workspace's folders and locations
// calls (w-listdata); until those are merged, both lists are empty.
import type { ScopeLoader } from './scopes.ts';

export const loadFolders: ScopeLoader = async () => [];
export const loadLocations: ScopeLoader = async () => [];
