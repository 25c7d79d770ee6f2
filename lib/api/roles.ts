import { type ApiClient, type ApiResult, accountPath, type CallOptions } from './client.ts';
import { pageReader } from './lists.ts';
import { itemReader, itemSchema } from './schemas-common.ts';

export interface Role {
  id: string;
  name: string;
  [field: string]: unknown;
}

export const roleReader = itemReader<Role>('roles', { required: { id: 'id', name: 'string' } });
export const RoleSchema = itemSchema(roleReader);
const readRoles = pageReader('roles', roleReader);

/** Roles take no paging; the list is empty when the account defines none. */
export function listRoles(
  client: ApiClient,
  accountId = 'me',
  options?: CallOptions,
): Promise<ApiResult<{ count: number; roles: Role[] }>> {
  return client.request(
    {
      operation: 'listRoles',
      method: 'GET',
      path: accountPath(accountId, 'roles'),
      ids: { 'account id': accountId },
      read: readRoles,
    },
    options,
  );
}
