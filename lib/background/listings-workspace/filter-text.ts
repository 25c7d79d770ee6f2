// What a filter is matched against: a location's words, and whether any filter is set at all.
import type { FolderView, ListingsTableFilters, LocationView } from '../../messaging/protocol/index.ts';

export type Filters = Required<Omit<ListingsTableFilters, 'hasStatusDetails'>> & { hasStatusDetails?: boolean };

/** Lower-cased, for matching: everything a person may type to find a location. */
export function locationText(id: string, location: LocationView | undefined): string {
  if (!location) return id.toLowerCase();
  const { name, address, address2, city, state, zip } = location;
  return `${name}\n${address}\n${address2}\n${city}\n${state}\n${zip}\n${id}`.toLowerCase();
}

/** Whether any filter narrows the rows (an unfiltered answer is the sort order itself). */
export function hasFilter(f: Filters): boolean {
  return (
    f.statuses.length > 0 ||
    f.publisherIds.length > 0 ||
    f.locationIds.length > 0 ||
    f.folderIds.length > 0 ||
    f.text.trim() !== '' ||
    f.hasStatusDetails !== undefined
  );
}

/** The folders and every folder below them. */
export function foldersWithin(folders: readonly FolderView[], folderIds: readonly string[]): Set<string> {
  const children = new Map<string, string[]>();
  for (const folder of folders) {
    if (folder.parentId === null) continue;
    children.set(folder.parentId, [...(children.get(folder.parentId) ?? []), folder.id]);
  }
  const found = new Set<string>();
  const visit = (id: string) => {
    if (found.has(id)) return;
    found.add(id);
    for (const child of children.get(id) ?? []) visit(child);
  };
  folderIds.forEach(visit);
  return found;
}
