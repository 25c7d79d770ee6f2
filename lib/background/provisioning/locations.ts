// The locations of the account provisioned from, for the pickers. Kept briefly per linked account and
// account id (ids are not globally unique), since switching views or accounts asks again each time.
import type { ApiClient } from '../../api/client.ts';
import { fetchAllLocations, getLocation } from '../../api/locations.ts';
import type { ProvisioningLocationView } from '../../messaging/protocol/index.ts';
import { locationsItem } from '../locations.ts';

export const LOCATIONS_FRESH_MS = 60_000;
/** Names read one location at a time at most this many per call (each is a request against the hourly quota). */
export const NAMES_READ_LIMIT = 25;

export interface LocationsDeps {
  withAccount: <T>(task: (client: ApiClient) => Promise<T>, accountKey?: string) => Promise<T>;
  now: () => number;
}

export function createAccountLocations({ withAccount, now }: LocationsDeps) {
  const kept = new Map<string, { at: number; locations: ProvisioningLocationView[] }>();

  async function list(accountKey: string, accountId: string): Promise<ProvisioningLocationView[]> {
    const key = `${accountKey}|${accountId}`;
    const hit = kept.get(key);
    if (hit && now() - hit.at < LOCATIONS_FRESH_MS) return hit.locations;
    const answer = await withAccount((client) => fetchAllLocations(client, accountId), accountKey);
    const locations = answer.locations.map((l) => ({
      id: l.id,
      name: l.locationName || l.id,
      city: l.city ?? '',
      address: l.address ?? '',
      zip: l.zip ?? '',
      accountId: l.accountId ?? accountId,
    }));
    kept.set(key, { at: now(), locations });
    return locations;
  }

  /** Names for location ids (by `accountId|id`): from a kept list or the locations directory when they hold it,
   *  else read one by one from the service; an id it cannot name is left out. */
  async function names(
    accountKey: string,
    wanted: readonly { accountId: string; id: string }[],
  ): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    const directory = (await locationsItem.getValue())[accountKey]?.locations ?? [];
    const missing: { accountId: string; id: string }[] = [];
    for (const { accountId, id } of wanted) {
      const key = `${accountId}|${id}`;
      if (found.has(key) || missing.some((m) => m.accountId === accountId && m.id === id)) continue;
      const kept = hitFor(`${accountKey}|${accountId}`)?.find((l) => l.id === id)?.name;
      const stored = accountId === 'me' ? directory.find((l) => l.id === id)?.name : undefined;
      if (kept || stored) found.set(key, (kept || stored)!);
      else missing.push({ accountId, id });
    }
    if (missing.length === 0) return found;
    await withAccount(async (client) => {
      for (const { accountId, id } of missing.slice(0, NAMES_READ_LIMIT)) {
        try {
          const { data } = await getLocation(client, accountId, id);
          if (data.locationName) found.set(`${accountId}|${id}`, data.locationName);
        } catch {
          // Gone or not ours: the tracker shows the id, as before.
        }
      }
    }, accountKey);
    return found;
  }

  function hitFor(key: string): ProvisioningLocationView[] | undefined {
    const hit = kept.get(key);
    return hit && now() - hit.at < LOCATIONS_FRESH_MS ? hit.locations : undefined;
  }

  function forget(accountKey: string): void {
    for (const key of kept.keys()) if (key.startsWith(`${accountKey}|`)) kept.delete(key);
  }

  return { list, names, forget };
}
