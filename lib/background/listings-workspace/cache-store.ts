// The fetched listings of each account, kept across worker restarts. IndexedDB, not storage.local:
// 100,000 listings are ~16 MB, over storage.local's 10 MB quota, and IndexedDB stores them by structured
// clone (no JSON round trip). Only the worker opens this database.
import type {
  ListingsIncomplete,
  ListingsPart,
  ListingTableRow,
  ListWarningView,
} from '../../messaging/protocol/index.ts';
import type { AccountLink } from '../core/account-lock.ts';
import type { ListingsColumns } from './table.ts';

const DB_NAME = 'listings-desk-workspace';
const STORE = 'listings';
/**
 * Each snapshot's first rows in the default order, apart: a restarted worker shows them before it has
 * read back and indexed the whole snapshot (600,000 listings: ~1 s to read, ~1.6 s to rebuild).
 */
const HEADS = 'heads';

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
  /** The rows are one folder's (a partial load), not the account's whole. */
  part?: ListingsPart | null;
}

/** A snapshot's first rows, written with it. */
export interface ListingsHead extends Omit<ListingsSnapshot, 'columns' | 'missingOffsets'> {
  /** How many rows the snapshot holds. */
  size: number;
  /** As shown, names joined: checking them against the cached names would read those first. */
  rows: ListingTableRow[];
}

function result<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed.'));
  });
}

async function withStore<T>(
  mode: IDBTransactionMode,
  run: (store: IDBObjectStore, heads: IDBObjectStore) => IDBRequest<T>,
  stores: string[] = [STORE, HEADS],
): Promise<T> {
  const open = indexedDB.open(DB_NAME, 2);
  open.onupgradeneeded = () => {
    for (const name of [STORE, HEADS]) {
      if (!open.result.objectStoreNames.contains(name)) open.result.createObjectStore(name, { keyPath: 'accountKey' });
    }
  };
  const db = await result(open);
  try {
    const transaction = db.transaction(stores, mode);
    const store = (name: string) => (stores.includes(name) ? transaction.objectStore(name) : (undefined as never));
    const done = new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed.'));
      transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted.'));
    });
    const value = await result(run(store(STORE), store(HEADS)));
    await done;
    return value;
  } finally {
    db.close();
  }
}

export async function readSnapshot(accountKey: string): Promise<ListingsSnapshot | undefined> {
  const found = (await withStore('readonly', (store) => store.get(accountKey), [STORE])) as
    | ListingsSnapshot
    | undefined;
  // An entry in another shape (an earlier version's) is as good as none.
  return found && found.columns?.loc instanceof Int32Array ? found : undefined;
}

/** Reads only the first rows (a few KB), never the snapshot. */
export async function readHead(accountKey: string): Promise<ListingsHead | undefined> {
  const found = (await withStore('readonly', (_, heads) => heads.get(accountKey), [HEADS])) as ListingsHead | undefined;
  return found && Array.isArray(found.rows) && typeof found.size === 'number' ? found : undefined;
}

/** The snapshot and its first rows, in one transaction: a head never outlives or predates its rows. */
export async function writeSnapshot(
  snapshot: ListingsSnapshot,
  head: Pick<ListingsHead, 'size' | 'rows'>,
): Promise<void> {
  const { columns: _, missingOffsets: __, ...meta } = snapshot;
  await withStore('readwrite', (store, heads) => {
    heads.put({ ...meta, ...head } satisfies ListingsHead);
    return store.put(snapshot);
  });
}

export async function deleteSnapshot(accountKey: string): Promise<void> {
  await withStore('readwrite', (store, heads) => {
    heads.delete(accountKey);
    return store.delete(accountKey);
  });
}
