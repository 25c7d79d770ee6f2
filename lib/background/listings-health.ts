// Listings health: how many of the active account's listings are in each status, for the popup's
// summary bar, and the paged, filtered listings the options page opens from it.
// Counts come from `count` of one-item pages (one request per status), never from paging through
// every listing: an account can have tens of thousands. Still 7 requests a time, so a summary younger
// than HEALTH_MAX_AGE_MS is served from the cache even when a refresh is asked for (the API allows
// 5,000 requests an hour, shared with everything else).
import type { ApiClient } from '../api/client.ts';
import { LISTING_STATUSES, listListings } from '../api/listings.ts';
import { OTHER_LISTING_STATUS } from '../listing-statuses.ts';
import { broadcast as broadcastEvent, type Handlers, toWireError } from '../messaging/background.ts';
import type { DeskEvents, ListingsHealthView, ListingsPageView } from '../messaging/protocol/index.ts';
import type { WireError } from '../messaging/wire-error.ts';
import { type ListingsHealth, listingsHealthItem, publisherNamesItem } from '../storage.ts';
import { currentLink, writeIfLinked } from './account-lock.ts';
import { withAccount } from './api-session.ts';
import { deferredRefreshes } from './deferred-refresh.ts';
import { defineFeature } from './feature.ts';
import { readAccounts } from './linked-accounts.ts';

export const HEALTH_MAX_AGE_MS = 5 * 60_000;

export interface HealthDeps {
  withAccount: <T>(run: (client: ApiClient) => Promise<T>, accountKey: string) => Promise<T>;
  broadcast: <K extends keyof DeskEvents>(type: K, payload: DeskEvents[K]) => Promise<void>;
  now: () => number;
}

const defaultDeps: HealthDeps = {
  withAccount: (run, accountKey) => withAccount((client) => run(client), accountKey),
  broadcast: broadcastEvent,
  now: () => Date.now(),
};

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

export function createListingsHealth(deps: HealthDeps = defaultDeps) {
  const refreshing = new Map<string, Promise<void>>();
  const errors = new Map<string, WireError>();

  const { later, settled } = deferredRefreshes(refreshing);

  function revalidate(accountKey: string): Promise<void> {
    const running = refreshing.get(accountKey);
    if (running) return running;
    const task = (async () => {
      try {
        // Taken before the requests: their counts are written only for this same link.
        const link = await currentLink(accountKey);
        const health = await deps.withAccount(countListings, accountKey);
        await writeIfLinked(link, async () => {
          const all = await listingsHealthItem.getValue();
          await listingsHealthItem.setValue({ ...all, [accountKey]: { ...health, fetchedAt: deps.now() } });
        });
        errors.delete(accountKey);
      } catch (error) {
        errors.set(accountKey, toWireError(error));
      } finally {
        refreshing.delete(accountKey);
      }
      await deps.broadcast('health.changed', { accountKey });
    })();
    refreshing.set(accountKey, task);
    return task;
  }

  async function summary(refresh: boolean): Promise<ListingsHealthView> {
    const { accounts, activeAccountKey } = await readAccounts();
    const account = accounts.find((a) => a.accountKey === activeAccountKey);
    if (!account) return { accountKey: null, total: null, counts: [], fetchedAt: null, refreshing: false, error: null };
    const cached = (await listingsHealthItem.getValue())[account.accountKey];
    const age = cached ? deps.now() - cached.fetchedAt : Number.POSITIVE_INFINITY;
    // A negative age (the clock went back) counts as stale, so a bad clock cannot freeze the counts.
    const fresh = age >= 0 && age < HEALTH_MAX_AGE_MS;
    const revalidating = (!cached || (refresh && !fresh)) && !account.needsRelink;
    if (revalidating) later(() => revalidate(account.accountKey));
    return {
      accountKey: account.accountKey,
      total: cached?.total ?? null,
      counts: cached ? Object.entries(cached.counts).map(([status, count]) => ({ status, count })) : [],
      fetchedAt: cached?.fetchedAt ?? null,
      refreshing: revalidating || refreshing.has(account.accountKey),
      error: errors.get(account.accountKey) ?? null,
    };
  }

  async function listings(status: string | undefined, offset: number, limit: number): Promise<ListingsPageView> {
    const { activeAccountKey } = await readAccounts();
    if (!activeAccountKey) return { accountKey: null, count: 0, offset, listings: [], publishers: {} };
    const { data } = await deps.withAccount(
      (client) => listListings(client, { statuses: status ? [status] : undefined, offset, limit }),
      activeAccountKey,
    );
    const names = (await publisherNamesItem.getValue())[activeAccountKey]?.names ?? {};
    const publishers: Record<string, string> = {};
    const rows = data.listings.map((l) => {
      if (Object.hasOwn(names, l.publisherId)) publishers[l.publisherId] = names[l.publisherId]!;
      return {
        id: l.id,
        locationId: l.locationId,
        publisherId: l.publisherId,
        status: l.status,
        listingUrl: l.listingUrl ?? '',
      };
    });
    return { accountKey: activeAccountKey, count: data.count, offset, listings: rows, publishers };
  }

  const handlers: Pick<Handlers, 'health.summary' | 'health.listings'> = {
    'health.summary': ({ refresh }) => summary(refresh),
    'health.listings': ({ status, offset, limit }) => listings(status, offset, limit),
  };

  return { handlers, summary, listings, revalidate, settled };
}

let instance: ReturnType<typeof createListingsHealth> | undefined;

export function listingsHealth(): ReturnType<typeof createListingsHealth> {
  instance ??= createListingsHealth();
  return instance;
}

export function listingsHealthFeature() {
  const instance = listingsHealth();
  return defineFeature({ name: 'listings-health', handlers: instance.handlers });
}
