// The active account's locations and folders, cached per account like the publishers list: served from
// storage at once and fetched again in the background when missing, older than LOCATIONS_MAX_AGE_MS or
// asked for. The listings workspace, users and roles, provisioning and the embedded panel all read it.
import type { Runtime } from 'webextension-polyfill';
import { browser } from 'wxt/browser';
import type { ApiClient } from '../api/client.ts';
import { fetchAllFolders } from '../api/folders.ts';
import { fetchAllLocations } from '../api/locations.ts';
import type { Handlers } from '../messaging/background.ts';
import type { FolderView, LocationNamesView, LocationsView, LocationView } from '../messaging/protocol/index.ts';
import { defineItem } from '../storage-item.ts';
import { accountDirectory, itemStore, withoutAccountEntry } from './core/account-directory.ts';
import type { LinkedAccount } from './core/account-items.ts';
import type { DeskDeps } from './core/deps.ts';
import { readAccounts } from './core/linked-accounts.ts';
import { requirePanelScope } from './core/panel-scope.ts';
import type { BudgetPurpose } from './core/request-budget.ts';
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

/** `budget`: the worker's, for the names an open fetches (other features read one account's list, as a page's). */
export type LocationsDeps = Pick<DeskDeps, 'withAccount' | 'broadcast' | 'now'> & Partial<Pick<DeskDeps, 'budget'>>;

/** Fetches the names of accounts never fetched that an open left, as its 15-minute refresh does for lists. */
export const NAMES_ALARM = 'locations-names';
const NAMES_PERIOD_MINUTES = 15;
/** A list of locations never fetched costs at least a page of locations and one of folders. */
const NAMES_COST = 2;
/** Names are part of showing the suggestion lists: their background fetches count with those. */
const NAMES_PURPOSE: BudgetPurpose = 'inbox refresh';

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

  /**
   * Names across accounts (the popup's and the Inbox's rows, their location filter): the cached lists. A page's
   * open (`open`) fetches the lists never fetched within an open's share of the hour's requests, the active
   * account's first; the others come with the names alarm. Until then a row shows what it has (the id).
   */
  async function names(open = false): Promise<LocationNamesView> {
    const { accounts, activeAccountKey } = await readAccounts();
    const lists = await Promise.all(
      accounts.map(async (account) => ({ account, stored: await directory.cached(account.accountKey) })),
    );
    if (open) {
      const missing = lists.filter((l) => !l.stored).map((l) => l.account);
      const first = missing.filter((a) => a.accountKey === activeAccountKey);
      const share = deps.budget ? await deps.budget.openShare() : Number.POSITIVE_INFINITY;
      // Locations and folders: at least a page of each.
      const taken = [...first, ...missing.filter((a) => a.accountKey !== activeAccountKey)].slice(
        0,
        Math.floor(share / NAMES_COST),
      );
      if (taken.length > 0) track(fetchMissing(taken));
    }
    return {
      accounts: lists.map(({ account, stored }) => ({
        accountKey: account.accountKey,
        locations: (stored?.locations ?? []).map(({ id, name, city }) => ({ id, name, city })),
      })),
    };
  }

  /**
   * The lists of these accounts never fetched, one at a time, as background work: held while the budget waits,
   * stopped when it pauses. A list that failed is not asked again before the worker restarts, nor one in flight.
   */
  async function fetchMissing(accounts: LinkedAccount[]): Promise<void> {
    for (const account of accounts) {
      const { accountKey } = account;
      if (account.needsRelink || directory.error(accountKey) || directory.fetching(accountKey)) continue;
      if (await directory.cached(accountKey)) continue;
      if (deps.budget && !(await deps.budget.backgroundTurn(NAMES_PURPOSE)).go) return;
      await directory.revalidate(accountKey, NAMES_PURPOSE);
    }
  }

  /** The names alarm: every linked account's list never fetched. */
  async function fetchEveryMissing(): Promise<void> {
    await track(readAccounts().then(({ accounts }) => fetchMissing(accounts)));
  }

  /** Rounds of fetchMissing under way, for settled(). */
  const rounds = new Set<Promise<void>>();
  function track(round: Promise<void>): Promise<void> {
    const held: Promise<void> = round.catch(() => undefined).finally(() => rounds.delete(held));
    rounds.add(held);
    return held;
  }

  /** Tests: every fetch started so far, the rounds of names included, has ended. */
  async function settled(): Promise<void> {
    while (rounds.size > 0) await Promise.all(rounds);
    await directory.settled();
  }

  const handlers: Pick<Handlers, 'locations.list' | 'locations.names'> = {
    'locations.list': ({ refresh }, { access, sender }) => (access === 'content' ? panelList(sender) : list(refresh)),
    'locations.names': ({ open }) => names(open),
  };

  return {
    handlers,
    list,
    cached: directory.cached,
    ensure: directory.ensure,
    error: directory.error,
    revalidate: directory.revalidate,
    settled,
    fetchEveryMissing,
  };
}

/** The write that drops an account's locations. */
export function withoutLocations(accountKey: string): Promise<StorageWrites> {
  return withoutAccountEntry(locationsItem, accountKey);
}

export function locationsFeature(deps: LocationsDeps) {
  const { handlers, fetchEveryMissing } = createLocations(deps);
  return defineFeature({
    name: 'locations',
    handlers,
    start() {
      browser.alarms.onAlarm.addListener((alarm) => {
        if (alarm.name === NAMES_ALARM) void fetchEveryMissing().catch(() => undefined);
      });
      void browser.alarms.get(NAMES_ALARM).then((existing) => {
        if (!existing) browser.alarms.create(NAMES_ALARM, { periodInMinutes: NAMES_PERIOD_MINUTES, delayInMinutes: 1 });
      });
    },
    forgetAccount: withoutLocations,
  });
}
