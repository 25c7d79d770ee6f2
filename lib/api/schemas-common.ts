import { z } from 'zod';
import { lazy } from '../shared/lazy.ts';

// Schemas and item shapes are built once, on first use (not at import: the worker's start waits for that). Transforms stay off the fields of list
// items: where zod cannot compile its parsers (the MV3 worker forbids eval) every zod step on every
// item costs, and a 100-listing page must read in ≤ 40 µs there. So a list page gets one cheap zod
// parse of its shape, and its items are checked and normalised by a plain loop over a declared shape.

/** Ids the public record shows as both numbers and strings. */
export const rawId = lazy(() => z.union([z.string(), z.number()]));

/** An id as a string, for single objects (not list items). */
export const id = lazy(() => rawId().transform(String));

/** Optional field that may also arrive as null; null becomes absent. */
export function opt<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform((value) => value ?? undefined);
}

/** Numbers that sometimes arrive as numeric strings. */
export const num = lazy(() => z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)]).transform(Number));

export type Item = Record<string, unknown>;

/**
 * How one field is read. Values of another type are dropped (parse liberally), null becomes absent.
 * id: number or string, always a string afterwards. value: anything but null. drop: never kept.
 */
export type FieldKind =
  | 'id'
  | 'string'
  | 'boolean'
  | 'number'
  | 'value'
  | 'ids'
  | 'strings'
  | 'drop'
  | { list: ItemShape }
  | ((value: unknown) => unknown);

export interface ItemShape {
  /** Fields an item is useless without; an item missing one is left out of its list. */
  required?: Record<string, 'id' | 'string'>;
  /**
   * Known optional fields. Fields not named anywhere are kept as they are. A required field named here too is
   * checked as required, then read as named here (one value for two spellings of a status).
   */
  optional?: Record<string, FieldKind>;
  /** Other spellings of a field; the field's own spelling wins when both are present. */
  aliases?: Record<string, string>;
}

/** One kind of list item, as a person calls it ("listings"), and its shape. */
export interface ItemReader<T> {
  noun: string;
  shape: ItemShape;
  /**
   * For the hottest lists: the same reading as `shape`, written out with named fields. Keyed lookups
   * over a shape's field list are what a generic reading costs; test/unit/api keeps the two in step.
   */
  readInPlace?: (item: Item) => boolean;
  /** Phantom: the normal form items are read into. */
  readonly _type?: T;
}

export function itemReader<T>(noun: string, shape: ItemShape, readInPlace?: (item: Item) => boolean): ItemReader<T> {
  return readInPlace ? { noun, shape, readInPlace } : { noun, shape };
}

const isObject = (value: unknown): value is Item => typeof value === 'object' && value !== null;
export const isId = (value: unknown): value is string | number =>
  typeof value === 'string' || typeof value === 'number';
const NUMERIC = /^-?\d+(\.\d+)?$/;

function readField(value: unknown, kind: FieldKind): unknown {
  if (value === null || value === undefined) return undefined;
  switch (kind) {
    case 'id':
      return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
    case 'string':
    case 'boolean':
      return typeof value === kind ? value : undefined;
    case 'number':
      if (typeof value === 'number') return value;
      return typeof value === 'string' && NUMERIC.test(value) ? Number(value) : undefined;
    case 'value':
      return value;
    case 'ids':
      return Array.isArray(value) ? value.filter(isId).map(String) : undefined;
    case 'strings':
      return Array.isArray(value) ? value.filter((entry) => typeof entry === 'string') : undefined;
    case 'drop':
      return undefined;
    default:
      if (typeof kind === 'function') return kind(value);
      if (!Array.isArray(value)) return undefined;
      return value.filter(isObject).map((entry) => normaliseInPlace(entry, compile(kind.list)));
  }
}

/**
 * Normalises a freshly parsed item in place, touching only the fields its shape names: copying every
 * item of a page would cost most of the 40 µs a page may take in the worker.
 */
function normaliseInPlace(item: Item, shape: Compiled): Item {
  const { fieldKeys, fieldKinds } = shape;
  for (let i = 0; i < fieldKeys.length; i++) {
    const key = fieldKeys[i]!;
    const kind = fieldKinds[i]!;
    const value = item[key];
    if (value === undefined) continue;
    // The common case: already in normal form.
    if (typeof value === kind || (kind === 'id' && typeof value === 'string')) continue;
    if (typeof kind === 'object' && Array.isArray(value) && value.every(isObject)) {
      const entryShape = compile(kind.list);
      for (const entry of value) normaliseInPlace(entry, entryShape);
      continue;
    }
    const read = readField(value, kind);
    if (read === undefined) delete item[key];
    else item[key] = read;
  }
  // The other spelling is emptied, not deleted: a delete on every item of a page costs more than the
  // rest of its reading (V8 turns each object into a slow dictionary). JSON and storage drop it.
  for (let i = 0; i < shape.aliases.length; i++) {
    const [alias, name] = shape.aliases[i]!;
    const raw = item[alias];
    if (raw === undefined) continue;
    const value = readField(raw, shape.kindOf.get(name) ?? 'value');
    item[alias] = undefined;
    if (value !== undefined && item[name] === undefined) item[name] = value;
  }
  return item;
}

interface Compiled {
  requiredKeys: string[];
  requiredIsId: boolean[];
  fieldKeys: string[];
  fieldKinds: FieldKind[];
  aliases: [string, string][];
  kindOf: Map<string, FieldKind>;
}

const compiled = new WeakMap<ItemShape, Compiled>();

function compile(shape: ItemShape): Compiled {
  let found = compiled.get(shape);
  if (!found) {
    const fields: [string, FieldKind][] = [
      ...Object.entries(shape.required ?? {}),
      ...Object.entries(shape.optional ?? {}),
    ];
    const required = Object.entries(shape.required ?? {});
    found = {
      requiredKeys: required.map(([key]) => key),
      requiredIsId: required.map(([, kind]) => kind === 'id'),
      fieldKeys: fields.map(([key]) => key),
      fieldKinds: fields.map(([, kind]) => kind),
      aliases: Object.entries(shape.aliases ?? {}),
      kindOf: new Map(fields),
    };
    compiled.set(shape, found);
  }
  return found;
}

function hasRequired(value: unknown, shape: Compiled): value is Item {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { requiredKeys, requiredIsId } = shape;
  for (let i = 0; i < requiredKeys.length; i++) {
    const field = (value as Item)[requiredKeys[i]!];
    if (requiredIsId[i] ? !isId(field) : typeof field !== 'string') return false;
  }
  return true;
}

/** An optional list of objects read by their shape, in place; anything else in it is dropped. */
export function readListInPlace(item: Item, key: string, value: unknown, shape: ItemShape): void {
  const read = readField(value, { list: shape });
  if (read === undefined) delete item[key];
  else item[key] = read;
}

/** Items one by one: an unreadable item is left out and counted, the rest are normalised in place. */
export function readItemsByShape<T>(values: readonly unknown[], reader: ItemReader<T>) {
  return readItems(values, { noun: reader.noun, shape: reader.shape });
}

export function readItems<T>(values: readonly unknown[], reader: ItemReader<T>): { items: T[]; skipped: number } {
  const items: T[] = [];
  let skipped = 0;
  const { readInPlace } = reader;
  if (readInPlace) {
    for (const value of values) {
      if (typeof value === 'object' && value !== null && !Array.isArray(value) && readInPlace(value as Item)) {
        items.push(value as T);
      } else skipped++;
    }
    return { items, skipped };
  }
  const shape = compile(reader.shape);
  for (const value of values) {
    if (hasRequired(value, shape)) items.push(normaliseInPlace(value, shape) as T);
    else skipped++;
  }
  return { items, skipped };
}

/** The reader as a zod schema for one object, e.g. a get call's answer, with zod's issue paths. */
export function itemSchema<T>(reader: ItemReader<T>): z.ZodType<T> {
  return z.lazy(() => {
    const required = Object.fromEntries(
      Object.entries(reader.shape.required ?? {}).map(([key, kind]) => [key, kind === 'id' ? rawId() : z.string()]),
    );
    const shape = compile(reader.shape);
    return z.looseObject(required).transform((value) => {
      const item = normaliseInPlace(structuredClone(value), shape);
      for (const [alias] of shape.aliases) delete item[alias];
      return item as T;
    });
  });
}
