// Per-account caches that can outgrow storage.local, whose 10 MB quota the whole extension shares (a large
// account's publishers answer alone passed it): kept in IndexedDB by structured clone. A value IndexedDB
// refuses (its own quota, a broken profile) stays in the worker's memory instead, so the answer fetched is
// still served until the worker stops. Only the worker opens this database.

const DB_NAME = 'listings-desk-caches';
/** One object store per cache; a new cache is a new name here and a version up. */
const STORES = ['publishers'] as const;
const VERSION = 1;
export type CacheName = (typeof STORES)[number];

/** What IndexedDB could not keep, by cache and key. */
const unsaved = new Map<string, unknown>();
const memoryKey = (cache: CacheName, key: string) => `${cache}\u0000${key}`;

function result<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed.'));
  });
}

async function withStore<T>(
  cache: CacheName,
  mode: IDBTransactionMode,
  run: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const open = indexedDB.open(DB_NAME, VERSION);
  open.onupgradeneeded = () => {
    for (const name of STORES) if (!open.result.objectStoreNames.contains(name)) open.result.createObjectStore(name);
  };
  const db = await result(open);
  try {
    const transaction = db.transaction(cache, mode);
    const done = new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed.'));
      transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted.'));
    });
    const value = await result(run(transaction.objectStore(cache)));
    await done;
    return value;
  } finally {
    db.close();
  }
}

export interface IdbCache<T> {
  get(key: string): Promise<T | undefined>;
  /** Never throws: what IndexedDB refuses is kept in memory. */
  set(key: string, value: T): Promise<void>;
  delete(key: string): Promise<void>;
}

export function idbCache<T>(cache: CacheName): IdbCache<T> {
  return {
    async get(key) {
      const inMemory = memoryKey(cache, key);
      if (unsaved.has(inMemory)) return unsaved.get(inMemory) as T;
      return (await withStore(cache, 'readonly', (store) => store.get(key)).catch(() => undefined)) as T | undefined;
    },
    async set(key, value) {
      try {
        await withStore(cache, 'readwrite', (store) => store.put(value, key));
        unsaved.delete(memoryKey(cache, key));
      } catch {
        unsaved.set(memoryKey(cache, key), value);
      }
    },
    async delete(key) {
      unsaved.delete(memoryKey(cache, key));
      await withStore(cache, 'readwrite', (store) => store.delete(key)).catch(() => undefined);
    },
  };
}

/** Tests: a fresh worker's memory. */
export function forgetUnsavedCaches(): void {
  unsaved.clear();
}
