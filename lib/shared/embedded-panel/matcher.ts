// The rule-less guess: which of the account's locations is this page about? A location is on the page when
// its id, street or name occurs as consecutive words within one text node, or its phone number does.
// Preparing a list (once per list) numbers the locations' words and indexes each distinct phrase under its
// rarest word, so a page is read in one pass into word numbers and only phrases whose rare word is there
// are checked: a page's cost grows with the page, not with the number of locations.
import { canonicalWord, FOLD, FOLD_LIMIT, foldWords, isGeneralPunctuation, NOT_WORD, UNFOLDABLE } from './normalize.ts';
import { inRun, phoneCodesIn, phoneCodesInRun } from './phone-runs.ts';
import {
  ADDRESS,
  ID,
  type MatchableLocation,
  NAME,
  PHONE,
  type PreparedLocations,
  prepareLocations,
} from './prepare.ts';
import { foldedWordId, HASH_START, hashStep, type WordTable } from './word-table.ts';

export { type MatchableLocation, type PreparedLocations, prepareLocations } from './prepare.ts';

export type MatchField = 'id' | 'name' | 'phone' | 'address';

export interface LocationMatch<L extends MatchableLocation = MatchableLocation> {
  location: L;
  score: number;
  /** What was found on the page, strongest first. */
  matchedOn: MatchField[];
}

/** Strongest first; an id is near-proof, a phone or a street address strong, a name alone the weakest (chains repeat names). */
const FIELDS = [
  { field: 'id', bit: ID, weight: 100 },
  { field: 'phone', bit: PHONE, weight: 60 },
  { field: 'address', bit: ADDRESS, weight: 50 },
  { field: 'name', bit: NAME, weight: 40 },
] as const;

/** Between nodes, and for a page word no location has: phrases never contain it. */
const BREAK = -1;

/** The page as word numbers, reused across pages: the worker matches one page at a time. */
let tokens = new Int32Array(1 << 14);
let tokenCount = 0;

function push(word: number): void {
  if (word === BREAK && (tokenCount === 0 || tokens[tokenCount - 1] === BREAK)) return;
  if (tokenCount === tokens.length) {
    const grown = new Int32Array(tokens.length * 2);
    grown.set(tokens);
    tokens = grown;
  }
  tokens[tokenCount] = word;
  tokenCount += 1;
}

/** Letters and digits; beyond ASCII everything but punctuation blocks (× ÷, – ’ “, CJK punctuation). */
function isWordChar(c: number): boolean {
  if (c < 0x80) return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
  return c >= 0xc0 && c !== 0xd7 && c !== 0xf7 && !(c >= 0x2000 && c <= 0x2bff) && !(c >= 0x3000 && c <= 0x303f);
}

/** LATIN[c] for c below FOLD_LIMIT: FOLD[c] in the low 16 bits, and IN_RUN_BIT when c may be part of a phone. */
const IN_RUN_BIT = 1 << 16;
const LATIN = Int32Array.from(FOLD, (folded, c) => folded | (inRun(c) ? IN_RUN_BIT : 0));

/**
 * A node of ASCII and Latin letters, folded by table in place, words found by hash, phone-like runs read as
 * they end; returns false at the first character FOLD cannot fold, where the node needs readFoldedNode.
 */
function readLatinNode(text: string, table: WordTable, phoneFound: (code: number) => void): boolean {
  const length = text.length;
  let start = -1;
  let hash = HASH_START;
  let runStart = -1;
  let runDigits = 0;
  for (let i = 0; i < length; i += 1) {
    const c = text.charCodeAt(i);
    let kind: number;
    if (c < FOLD_LIMIT) kind = LATIN[c]!;
    // Curly quotes and dashes are common in CRM text: they separate words here as in readFoldedNode.
    else if (isGeneralPunctuation(c)) kind = inRun(c) ? IN_RUN_BIT : NOT_WORD;
    else return false;
    const folded = kind & 0xffff;
    if (folded === UNFOLDABLE) return false;
    if (folded !== NOT_WORD) {
      if (start < 0) {
        start = i;
        hash = HASH_START;
      }
      hash = hashStep(hash, folded);
    } else if (start >= 0) {
      push(foldedWordId(table, text, start, i, hash));
      start = -1;
    }
    if (kind & IN_RUN_BIT) {
      if (runStart < 0) {
        runStart = i;
        runDigits = 0;
      }
      if (c >= 48 && c <= 57) runDigits += 1;
    } else if (runStart >= 0) {
      // Seven digits at least make a phone key; most runs (amounts, short ids) have fewer.
      if (runDigits >= 7) phoneCodesInRun(text, runStart, i, phoneFound);
      runStart = -1;
    }
  }
  if (start >= 0) push(foldedWordId(table, text, start, length, hash));
  if (runStart >= 0 && runDigits >= 7) phoneCodesInRun(text, runStart, length, phoneFound);
  return true;
}

/** Any node: lower-cased whole (case can change length beyond ASCII), words folded as the locations were. */
function readFoldedNode(lowered: string, table: WordTable): number {
  let digits = 0;
  let start = -1;
  let plain = true;
  for (let i = 0; i <= lowered.length; i += 1) {
    const c = i < lowered.length ? lowered.charCodeAt(i) : 32;
    if (isWordChar(c)) {
      if (start < 0) start = i;
      if (c >= 0x80) plain = false;
      else if (c <= 57) digits += 1;
    } else if (start >= 0) {
      const word = lowered.slice(start, i);
      if (plain) push(table.ids.get(canonicalWord(word)) ?? BREAK);
      else for (const folded of foldWords(word)) push(table.ids.get(folded) ?? BREAK);
      start = -1;
      plain = true;
    }
  }
  return digits;
}

/** The best-scoring location, or null when none is on the page or two tie for the top. */
export function matchPage<L extends MatchableLocation>(
  texts: readonly string[],
  prepared: PreparedLocations<L>,
): LocationMatch<L> | null {
  const found = new Uint8Array(prepared.locations.length);
  const phoneFound = (code: number) => {
    const having = prepared.phones.get(code);
    if (having) for (const index of having) found[index]! |= PHONE;
  };
  tokenCount = 0;
  for (const text of texts) {
    const nodeStart = tokenCount;
    if (!readLatinNode(text, prepared.words, phoneFound)) {
      tokenCount = nodeStart;
      const lowered = text.toLowerCase();
      // Seven digits at least make a phone key; most nodes have fewer.
      if (readFoldedNode(lowered, prepared.words) >= 7) phoneCodesIn(lowered, phoneFound);
    }
    push(BREAK);
  }
  markPhrases(prepared, found);
  return best(prepared.locations, found);
}

function markPhrases(prepared: PreparedLocations, found: Uint8Array): void {
  const { phraseStart, phraseWords, ownerStart, owners, anchorStart, anchorPhrases, anchorOffsets } = prepared;
  const seen = new Uint8Array(phraseStart.length - 1);
  for (let at = 0; at < tokenCount; at += 1) {
    const word = tokens[at]!;
    if (word === BREAK) continue;
    for (let a = anchorStart[word]!; a < anchorStart[word + 1]!; a += 1) {
      const phrase = anchorPhrases[a]!;
      if (seen[phrase]) continue;
      const from = phraseStart[phrase]!;
      const length = phraseStart[phrase + 1]! - from;
      const start = at - anchorOffsets[a]!;
      if (start < 0 || start + length > tokenCount) continue;
      let k = 0;
      while (k < length && tokens[start + k] === phraseWords[from + k]) k += 1;
      if (k < length) continue;
      seen[phrase] = 1;
      for (let o = ownerStart[phrase]!; o < ownerStart[phrase + 1]!; o += 1) found[owners[o]! >> 4]! |= owners[o]! & 15;
    }
  }
}

function best<L extends MatchableLocation>(locations: readonly L[], found: Uint8Array): LocationMatch<L> | null {
  let bestIndex = -1;
  let bestScore = 0;
  let tie = false;
  for (let index = 0; index < found.length; index += 1) {
    const bits = found[index]!;
    if (bits === 0) continue;
    let score = 0;
    for (const { bit, weight } of FIELDS) if (bits & bit) score += weight;
    if (score > bestScore) {
      bestIndex = index;
      bestScore = score;
      tie = false;
    } else if (score === bestScore) {
      tie = true;
    }
  }
  if (bestIndex < 0 || tie) return null;
  const bits = found[bestIndex]!;
  return {
    location: locations[bestIndex]!,
    score: bestScore,
    matchedOn: FIELDS.filter(({ bit }) => bits & bit).map(({ field }) => field),
  };
}

export function bestLocationMatch<L extends MatchableLocation>(
  texts: readonly string[],
  locations: readonly L[],
): LocationMatch<L> | null {
  return matchPage(texts, prepareLocations(locations));
}
