// Names for the scopes of a user's ACL rows ("Oregon Bakeries", not "F-OR"), asked of the worker once
// per scope type. Keys are "TYPE id"; an id without a name stays an id.
import { useEffect, useState } from 'preact/hooks';
import { ACL_SCOPE_TYPES, type AclRowView } from '../../lib/messaging/protocol/index.ts';
import { useUsersAccount, useUsersRequests } from './users-account.ts';

export function useScopeNames(acl: AclRowView[]): Record<string, string> {
  const accountId = useUsersAccount();
  const requests = useUsersRequests();
  const [names, setNames] = useState<Record<string, string>>({});
  const wanted = acl
    .map((row) => `${row.onType} ${row.on}`)
    .sort()
    .join('|');
  useEffect(() => {
    let current = true;
    void (async () => {
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
      if (current) setNames(found);
    })();
    return () => {
      current = false;
    };
  }, [wanted, accountId]);
  return names;
}
