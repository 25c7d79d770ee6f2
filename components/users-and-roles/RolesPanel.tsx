// The account's roles. An empty list is normal, not an error: custom roles are made in the vendor's
// account manager, and the interface has no call to create them.
import type { RoleView } from '../../lib/messaging/protocol/index.ts';

export const NO_ROLES_TEXT =
  'This account has no roles yet. Roles are created in the vendor’s account manager, not through the interface Listings Desk uses; once they exist they appear here and can be given to users.';

export function RolesPanel({ roles }: { roles: RoleView[] }) {
  return (
    <section class="ue-roles" aria-labelledby="ue-roles-title">
      <h3 id="ue-roles-title" class="ue-roles__title">
        Roles <span class="ue-muted">({roles.length})</span>
      </h3>
      {roles.length === 0 ? (
        <p class="ue-roles__none" role="note">
          {NO_ROLES_TEXT}
        </p>
      ) : (
        <ul class="ue-roles__list">
          {roles.map((role) => (
            <li key={role.id} title={`Role id ${role.id}`}>
              {role.name}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
