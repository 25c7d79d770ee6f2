// Locations by name, not by id: "Main Street Bakery, Springfield", from the worker's cached list of
// every linked account's locations (location-names-store.ts). Until it has answered (or for an unknown id)
// the id is shown.
import { useMemo } from 'preact/hooks';
import { useStarted } from '../ui/store.ts';
import { useValue } from '../ui/use-value.ts';
import { createLocationNamesStore, type LocationName, type LocationNames } from './location-names-store.ts';

export { locationText } from '../../lib/shared/location-text.ts';
export { locationKey } from './location-names-store.ts';
export type { LocationName, LocationNames };

export function useLocationNames(): LocationNames {
  const store = useMemo(() => createLocationNamesStore(), []);
  useStarted(store);
  return useValue(store.names);
}
