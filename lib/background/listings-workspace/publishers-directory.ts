// Every publisher with its countries and alternate brands, cached per account (the list depends on the
// account's subscription): the workspace's directory and the names its table shows.
import type { ApiClient } from '../../api/client.ts';
import { listPublishers, type Publisher } from '../../api/publishers.ts';
import type { Handlers } from '../../messaging/background.ts';
import type { PublisherDirectoryEntry, PublishersDirectoryView } from '../../messaging/protocol/index.ts';
import { defineItem } from '../../storage-item.ts';
import { accountDirectory, withoutAccountEntry } from '../core/account-directory.ts';
import type { StorageWrites } from '../feature.ts';
import type { WorkspaceDeps } from './deps.ts';

export const PUBLISHERS_MAX_AGE_MS = 24 * 60 * 60_000;

export interface StoredPublishers {
  fetchedAt: number;
  publishers: PublisherDirectoryEntry[];
}

export const publishersDirectoryItem = defineItem<Record<string, StoredPublishers>>('local:publishersDirectory', {
  fallback: {},
});

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

export function createPublishersDirectory(deps: WorkspaceDeps) {
  const cache = accountDirectory<StoredPublishers>({
    item: publishersDirectoryItem,
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

/** The write that drops an account's publishers directory. */
export function withoutPublishers(accountKey: string): Promise<StorageWrites> {
  return withoutAccountEntry(publishersDirectoryItem, accountKey);
}
