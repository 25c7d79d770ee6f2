// A directory kept per account (the account's locations in a storage item, its publishers in IndexedDB): served
// from there at once and fetched again behind the answer when missing, old or asked for (stale-while-revalidate).
import type { WxtStorageItem } from 'wxt/utils/storage';
import type { ApiClient } from '../../api/client.ts';
import type { StorageWrites } from '../feature.ts';
import { currentLink, writeIfLinked } from './account-lock.ts';
import type { DeskDeps } from './deps.ts';
import { readAccounts } from './linked-accounts.ts';
import type { BudgetPurpose } from './request-budget.ts';
import { staleWhileRevalidate } from './swr-cache.ts';

type Stored = { fetchedAt: number };
type DirectoryItem<T extends Stored> = WxtStorageItem<Record<string, T>, Record<string, unknown>>;

/** Where each account's entry is kept. */
export interface DirectoryStore<T> {
  get(accountKey: string): Promise<T | undefined>;
  set(accountKey: string, value: T): Promise<void>;
}

/** Every account's entry in one storage item. */
export function itemStore<T extends Stored>(item: DirectoryItem<T>): DirectoryStore<T> {
  return {
    get: async (accountKey) => (await item.getValue())[accountKey],
    set: async (accountKey, value) => {
      const all = await item.getValue();
      await item.setValue({ ...all, [accountKey]: value });
    },
  };
}

export function accountDirectory<T extends Stored>(options: {
  store: DirectoryStore<T>;
  maxAgeMs: number;
  deps: Pick<DeskDeps, 'withAccount' | 'now'>;
  fetch: (client: ApiClient) => Promise<Omit<T, 'fetchedAt'>>;
  /** Called when a fetch ends, written or failed. */
  done: (accountKey: string) => Promise<void>;
}) {
  const { store, deps } = options;
  // The purpose says whose fetch it is for the request budget: a page's (none), or background work's.
  const cache = staleWhileRevalidate<[purpose?: BudgetPurpose]>({
    maxAgeMs: options.maxAgeMs,
    now: deps.now,
    async fetch(accountKey, purpose) {
      const link = await currentLink(accountKey);
      const fetched = await deps.withAccount(
        (client) => {
          // Its token is taken: a refresh asked from now on gets a fetch of its own, after this one.
          cache.markSent(accountKey);
          return options.fetch(client);
        },
        accountKey,
        purpose ? { purpose } : undefined,
      );
      // An account unlinked while its fetch was out gets nothing written back.
      await writeIfLinked(link, () => store.set(accountKey, { ...fetched, fetchedAt: deps.now() } as T));
    },
    done: options.done,
  });

  function cached(accountKey: string): Promise<T | undefined> {
    return store.get(accountKey);
  }

  /** The cached entry, fetched first (and awaited) when there is none: for work that needs it. */
  async function ensure(accountKey: string): Promise<T | undefined> {
    const found = await cached(accountKey);
    if (found) return found;
    await cache.revalidate(accountKey);
    return cached(accountKey);
  }

  /** The active account's entry and its freshness, starting the refresh the answer calls for; null: none linked. */
  async function active(refresh: boolean) {
    const { accounts, activeAccountKey } = await readAccounts();
    const account = accounts.find((a) => a.accountKey === activeAccountKey);
    if (!account) return null;
    const stored = await cached(account.accountKey);
    const state = cache.answer(account.accountKey, stored?.fetchedAt ?? null, {
      force: refresh,
      blocked: account.needsRelink,
    });
    return { accountKey: account.accountKey, stored, fetchedAt: stored?.fetchedAt ?? null, ...state };
  }

  /** Whether this account's fetch is under way. */
  const fetching = (accountKey: string): boolean => cache.state(accountKey).refreshing;

  return { cached, ensure, active, revalidate: cache.revalidate, settled: cache.settled, error: cache.error, fetching };
}

/** The write that drops one account's entry from a per-account item. */
export async function withoutAccountEntry<T>(
  item: WxtStorageItem<Record<string, T>, Record<string, unknown>>,
  accountKey: string,
): Promise<StorageWrites> {
  const { [accountKey]: _gone, ...others } = await item.getValue();
  return [{ item, value: others }];
}
