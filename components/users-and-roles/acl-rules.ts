// The ACL editor's rules: a row is a role on a scope (the account, a folder or a location); the same
// role on the same scope twice is refused. And the one-line summary of a user's access for the list.
import type { AclRowView, RoleView } from '../../lib/messaging/protocol/index.ts';

export interface AclDraftRow {
  roleId: string;
  roleName: string;
  onType: string;
  on: string;
  /** The scope's name, for people; the id when no name is known. */
  onName: string;
}

export function rowKey(row: Pick<AclDraftRow, 'roleId' | 'onType' | 'on'>): string {
  return `${row.roleId} ${row.onType} ${row.on}`;
}

/** The rows with `row` added, or the reason it is refused. */
export function addRow(rows: AclDraftRow[], row: AclDraftRow): AclDraftRow[] | string {
  const problem = rowProblem(row) ?? (rows.some((r) => rowKey(r) === rowKey(row)) ? duplicateMessage(row) : undefined);
  return problem ?? [...rows, row];
}

/** The rows with the one at `index` replaced, or the reason the change is refused. */
export function changeRow(rows: AclDraftRow[], index: number, row: AclDraftRow): AclDraftRow[] | string {
  const problem =
    rowProblem(row) ??
    (rows.some((r, i) => i !== index && rowKey(r) === rowKey(row)) ? duplicateMessage(row) : undefined);
  return problem ?? rows.map((r, i) => (i === index ? row : r));
}

export function removeRow(rows: AclDraftRow[], index: number): AclDraftRow[] {
  return rows.filter((_, i) => i !== index);
}

function rowProblem(row: AclDraftRow): string | undefined {
  if (!row.roleId) return 'Choose a role.';
  if (!row.on) return `Choose ${scopeArticle(row.onType)}.`;
  return undefined;
}

function scopeArticle(onType: string): string {
  return onType === 'FOLDER' ? 'a folder' : onType === 'LOCATION' ? 'a location' : 'an account';
}

function duplicateMessage(row: AclDraftRow): string {
  return `${row.roleName || 'This role'} on ${row.onName || row.on} is already in the list.`;
}

export function draftFromView(row: AclRowView, names: Record<string, string>): AclDraftRow {
  return {
    roleId: row.roleId,
    roleName: row.roleName,
    onType: row.onType,
    on: row.on,
    onName: names[`${row.onType} ${row.on}`] ?? row.on,
  };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "Full Control on the account", "Location Manager on 3 locations, 1 folder"; several roles joined by "; ". */
export function accessSummary(acl: AclRowView[], roles: RoleView[] = []): string {
  if (acl.length === 0) return 'No access';
  const byRole = new Map<string, AclRowView[]>();
  for (const row of acl) {
    const name = row.roleName || roles.find((r) => r.id === row.roleId)?.name || `Role ${row.roleId}`;
    byRole.set(name, [...(byRole.get(name) ?? []), row]);
  }
  return [...byRole]
    .map(([name, rows]) => {
      const count = (type: string) => rows.filter((r) => r.onType === type).length;
      const parts: string[] = [];
      const accounts = count('ACCOUNT');
      if (accounts === 1) parts.push('the account');
      else if (accounts > 1) parts.push(plural(accounts, 'account', 'accounts'));
      if (count('LOCATION')) parts.push(plural(count('LOCATION'), 'location', 'locations'));
      if (count('FOLDER')) parts.push(plural(count('FOLDER'), 'folder', 'folders'));
      const other = rows.length - accounts - count('LOCATION') - count('FOLDER');
      if (other) parts.push(plural(other, 'other scope', 'other scopes'));
      return `${name} on ${parts.join(', ')}`;
    })
    .join('; ');
}

/** Every role a user holds, for the role filter. */
export function userHasRole(acl: AclRowView[], roleId: string): boolean {
  return acl.some((row) => row.roleId === roleId);
}
