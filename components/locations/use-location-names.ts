// Locations by name, not by id: "Main Street Bakery, Springfield", from the worker's cached list of
// the active account's locations (location-names-store.ts). Until it has answered (or for an unknown id)
// the id is shown.
import { useMemo } from 'preact/hooks';
import { useStarted } from '../ui/store.ts';
import { useValue } from '../ui/use-value.ts';
import { createLocationNamesStore, type LocationName } from './location-names-store.ts';

export type { LocationName };

/** The location's name and city; its id when it has no name. */
export function locationText(id: string, location: LocationName | undefined): string {
  const name = location?.name.trim();
  if (!name) return id;
  const city = location?.city.trim();
  return city ? `${name}, ${city}` : name;
}

export function useLocationNames(): ReadonlyMap<string, LocationName> {
  const store = useMemo(() => createLocationNamesStore(), []);
  useStarted(store);
  return useValue(store.names);
}
