import { accountList } from './paged-list.ts';
import { itemReader, itemSchema } from './schemas-common.ts';

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
export const { list: listFolders, fetchAll: fetchAllFolders } = accountList('folders', folderReader, FOLDERS_PAGE_SIZE);
