// A user call whose 2xx answer could not be read (cut off half way, a captive portal's page) proves
// nothing: the user is read back, and the change counts as made only if the service holds it (issue 31).
import type { ApiClient } from '../../api/client.ts';
import { isApiError, isUnprovenAnswer } from '../../api/errors.ts';
import { getUser, type User } from '../../api/users.ts';
import { DeskError } from '../../messaging/wire-error.ts';
import { UNCONFIRMED } from '../../shared/triage-batch.ts';

/** What the read-back must show, and the words when it does not: what was not confirmed, why, what to do. */
export interface Proof {
  holds(user: User | null): boolean;
  change: string;
  otherwise: string;
  action: string;
}

/** The user as the service holds it now; null when it has none by that id. */
async function readUser(client: ApiClient, accountId: string, userId: string): Promise<User | null> {
  try {
    return (await getUser(client, accountId, userId)).data;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/**
 * Runs one user call. An answer that proved nothing is checked by reading the user: the change stands when
 * `proof` holds (the user read is returned, or null), and fails as 'could not confirm' otherwise, never sent again.
 */
export async function runReadBack(
  client: ApiClient,
  accountId: string,
  userId: string,
  run: () => Promise<unknown>,
  proof: Proof,
): Promise<{ user: User | null } | undefined> {
  try {
    await run();
    return undefined;
  } catch (error) {
    if (!isUnprovenAnswer(error)) throw error;
    let user: User | null;
    let why = proof.otherwise;
    try {
      user = await readUser(client, accountId, userId);
      if (proof.holds(user)) return { user };
    } catch {
      why = 'Listings Desk could not read the user afterwards';
    }
    throw new DeskError({
      code: UNCONFIRMED,
      status: 200,
      message: `Listings Desk could not confirm that ${proof.change}: the service’s answer could not be read, and ${why}. ${proof.action}`,
    });
  }
}

const aclKey = (entry: { roleId?: unknown; onType?: unknown; on?: unknown }) =>
  `${String(entry.roleId ?? '')}\u0000${String(entry.onType ?? '')}\u0000${String(entry.on ?? '')}`;

/** The user holds every field sent as it was sent, and the ACL rows sent (by role, type and scope). */
export function holdsFields(
  sent: Record<string, unknown>,
  acl: readonly { roleId?: unknown; onType?: unknown; on?: unknown }[],
) {
  return (user: User | null): boolean => {
    if (!user) return false;
    for (const [field, value] of Object.entries(sent)) {
      if (field === 'password' || field === 'id' || typeof value !== 'string') continue;
      if (String(user[field] ?? '') !== value) return false;
    }
    const held = new Set((user.acl ?? []).map(aclKey));
    return acl.every((entry) => held.has(aclKey(entry)));
  };
}
