import { describe, expect, it } from 'vitest';
import {
  categoryIdList,
  emptyRow,
  fieldProblem,
  formProblems,
  hasProblems,
  rowsFromCsv,
} from '../../components/provisioning/new-location.ts';
import { commitmentMet, commitmentMetOn } from '../../lib/background/provisioning/commitment.ts';
import { isSandboxConnection } from '../../lib/background/provisioning/sandbox-connection.ts';

describe('the minimum commitment date', () => {
  it('adds the available service’s minimum usage to the start day', () => {
    expect(commitmentMetOn('2026-03-10', 1, 'MONTHS')).toBe('2026-04-10');
    expect(commitmentMetOn('2026-03-10', 3, 'MONTHS')).toBe('2026-06-10');
    expect(commitmentMetOn('2026-03-10', 30, 'DAYS')).toBe('2026-04-09');
    expect(commitmentMetOn('2026-03-10', '12', 'MONTH')).toBe('2027-03-10');
    expect(commitmentMetOn('2026-03-10', 1, 'YEARS')).toBe('2027-03-10');
  });

  it('takes the interface’s one month when the usage is unknown, and never runs past a month’s end', () => {
    expect(commitmentMetOn('2026-03-10')).toBe('2026-04-10');
    expect(commitmentMetOn('2026-03-10', null, null)).toBe('2026-04-10');
    expect(commitmentMetOn('2026-01-31', 1, 'MONTHS')).toBe('2026-02-28');
    expect(commitmentMetOn('2028-01-31', 1, 'MONTHS')).toBe('2028-02-29');
    expect(commitmentMetOn('2026-12-15T08:00:00', 1, 'MONTHS')).toBe('2027-01-15');
  });

  it('has no date for a start it cannot read, and is met from that day on', () => {
    expect(commitmentMetOn('')).toBeNull();
    expect(commitmentMetOn('soon')).toBeNull();
    const day = Date.UTC(2026, 3, 10);
    expect(commitmentMet('2026-04-10', day - 1)).toBe(false);
    expect(commitmentMet('2026-04-10', day)).toBe(true);
    expect(commitmentMet(null, day)).toBe(false);
  });
});

const valid = () => ({
  ...emptyRow(),
  newLocationId: 'HB-031',
  name: 'Harbor Bakery – Annex',
  address: '12 Pier St',
  city: 'Portland',
  state: 'OR',
  zip: '97201',
  countryCode: 'US',
  phone: '(503) 555-0142',
  categoryIds: '1314',
});

describe('the new-location form', () => {
  it('accepts a complete location', () => {
    expect(hasProblems(formProblems([valid()]))).toBe(false);
  });

  it('says what is wrong with each field on its own', () => {
    const row = { ...valid(), newLocationId: 'HB 31', name: '', city: ' ', state: 'Oregon', zip: '9720', phone: '12' };
    const [problems] = formProblems([row]);
    expect(problems?.newLocationId).toMatch(/no spaces/);
    expect(problems?.name).toMatch(/name/);
    expect(problems?.address).toBeUndefined();
    expect(problems?.city).toMatch(/city/);
    expect(problems?.state).toMatch(/two-letter state/);
    expect(problems?.zip).toMatch(/9720 is not a postal code of US/);
    expect(problems?.phone).toMatch(/7 to 15 digits/);
    expect(fieldProblem('countryCode', { ...valid(), countryCode: 'USA' })).toMatch(/two-letter country/);
  });

  it('asks for 1 to 10 category ids, which the service needs for a new location', () => {
    expect(fieldProblem('categoryIds', { ...valid(), categoryIds: ' ' })).toMatch(/at least one category id/);
    expect(fieldProblem('categoryIds', { ...valid(), categoryIds: '1314, 1320;1400' })).toBeNull();
    expect(fieldProblem('categoryIds', { ...valid(), categoryIds: '1 2 3 4 5 6 7 8 9 10 11' })).toMatch(/at most 10/);
    expect(fieldProblem('categoryIds', { ...valid(), categoryIds: '1314 <b>' })).toMatch(/<b> is not a category id/);
  });

  it('checks postal codes by country and leaves unknown countries free', () => {
    expect(fieldProblem('zip', { ...valid(), countryCode: 'CA', zip: 'K1A 0B1' })).toBeNull();
    expect(fieldProblem('zip', { ...valid(), countryCode: 'CA', zip: '97201' })).toMatch(/CA/);
    expect(fieldProblem('zip', { ...valid(), countryCode: 'NZ', zip: '' })).toBeNull();
    expect(fieldProblem('state', { ...valid(), countryCode: 'GB', state: '' })).toBeNull();
  });

  it('refuses the same id twice in one form', () => {
    const problems = formProblems([valid(), { ...valid(), name: 'Other' }]);
    expect(problems[0]?.newLocationId).toMatch(/already uses the id HB-031/);
    expect(problems[1]?.newLocationId).toMatch(/already uses/);
  });

  it('reads pasted CSV (quoted cells, any column order, tabs) into rows', () => {
    const read = rowsFromCsv(
      'name,id,Address,City,State,Zip,Country,Phone,Categories\n"Harbor Bakery, Annex",HB-031,12 Pier St,Portland,OR,97201,US,503-555-0142,1314;1320\n\nAnnex 2,HB-032,"1 ""Main"" St",Salem,OR,97301,us,,"1314, 1320"\n',
    );
    expect(read.problem).toBeNull();
    expect(read.rows).toHaveLength(2);
    expect(read.rows[0]).toMatchObject({ newLocationId: 'HB-031', name: 'Harbor Bakery, Annex', zip: '97201' });
    expect(read.rows[1]).toMatchObject({ address: '1 "Main" St', countryCode: 'us', phone: '' });
    expect(read.rows.map((r) => categoryIdList(r.categoryIds))).toEqual([
      ['1314', '1320'],
      ['1314', '1320'],
    ]);
    expect(hasProblems(formProblems(read.rows))).toBe(false);
    const tabs = rowsFromCsv('id\tname\taddress\tcity\nX-1\tKiosk\t1 Dock\tAstoria');
    expect(tabs.rows[0]).toMatchObject({ newLocationId: 'X-1', city: 'Astoria' });
  });

  it('says why pasted text cannot be read', () => {
    expect(rowsFromCsv('').problem).toMatch(/header/);
    expect(rowsFromCsv('name,city\nA,B').problem).toMatch(/missing: newLocationId, address/);
    expect(rowsFromCsv('id,name,address,city').problem).toMatch(/no location follows/);
  });
});

describe('where the sandbox-only processaddrequest is offered', () => {
  it('only on the sandbox environment or an API on this machine', () => {
    expect(isSandboxConnection({ environment: 'sandbox', apiUrl: 'http://127.0.0.1:8787' })).toBe(true);
    expect(isSandboxConnection({ environment: 'custom', apiUrl: 'http://localhost:9000' })).toBe(true);
    expect(isSandboxConnection({ environment: 'production', apiUrl: 'https://api.yext.com' })).toBe(false);
    expect(isSandboxConnection({ environment: 'custom', apiUrl: 'https://sandbox.example.com' })).toBe(false);
    expect(isSandboxConnection({ environment: 'custom', apiUrl: 'not a url' })).toBe(false);
  });
});
