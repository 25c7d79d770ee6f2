// Locations by name, not by id: the worker's cached list of the active account's locations, asked when
// first shown and again when the locations or the active account change.
import type { ReadonlySignal } from '@preact/signals-core';
import { computed } from '@preact/signals-core';
import { followEvents, query, type StoreIo, workerIo } from '../ui/store.ts';

export interface LocationName {
  name: string;
  city: string;
}

const NONE: ReadonlyMap<string, LocationName> = new Map();

export function createLocationNamesStore(io: StoreIo = workerIo) {
  const list = query(async () => {
    const view = await io.ask('locations.list', {});
    return new Map(view.locations.map((l) => [l.id, { name: l.name, city: l.city }])) as ReadonlyMap<
      string,
      LocationName
    >;
  });
  // Names are a help, not a need: without them (no answer yet, or a failure) the ids stay.
  const names: ReadonlySignal<ReadonlyMap<string, LocationName>> = computed(() => list.value.value ?? NONE);

  function start(): () => void {
    void list.load();
    return followEvents(
      { 'locations.changed': () => void list.refresh(), 'accounts.changed': () => void list.refresh() },
      io,
    );
  }

  return { names, start };
}

export type LocationNamesStore = ReturnType<typeof createLocationNamesStore>;
