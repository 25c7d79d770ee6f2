// The two hot loops of a filter over every row, kept free of branches the data decides: at 600,000 rows
// a branch per row that goes either way (a status most rows have) cost more than the reads themselves.

/** A flag per small number (status, publisher, location), and the column of each row's number. */
export type FlagCheck = readonly [flags: Uint8Array, column: ArrayLike<number>];

/**
 * The rows of `order` (walked backwards for 'desc') whose numbers have their flag set in every check.
 * Each row is written, and the count moves on only for a match: no branch on the data. `out` (at least
 * order.length long) may be a buffer kept between filters: the answer is a view of its start.
 */
export function walkFlags(
  order: Int32Array,
  direction: 'asc' | 'desc',
  checks: readonly FlagCheck[],
  out: Int32Array = new Int32Array(order.length),
): Int32Array {
  const n = order.length;
  const step = direction === 'asc' ? 1 : -1;
  let k = direction === 'asc' ? 0 : n - 1;
  let m = 0;
  const [a, b, c] = checks;
  if (checks.length === 1) {
    const [fa, ca] = a!;
    for (let j = 0; j < n; j++, k += step) {
      const i = order[k]!;
      out[m] = i;
      m += fa[ca[i]!]!;
    }
  } else if (checks.length === 2) {
    const [fa, ca] = a!;
    const [fb, cb] = b!;
    for (let j = 0; j < n; j++, k += step) {
      const i = order[k]!;
      out[m] = i;
      m += fa[ca[i]!]! & fb[cb[i]!]!;
    }
  } else {
    const [fa, ca] = a!;
    const [fb, cb] = b!;
    const [fc, cc] = c!;
    for (let j = 0; j < n; j++, k += step) {
      const i = order[k]!;
      out[m] = i;
      m += fa[ca[i]!]! & fb[cb[i]!]! & fc[cc[i]!]!;
    }
  }
  return out.subarray(0, m);
}

/**
 * The distinct places in `rows` (each row's place in an order of `size` rows), ascending: a bit per place
 * set, then the set bits read back. For 17,000 rows of 600,000 this beats a sort (~0.2 vs ~1.8 ms).
 */
export function placesAscending(rows: Int32Array, place: Int32Array): Int32Array {
  const bits = new Uint32Array((place.length >>> 5) + 1);
  for (let r = 0; r < rows.length; r++) {
    const p = place[rows[r]!]!;
    bits[p >>> 5]! |= 1 << (p & 31);
  }
  const out = new Int32Array(rows.length);
  let m = 0;
  for (let w = 0; w < bits.length; w++) {
    let word = bits[w]!;
    while (word !== 0) {
      const low = word & -word;
      out[m++] = (w << 5) + 31 - Math.clz32(low);
      word ^= low;
    }
  }
  return out.subarray(0, m);
}
