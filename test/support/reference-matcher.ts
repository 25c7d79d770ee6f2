// The matcher as first written (bdaec66): a string per page word and a regex for phone numbers, scoring every
// location. Slow, but plain to read; the fast matcher must agree with it on any page (matcher-agrees test).
import type { LocationMatch, MatchableLocation, MatchField } from '../../lib/shared/embedded-panel/matcher.ts';
import { canonicalWord, foldWords, phoneKey } from '../../lib/shared/embedded-panel/normalize.ts';

/** Phone-like runs in free text: digits with spaces, dots, dashes, parentheses or a leading +. */
const PHONE_RUN = /\+?\(?\d[\d\s().-]{5,20}\d/g;

export function phoneKeysIn(text: string): string[] {
  const keys: string[] = [];
  for (const match of text.matchAll(PHONE_RUN)) {
    const key = phoneKey(match[0]);
    if (key) keys.push(key);
  }
  return keys;
}

/** An id is near-proof, a phone or a street address strong, a name alone the weakest (chains repeat names). */
const WEIGHT: Record<MatchField, number> = { id: 100, phone: 60, address: 50, name: 40 };

export interface PageText {
  /** Every text node's folded words in page order; a node ends with '' so that phrases do not span nodes. */
  tokens: string[];
  /** word → its indexes in `tokens`. */
  at: Map<string, number[]>;
  phones: Set<string>;
}

/** Letters and digits; beyond ASCII everything but punctuation blocks (× ÷, – ’ “, CJK punctuation). */
function isWordChar(c: number): boolean {
  if (c < 0x80) return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
  return c >= 0xc0 && c !== 0xd7 && c !== 0xf7 && !(c >= 0x2000 && c <= 0x2bff) && !(c >= 0x3000 && c <= 0x303f);
}

/** Stands for a page word no location has: it keeps phrases apart and is never looked up. */
const OTHER_WORD = '\u0001';

/** `vocabulary`: the words the locations have; the others are not indexed (most of a CRM page). */
export function readPageText(texts: readonly string[], vocabulary?: ReadonlySet<string>): PageText {
  const tokens: string[] = [];
  const at = new Map<string, number[]>();
  const add = (word: string) => {
    if (vocabulary && !vocabulary.has(word)) {
      tokens.push(OTHER_WORD);
      return;
    }
    const seen = at.get(word);
    if (seen) seen.push(tokens.length);
    else at.set(word, [tokens.length]);
    tokens.push(word);
  };
  const phones = new Set<string>();
  // One scan by character code: a regex pass per node, or Unicode regexes over the page, cost more than the matching.
  for (const original of texts) {
    // Lower-cased once per node: scanning the lowered text keeps offsets right even where case changes length.
    const text = original.toLowerCase();
    let start = -1;
    let plain = true;
    let digits = 0;
    for (let i = 0; i <= text.length; i += 1) {
      const c = i < text.length ? text.charCodeAt(i) : 32;
      if (isWordChar(c)) {
        if (start < 0) start = i;
        if (c >= 0x80) plain = false;
        else if (c <= 57) digits += 1;
      } else if (start >= 0) {
        const word = text.slice(start, i);
        if (plain) add(canonicalWord(word));
        else for (const folded of foldWords(word)) add(folded);
        start = -1;
        plain = true;
      }
    }
    if (tokens.length > 0 && tokens[tokens.length - 1] !== '') tokens.push('');
    if (digits >= 7) for (const key of phoneKeysIn(text)) phones.add(key);
  }
  return { tokens, at, phones };
}

/** The locations folded once per list, and every word they have. */
export interface PreparedLocations<L extends MatchableLocation = MatchableLocation> {
  locations: PreparedLocation<L>[];
  vocabulary: Set<string>;
}

/** A location with its fields folded, ready to be looked for on many pages. */
export interface PreparedLocation<L extends MatchableLocation = MatchableLocation> {
  location: L;
  id: string[];
  name: string[];
  /** The street part of the address ("12 Main St, Fremont, CA" → 12 main st): the rest repeats across locations. */
  street: string[];
  phone: string;
}

export function prepareLocations<L extends MatchableLocation>(locations: readonly L[]): PreparedLocations<L> {
  const vocabulary = new Set<string>();
  const prepared = locations.map((location) => {
    const one = {
      location,
      id: foldWords(location.id),
      name: foldWords(location.name),
      street: foldWords(location.address.split(',')[0] ?? ''),
      phone: phoneKey(location.phone),
    };
    for (const word of [...one.id, ...one.name, ...one.street]) vocabulary.add(word);
    return one;
  });
  return { locations: prepared, vocabulary };
}

/** Whether the words occur in this order within one text node. */
function onPage(page: PageText, words: readonly string[]): boolean {
  if (words.length === 0) return false;
  let rarest = 0;
  let rarestAt: number[] | undefined;
  for (let i = 0; i < words.length; i += 1) {
    const seen = page.at.get(words[i]!);
    if (!seen) return false;
    if (!rarestAt || seen.length < rarestAt.length) {
      rarest = i;
      rarestAt = seen;
    }
  }
  for (const position of rarestAt!) {
    const start = position - rarest;
    if (start >= 0 && words.every((word, i) => page.tokens[start + i] === word)) return true;
  }
  return false;
}

export function scoreLocation<L extends MatchableLocation>(
  page: PageText,
  prepared: PreparedLocation<L>,
): LocationMatch<L> | null {
  const matchedOn: MatchField[] = [];
  if (onPage(page, prepared.id)) matchedOn.push('id');
  if (prepared.phone && page.phones.has(prepared.phone)) matchedOn.push('phone');
  if (onPage(page, prepared.street)) matchedOn.push('address');
  if (onPage(page, prepared.name)) matchedOn.push('name');
  if (matchedOn.length === 0) return null;
  const score = matchedOn.reduce((sum, field) => sum + WEIGHT[field], 0);
  return { location: prepared.location, score, matchedOn };
}

/** The best-scoring location, or null when none is on the page or two tie for the top. */
export function matchPage<L extends MatchableLocation>(
  texts: readonly string[],
  prepared: PreparedLocations<L>,
): LocationMatch<L> | null {
  const page = readPageText(texts, prepared.vocabulary);
  let best: LocationMatch<L> | null = null;
  let tie = false;
  for (const location of prepared.locations) {
    const match = scoreLocation(page, location);
    if (!match) continue;
    if (!best || match.score > best.score) {
      best = match;
      tie = false;
    } else if (match.score === best.score) {
      tie = true;
    }
  }
  return tie ? null : best;
}

export function referenceMatch<L extends MatchableLocation>(
  texts: readonly string[],
  locations: readonly L[],
): LocationMatch<L> | null {
  return matchPage(texts, prepareLocations(locations));
}
