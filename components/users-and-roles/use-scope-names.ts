// Names for the scopes of a user's ACL rows ("Oregon Bakeries", not "F-OR"), asked of the worker once
// per scope type. Keys are "TYPE id"; an id without a name stays an id.
import { useEffect, useMemo } from 'preact/hooks';
import { ACL_SCOPE_TYPES, type AclRowView } from '../../lib/messaging/protocol/index.ts';
import { query } from '../ui/store.ts';
import { useUsersAccount, useUsersRequests } from './users-account.ts';
import type { UsersRequests } from './users-store.ts';

/** One object for "no names yet": callers compare names by identity (a new {} per render would loop them). */
const NO_NAMES: Record<string, string> = Object.freeze({}) as Record<string, string>;

function scopeNames(requests: UsersRequests) {
  return query(async ({ accountId, acl }: { accountId: string; acl: AclRowView[] }) => {
    const found: Record<string, string> = {};
    await Promise.all(
      ACL_SCOPE_TYPES.map(async (type) => {
        const ids = [...new Set(acl.filter((row) => row.onType === type).map((row) => row.on))];
        if (ids.length === 0) return;
        try {
          const { options } = await requests.scopes({ accountId, type, ids });
          for (const option of options) found[`${type} ${option.id}`] = option.name;
        } catch {
          // Names are a nicety: the ids still say which scope a row is on.
        }
      }),
    );
    return found;
  });
}

export function useScopeNames(acl: AclRowView[]): Record<string, string> {
  const accountId = useUsersAccount();
  const requests = useUsersRequests();
  const names = useMemo(() => scopeNames(requests), [requests]);
  const wanted = acl
    .map((row) => `${row.onType} ${row.on}`)
    .sort()
    .join('|');
  // The names shown stay until the newest rows’ names come (`wanted` stands for the rows’ scopes).
  useEffect(() => void names.load({ accountId, acl }), [names, wanted, accountId]);
  return names.value.value ?? NO_NAMES;
}
