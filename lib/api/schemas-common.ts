import { z } from 'zod';

// Schemas are built once, here and at module level in each resource file. Transforms stay off the
// fields of list items: where zod cannot compile its parsers (the MV3 worker forbids eval) every
// transform step costs, so items are checked for what they cannot do without and then normalised in
// a plain loop (normalise* below).

/** Ids the public record shows as both numbers and strings. */
export const rawId = z.union([z.string(), z.number()]);

/** An id as a string, for single objects (not list items). */
export const id = rawId.transform(String);

/** Optional field that may also arrive as null; null becomes absent. */
export function opt<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform((value) => value ?? undefined);
}

/** Numbers that sometimes arrive as numeric strings. */
export const num = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)]).transform(Number);

export type Item = Record<string, unknown>;

/** One kind of list item: a cheap check of what it is useless without, then a plain normaliser. */
export interface ItemReader<T> {
  /** What a person calls these items, plural: "listings". */
  noun: string;
  /** Only the fields an item cannot do without; no transforms. Unknown fields are not looked at. */
  required: z.ZodType;
  /** Turns a checked item (which it may change in place) into its normal form. */
  normalise: (item: Item) => T;
}

/** The reader as a schema for one object, e.g. a get call's answer; the input is not changed. */
export function itemSchema<T>(reader: ItemReader<T>): z.ZodType<T> {
  return z.unknown().transform((value, ctx): T => {
    const checked = reader.required.safeParse(value);
    if (!checked.success) {
      for (const issue of checked.error.issues)
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      return z.NEVER;
    }
    return reader.normalise({ ...(value as Item) });
  });
}

/** Items one by one: an unreadable item is left out and counted, the rest are used. Changes `values`' items. */
export function readItems<T>(values: readonly unknown[], reader: ItemReader<T>): { items: T[]; skipped: number } {
  const items: T[] = [];
  let skipped = 0;
  for (const value of values) {
    if (reader.required.safeParse(value).success) items.push(reader.normalise(value as Item));
    else skipped++;
  }
  return { items, skipped };
}

/** Ids become strings; an optional id that is null or not an id is dropped. */
export function normaliseIds(item: Item, keys: readonly string[]): void {
  for (const key of keys) {
    const value = item[key];
    if (typeof value === 'number') item[key] = String(value);
    else if (value !== undefined && typeof value !== 'string') delete item[key];
  }
}

/** Optional fields of one type: null or a value of another type is dropped (parse liberally). */
export function normaliseOptional(item: Item, keys: readonly string[], type: 'string' | 'boolean'): void {
  for (const key of keys) {
    const value = item[key];
    if (value !== undefined && typeof value !== type) delete item[key];
  }
}

/** A number that may arrive as a numeric string; anything else is dropped. */
export function normaliseNumbers(item: Item, keys: readonly string[]): void {
  for (const key of keys) {
    const value = item[key];
    if (typeof value === 'number') continue;
    if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) item[key] = Number(value);
    else if (key in item) delete item[key];
  }
}

/** An optional list of objects, each normalised; null, a non-list and non-object entries are dropped. */
export function normaliseObjects(item: Item, key: string, normalise: (entry: Item) => unknown): void {
  const value = item[key];
  if (value === undefined) return;
  if (!Array.isArray(value)) {
    delete item[key];
    return;
  }
  item[key] = value.filter((entry) => typeof entry === 'object' && entry !== null).map((entry) => normalise(entry));
}

/** An optional list of strings; other entries are dropped. */
export function normaliseStrings(item: Item, key: string): void {
  const value = item[key];
  if (value === undefined) return;
  if (Array.isArray(value)) item[key] = value.filter((entry) => typeof entry === 'string');
  else delete item[key];
}
