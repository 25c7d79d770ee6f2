// WXT's storage.defineItem reads the item's value from storage as soon as it is defined (to run its
// `init`), and the worker defines every item at import: each start of the worker read all of them,
// the triage cache included, ahead of the popup's first view. Items defined here are made on first use.
import { storage, type WxtStorageItem, type WxtStorageItemOptions } from 'wxt/utils/storage';

type Options<T> = Omit<WxtStorageItemOptions<T>, 'init' | 'defaultValue'> & { fallback: T };
type Item<T> = WxtStorageItem<T, Record<string, unknown>>;

/** storage.defineItem, made when first read, written or watched. Items with migrations are made at once. */
export function defineItem<T>(key: `${'local' | 'session'}:${string}`, options: Options<T>): Item<T> {
  if (options.migrations) return storage.defineItem<T, Record<string, unknown>>(key, options);
  let made: Item<T> | undefined;
  const item = () => {
    made ??= storage.defineItem<T, Record<string, unknown>>(key, options);
    return made;
  };
  // storage.getItems and setItems read only `key` and `fallback`: a bulk read does not make the item.
  return {
    key,
    fallback: options.fallback,
    defaultValue: options.fallback,
    getValue: () => item().getValue(),
    getMeta: () => item().getMeta(),
    setValue: (value) => item().setValue(value),
    setMeta: (properties) => item().setMeta(properties),
    removeValue: (opts) => item().removeValue(opts),
    removeMeta: (properties) => item().removeMeta(properties),
    watch: (callback) => item().watch(callback),
    watchMeta: (callback) => item().watchMeta(callback),
    migrate: () => item().migrate(),
  };
}
