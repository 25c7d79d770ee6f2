// Listings health: how many of the active account's listings are in each status, for the popup's
// summary bar, and the paged, filtered listings the options page opens from it.
// Counts come from `count` of one-item pages (one request per status), never from paging through
// every listing: an account can have tens of thousands. Still 7 requests a time, so a summary younger
// than HEALTH_MAX_AGE_MS is served from the cache even when a refresh is asked for (the API allows
// 5,000 requests an hour, shared with everything else).
import type { ApiClient } from '../api/client.ts';
import { LISTING_STATUSES, listListings } from '../api/listings.ts';
import type { Handlers } from '../messaging/background.ts';
import type { ListingsHealthView } from '../messaging/protocol/index.ts';
import { OTHER_LISTING_STATUS } from '../shared/listing-statuses.ts';
import { defineItem } from '../storage-item.ts';
import { currentLink, writeIfLinked } from './core/account-lock.ts';
import type { DeskDeps } from './core/deps.ts';
import { readAccounts } from './core/linked-accounts.ts';
import { staleWhileRevalidate } from './core/swr-cache.ts';
import { defineFeature } from './feature.ts';

export const HEALTH_MAX_AGE_MS = 5 * 60_000;

export interface ListingsHealth {
  fetchedAt: number;
  /** All listings of the account, whatever their status. */
  total: number;
  /** status → count, for the known statuses plus "OTHER" when statuses the client does not know exist. */
  counts: Record<string, number>;
}

/** accountKey → last listings health summary. */
export const listingsHealthItem = defineItem<Record<string, ListingsHealth>>('local:listingsHealth', {
  fallback: {},
  version: 1,
});

export async function countListings(client: ApiClient): Promise<Omit<ListingsHealth, 'fetchedAt'>> {
  const count = async (statuses?: string[]) => (await listListings(client, { statuses, limit: 1 })).data.count;
  const [total, ...perStatus] = await Promise.all([count(), ...LISTING_STATUSES.map((s) => count([s]))]);
  const counts: Record<string, number> = {};
  LISTING_STATUSES.forEach((status, index) => {
    counts[status] = perStatus[index] ?? 0;
  });
  const known = perStatus.reduce((sum, n) => sum + n, 0);
  if (total > known) counts[OTHER_LISTING_STATUS] = total - known;
  return { total, counts };
}

export function createListingsHealth(deps: DeskDeps) {
  const cache = staleWhileRevalidate<[]>({
    maxAgeMs: HEALTH_MAX_AGE_MS,
    now: deps.now,
    async fetch(accountKey) {
      // Taken before the requests: their counts are written only for this same link.
      const link = await currentLink(accountKey);
      const health = await deps.withAccount(countListings, accountKey);
      await writeIfLinked(link, async () => {
        const all = await listingsHealthItem.getValue();
        await listingsHealthItem.setValue({ ...all, [accountKey]: { ...health, fetchedAt: deps.now() } });
      });
    },
    done: (accountKey) => deps.broadcast('health.changed', { accountKey }),
  });

  async function summary(refresh: boolean): Promise<ListingsHealthView> {
    const { accounts, activeAccountKey } = await readAccounts();
    const account = accounts.find((a) => a.accountKey === activeAccountKey);
    if (!account) return { accountKey: null, total: null, counts: [], fetchedAt: null, refreshing: false, error: null };
    const cached = (await listingsHealthItem.getValue())[account.accountKey];
    const state = cache.answer(account.accountKey, cached?.fetchedAt ?? null, {
      refresh,
      blocked: account.needsRelink,
    });
    return {
      accountKey: account.accountKey,
      total: cached?.total ?? null,
      counts: cached ? Object.entries(cached.counts).map(([status, count]) => ({ status, count })) : [],
      fetchedAt: cached?.fetchedAt ?? null,
      ...state,
    };
  }

  const handlers: Pick<Handlers, 'health.summary'> = {
    'health.summary': ({ refresh }) => summary(refresh),
  };

  return { handlers, summary, revalidate: cache.revalidate, settled: cache.settled };
}

/** The write that drops an account's summary. */
async function withoutHealth(accountKey: string) {
  const { [accountKey]: _gone, ...others } = await listingsHealthItem.getValue();
  return [{ item: listingsHealthItem, value: others }];
}

export function listingsHealthFeature(deps: DeskDeps) {
  const { handlers } = createListingsHealth(deps);
  return defineFeature({ name: 'listings-health', handlers, forgetAccount: withoutHealth });
}
