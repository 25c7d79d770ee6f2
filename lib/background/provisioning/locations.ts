// The locations of the account provisioned from, for the pickers. Kept briefly per linked account and
// account id (ids are not globally unique), since switching views or accounts asks again each time.
import type { ApiClient } from '../../api/client.ts';
import { fetchAllLocations } from '../../api/locations.ts';
import type { ProvisioningLocationView } from '../../messaging/protocol/index.ts';

export const LOCATIONS_FRESH_MS = 60_000;

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

  function forget(accountKey: string): void {
    for (const key of kept.keys()) if (key.startsWith(`${accountKey}|`)) kept.delete(key);
  }

  return { list, forget };
}
