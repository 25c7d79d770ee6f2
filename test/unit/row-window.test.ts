import { describe, expect, test } from 'vitest';
import { rowWindow, scrollToShow } from '../../components/ui/row-window.ts';

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
    expect(scrollToShow(2, 30, 300, 300)).toBe(60);
    expect(scrollToShow(30, 30, 0, 300)).toBe(31 * 30 - 300);
    expect(scrollToShow(12, 30, 300, 300)).toBe(300);
  });
});
