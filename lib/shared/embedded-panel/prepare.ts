// A location list folded once, to be looked for on many pages: the locations' words numbered, each distinct
// phrase (id, street, name) stored once and indexed under its rarest word, phones as numbers. Lists are flat
// (a start offset per entry) so that preparing 2,000 locations makes few objects.
import { foldWords, phoneKey } from './normalize.ts';
import { phoneCode } from './phone-runs.ts';
import { type WordTable, wordTable } from './word-table.ts';

// Declared here, where a list is first read, so that matcher.ts depends on this file and not both ways.
export interface MatchableLocation {
  id: string;
  name: string;
  /** One line: street, city, region, postal code. */
  address: string;
  phone: string;
}

/** What was found of a location, as bits of one number per location. */
export const ID = 1;
export const PHONE = 2;
export const ADDRESS = 4;
export const NAME = 8;

export interface PreparedLocations<L extends MatchableLocation = MatchableLocation> {
  locations: L[];
  words: WordTable;
  /** Distinct word sequences; phrase p is phraseWords[phraseStart[p] … phraseStart[p+1]). */
  phraseStart: Int32Array;
  phraseWords: Int32Array;
  /** Who has phrase p: owners[ownerStart[p] …], each location index × 16 + field bit. */
  ownerStart: Int32Array;
  owners: Int32Array;
  /** word → the phrases whose rarest word it is (anchorPhrases[anchorStart[w] …]), with its offset in each. */
  anchorStart: Int32Array;
  anchorPhrases: Int32Array;
  anchorOffsets: Int32Array;
  /** phoneCode → the locations with that phone. */
  phones: Map<number, number[]>;
}

export function prepareLocations<L extends MatchableLocation>(locations: readonly L[]): PreparedLocations<L> {
  const words: string[] = [];
  const wordIds = new Map<string, number>();
  const phraseIds = new Map<string, number>();
  const phraseWords: number[] = [];
  const phraseStart: number[] = [0];
  const ownerPhrases: number[] = [];
  const owners: number[] = [];
  const phones = new Map<number, number[]>();
  const addPhrase = (text: string, owner: number) => {
    // Keyed by the text as written: a chain's repeated names are folded and checked once.
    let phrase = phraseIds.get(text);
    if (phrase === undefined) {
      const folded = foldWords(text);
      phrase = folded.length === 0 ? -1 : phraseStart.length - 1;
      phraseIds.set(text, phrase);
      if (phrase < 0) return;
      for (const word of folded) {
        let id = wordIds.get(word);
        if (id === undefined) {
          id = words.length;
          words.push(word);
          wordIds.set(word, id);
        }
        phraseWords.push(id);
      }
      phraseStart.push(phraseWords.length);
    }
    if (phrase < 0) return;
    ownerPhrases.push(phrase);
    owners.push(owner);
  };
  for (let index = 0; index < locations.length; index += 1) {
    const location = locations[index]!;
    addPhrase(location.id, index * 16 + ID);
    // The street part of the address ("12 Main St, Fremont, CA" → 12 main st): the rest repeats across locations.
    const comma = location.address.indexOf(',');
    addPhrase(comma < 0 ? location.address : location.address.slice(0, comma), index * 16 + ADDRESS);
    addPhrase(location.name, index * 16 + NAME);
    const key = phoneKey(location.phone);
    if (key) {
      const code = phoneCode(key);
      const same = phones.get(code);
      if (same) same.push(index);
      else phones.set(code, [index]);
    }
  }
  const phraseCount = phraseStart.length - 1;
  const byPhrase = grouped(phraseCount, ownerPhrases, owners);
  const anchors = anchorsOf(Int32Array.from(phraseStart), Int32Array.from(phraseWords), words.length);
  return {
    locations: [...locations],
    words: wordTable(words, wordIds),
    phraseStart: Int32Array.from(phraseStart),
    phraseWords: Int32Array.from(phraseWords),
    ownerStart: byPhrase.start,
    owners: byPhrase.columns[0]!,
    anchorStart: anchors.start,
    anchorPhrases: anchors.columns[0]!,
    anchorOffsets: anchors.columns[1]!,
    phones,
  };
}

/** Each phrase under its word that the fewest phrases have: the page's common words then check nothing. */
function anchorsOf(phraseStart: Int32Array, phraseWords: Int32Array, wordCount: number) {
  const phraseCount = phraseStart.length - 1;
  const havers = new Int32Array(wordCount);
  const lastPhrase = new Int32Array(wordCount).fill(-1);
  for (let phrase = 0; phrase < phraseCount; phrase += 1) {
    for (let k = phraseStart[phrase]!; k < phraseStart[phrase + 1]!; k += 1) {
      const word = phraseWords[k]!;
      if (lastPhrase[word] === phrase) continue;
      lastPhrase[word] = phrase;
      havers[word]! += 1;
    }
  }
  const anchorWords: number[] = [];
  const phrases: number[] = [];
  const offsets: number[] = [];
  for (let phrase = 0; phrase < phraseCount; phrase += 1) {
    const from = phraseStart[phrase]!;
    let rarest = from;
    for (let k = from + 1; k < phraseStart[phrase + 1]!; k += 1) {
      if (havers[phraseWords[k]!]! < havers[phraseWords[rarest]!]!) rarest = k;
    }
    anchorWords.push(phraseWords[rarest]!);
    phrases.push(phrase);
    offsets.push(rarest - from);
  }
  return grouped(wordCount, anchorWords, phrases, offsets);
}

/** Rows (key, values…) gathered by key: the values of key k are columns[…][start[k] … start[k+1]). */
function grouped(keyCount: number, keys: readonly number[], ...values: readonly (readonly number[])[]) {
  const start = new Int32Array(keyCount + 1);
  for (const key of keys) start[key + 1]! += 1;
  for (let k = 0; k < keyCount; k += 1) start[k + 1]! += start[k]!;
  const next = start.slice(0, keyCount);
  const columns = values.map(() => new Int32Array(keys.length));
  keys.forEach((key, row) => {
    const at = next[key]!;
    next[key] = at + 1;
    values.forEach((column, c) => {
      columns[c]![at] = column[row]!;
    });
  });
  return { start, columns };
}
