import { z } from 'zod';

/** Ids the public record shows as both numbers and strings; always a string afterwards. */
export const id = z.union([z.string(), z.number()]).transform(String);

/** Optional field that may also arrive as null; null becomes absent. */
export function opt<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform((value) => value ?? undefined);
}

/** Numbers that sometimes arrive as numeric strings. */
export const num = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)]).transform(Number);

/** A list answered either as a bare array or wrapped as `{<key>: [...]}`; both seen in the public record. */
export function listOf<T extends z.ZodType>(key: string, item: T) {
  return z
    .union([z.array(item), z.looseObject({ [key]: z.array(item) })])
    .transform((value) => (Array.isArray(value) ? value : (value[key] as z.output<T>[])));
}
