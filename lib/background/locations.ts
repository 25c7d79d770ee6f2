// The active account's locations and folders, cached per account like the publishers list: served from
// storage at once and fetched again in the background when missing, older than LOCATIONS_MAX_AGE_MS or
// asked for. The listings workspace, users and roles, provisioning and the embedded panel all read it.
import { storage } from 'wxt/utils/storage';
import type { ApiClient } from '../api/client.ts';
import { fetchAllFolders } from '../api/folders.ts';
import { fetchAllLocations } from '../api/locations.ts';
import type { Handlers } from '../messaging/background.ts';
import type { FolderView, LocationsView, LocationView } from '../messaging/protocol/index.ts';
import { currentLink, writeIfLinked } from './core/account-lock.ts';
import type { DeskDeps } from './core/deps.ts';
import { readAccounts } from './core/linked-accounts.ts';
import { staleWhileRevalidate } from './core/swr-cache.ts';
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

export const locationsItem = storage.defineItem<Record<string, StoredLocations>>('local:locationsDirectory', {
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
  const cache = staleWhileRevalidate<[]>({
    maxAgeMs: LOCATIONS_MAX_AGE_MS,
    now: deps.now,
    async fetch(accountKey) {
      const link = await currentLink(accountKey);
      const fetched = await deps.withAccount(fetchLocations, accountKey);
      await writeIfLinked(link, async () => {
        const all = await locationsItem.getValue();
        await locationsItem.setValue({ ...all, [accountKey]: { ...fetched, fetchedAt: deps.now() } });
      });
    },
    done: (accountKey) => deps.broadcast('locations.changed', { accountKey }),
  });

  async function cached(accountKey: string): Promise<StoredLocations | undefined> {
    return (await locationsItem.getValue())[accountKey];
  }

  /** The cached locations, fetched first (and awaited) when there are none: for work that needs names. */
  async function ensure(accountKey: string): Promise<StoredLocations | undefined> {
    const found = await cached(accountKey);
    if (found) return found;
    await cache.revalidate(accountKey);
    return cached(accountKey);
  }

  async function list(refresh: boolean): Promise<LocationsView> {
    const { accounts, activeAccountKey } = await readAccounts();
    const account = accounts.find((a) => a.accountKey === activeAccountKey);
    const none = { locations: [], folders: [], fetchedAt: null, refreshing: false, error: null };
    if (!account) return { accountKey: null, ...none };
    const stored = await cached(account.accountKey);
    const state = cache.answer(account.accountKey, stored?.fetchedAt ?? null, {
      force: refresh,
      blocked: account.needsRelink,
    });
    return {
      accountKey: account.accountKey,
      locations: stored?.locations ?? [],
      folders: stored?.folders ?? [],
      fetchedAt: stored?.fetchedAt ?? null,
      ...state,
    };
  }

  const handlers: Pick<Handlers, 'locations.list'> = {
    'locations.list': ({ refresh }) => list(refresh),
  };

  return { handlers, list, ensure, revalidate: cache.revalidate, settled: cache.settled };
}

/** The write that drops an account's locations. */
export async function withoutLocations(accountKey: string): Promise<StorageWrites> {
  const { [accountKey]: _gone, ...others } = await locationsItem.getValue();
  return [{ item: locationsItem, value: others }];
}

export function locationsFeature(deps: LocationsDeps) {
  const { handlers } = createLocations(deps);
  return defineFeature({ name: 'locations', handlers, forgetAccount: withoutLocations });
}
