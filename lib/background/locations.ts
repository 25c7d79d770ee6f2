// The active account's locations and folders, cached per account like the publishers list: served from
// storage at once and fetched again in the background when missing, older than LOCATIONS_MAX_AGE_MS or
// asked for. The listings workspace, users and roles, provisioning and the embedded panel all read it.
import { storage } from 'wxt/utils/storage';
import type { ApiClient } from '../api/client.ts';
import { type Folder, fetchAllFolders } from '../api/folders.ts';
import { fetchAllLocations, type Location } from '../api/locations.ts';
import { broadcast as broadcastEvent, type Handlers, toWireError } from '../messaging/background.ts';
import type { DeskEvents, FolderView, LocationsView, LocationView } from '../messaging/protocol/index.ts';
import type { WireError } from '../messaging/wire-error.ts';
import { currentLink, writeIfLinked } from './account-lock.ts';
import { withAccount } from './api-session.ts';
import { deferredRefreshes } from './deferred-refresh.ts';
import { defineFeature } from './feature.ts';
import { readAccounts } from './linked-accounts.ts';

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

export interface LocationsDeps {
  withAccount: <T>(run: (client: ApiClient) => Promise<T>, accountKey: string) => Promise<T>;
  broadcast: <K extends keyof DeskEvents>(type: K, payload: DeskEvents[K]) => Promise<void>;
  now: () => number;
}

const defaultDeps: LocationsDeps = {
  withAccount: (run, accountKey) => withAccount((client) => run(client), accountKey),
  broadcast: broadcastEvent,
  now: () => Date.now(),
};

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

async function fetchLocations(client: ApiClient): Promise<Omit<StoredLocations, 'fetchedAt'>> {
  const [locations, folders] = await Promise.all([fetchAllLocations(client), fetchAllFolders(client)]);
  // A page that could not be had would leave locations out for hours: better to fail and say so.
  const incomplete = locations.incomplete ?? folders.incomplete;
  if (incomplete) throw incomplete.error;
  const folderViews = toFolderViews(folders.folders);
  const folderIds = new Set(folderViews.map((f) => f.id));
  return { locations: locations.locations.map((l) => toLocationView(l, folderIds)), folders: folderViews };
}

export function createLocations(deps: LocationsDeps = defaultDeps) {
  const refreshing = new Map<string, Promise<void>>();
  const errors = new Map<string, WireError>();
  const { later, settled } = deferredRefreshes(refreshing);

  function revalidate(accountKey: string): Promise<void> {
    const running = refreshing.get(accountKey);
    if (running) return running;
    const task = (async () => {
      try {
        const link = await currentLink(accountKey);
        const fetched = await deps.withAccount(fetchLocations, accountKey);
        await writeIfLinked(link, async () => {
          const all = await locationsItem.getValue();
          await locationsItem.setValue({ ...all, [accountKey]: { ...fetched, fetchedAt: deps.now() } });
        });
        errors.delete(accountKey);
      } catch (error) {
        errors.set(accountKey, toWireError(error));
      } finally {
        refreshing.delete(accountKey);
      }
      await deps.broadcast('locations.changed', { accountKey });
    })();
    refreshing.set(accountKey, task);
    return task;
  }

  async function cached(accountKey: string): Promise<StoredLocations | undefined> {
    return (await locationsItem.getValue())[accountKey];
  }

  /** The cached locations, fetched first (and awaited) when there are none: for work that needs names. */
  async function ensure(accountKey: string): Promise<StoredLocations | undefined> {
    const found = await cached(accountKey);
    if (found) return found;
    await revalidate(accountKey);
    return cached(accountKey);
  }

  async function list(refresh: boolean): Promise<LocationsView> {
    const { accounts, activeAccountKey } = await readAccounts();
    const account = accounts.find((a) => a.accountKey === activeAccountKey);
    const none = { locations: [], folders: [], fetchedAt: null, refreshing: false, error: null };
    if (!account) return { accountKey: null, ...none };
    const stored = await cached(account.accountKey);
    const age = stored ? deps.now() - stored.fetchedAt : Number.POSITIVE_INFINITY;
    // A negative age (the clock went back) counts as stale.
    const stale = !(age >= 0 && age < LOCATIONS_MAX_AGE_MS);
    const revalidating = (stale || refresh) && !account.needsRelink;
    if (revalidating) later(() => revalidate(account.accountKey));
    return {
      accountKey: account.accountKey,
      locations: stored?.locations ?? [],
      folders: stored?.folders ?? [],
      fetchedAt: stored?.fetchedAt ?? null,
      refreshing: revalidating || refreshing.has(account.accountKey),
      error: errors.get(account.accountKey) ?? null,
    };
  }

  async function forgetAccount(accountKey: string): Promise<void> {
    errors.delete(accountKey);
    const { [accountKey]: _dropped, ...rest } = await locationsItem.getValue();
    await locationsItem.setValue(rest);
  }

  const handlers: Pick<Handlers, 'locations.list'> = {
    'locations.list': ({ refresh }) => list(refresh),
  };

  return { handlers, list, ensure, revalidate, settled, forgetAccount };
}

let instance: ReturnType<typeof createLocations> | undefined;

export function locations(): ReturnType<typeof createLocations> {
  instance ??= createLocations();
  return instance;
}

export function locationsFeature() {
  const instance = locations();
  return defineFeature({ name: 'locations', handlers: instance.handlers, forgetAccount: instance.forgetAccount });
}
