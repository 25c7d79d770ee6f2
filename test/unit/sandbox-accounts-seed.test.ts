// @vitest-environment node
// The sandbox's added customer accounts (--accounts) never move the seed of 1001 and 1002, which tests rely on.
import { describe, expect, it } from 'vitest';
import { createSeed, seedListingsOf } from '../../sandbox/seed.ts';
import { PUBLISHERS } from '../../sandbox/seed-data.ts';

const NOW = Date.parse('2026-11-26T01:00:00Z');
const ORIGINAL = new Set(['1001', '1002', '1101', '1102', '1201']);

/** The original accounts' part of a seed: accounts, locations, suggestions and every listing. */
function originalPart(accounts: number, hostile: boolean) {
  const s = createSeed({ accounts, hostile, nowMs: NOW });
  const listings = seedListingsOf(s);
  const locations = s.locations.filter((l) => ORIGINAL.has(l.accountId));
  return JSON.stringify({
    accounts: s.accounts.filter((a) => ORIGINAL.has(a.accountId)),
    locations,
    suggestions: s.suggestions.filter((x) => ORIGINAL.has(x.accountId)),
    listings: locations.flatMap((l) => PUBLISHERS.map((p) => listings.listing(l.id, p.id))),
    rest: { ...s, accounts: 0, locations: 0, suggestions: 0, customerAccounts: 0 },
  });
}

describe('the sandbox seed’s customer accounts', () => {
  it('keeps 1001’s and 1002’s seed the same for 2, 5 or 50 accounts, hostile too', () => {
    for (const hostile of [false, true]) {
      const two = originalPart(2, hostile);
      expect(originalPart(5, hostile)).toBe(two);
      expect(originalPart(50, hostile)).toBe(two);
    }
  });

  it('adds distinct businesses, each with waiting suggestions on its own locations, one past two weeks', () => {
    const s = createSeed({ accounts: 50, nowMs: NOW });
    const added = s.accounts.filter((a) => !ORIGINAL.has(a.accountId));
    expect(added.map((a) => a.accountId)).toEqual(Array.from({ length: 48 }, (_, i) => String(1003 + i)));
    expect(new Set(added.map((a) => a.accountName)).size).toBe(48);
    const today = Date.parse(new Date(NOW).toISOString().slice(0, 10));
    for (const account of added) {
      const own = new Set(s.locations.filter((l) => l.accountId === account.accountId).map((l) => l.id));
      const waiting = s.suggestions.filter(
        (x) => x.accountId === account.accountId && x.status === 'WAITING_ON_CUSTOMER',
      );
      expect(waiting.length, account.accountName).toBeGreaterThanOrEqual(8);
      expect(waiting.every((x) => own.has(x.locationId))).toBe(true);
      expect(Math.max(...waiting.map((x) => (today - Date.parse(x.dateCreated)) / 86_400_000))).toBeGreaterThan(14);
    }
    const ids = s.suggestions.map((x) => x.id);
    expect(new Set(ids).size).toBe(ids.length);
    const locationIds = s.locations.map((l) => l.id);
    expect(new Set(locationIds).size).toBe(locationIds.length);
  });

  it('makes account 1003 the same business whatever N is', () => {
    const of = (n: number) => {
      const s = createSeed({ accounts: n, nowMs: NOW });
      return JSON.stringify([
        s.accounts.find((a) => a.accountId === '1003'),
        s.suggestions.filter((x) => x.accountId === '1003'),
      ]);
    };
    expect(of(50)).toBe(of(3));
  });

  it('refuses fewer than 2 or more than 50 accounts', () => {
    for (const accounts of [1, 51, 2.5]) expect(() => createSeed({ accounts, nowMs: NOW })).toThrow(/2 to 50/);
  });

  it('gives each added account the waiting suggestions asked for (waitingPerAddedAccount), and moves nothing else', () => {
    const plain = createSeed({ accounts: 30, nowMs: NOW });
    const asked = createSeed({ accounts: 30, waitingPerAddedAccount: 200, nowMs: NOW });
    const waiting = (s: typeof plain, accountId: string) =>
      s.suggestions.filter((x) => x.accountId === accountId && x.status === 'WAITING_ON_CUSTOMER');
    for (let id = 1003; id <= 1030; id++) expect(waiting(asked, String(id))).toHaveLength(200);
    // Spread over ages as before: some past two weeks (the ones the service may soon apply).
    const old = waiting(asked, '1003').filter((x) => NOW - Date.parse(x.dateCreated) > 14 * 86_400_000);
    expect(old.length).toBeGreaterThan(0);
    expect(JSON.stringify(asked.locations)).toBe(JSON.stringify(plain.locations));
    expect(waiting(asked, '1001')).toEqual(waiting(plain, '1001'));
  });
});
