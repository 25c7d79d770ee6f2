// The order of every row for a sort key, built once per change of the rows or names: filters then
// walk it, so a filtered answer is already sorted.
import type { ListingsSortKey } from '../../messaging/protocol/index.ts';

/** Row indexes fit under this in a sort key's low bits (2^20 = 1,048,576 rows). */
const ROW_BITS = 2 ** 20;

/** Each value's position among the distinct values in code-unit order. */
export function ranks(values: readonly string[]): Int32Array {
  const distinct = [...new Set(values)].sort();
  const rankOf = new Map(distinct.map((value, index) => [value, index]));
  return Int32Array.from(values, (value) => rankOf.get(value)!);
}

export interface SortColumns {
  loc: readonly number[];
  pub: readonly number[];
  stat: readonly number[];
  statuses: readonly string[];
  /** What a location and a publisher sort by (name, then city or id), by their column numbers. */
  locSortText: readonly string[];
  pubSortText: readonly string[];
  /** Each row's text for the string-valued keys (status details, listing URL, screenshot URL). */
  cellText: () => readonly string[];
}

/** Row indexes in ascending order of `key`; ties go by location, then publisher, then load order. */
export function sortOrder(key: ListingsSortKey, c: SortColumns): Int32Array {
  const n = c.loc.length;
  const locRank = ranks(c.locSortText);
  const pubRank = ranks(c.pubSortText);
  let primary: ArrayLike<number>;
  let secondary: ArrayLike<number> | undefined;
  let secondarySize = 1;
  switch (key) {
    case 'location':
      primary = c.loc.map((l) => locRank[l]!);
      secondary = c.pub.map((p) => pubRank[p]!);
      secondarySize = c.pubSortText.length;
      break;
    case 'publisher':
      primary = c.pub.map((p) => pubRank[p]!);
      secondary = c.loc.map((l) => locRank[l]!);
      secondarySize = c.locSortText.length;
      break;
    case 'status': {
      const statusRank = ranks(c.statuses);
      primary = c.stat.map((s) => statusRank[s]!);
      secondary = c.loc.map((l) => locRank[l]!);
      secondarySize = c.locSortText.length;
      break;
    }
    default:
      primary = ranks(c.cellText().map((text) => text.toLowerCase()));
  }
  const composite = (i: number) => primary[i]! * secondarySize + (secondary ? secondary[i]! : 0);
  let largest = 0;
  for (let i = 0; i < n; i++) largest = Math.max(largest, composite(i));
  if (n < ROW_BITS && largest < 2 ** 32) {
    // One native numeric sort of (key, row) packed in a double: far faster than a comparator.
    const keys = new Float64Array(n);
    for (let i = 0; i < n; i++) keys[i] = composite(i) * ROW_BITS + i;
    keys.sort();
    return Int32Array.from(keys, (k) => k % ROW_BITS);
  }
  return Int32Array.from({ length: n }, (_, i) => i).sort((a, b) => composite(a) - composite(b) || a - b);
}

/** Says whether two tables sort their locations and publishers alike (FNV-1a over the sorted names). */
export function namesFingerprint(texts: { locSortText: readonly string[]; pubSortText: readonly string[] }): string {
  let hash = 0x811c9dc5;
  for (const text of [...[...texts.locSortText].sort(), '\u0001', ...[...texts.pubSortText].sort()]) {
    for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
    hash = Math.imul(hash ^ 0x0a, 0x01000193);
  }
  return `${texts.locSortText.length}:${texts.pubSortText.length}:${(hash >>> 0).toString(16)}`;
}
