// The account's roles. An empty list is normal, not an error: custom roles are made in the vendor's
// account manager, and the interface has no call to create them.
import type { RoleView } from '../../lib/messaging/protocol/index.ts';

export const NO_ROLES_TEXT =
  'This account has no roles yet. Roles are created in the vendor’s account manager, not through the interface Listings Desk uses; once they exist they appear here and can be given to users.';

/** `loaded` false: the roles were never fetched (the fetch failed); nothing is known, so nothing is claimed. */
export const NOT_LOADED_ROLES_TEXT =
  'The roles could not be loaded, so they are not known yet. They appear here once the service answers; Retry above asks again.';

export function RolesPanel({ roles, loaded = true }: { roles: RoleView[]; loaded?: boolean }) {
  return (
    <section class="ue-roles" aria-labelledby="ue-roles-title">
      <h3 id="ue-roles-title" class="ue-roles__title">
        Roles {loaded ? <span class="ue-muted">({roles.length})</span> : null}
      </h3>
      {!loaded ? (
        <p class="ue-roles__none" role="note">
          {NOT_LOADED_ROLES_TEXT}
        </p>
      ) : roles.length === 0 ? (
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
