// The fast matcher reads pages by character code and hash; the first matcher read them with strings and a
// regex. On generated pages full of the hard cases (accents, case, scripts, dates, phone formats, Unicode
// spaces, shared names) both must find the same location for the same reasons.
import { describe, expect, test } from 'vitest';
import { bestLocationMatch, type MatchableLocation } from '../../lib/shared/embedded-panel/matcher.ts';
import { foldText, foldWords, wordsOf } from '../../lib/shared/embedded-panel/normalize.ts';
import { phoneCode, phoneCodesIn } from '../../lib/shared/embedded-panel/phone-runs.ts';
import { phoneKeysIn, referenceMatch } from '../support/reference-matcher.ts';

/** mulberry32: the same pages on every run. */
function randomFrom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;
  return { next, int, pick };
}

const NAME_WORDS = ['Harbor', 'bakery', 'CAFÉ', 'Crème', 'Zürich', 'Straße', 'İzmir', 'ŁÓDŹ', 'Ωmega', '東京', 'Ǆemal'];
const STREET_WORDS = ['Main', 'Street', 'St', 'St.', 'Avenue', 'ave', 'Blvd', 'Boulevard', 'Road', 'North', 'Château'];
const OTHER = [
  'Open',
  'deal',
  'Résumé',
  'on',
  'call back',
  '–',
  '’',
  '×',
  '#',
  'ﬁle',
  'e\u0301t\u00e9',
  'Kelvin\u212a',
];
const GAPS = [' ', '  ', '\u00a0', '\u2009', '-', '.', ' (', ') ', '/', '\n', '+', '\u3000'];

function generated(seed: number): { locations: MatchableLocation[]; texts: string[] } {
  const { int, pick, next } = randomFrom(seed);
  const digits = (n: number) => Array.from({ length: n }, () => int(10)).join('');
  const phone = () =>
    pick([
      () => `+1 (510) 555-${digits(4)}`,
      () => `${digits(3)}.${digits(3)}.${digits(4)}`,
      () => `+41 44 555 ${digits(2)} ${digits(2)}`,
      () => digits(int(12) + 2),
      () => `555-${digits(4)}`,
    ])();
  const locations = Array.from({ length: 6 + int(10) }, (_, i) => ({
    id: pick([`HB-${String(int(30)).padStart(3, '0')}`, `LOC-${int(40)}`, `${int(99)}`, '']),
    name: `${Array.from({ length: 1 + int(3) }, () => pick(NAME_WORDS)).join(pick([' ', ' – ', '-']))} ${i % 4}`,
    address: `${int(50)} ${pick(STREET_WORDS)} ${pick(STREET_WORDS)}, Fremont, CA 94${digits(3)}`,
    phone: phone(),
  }));
  const fragment = (): string => {
    const location = pick(locations);
    const roll = next();
    if (roll < 0.15) return location.id.toLowerCase();
    if (roll < 0.3) return next() < 0.5 ? location.name.toUpperCase() : location.name.normalize('NFD');
    if (roll < 0.45) return location.address.split(',')[0]!.replace('Street', 'St').replace('Avenue', 'Ave');
    if (roll < 0.6) return location.phone.replace(/[()]/g, pick(['', ' ', '.']));
    if (roll < 0.75) return `2026-${digits(2)}-${digits(2)}`;
    if (roll < 0.85) return digits(int(30) + 1);
    return pick(OTHER);
  };
  const texts = Array.from({ length: 1 + int(12) }, () =>
    Array.from({ length: 1 + int(5) }, fragment)
      .map((part) => part + pick(GAPS))
      .join(''),
  );
  return { locations, texts };
}

const summary = (match: ReturnType<typeof bestLocationMatch>) =>
  match && { id: match.location.id, name: match.location.name, score: match.score, matchedOn: match.matchedOn };

describe('the fast matcher agrees with the first one', () => {
  // About a second on a quiet machine; the timeout leaves room for a loaded one.
  test('on 600 generated pages', { timeout: 30_000 }, () => {
    let found = 0;
    for (let seed = 1; seed <= 600; seed += 1) {
      const { locations, texts } = generated(seed);
      const expected = summary(referenceMatch(texts, locations));
      expect({ seed, match: summary(bestLocationMatch(texts, locations)) }).toEqual({ seed, match: expected });
      if (expected) found += 1;
    }
    // The pages are not all misses: most name a location.
    expect(found).toBeGreaterThan(300);
  });

  test('on the phone numbers of generated text', { timeout: 30_000 }, () => {
    const { int, pick } = randomFrom(7);
    const pieces = ['1', '23', '456', '7890', ...GAPS, '((', '--', 'x', 'é', '\u2028', '\ufeff'];
    for (let run = 0; run < 5000; run += 1) {
      const text = Array.from({ length: 1 + int(16) }, () => pick(pieces)).join('');
      const codes: number[] = [];
      phoneCodesIn(text, (code) => codes.push(code));
      expect({ text, codes }).toEqual({ text, codes: phoneKeysIn(text).map(phoneCode) });
    }
  });

  test('foldWords cuts Latin text by table as the regex path does', { timeout: 30_000 }, () => {
    const { int, pick } = randomFrom(11);
    const latin = [
      'HB-012',
      '39100',
      ',',
      '\t',
      '\n',
      '_',
      '~',
      '  ',
      "O'Brien",
      'ST',
      'ÀÉÎÕÜ',
      'ǅ',
      'Ǆ',
      'ŉ',
      'ı',
      'ſ',
    ];
    const pieces = [...STREET_WORDS, ...NAME_WORDS, ...OTHER, ...latin, '\u00b4', '¼', 'µ', 'ª', '\u0301', 'Σ'];
    for (let run = 0; run < 3000; run += 1) {
      const text = Array.from({ length: int(8) }, () => pick(pieces)).join(pick(['', ' ']));
      expect({ text, words: foldWords(text) }).toEqual({ text, words: wordsOf(foldText(text.replace(/\n/g, ' '))) });
    }
  });
});
