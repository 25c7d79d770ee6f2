// The order of every row for a sort key, built once per change of the rows or names: filters then
// walk it, so a filtered answer is already sorted. Rows added at the end (a page of a load arriving) are
// merged into the order held, not sorted again with it: a load with the page open stays linear.
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

export interface SortRanks {
  loc: Int32Array;
  pub: Int32Array;
  status: Int32Array;
}

/** Each location's, publisher's and status's rank: the same until names change or new ones arrive. */
export function sortRanks(c: Pick<SortColumns, 'locSortText' | 'pubSortText' | 'statuses'>): SortRanks {
  return { loc: ranks(c.locSortText), pub: ranks(c.pubSortText), status: ranks(c.statuses) };
}

/**
 * The comparison sortOrder sorts by, row against row: the same key, then location, then publisher, then
 * load order (its packed numbers are these ranks side by side).
 */
export function rowComparator(
  key: ListingsSortKey,
  c: SortColumns,
  r: SortRanks = sortRanks(c),
): (a: number, b: number) => number {
  const { loc: locRank, pub: pubRank, status: statusRank } = r;
  const { loc, pub, stat } = c;
  switch (key) {
    case 'location':
      return (a, b) => locRank[loc[a]!]! - locRank[loc[b]!]! || pubRank[pub[a]!]! - pubRank[pub[b]!]! || a - b;
    case 'publisher':
      return (a, b) => pubRank[pub[a]!]! - pubRank[pub[b]!]! || locRank[loc[a]!]! - locRank[loc[b]!]! || a - b;
    case 'status':
      return (a, b) => statusRank[stat[a]!]! - statusRank[stat[b]!]! || locRank[loc[a]!]! - locRank[loc[b]!]! || a - b;
    default: {
      const texts = c.cellText();
      return (a, b) => {
        const x = texts[a]!.toLowerCase();
        const y = texts[b]!.toLowerCase();
        return x < y ? -1 : x > y ? 1 : a - b;
      };
    }
  }
}

/**
 * `order` (rows 0 to order.length - 1, sorted) with the rows after it up to `n` merged in: the new rows
 * are sorted, each finds its place by binary search, and the old order is copied between them in blocks.
 * A page of 100 into 600,000 rows is ~2,000 comparisons and one copy, not a sort of 600,000.
 */
export function mergeOrder(order: Int32Array, n: number, compare: (a: number, b: number) => number): Int32Array {
  const added = Int32Array.from({ length: n - order.length }, (_, j) => order.length + j).sort(compare);
  const out = new Int32Array(n);
  let read = 0;
  let write = 0;
  for (const row of added) {
    let lo = read;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(order[mid]!, row) < 0) lo = mid + 1;
      else hi = mid;
    }
    out.set(order.subarray(read, lo), write);
    write += lo - read;
    read = lo;
    out[write++] = row;
  }
  out.set(order.subarray(read), write);
  return out;
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
