// The service's refusals of a users call, in the form the editor can use: a 403 or a permission error
// becomes one sentence about the account, and an error that names a field is put on that field.
import { isApiError } from '../../api/errors.ts';
import { toWireError } from '../../messaging/background.ts';
import { DeskError } from '../../messaging/wire-error.ts';

export const FORBIDDEN_MESSAGE = 'This account does not let you manage users.';

const FIELDS = ['firstName', 'lastName', 'username', 'emailAddress', 'phoneNumber', 'password', 'newPassword', 'acl'];
const PERMISSION = /permission|not (?:allowed|authori[sz]ed|permitted)|forbidden/i;

/** The form field a service message names: "Missing required field: phoneNumber (or phone)" → phoneNumber. */
export function fieldNamedIn(message: string): string | undefined {
  if (/\bwith id\b|\bfield id\b/i.test(message)) return 'id';
  if (/\bphone\b/.test(message)) return 'phoneNumber';
  return FIELDS.find((field) => new RegExp(`\\b${field}\\b`).test(message));
}

export function usersError(error: unknown): unknown {
  if (!isApiError(error)) return error;
  const texts = error.errors.map((e) => e.message);
  if (error.status === 403 || texts.some((t) => PERMISSION.test(t))) {
    return new DeskError({
      code: 'users-forbidden',
      message: FORBIDDEN_MESSAGE,
      status: error.status,
      operation: error.operation,
    });
  }
  const wire = toWireError(error);
  const fields: Record<string, string> = {};
  for (const text of texts) {
    const field = fieldNamedIn(text);
    if (field) fields[field] ??= text;
  }
  return Object.keys(fields).length > 0 ? new DeskError({ ...wire, fields }) : error;
}

/** Runs a users call and rethrows its failure as usersError does. */
export async function asUsersCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw usersError(error);
  }
}
