import { type ApiClient, type ApiResult, accountPath, type CallOptions } from './client.ts';
import type { ApiMessage } from './errors.ts';
import { pageReader } from './lists.ts';
import { type FetchAllOptions, fetchAllPages, type Incomplete } from './paging.ts';
import { itemReader, itemSchema } from './schemas-common.ts';
import type { Paging } from './users.ts';

/** The service's default page; folders are few, so one page is the usual answer. */
export const FOLDERS_PAGE_SIZE = 100;

export interface Folder {
  id: string;
  name?: string;
  /** The parent folder; the vendor's root ("0") or absent for a top-level folder. */
  parentId?: string;
  [field: string]: unknown;
}

export const folderReader = itemReader<Folder>('folders', {
  required: { id: 'id' },
  optional: { name: 'string', parentId: 'id' },
});
export const FolderSchema = itemSchema(folderReader);

export interface FoldersPage {
  count: number;
  folders: Folder[];
}
const readFoldersPage = pageReader('folders', folderReader);

export function listFolders(
  client: ApiClient,
  accountId = 'me',
  { limit, offset }: Paging = {},
  options?: CallOptions,
): Promise<ApiResult<FoldersPage>> {
  return client.request(
    {
      operation: 'listFolders',
      method: 'GET',
      path: accountPath(accountId, 'folders'),
      ids: { 'account id': accountId },
      query: { limit, offset },
      read: readFoldersPage,
    },
    options,
  );
}

export async function fetchAllFolders(
  client: ApiClient,
  accountId = 'me',
  options: FetchAllOptions<Folder> = {},
): Promise<{ count: number; folders: Folder[]; warnings: ApiMessage[]; incomplete?: Incomplete }> {
  const { count, items, warnings, incomplete } = await fetchAllPages({
    ...options,
    operation: 'fetchAllFolders',
    pageSize: FOLDERS_PAGE_SIZE,
    fetchPage: async (offset, limit, signal) => {
      const { data, warnings } = await listFolders(client, accountId, { offset, limit }, { signal });
      return { count: data.count, items: data.folders, warnings };
    },
  });
  return incomplete ? { count, folders: items, warnings, incomplete } : { count, folders: items, warnings };
}
