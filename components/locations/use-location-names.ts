// Locations by name, not by id: "Main Street Bakery, Springfield", from the worker's cached list of
// the active account's locations. Until it has answered (or for an unknown id) the id is shown.
import { useEffect, useState } from 'preact/hooks';
import { ask, onDeskEvent } from '../../lib/messaging/ui.ts';

export interface LocationName {
  name: string;
  city: string;
}

/** The location's name and city; its id when it has no name. */
export function locationText(id: string, location: LocationName | undefined): string {
  const name = location?.name.trim();
  if (!name) return id;
  const city = location?.city.trim();
  return city ? `${name}, ${city}` : name;
}

export function useLocationNames(): ReadonlyMap<string, LocationName> {
  const [names, setNames] = useState<ReadonlyMap<string, LocationName>>(new Map());
  useEffect(() => {
    let live = true;
    const load = () =>
      ask('locations.list', {}).then(
        (view) => {
          if (live) setNames(new Map(view.locations.map((l) => [l.id, { name: l.name, city: l.city }])));
        },
        // Names are a help, not a need: without them the ids stay.
        () => undefined,
      );
    void load();
    const offLocations = onDeskEvent('locations.changed', () => void load());
    const offAccounts = onDeskEvent('accounts.changed', () => void load());
    return () => {
      live = false;
      offLocations();
      offAccounts();
    };
  }, []);
  return names;
}
