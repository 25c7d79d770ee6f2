// The user's access: rows of role × scope. New rows are added from a role, a scope type and one or more
// scopes found by name; the same role on the same scope twice is refused with a reason.
import { useId, useState } from 'preact/hooks';
import type { AclScopeType, RoleView, ScopeOptionView } from '../../lib/messaging/protocol/index.ts';
import { Button } from '../ui/Button.tsx';
import { type AclDraftRow, addRow, changeRow, removeRow } from './acl-rules.ts';
import { ScopePicker } from './ScopePicker.tsx';

export interface AclEditorProps {
  rows: AclDraftRow[];
  roles: RoleView[];
  onChange: (rows: AclDraftRow[]) => void;
  /** The service's own words about the ACL, when it refused it. */
  error?: string;
}

export const SCOPE_LABELS: Record<string, string> = { ACCOUNT: 'Account', FOLDER: 'Folder', LOCATION: 'Location' };

export function AclEditor({ rows, roles, onChange, error }: AclEditorProps) {
  const id = useId();
  const [roleId, setRoleId] = useState(roles[0]?.id ?? '');
  const [scopeType, setScopeType] = useState<AclScopeType>('LOCATION');
  const [picked, setPicked] = useState<ScopeOptionView[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  if (roles.length === 0) {
    return (
      <p class="ue-acl__none" role="note">
        This account has no roles, so no access can be given here. Roles are created in the vendor’s account manager;
        they appear here once they exist.
      </p>
    );
  }

  const roleName = (rid: string) => roles.find((r) => r.id === rid)?.name ?? '';

  const add = () => {
    if (picked.length === 0) {
      setProblem(
        `Choose ${scopeType === 'ACCOUNT' ? 'an account' : scopeType === 'FOLDER' ? 'a folder' : 'a location'} first.`,
      );
      return;
    }
    let next = rows;
    for (const scope of picked) {
      const result = addRow(next, {
        roleId,
        roleName: roleName(roleId),
        onType: scope.type,
        on: scope.id,
        onName: scope.name,
      });
      if (typeof result === 'string') {
        setProblem(result);
        return;
      }
      next = result;
    }
    onChange(next);
    setPicked([]);
    setProblem(null);
  };

  const change = (index: number, row: AclDraftRow, newRoleId: string) => {
    const result = changeRow(rows, index, { ...row, roleId: newRoleId, roleName: roleName(newRoleId) });
    if (typeof result === 'string') setProblem(result);
    else {
      onChange(result);
      setProblem(null);
    }
  };

  return (
    <fieldset class="ue-acl" aria-describedby={error || problem ? `${id}-problem` : undefined}>
      <legend class="ue-acl__legend">Access</legend>
      {rows.length > 0 ? (
        <table class="ue-acl__rows">
          <thead>
            <tr>
              <th scope="col">Role</th>
              <th scope="col">On</th>
              <th scope="col">
                <span class="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={`${row.roleId} ${row.onType} ${row.on}`}>
                <td>
                  <select
                    class="ui-select"
                    aria-label={`Role on ${row.onName}`}
                    value={row.roleId}
                    onChange={(event) => change(index, row, event.currentTarget.value)}
                  >
                    {roles.some((r) => r.id === row.roleId) ? null : (
                      <option value={row.roleId}>{row.roleName || `Role ${row.roleId}`}</option>
                    )}
                    {roles.map((role) => (
                      <option key={role.id} value={role.id}>
                        {role.name}
                      </option>
                    ))}
                  </select>
                </td>
                <td title={row.on}>
                  <span class="ue-acl__type">{SCOPE_LABELS[row.onType] ?? row.onType}</span> {row.onName}
                </td>
                <td>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Remove ${row.roleName} on ${row.onName}`}
                    onClick={() => onChange(removeRow(rows, index))}
                  >
                    Remove
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p class="ue-acl__empty">No access yet: this user could log in but see nothing.</p>
      )}
      <div class="ue-acl__add">
        <label class="ue-acl__field">
          <span>Role</span>
          <select class="ui-select" value={roleId} onChange={(event) => setRoleId(event.currentTarget.value)}>
            {roles.map((role) => (
              <option key={role.id} value={role.id}>
                {role.name}
              </option>
            ))}
          </select>
        </label>
        <label class="ue-acl__field">
          <span>Applies to</span>
          <select
            class="ui-select"
            value={scopeType}
            onChange={(event) => {
              setScopeType(event.currentTarget.value as AclScopeType);
              setPicked([]);
            }}
          >
            <option value="ACCOUNT">The account</option>
            <option value="FOLDER">Folders</option>
            <option value="LOCATION">Locations</option>
          </select>
        </label>
        <ScopePicker
          key={scopeType}
          type={scopeType}
          label={scopeType === 'ACCOUNT' ? 'Account' : scopeType === 'FOLDER' ? 'Folder' : 'Locations'}
          chosen={new Set(picked.map((p) => p.id))}
          onPick={(option) => setPicked([...picked, option])}
        />
        {/* Beside the picker, under a blank label: the picker's list opening below never moves it. */}
        <div class="ue-acl__field">
          <span aria-hidden="true">&nbsp;</span>
          <Button size="sm" onClick={add} disabled={picked.length === 0}>
            {picked.length > 1 ? `Add ${picked.length} rows` : 'Add access'}
          </Button>
        </div>
      </div>
      {picked.length > 0 ? (
        <div class="ue-acl__then">
          <ul class="ue-acl__picked" aria-label="Chosen scopes">
            {picked.map((scope) => (
              <li key={scope.id}>
                {scope.name}
                <button
                  type="button"
                  class="ue-chip__remove"
                  aria-label={`Unchoose ${scope.name}`}
                  onClick={() => setPicked(picked.filter((p) => p.id !== scope.id))}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {problem || error ? (
        <p id={`${id}-problem`} class="ui-field__error" role="alert">
          {problem ?? error}
        </p>
      ) : null}
    </fieldset>
  );
}
