// The fetched listings of each account, kept across worker restarts. IndexedDB, not storage.local:
// 100,000 listings are ~16 MB, over storage.local's 10 MB quota, and IndexedDB stores them by structured
// clone (no JSON round trip). Only the worker opens this database.
import type { ListingsIncomplete, ListWarningView } from '../../messaging/protocol/index.ts';
import type { AccountLink } from '../core/account-lock.ts';
import type { ListingsColumns } from './table.ts';

const DB_NAME = 'listings-desk-workspace';
const STORE = 'listings';

export interface ListingsSnapshot {
  accountKey: string;
  /** The link it was fetched under: a snapshot of an earlier link (relinked, other origin) is dropped. */
  link: AccountLink;
  fetchedAt: number;
  /** The service's count when it was fetched. */
  count: number;
  columns: ListingsColumns;
  incomplete: ListingsIncomplete | null;
  /** The pages a load the quota ended has still to fetch (absent: none, or a snapshot from before). */
  missingOffsets?: number[];
  /** Snapshots written before warnings kept their code hold only the text. */
  warnings: (ListWarningView | string)[];
}

function result<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed.'));
  });
}

async function withStore<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const open = indexedDB.open(DB_NAME, 1);
  open.onupgradeneeded = () => {
    if (!open.result.objectStoreNames.contains(STORE)) open.result.createObjectStore(STORE, { keyPath: 'accountKey' });
  };
  const db = await result(open);
  try {
    const transaction = db.transaction(STORE, mode);
    const done = new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed.'));
      transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted.'));
    });
    const value = await result(run(transaction.objectStore(STORE)));
    await done;
    return value;
  } finally {
    db.close();
  }
}

export async function readSnapshot(accountKey: string): Promise<ListingsSnapshot | undefined> {
  const found = (await withStore('readonly', (store) => store.get(accountKey))) as ListingsSnapshot | undefined;
  // An entry in another shape (an earlier version's) is as good as none.
  return found && found.columns?.loc instanceof Int32Array ? found : undefined;
}

export async function writeSnapshot(snapshot: ListingsSnapshot): Promise<void> {
  await withStore('readwrite', (store) => store.put(snapshot));
}

export async function deleteSnapshot(accountKey: string): Promise<void> {
  await withStore('readwrite', (store) => store.delete(accountKey));
}
