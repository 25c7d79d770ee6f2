import { describe, expect, test } from 'vitest';
import { bestLocationMatch, type MatchableLocation } from '../../lib/shared/embedded-panel/matcher.ts';
import { captureFromUrl, locationFromCapture, urlPatternProblem } from '../../lib/shared/embedded-panel/rules.ts';
import { checkSiteOrigin, permissionPattern } from '../../lib/shared/embedded-panel/site-origin.ts';

const fremont: MatchableLocation = {
  id: 'HB-012',
  name: 'Harbor Bakery – Fremont',
  address: '39100 Fremont Boulevard, Fremont, CA 94538',
  phone: '+1 510-555-0142',
};
const oakland: MatchableLocation = {
  id: 'HB-013',
  name: 'Harbor Bakery – Oakland',
  address: '12 Broadway Street, Oakland, CA 94607',
  phone: '(510) 555-0199',
};
const cafe: MatchableLocation = {
  id: 'CC-7',
  name: 'Café Crème Zürich',
  address: '4 Main St, Zürich',
  phone: '+41 44 555 01 23',
};
const locations = [fremont, oakland, cafe];

describe('the text matcher', () => {
  test('finds a location by its id among other text', () => {
    const match = bestLocationMatch(['Account', 'Ref: hb-012', 'Opened 2021'], locations);
    expect(match?.location).toBe(fremont);
    expect(match?.matchedOn).toEqual(['id']);
  });

  test('finds a name whatever its accents and case', () => {
    expect(bestLocationMatch(['CAFE CREME ZURICH'], locations)?.location).toBe(cafe);
    expect(bestLocationMatch(['harbor bakery - oakland'], locations)?.location).toBe(oakland);
  });

  test.each(['510-555-0199', '(510) 555 0199', '+1 510.555.0199', '5105550199', 'Call 1 (510) 555-0199 today'])(
    'finds a phone number written %s',
    (text) => {
      expect(bestLocationMatch([text], locations)?.location).toBe(oakland);
    },
  );

  test('finds a street address written with or without abbreviations', () => {
    expect(bestLocationMatch(['12 Broadway St.'], locations)?.location).toBe(oakland);
    expect(bestLocationMatch(['39100 Fremont Blvd'], locations)?.location).toBe(fremont);
    expect(bestLocationMatch(['4 Main Street'], locations)?.location).toBe(cafe);
  });

  test('prefers the location with more evidence and gives up on a tie', () => {
    const both = ['Harbor Bakery – Fremont', 'Harbor Bakery – Oakland', '510 555 0142'];
    expect(bestLocationMatch(both, locations)?.location).toBe(fremont);
    expect(bestLocationMatch(['Harbor Bakery – Fremont', 'Harbor Bakery – Oakland'], locations)).toBeNull();
  });

  test('locations that share a name are told apart by their other fields', () => {
    const pier = { ...fremont, id: 'HB-020', address: '1 Pier 39', phone: '415-555-0100' };
    expect(bestLocationMatch(['Harbor Bakery – Fremont'], [fremont, pier])).toBeNull();
    expect(bestLocationMatch(['Harbor Bakery – Fremont', '(415) 555-0100'], [fremont, pier])?.location).toBe(pier);
  });

  test('does not match a name split across text nodes or partial words', () => {
    expect(bestLocationMatch(['Harbor Bakery –', 'Fremont'], [fremont])).toBeNull();
    expect(bestLocationMatch(['HB-0123'], [fremont])).toBeNull();
    expect(bestLocationMatch(['nothing here'], locations)).toBeNull();
  });
});

describe('site rules', () => {
  test('a URL pattern needs exactly one capture group and must compile', () => {
    expect(urlPatternProblem('/accounts/(\\w+)')).toBeNull();
    expect(urlPatternProblem('/accounts/\\w+')).toMatch(/exactly one capture group.*has 0/);
    expect(urlPatternProblem('/(a)/(b)')).toMatch(/has 2/);
    expect(urlPatternProblem('/accounts/(')).toMatch(/not a valid regular expression/);
  });

  test('a URL capture is decoded and resolved by what it holds', () => {
    const url = 'https://crm.example/accounts/HB-013/view';
    expect(captureFromUrl('/accounts/([^/]+)', url)).toBe('HB-013');
    expect(captureFromUrl('/deals/(\\d+)', url)).toBeNull();
    const byName = captureFromUrl('/n/([^/]+)', 'https://crm.example/n/Caf%C3%A9%20Cr%C3%A8me%20Z%C3%BCrich');
    expect(locationFromCapture(byName!, 'name', locations)).toBe(cafe);
    expect(locationFromCapture('hb-013', 'id', locations)).toBe(oakland);
  });

  test('a selector text is resolved as a phone or an address', () => {
    expect(locationFromCapture('Tel. +1 (510) 555-0142', 'phone', locations)).toBe(fremont);
    expect(locationFromCapture('39100 Fremont Blvd, Fremont', 'address', locations)).toBe(fremont);
    expect(locationFromCapture('Harbor Bakery', 'name', locations)).toBeNull();
  });
});

describe('a site’s origin', () => {
  test('https, or http on this computer; the origin only, with a specific reason otherwise', () => {
    expect(checkSiteOrigin(' https://acme.my.salesforce.com ')).toEqual({
      ok: true,
      origin: 'https://acme.my.salesforce.com',
    });
    expect(checkSiteOrigin('http://127.0.0.1:8789')).toEqual({ ok: true, origin: 'http://127.0.0.1:8789' });
    expect(checkSiteOrigin('acme.com')).toEqual({ ok: false, problem: expect.stringContaining('such as https://') });
    expect(checkSiteOrigin('http://crm.example')).toEqual({ ok: false, problem: expect.stringContaining('https://') });
    expect(checkSiteOrigin('https://crm.example/accounts/1')).toEqual({
      ok: false,
      problem: 'Enter the origin only: https://crm.example',
    });
    expect(permissionPattern('http://127.0.0.1:8789')).toBe('http://127.0.0.1/*');
  });
});
