// Dates in a row: remembered per value (rows re-render on each key press), yet still relative to "now".
import { expect, test } from 'vitest';
import { shortDate } from '../../components/suggestion-triage/labels.ts';

test('a date of this year drops the year; the same date asked again in another year keeps it', () => {
  const thisYear = shortDate('2026-03-04', new Date(2026, 5, 1));
  expect(thisYear).not.toMatch(/2026/);
  expect(shortDate('2026-03-04', new Date(2026, 5, 1))).toBe(thisYear);
  expect(shortDate('2026-03-04', new Date(2027, 0, 2))).toMatch(/2026/);
  expect(shortDate('not a date', new Date(2026, 5, 1))).toBe('not a date');
});
