import { describe, expect, test } from 'vitest';
// The one windowing core under both long lists: the listings table's equal rows (rowWindow) and the
// suggestion feed's measured rows (visibleIndexes), and the two agreeing where their rows are alike.
import {
  fixedLayout,
  measuredLayout,
  rowWindow,
  scrollToShow,
  visibleIndexes,
  windowOf,
} from '../../components/ui/list-window.ts';

describe('rowWindow', () => {
  const base = { rowHeight: 30, viewportHeight: 600, overscan: 5 };

  test('the top of a long list: the rows in view plus the overscan below', () => {
    expect(rowWindow({ ...base, count: 100_000, scrollTop: 0 })).toEqual({ first: 0, end: 26 });
  });

  test('mid-list: overscan above and below, whatever the length', () => {
    const w = rowWindow({ ...base, count: 100_000, scrollTop: 30 * 50_000 });
    expect(w).toEqual({ first: 49_995, end: 50_026 });
  });

  test('never past the end, and a short list is shown whole', () => {
    expect(rowWindow({ ...base, count: 100, scrollTop: 30 * 99 })).toEqual({ first: 94, end: 100 });
    expect(rowWindow({ ...base, count: 3, scrollTop: 0 })).toEqual({ first: 0, end: 3 });
  });

  test('a scroll left past the end of a list that shrank still shows its last rows', () => {
    expect(rowWindow({ ...base, count: 10, scrollTop: 30 * 5000 })).toEqual({ first: 9, end: 10 });
  });

  test('nothing for an empty list', () => {
    expect(rowWindow({ ...base, count: 0, scrollTop: 0 })).toEqual({ first: 0, end: 0 });
  });
});

describe('scrollToShow', () => {
  test('scrolls up to a row above, down to a row below, and not at all for a row in view', () => {
    const rows = fixedLayout(100, 30);
    expect(scrollToShow(rows, 2, 300, 300)).toBe(60);
    expect(scrollToShow(rows, 30, 0, 300)).toBe(31 * 30 - 300);
    expect(scrollToShow(rows, 12, 300, 300)).toBe(300);
  });

  test('measured rows: to the row’s own top and bottom', () => {
    const rows = measuredLayout(10, (i) => (i % 2 ? 100 : 50));
    expect(scrollToShow(rows, 2, 200, 100)).toBe(150);
    expect(scrollToShow(rows, 5, 0, 100)).toBe(450 - 100);
  });
});

describe('measured rows', () => {
  const rows = measuredLayout(500, (i) => (i % 2 ? 100 : 50));

  test('offsets add the heights; indexAt finds the row under a y', () => {
    expect(Array.from(rows.offsets.slice(0, 4))).toEqual([0, 50, 150, 200]);
    expect(rows.offsets[500]).toBe(250 * 150);
    expect(rows.indexAt(0)).toBe(0);
    expect(rows.indexAt(149)).toBe(1);
    expect(rows.indexAt(150)).toBe(2);
    expect(rows.indexAt(1e9)).toBe(499);
  });

  test('renders the viewport plus overscan, and the kept row wherever it is', () => {
    expect(visibleIndexes(rows, 0, 300, 0, null)).toEqual([0, 1, 2, 3, 4]);
    expect(visibleIndexes(rows, 1500, 150, 150, null)).toEqual([18, 19, 20, 21, 22, 23, 24]);
    expect(visibleIndexes(rows, 0, 100, 0, 499)).toEqual([0, 1, 499]);
    expect(visibleIndexes(rows, 1500, 150, 0, 3)).toEqual([3, 20, 21, 22]);
    expect(
      visibleIndexes(
        measuredLayout(0, () => 10),
        0,
        100,
        100,
        null,
      ),
    ).toEqual([]);
  });
});

describe('one core for both', () => {
  test('equal measured heights give the fixed layout’s window, wherever the list is scrolled', () => {
    for (const scrollTop of [0, 15, 29, 30, 4_321, 29_970, 60_000]) {
      for (const viewport of [0, 100, 610]) {
        const fixed = windowOf(fixedLayout(1_000, 30), scrollTop, viewport, 90);
        const measured = windowOf(
          measuredLayout(1_000, () => 30),
          scrollTop,
          viewport,
          90,
        );
        expect(measured).toEqual(fixed);
        // Every row that shows any pixel of the viewport is in the window.
        const firstSeen = Math.min(999, Math.floor(scrollTop / 30));
        const lastSeen = Math.min(999, Math.floor((scrollTop + viewport) / 30));
        expect(fixed.first).toBeLessThanOrEqual(firstSeen);
        expect(fixed.end).toBeGreaterThan(lastSeen);
      }
    }
  });
});
