// Publisher names per account (id → name), shared by triage and the listings table. The list changes
// rarely, so it is fetched at most once a day; names are a nicety, the ids show without them.
import { storage } from 'wxt/utils/storage';
import type { ApiClient } from '../../api/client.ts';
import { listPublishers } from '../../api/publishers.ts';
import { defineItem } from '../../storage-item.ts';
import { type AccountLink, writeIfLinked } from './account-lock.ts';

export interface PublisherNames {
  fetchedAt: number;
  /** publisher id → name (untrusted text). */
  names: Record<string, string>;
}

/** accountKey → publisher names. */
export const publisherNamesItem = defineItem<Record<string, PublisherNames>>('local:publisherNames', {
  fallback: {},
  version: 1,
});

const PUBLISHERS_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export async function publisherNamesOf(accountKey: string): Promise<Record<string, string>> {
  return (await publisherNamesItem.getValue())[accountKey]?.names ?? {};
}

/**
 * Fetches the names when older than a day (or when forced) and writes them for this same link only.
 * `commit` writes them (triage bumps its revision in the same storage call).
 */
export async function refreshPublisherNames(
  client: ApiClient,
  link: AccountLink,
  now: () => number,
  commit: (writes: Parameters<typeof storage.setItems>[0]) => Promise<unknown> = (writes) => storage.setItems(writes),
  force = false,
): Promise<void> {
  const { accountKey } = link;
  const known = (await publisherNamesItem.getValue())[accountKey];
  if (!force && known && now() - known.fetchedAt < PUBLISHERS_MAX_AGE_MS) return;
  const { data } = await listPublishers(client);
  const names: Record<string, string> = {};
  for (const p of data) names[p.id] = p.name;
  await writeIfLinked(link, async () => {
    const latest = await publisherNamesItem.getValue();
    await commit([{ item: publisherNamesItem, value: { ...latest, [accountKey]: { fetchedAt: now(), names } } }]);
  });
}

/** The write that drops an account's names (on unlink). */
export async function withoutPublisherNames(accountKey: string) {
  const { [accountKey]: _gone, ...others } = await publisherNamesItem.getValue();
  return [{ item: publisherNamesItem, value: others }];
}
