// A location and a folder as the UI is told about them: plain functions, also used by the bench.
import type { Folder } from '../api/folders.ts';
import type { Location } from '../api/locations.ts';
import type { FolderView, LocationView } from '../messaging/protocol/index.ts';

/** The vendor's root folder ("0"), none, or a folder the account does not list: no folder. */
function folderOf(id: string | undefined, known: ReadonlySet<string>): string | null {
  return id && known.has(id) ? id : null;
}

export function toFolderViews(folders: readonly Folder[]): FolderView[] {
  const known = new Set(folders.map((f) => f.id));
  return folders.map((f) => ({
    id: f.id,
    name: f.name ?? '',
    parentId: f.parentId !== f.id ? folderOf(f.parentId, known) : null,
  }));
}

export function toLocationView(l: Location, folderIds: ReadonlySet<string>): LocationView {
  return {
    id: l.id,
    name: l.locationName ?? '',
    address: l.address ?? '',
    address2: l.address2 ?? '',
    city: l.city ?? '',
    state: l.state ?? '',
    zip: l.zip ?? '',
    countryCode: l.countryCode ?? '',
    phone: l.phone ?? '',
    folderId: folderOf(l.folderId, folderIds),
    websiteUrl: l.websiteUrl ?? '',
  };
}
