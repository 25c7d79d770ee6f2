// Locations by name, not by id: "Main Street Bakery, Springfield", from the worker's cached list of
// the active account's locations (location-names-store.ts). Until it has answered (or for an unknown id)
// the id is shown.
import { useMemo } from 'preact/hooks';
import { useStarted } from '../ui/store.ts';
import { useValue } from '../ui/use-value.ts';
import { createLocationNamesStore, type LocationName } from './location-names-store.ts';

export { locationText } from '../../lib/shared/location-text.ts';
export type { LocationName };

export function useLocationNames(): ReadonlyMap<string, LocationName> {
  const store = useMemo(() => createLocationNamesStore(), []);
  useStarted(store);
  return useValue(store.names);
}
