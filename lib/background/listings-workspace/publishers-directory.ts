// Every publisher with its countries and alternate brands, cached per account (the list depends on the
// account's subscription): the workspace's directory and the names its table shows.
import { storage } from 'wxt/utils/storage';
import type { ApiClient } from '../../api/client.ts';
import { listPublishers, type Publisher } from '../../api/publishers.ts';
import type { Handlers } from '../../messaging/background.ts';
import type { PublisherDirectoryEntry, PublishersDirectoryView } from '../../messaging/protocol/index.ts';
import { currentLink, writeIfLinked } from '../core/account-lock.ts';
import { readAccounts } from '../core/linked-accounts.ts';
import { staleWhileRevalidate } from '../core/swr-cache.ts';
import type { StorageWrites } from '../feature.ts';
import type { WorkspaceDeps } from './deps.ts';

export const PUBLISHERS_MAX_AGE_MS = 24 * 60 * 60_000;

export interface StoredPublishers {
  fetchedAt: number;
  publishers: PublisherDirectoryEntry[];
}

export const publishersDirectoryItem = storage.defineItem<Record<string, StoredPublishers>>(
  'local:publishersDirectory',
  { fallback: {} },
);

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
  const cache = staleWhileRevalidate<[]>({
    maxAgeMs: PUBLISHERS_MAX_AGE_MS,
    now: deps.now,
    async fetch(accountKey) {
      const link = await currentLink(accountKey);
      const publishers = await deps.withAccount(fetchPublishers, accountKey);
      await writeIfLinked(link, async () => {
        const all = await publishersDirectoryItem.getValue();
        await publishersDirectoryItem.setValue({ ...all, [accountKey]: { fetchedAt: deps.now(), publishers } });
      });
    },
    done: async () => undefined,
  });

  async function cached(accountKey: string): Promise<StoredPublishers | undefined> {
    return (await publishersDirectoryItem.getValue())[accountKey];
  }

  async function ensure(accountKey: string): Promise<StoredPublishers | undefined> {
    const found = await cached(accountKey);
    if (found) return found;
    await cache.revalidate(accountKey);
    return cached(accountKey);
  }

  async function directory(refresh: boolean): Promise<PublishersDirectoryView> {
    const { accounts, activeAccountKey } = await readAccounts();
    const account = accounts.find((a) => a.accountKey === activeAccountKey);
    if (!account) return { accountKey: null, publishers: [], fetchedAt: null, refreshing: false, error: null };
    const stored = await cached(account.accountKey);
    const state = cache.answer(account.accountKey, stored?.fetchedAt ?? null, {
      force: refresh,
      blocked: account.needsRelink,
    });
    return {
      accountKey: account.accountKey,
      publishers: stored?.publishers ?? [],
      fetchedAt: stored?.fetchedAt ?? null,
      ...state,
    };
  }

  const handlers: Pick<Handlers, 'publishers.directory'> = {
    'publishers.directory': ({ refresh }) => directory(refresh),
  };

  return { handlers, ensure, settled: cache.settled };
}

/** The write that drops an account's publishers directory. */
export async function withoutPublishers(accountKey: string): Promise<StorageWrites> {
  const { [accountKey]: _gone, ...others } = await publishersDirectoryItem.getValue();
  return [{ item: publishersDirectoryItem, value: others }];
}
