// The one windowing core: which rows of a long list to render, those in the viewport plus an overscan
// margin. Rows are laid out either at one height (the listings table: O(1), so 100,000 rows cost what
// the 30 in view do) or at measured heights (the suggestion feed: offsets and a binary search).
// Ours rather than @tanstack/virtual-core: both lists need only this arithmetic; the rendering (a table's
// deferred overscan, a feed's measuring) stays in each component.

/** Where rows sit: row i spans [topOf(i), topOf(i + 1)). */
export interface RowLayout {
  readonly count: number;
  /** Top of row `index`; topOf(count) is the list's height. */
  topOf(index: number): number;
  /** The last row whose top is at or above `y`, within [0, count - 1]; 0 for an empty list. */
  indexAt(y: number): number;
}

export function fixedLayout(count: number, rowHeight: number): RowLayout {
  const height = rowHeight > 0 ? rowHeight : 1;
  return {
    count: rowHeight > 0 ? Math.max(0, count) : 0,
    topOf: (index) => index * height,
    indexAt: (y) => Math.max(0, Math.min(count - 1, Math.floor(y / height))),
  };
}

export interface MeasuredLayout extends RowLayout {
  /** offsets[i] = top of row i; offsets[count] = the list's height. */
  readonly offsets: Float64Array;
}

export function measuredLayout(count: number, heightOf: (index: number) => number): MeasuredLayout {
  const offsets = new Float64Array(count + 1);
  for (let i = 0; i < count; i++) offsets[i + 1] = offsets[i]! + heightOf(i);
  return {
    count,
    offsets,
    topOf: (index) => offsets[index]!,
    indexAt(y) {
      let lo = 0;
      let hi = Math.max(0, count - 1);
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (offsets[mid]! <= y) lo = mid;
        else hi = mid - 1;
      }
      return lo;
    },
  };
}

/** [first, end): `end` is exclusive; empty when the list is. */
export interface RowWindow {
  first: number;
  end: number;
}

/** The rows in [scrollTop - overscanPx, scrollTop + viewportHeight + overscanPx]. */
export function windowOf(rows: RowLayout, scrollTop: number, viewportHeight: number, overscanPx: number): RowWindow {
  if (rows.count <= 0) return { first: 0, end: 0 };
  const first = rows.indexAt(Math.max(0, scrollTop - overscanPx));
  const last = rows.indexAt(scrollTop + Math.max(0, viewportHeight) + overscanPx);
  return { first, end: Math.max(first, last) + 1 };
}

/** The scrollTop that brings row `index` fully into view, or the current one if it already is. */
export function scrollToShow(rows: RowLayout, index: number, scrollTop: number, viewportHeight: number): number {
  const top = rows.topOf(index);
  const bottom = rows.topOf(index + 1);
  if (top < scrollTop) return top;
  if (bottom > scrollTop + viewportHeight) return Math.max(0, bottom - viewportHeight);
  return scrollTop;
}

// The two lists' ways of asking, on the one core.

export interface RowWindowInput {
  count: number;
  rowHeight: number;
  scrollTop: number;
  viewportHeight: number;
  /** Rows rendered beyond the viewport, above and below. */
  overscan: number;
}

/** Equal-height rows, the overscan counted in rows. */
export function rowWindow({ count, rowHeight, scrollTop, viewportHeight, overscan }: RowWindowInput): RowWindow {
  return windowOf(fixedLayout(count, rowHeight), scrollTop, viewportHeight, overscan * rowHeight);
}

/**
 * Indexes to render, ascending: the window (overscan in px), plus `keep` (e.g. the focused row) when it
 * lies outside, so focus never sits on a row that is not there.
 */
export function visibleIndexes(
  rows: RowLayout,
  scrollTop: number,
  viewportHeight: number,
  overscanPx: number,
  keep: number | null,
): number[] {
  const { first, end } = windowOf(rows, scrollTop, viewportHeight, overscanPx);
  const out: number[] = [];
  if (keep !== null && keep >= 0 && keep < first) out.push(keep);
  for (let i = first; i < end; i++) out.push(i);
  if (keep !== null && keep >= end && keep < rows.count) out.push(keep);
  return out;
}
