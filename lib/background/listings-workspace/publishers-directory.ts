// Every publisher with its countries and alternate brands, cached per account (the list depends on the
// account's subscription): the workspace's directory and the names its table shows. Kept in IndexedDB, not
// storage.local: a large account's answer passed the 10 MB quota the whole extension shares there, and one
// IndexedDB cannot keep is still served from the worker's memory.
import type { ApiClient } from '../../api/client.ts';
import { listPublishers, type Publisher } from '../../api/publishers.ts';
import type { Handlers } from '../../messaging/background.ts';
import type { PublisherDirectoryEntry, PublishersDirectoryView } from '../../messaging/protocol/index.ts';
import { accountDirectory } from '../core/account-directory.ts';
import { idbCache } from '../core/idb-cache.ts';
import type { WorkspaceDeps } from './deps.ts';

export const PUBLISHERS_MAX_AGE_MS = 24 * 60 * 60_000;
/** Where an earlier version kept the directory, in storage.local: removed when the worker starts. */
export const LEGACY_PUBLISHERS_KEY = 'publishersDirectory';

export interface StoredPublishers {
  fetchedAt: number;
  publishers: PublisherDirectoryEntry[];
}

const publishersCache = idbCache<StoredPublishers>('publishers');

/** The account's cached publishers (never fetched here). */
export function cachedPublishers(accountKey: string): Promise<StoredPublishers | undefined> {
  return publishersCache.get(accountKey);
}

/** Drops an account's publishers directory (unlink, or tests dropping the names' cache). */
export function forgetPublishers(accountKey: string): Promise<void> {
  return publishersCache.delete(accountKey);
}

export function toDirectoryEntry(p: Publisher): PublisherDirectoryEntry {
  return {
    id: p.id,
    name: p.name,
    countries: p.supportedCountries ?? [],
    alternateBrands: (p.alternateBrands ?? []).map((b) => ({ name: b.name ?? '', url: b.url ?? '' })),
  };
}

async function fetchPublishers(client: ApiClient): Promise<PublisherDirectoryEntry[]> {
  return (await listPublishers(client)).data.map(toDirectoryEntry);
}

export function createPublishersDirectory(deps: WorkspaceDeps, options: { changed?: () => void } = {}) {
  const cache = accountDirectory<StoredPublishers>({
    store: {
      get: cachedPublishers,
      // The table's names come from here: it is told when a fetch brought new ones.
      set: async (accountKey, value) => {
        await publishersCache.set(accountKey, value);
        options.changed?.();
      },
    },
    maxAgeMs: PUBLISHERS_MAX_AGE_MS,
    deps,
    fetch: async (client) => ({ publishers: await fetchPublishers(client) }),
    done: async () => undefined,
  });

  async function directory(refresh: boolean): Promise<PublishersDirectoryView> {
    const active = await cache.active(refresh);
    if (!active) return { accountKey: null, publishers: [], fetchedAt: null, refreshing: false, error: null };
    const { stored, ...state } = active;
    return { ...state, publishers: stored?.publishers ?? [] };
  }

  const handlers: Pick<Handlers, 'publishers.directory'> = {
    'publishers.directory': ({ refresh }) => directory(refresh),
  };

  return { handlers, ensure: cache.ensure, settled: cache.settled };
}
