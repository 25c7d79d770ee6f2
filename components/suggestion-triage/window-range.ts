// Which rows of a long list to render: those within the viewport plus an overscan margin, and a row
// that must stay (the focused one). Rows have measured heights, or an estimate until measured.

export interface Layout {
  /** offsets[i] = top of row i; offsets[n] = total height. */
  offsets: Float64Array;
}

export function layout(count: number, heightOf: (index: number) => number): Layout {
  const offsets = new Float64Array(count + 1);
  for (let i = 0; i < count; i++) offsets[i + 1] = offsets[i]! + heightOf(i);
  return { offsets };
}

/** The last index whose top is at or above `y` (binary search); 0 for an empty list. */
export function indexAt({ offsets }: Layout, y: number): number {
  let lo = 0;
  let hi = Math.max(0, offsets.length - 2);
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (offsets[mid]! <= y) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * Indexes to render, ascending: [first, last] around the viewport, plus `keep` (e.g. the focused row)
 * when it lies outside, so focus never sits on a row that is not there.
 */
export function visibleIndexes(
  l: Layout,
  scrollTop: number,
  viewportHeight: number,
  overscan: number,
  keep: number | null,
): number[] {
  const count = l.offsets.length - 1;
  if (count <= 0) return [];
  const first = indexAt(l, Math.max(0, scrollTop - overscan));
  const last = indexAt(l, scrollTop + viewportHeight + overscan);
  const out: number[] = [];
  if (keep !== null && keep >= 0 && keep < first) out.push(keep);
  for (let i = first; i <= last; i++) out.push(i);
  if (keep !== null && keep > last && keep < count) out.push(keep);
  return out;
}
