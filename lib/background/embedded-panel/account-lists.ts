// The locations a page is matched against: every linked account's (or the pinned one's), each from the
// cached locations directory. A page view fetches nothing an account already has kept: only an account
// never fetched (or older than the directory's max age) costs one walk, and one that failed is left
// alone for a while, so 30 accounts do not cost 30 walks a page. A slow account never holds the answer.

import type { PanelLocationView } from '../../messaging/protocol/index.ts';
import { type PreparedLocations, prepareLocations } from '../../shared/embedded-panel/matcher.ts';
import type { LinkedAccount } from '../core/account-items.ts';

/** A location and the account it belongs to: the merged list's entries. */
export interface AccountLocation extends PanelLocationView {
  accountKey: string;
}

export interface AccountListsDeps {
  /** The account's locations directory, fetched first when it has none; `error` in words when it cannot be had. */
  loadLocations: (accountKey: string) => Promise<{ fetchedAt: number; locations: PanelLocationView[]; error?: string }>;
  now: () => number;
  /** Tests: LIST_WAIT_MS. */
  listWaitMs?: number;
}

/** After a failed list, the account is not asked again on every page view for this long. */
export const FAILED_LIST_PAUSE_MS = 5 * 60_000;
/** How long a page's answer waits for an account's list being fetched; the fetch goes on for the next page. */
export const LIST_WAIT_MS = 8_000;

export interface AccountLists {
  /** Every candidate's locations as one prepared list, each entry tagged with its account. */
  prepared: PreparedLocations<AccountLocation>;
  /** Accounts whose list could not be had (or not in time), with why. */
  failed: { account: LinkedAccount; error: string }[];
}

const tag = (accountKey: string, locations: readonly PanelLocationView[]): AccountLocation[] =>
  locations.map((location) => ({ ...location, accountKey }));

export function createAccountLists(deps: AccountListsDeps) {
  const pausedUntil = new Map<string, { until: number; error: string }>();
  // The last few merged lists (every account, a pinned one), rebuilt when any account's directory changes.
  const merged = new Map<string, PreparedLocations<AccountLocation>>();

  async function one(account: LinkedAccount) {
    const paused = pausedUntil.get(account.accountKey);
    if (paused && paused.until > deps.now()) return { account, error: paused.error };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<{ error: string }>((resolve) => {
      timer = setTimeout(
        () => resolve({ error: 'the service took too long to send them' }),
        deps.listWaitMs ?? LIST_WAIT_MS,
      );
    });
    const loaded = await Promise.race([
      deps.loadLocations(account.accountKey).catch((error: unknown) => ({ error: String(error) })),
      late,
    ]).finally(() => clearTimeout(timer));
    if ('error' in loaded && loaded.error !== undefined) {
      pausedUntil.set(account.accountKey, { until: deps.now() + FAILED_LIST_PAUSE_MS, error: loaded.error });
      return { account, error: loaded.error };
    }
    pausedUntil.delete(account.accountKey);
    const { fetchedAt, locations } = loaded as { fetchedAt: number; locations: PanelLocationView[] };
    return { account, fetchedAt, locations };
  }

  async function lists(accounts: readonly LinkedAccount[]): Promise<AccountLists> {
    const results = await Promise.all(accounts.map(one));
    const failed: AccountLists['failed'] = [];
    const usable: { accountKey: string; fetchedAt: number; locations: PanelLocationView[] }[] = [];
    for (const r of results) {
      if ('locations' in r && r.locations) {
        usable.push({ accountKey: r.account.accountKey, fetchedAt: r.fetchedAt!, locations: r.locations });
      } else failed.push({ account: r.account, error: (r as { error: string }).error });
    }
    const key = usable.map((u) => `${u.accountKey}\u0001${u.fetchedAt}`).join('\u0000');
    let prepared = merged.get(key);
    if (!prepared) {
      prepared = prepareLocations(usable.flatMap((u) => tag(u.accountKey, u.locations)));
      merged.set(key, prepared);
      while (merged.size > 4) merged.delete(merged.keys().next().value!);
    }
    return { prepared, failed };
  }

  /** Unlinking an account drops every merged list holding its locations, and its pause. */
  function forget(accountKey: string): void {
    pausedUntil.delete(accountKey);
    for (const key of [...merged.keys()]) {
      if (key.split('\u0000').some((part) => part.startsWith(`${accountKey}\u0001`))) merged.delete(key);
    }
  }

  return { lists, forget };
}
