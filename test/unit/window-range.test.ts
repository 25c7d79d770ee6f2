import { describe, expect, test } from 'vitest';
import { indexAt, layout, visibleIndexes } from '../../components/suggestion-triage/window-range.ts';

describe('window-range', () => {
  const rows = layout(500, (i) => (i % 2 ? 100 : 50));

  test('offsets add the heights; indexAt finds the row under a y', () => {
    expect(Array.from(rows.offsets.slice(0, 4))).toEqual([0, 50, 150, 200]);
    expect(rows.offsets[500]).toBe(250 * 150);
    expect(indexAt(rows, 0)).toBe(0);
    expect(indexAt(rows, 149)).toBe(1);
    expect(indexAt(rows, 150)).toBe(2);
    expect(indexAt(rows, 1e9)).toBe(499);
  });

  test('renders the viewport plus overscan, and the kept row wherever it is', () => {
    expect(visibleIndexes(rows, 0, 300, 0, null)).toEqual([0, 1, 2, 3, 4]);
    expect(visibleIndexes(rows, 1500, 150, 150, null)).toEqual([18, 19, 20, 21, 22, 23, 24]);
    expect(visibleIndexes(rows, 0, 100, 0, 499)).toEqual([0, 1, 499]);
    expect(visibleIndexes(rows, 1500, 150, 0, 3)).toEqual([3, 20, 21, 22]);
    expect(
      visibleIndexes(
        layout(0, () => 10),
        0,
        100,
        100,
        null,
      ),
    ).toEqual([]);
  });
});
