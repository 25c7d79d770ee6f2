// The accounts the linked account can provision, as a tree by parentAccountId, with counts and a search.
// Choosing one makes it the account provisioned from.
import { useMemo, useState } from 'preact/hooks';
import type { ProvisioningAccountView } from '../../lib/messaging/protocol/index.ts';
import { TextField } from '../ui/TextField.tsx';

export interface AccountsTreeProps {
  accounts: ProvisioningAccountView[];
  chosen: string | null;
  onChoose: (accountId: string) => void;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function counts(a: ProvisioningAccountView): string {
  const parts = [];
  if (a.locationCount !== null) parts.push(plural(a.locationCount, 'location', 'locations'));
  if (a.subAccountCount !== null && a.subAccountCount > 0)
    parts.push(plural(a.subAccountCount, 'sub-account', 'sub-accounts'));
  return parts.join(' · ');
}

export function AccountsTree({ accounts, chosen, onChoose }: AccountsTreeProps) {
  const [search, setSearch] = useState('');
  const { roots, children } = useMemo(() => {
    const ids = new Set(accounts.map((a) => a.accountId));
    const byParent = new Map<string, ProvisioningAccountView[]>();
    const tops: ProvisioningAccountView[] = [];
    for (const a of accounts) {
      if (a.parentAccountId && ids.has(a.parentAccountId) && a.parentAccountId !== a.accountId) {
        byParent.set(a.parentAccountId, [...(byParent.get(a.parentAccountId) ?? []), a]);
      } else tops.push(a);
    }
    return { roots: tops, children: byParent };
  }, [accounts]);

  const needle = search.trim().toLowerCase();
  const matches = (a: ProvisioningAccountView): boolean =>
    !needle || a.accountName.toLowerCase().includes(needle) || a.accountId.toLowerCase().includes(needle);
  // An account stays in view when it or anything below it matches; `seen` stops a cycle in bad data.
  const visible = (a: ProvisioningAccountView, seen: Set<string>): boolean =>
    !seen.has(a.accountId) &&
    (matches(a) || (children.get(a.accountId) ?? []).some((c) => visible(c, new Set([...seen, a.accountId]))));

  const branch = (list: ProvisioningAccountView[], seen: Set<string>) => (
    <ul class="prov-tree__level">
      {list
        .filter((a) => visible(a, seen))
        .map((a) => (
          <li key={a.accountId}>
            <button
              type="button"
              class="prov-tree__account"
              aria-pressed={a.accountId === chosen}
              onClick={() => onChoose(a.accountId)}
            >
              <span class="prov-tree__name">{a.accountName}</span>
              <span class="prov-tree__id">{a.accountId}</span>
              <span class="prov-tree__counts">{counts(a)}</span>
            </button>
            {children.get(a.accountId) ? branch(children.get(a.accountId)!, new Set([...seen, a.accountId])) : null}
          </li>
        ))}
    </ul>
  );

  const anyVisible = roots.some((a) => visible(a, new Set()));
  return (
    <div class="prov-tree">
      <TextField label="Search accounts" type="search" value={search} onValue={setSearch} placeholder="Name or id" />
      {anyVisible ? branch(roots, new Set()) : <p class="prov-muted">No account matches “{search}”.</p>}
    </div>
  );
}
