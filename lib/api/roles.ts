import { z } from 'zod';
import { type ApiClient, type ApiResult, accountPath, type CallOptions } from './client.ts';
import { id, num } from './schemas-common.ts';

export const RoleSchema = z.looseObject({ id, name: z.string() });
export type Role = z.output<typeof RoleSchema>;

export const RolesSchema = z.looseObject({ count: num, roles: z.array(RoleSchema) });

/** Roles take no paging; the list is empty when the account defines none. */
export function listRoles(
  client: ApiClient,
  options?: CallOptions,
): Promise<ApiResult<{ count: number; roles: Role[] }>> {
  return client.request(
    { operation: 'listRoles', method: 'GET', path: accountPath('me', 'roles'), schema: RolesSchema },
    options,
  );
}
