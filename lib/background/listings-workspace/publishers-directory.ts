// Every publisher with its countries and alternate brands, cached per account (the list depends on the
// account's subscription): the workspace's directory and the names its table shows.
import { storage } from 'wxt/utils/storage';
import type { ApiClient } from '../../api/client.ts';
import { listPublishers, type Publisher } from '../../api/publishers.ts';
import { type Handlers, toWireError } from '../../messaging/background.ts';
import type { PublisherDirectoryEntry, PublishersDirectoryView } from '../../messaging/protocol/index.ts';
import type { WireError } from '../../messaging/wire-error.ts';
import { currentLink, writeIfLinked } from '../account-lock.ts';
import { deferredRefreshes } from '../deferred-refresh.ts';
import { readAccounts } from '../linked-accounts.ts';
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
  const refreshing = new Map<string, Promise<void>>();
  const errors = new Map<string, WireError>();
  const { later, settled } = deferredRefreshes(refreshing);

  function revalidate(accountKey: string): Promise<void> {
    const running = refreshing.get(accountKey);
    if (running) return running;
    const task = (async () => {
      try {
        const link = await currentLink(accountKey);
        const publishers = await deps.withAccount(fetchPublishers, accountKey);
        await writeIfLinked(link, async () => {
          const all = await publishersDirectoryItem.getValue();
          await publishersDirectoryItem.setValue({ ...all, [accountKey]: { fetchedAt: deps.now(), publishers } });
        });
        errors.delete(accountKey);
      } catch (error) {
        errors.set(accountKey, toWireError(error));
      } finally {
        refreshing.delete(accountKey);
      }
    })();
    refreshing.set(accountKey, task);
    return task;
  }

  async function cached(accountKey: string): Promise<StoredPublishers | undefined> {
    return (await publishersDirectoryItem.getValue())[accountKey];
  }

  async function ensure(accountKey: string): Promise<StoredPublishers | undefined> {
    const found = await cached(accountKey);
    if (found) return found;
    await revalidate(accountKey);
    return cached(accountKey);
  }

  async function directory(refresh: boolean): Promise<PublishersDirectoryView> {
    const { accounts, activeAccountKey } = await readAccounts();
    const account = accounts.find((a) => a.accountKey === activeAccountKey);
    if (!account) return { accountKey: null, publishers: [], fetchedAt: null, refreshing: false, error: null };
    const stored = await cached(account.accountKey);
    const age = stored ? deps.now() - stored.fetchedAt : Number.POSITIVE_INFINITY;
    const stale = !(age >= 0 && age < PUBLISHERS_MAX_AGE_MS);
    const revalidating = (stale || refresh) && !account.needsRelink;
    if (revalidating) later(() => revalidate(account.accountKey));
    return {
      accountKey: account.accountKey,
      publishers: stored?.publishers ?? [],
      fetchedAt: stored?.fetchedAt ?? null,
      refreshing: revalidating || refreshing.has(account.accountKey),
      error: errors.get(account.accountKey) ?? null,
    };
  }

  async function forgetAccount(accountKey: string): Promise<void> {
    errors.delete(accountKey);
    const { [accountKey]: _dropped, ...rest } = await publishersDirectoryItem.getValue();
    await publishersDirectoryItem.setValue(rest);
  }

  const handlers: Pick<Handlers, 'publishers.directory'> = {
    'publishers.directory': ({ refresh }) => directory(refresh),
  };

  return { handlers, ensure, revalidate, settled, forgetAccount };
}
