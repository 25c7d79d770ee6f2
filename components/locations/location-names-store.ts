// Locations by name, not by id: the worker's cached lists of every linked account's locations (a list across
// accounts names each row's location, not only the active account's), asked when first shown and again when
// locations or accounts change. The embedded panel may not ask for them: it reads its own location's name.
import type { ReadonlySignal } from '@preact/signals-core';
import { computed } from '@preact/signals-core';
import { followEvents, query, type StoreIo, workerIo } from '../ui/store.ts';

export interface LocationName {
  name: string;
  city: string;
}

/** A location of one account: "account location" keys a name across accounts (ids are each account's own). */
export const locationKey = (accountKey: string | undefined, locationId: string) =>
  accountKey ? `${accountKey} ${locationId}` : locationId;

export interface LocationNames {
  /** By locationKey(account, id), and by the bare id (the first account's, for rows that name no account). */
  byKey: ReadonlyMap<string, LocationName>;
  /** Every named location, for a filter that takes a name. */
  all: readonly ({ accountKey: string | null; id: string } & LocationName)[];
}

const NONE: LocationNames = { byKey: new Map(), all: [] };

async function askNames(io: StoreIo, open: boolean): Promise<LocationNames> {
  const lists = await io.ask('locations.names', { open }).then(
    (view) => view.accounts,
    // The panel's frame: only its own location (of the account it located) is for it to read.
    async () => {
      const view = await io.ask('locations.list', {});
      return [{ accountKey: view.accountKey ?? '', locations: view.locations }];
    },
  );
  const byKey = new Map<string, LocationName>();
  const all: LocationNames['all'][number][] = [];
  for (const { accountKey, locations } of lists) {
    for (const l of locations) {
      const name = { name: l.name, city: l.city };
      byKey.set(locationKey(accountKey, l.id), name);
      if (!byKey.has(l.id)) byKey.set(l.id, name);
      if (l.name) all.push({ accountKey: accountKey || null, id: l.id, ...name });
    }
  }
  return { byKey, all };
}

export function createLocationNamesStore(io: StoreIo = workerIo) {
  // The page's first ask is its open: only it may fetch lists never fetched (within an open's share).
  const list = query((open: boolean) => askNames(io, open));
  // Names are a help, not a need: without them (no answer yet, or a failure) the ids stay.
  const names: ReadonlySignal<LocationNames> = computed(() => list.value.value ?? NONE);

  function start(): () => void {
    void list.load(true);
    return followEvents(
      // An account linked while the page is open brings rows of its own: like an open, it may fetch their names.
      { 'locations.changed': () => void list.refresh(false), 'accounts.changed': () => void list.refresh(true) },
      io,
    );
  }

  return { names, start };
}

export type LocationNamesStore = ReturnType<typeof createLocationNamesStore>;
