// What an ACL row can apply to: the account (and its sub-accounts), its folders and its locations,
// searched by name. The lists are read once per linked account and account id ('me' or a sub-account) and
// kept for SCOPES_MAX_AGE_MS in memory.
import type { ApiClient } from '../../api/client.ts';
import { fetchAllAccounts } from '../../api/provisioning.ts';
import type { AclScopeType, ScopeOptionView, ScopeSearchView } from '../../messaging/protocol/index.ts';

export const SCOPES_MAX_AGE_MS = 5 * 60_000;

export type ScopeLoader = (client: ApiClient, accountKey: string, accountId: string) => Promise<ScopeOptionView[]>;
export type ScopeLoaders = Record<AclScopeType, ScopeLoader>;

export const loadAccounts: ScopeLoader = async (client) => {
  const all = await fetchAllAccounts(client);
  // Sub-accounts left out would not be offered at all: fail and say so instead.
  if (all.incomplete) throw all.incomplete.error;
  return all.accounts.map((account) => ({
    type: 'ACCOUNT' as const,
    id: String(account.accountId),
    name: String(account.accountName ?? account.accountId),
    detail: account.parentAccountId ? 'sub-account' : '',
  }));
};

/** Case- and accent-insensitive, so "zurich" finds "Zürich". */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

export function searchScopes(
  type: AclScopeType,
  options: ScopeOptionView[],
  query: string,
  limit: number,
  ids?: string[],
): ScopeSearchView {
  if (ids) {
    const wanted = new Set(ids);
    return { type, options: options.filter((o) => wanted.has(o.id)), more: false };
  }
  const words = fold(query).split(/\s+/).filter(Boolean);
  const matches = options.filter((o) => {
    const haystack = fold(`${o.name} ${o.detail} ${o.id}`);
    return words.every((word) => haystack.includes(word));
  });
  return { type, options: matches.slice(0, limit), more: matches.length > limit };
}

export function createScopeCache(loaders: ScopeLoaders, now: () => number) {
  const cache = new Map<string, { at: number; options: Promise<ScopeOptionView[]> }>();
  return {
    get(accountKey: string, accountId: string, type: AclScopeType, client: ApiClient): Promise<ScopeOptionView[]> {
      const key = `${accountKey} ${accountId} ${type}`;
      const hit = cache.get(key);
      const age = hit ? now() - hit.at : Number.POSITIVE_INFINITY;
      if (hit && age >= 0 && age < SCOPES_MAX_AGE_MS) return hit.options;
      const options = loaders[type](client, accountKey, accountId);
      cache.set(key, { at: now(), options });
      // A failed load is not kept: the next search tries again.
      options.catch(() => cache.delete(key));
      return options;
    },
    forget(accountKey: string): void {
      for (const key of cache.keys()) if (key.startsWith(`${accountKey} `)) cache.delete(key);
    },
  };
}
