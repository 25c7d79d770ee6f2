// The active account's locations and folders, cached per account like the publishers list: served from
// storage at once and fetched again in the background when missing, older than LOCATIONS_MAX_AGE_MS or
// asked for. The listings workspace, users and roles, provisioning and the embedded panel all read it.
import type { Runtime } from 'webextension-polyfill';
import type { ApiClient } from '../api/client.ts';
import { fetchAllFolders } from '../api/folders.ts';
import { fetchAllLocations } from '../api/locations.ts';
import type { Handlers } from '../messaging/background.ts';
import type { FolderView, LocationNamesView, LocationsView, LocationView } from '../messaging/protocol/index.ts';
import { defineItem } from '../storage-item.ts';
import { accountDirectory, itemStore, withoutAccountEntry } from './core/account-directory.ts';
import type { DeskDeps } from './core/deps.ts';
import { readAccounts } from './core/linked-accounts.ts';
import { requirePanelScope } from './core/panel-scope.ts';
import { defineFeature, type StorageWrites } from './feature.ts';
import { toFolderViews, toLocationView } from './locations-views.ts';

export { toFolderViews, toLocationView } from './locations-views.ts';

/** Locations change seldom (an add request, a rename); the Refresh fetches them at once. */
export const LOCATIONS_MAX_AGE_MS = 6 * 60 * 60_000;

export interface StoredLocations {
  fetchedAt: number;
  locations: LocationView[];
  folders: FolderView[];
}

export const locationsItem = defineItem<Record<string, StoredLocations>>('local:locationsDirectory', {
  fallback: {},
});

export type LocationsDeps = Pick<DeskDeps, 'withAccount' | 'broadcast' | 'now'>;

async function fetchLocations(client: ApiClient): Promise<Omit<StoredLocations, 'fetchedAt'>> {
  const [locations, folders] = await Promise.all([fetchAllLocations(client), fetchAllFolders(client)]);
  // A page that could not be had would leave locations out for hours: better to fail and say so.
  const incomplete = locations.incomplete ?? folders.incomplete;
  if (incomplete) throw incomplete.error;
  const folderViews = toFolderViews(folders.folders);
  const folderIds = new Set(folderViews.map((f) => f.id));
  return { locations: locations.locations.map((l) => toLocationView(l, folderIds)), folders: folderViews };
}

export function createLocations(deps: LocationsDeps) {
  const directory = accountDirectory<StoredLocations>({
    store: itemStore(locationsItem),
    maxAgeMs: LOCATIONS_MAX_AGE_MS,
    deps,
    fetch: fetchLocations,
    done: (accountKey) => deps.broadcast('locations.changed', { accountKey }),
  });

  async function list(refresh: boolean): Promise<LocationsView> {
    const active = await directory.active(refresh);
    if (!active)
      return { accountKey: null, locations: [], folders: [], fetchedAt: null, refreshing: false, error: null };
    const { stored, ...state } = active;
    return { ...state, locations: stored?.locations ?? [], folders: stored?.folders ?? [] };
  }

  /** The embedded panel's answer: its located location alone (of its located account), never the list. */
  async function panelList(sender: Runtime.MessageSender): Promise<LocationsView> {
    const { accountKey, locationId } = await requirePanelScope(sender);
    const stored = await directory.cached(accountKey);
    const locations = stored?.locations.filter((l) => l.id === locationId) ?? [];
    return { accountKey, locations, folders: [], fetchedAt: stored?.fetchedAt ?? null, refreshing: false, error: null };
  }

  /** Names across accounts (the popup's rows and location filter): the cached lists, a missing one fetched once. */
  async function names(): Promise<LocationNamesView> {
    const { accounts } = await readAccounts();
    const lists = await Promise.all(
      accounts.map(async (account) => {
        const stored = await directory.cached(account.accountKey);
        if (!stored && !account.needsRelink && !directory.error(account.accountKey))
          void directory.revalidate(account.accountKey);
        const locations = (stored?.locations ?? []).map(({ id, name, city }) => ({ id, name, city }));
        return { accountKey: account.accountKey, locations };
      }),
    );
    return { accounts: lists };
  }

  const handlers: Pick<Handlers, 'locations.list' | 'locations.names'> = {
    'locations.list': ({ refresh }, { access, sender }) => (access === 'content' ? panelList(sender) : list(refresh)),
    'locations.names': () => names(),
  };

  return {
    handlers,
    list,
    cached: directory.cached,
    ensure: directory.ensure,
    error: directory.error,
    revalidate: directory.revalidate,
    settled: directory.settled,
  };
}

/** The write that drops an account's locations. */
export function withoutLocations(accountKey: string): Promise<StorageWrites> {
  return withoutAccountEntry(locationsItem, accountKey);
}

export function locationsFeature(deps: LocationsDeps) {
  const { handlers } = createLocations(deps);
  return defineFeature({ name: 'locations', handlers, forgetAccount: withoutLocations });
}
