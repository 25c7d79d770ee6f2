// @vitest-environment node
// The sandbox's minimum usage commitment ends on the same day the extension shows (lib/background/provisioning/commitment.ts).
import { describe, expect, it } from 'vitest';
import { commitmentMetOn } from '../../lib/background/provisioning/commitment.ts';
import type { AvailableService } from '../../sandbox/model.ts';
import { commitmentEnd } from '../../sandbox/rules/provisioning.ts';

const catalog = (minimumUsage: number, minimumUsageUnit: 'MONTHS' | 'DAYS'): AvailableService => ({
  sku: 'REVIEWS-MONITOR',
  agreementId: 1,
  serviceDescription: '',
  recipientType: 'Location',
  minimumUsage,
  minimumUsageUnit,
  addOnTo: [],
});
const endOf = (started: string, service?: AvailableService) =>
  commitmentEnd(started, service).toISOString().slice(0, 10);

describe('the sandbox’s minimum commitment end', () => {
  it('never runs past a month’s end: 31 January plus one month is the last day of February', () => {
    expect(endOf('2026-01-31', catalog(1, 'MONTHS'))).toBe('2026-02-28');
    expect(endOf('2028-01-31', catalog(1, 'MONTHS'))).toBe('2028-02-29');
    expect(endOf('2026-03-31', catalog(1, 'MONTHS'))).toBe('2026-04-30');
    expect(endOf('2026-08-31', catalog(6, 'MONTHS'))).toBe('2027-02-28');
  });

  it('agrees with the extension’s date for every start day of a leap and a common year', () => {
    for (const year of [2027, 2028]) {
      for (let day = Date.UTC(year, 0, 1); day < Date.UTC(year + 1, 0, 1); day += 86_400_000) {
        const started = new Date(day).toISOString().slice(0, 10);
        for (const months of [1, 3, 12]) {
          expect(endOf(started, catalog(months, 'MONTHS'))).toBe(commitmentMetOn(started, months, 'MONTHS'));
        }
        expect(endOf(started, catalog(30, 'DAYS'))).toBe(commitmentMetOn(started, 30, 'DAYS'));
      }
    }
  });

  it('keeps the start day when the service is not in the catalog', () => {
    expect(endOf('2026-03-10')).toBe('2026-03-10');
  });
});
