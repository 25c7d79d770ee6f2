// The locations' words, numbered, and found straight from a page's characters: folding each character by
// table, hashing as it is scanned and comparing in place costs no string per page word (slicing ~35,000
// words per page was most of the matcher's time, in garbage collection).
import { ADDRESS_WORDS, foldText } from './normalize.ts';

/** Page characters below this are folded by table; a node with any other goes through foldWords. */
export const FOLD_LIMIT = 0x250;
/** FOLD[c]: not part of a word. */
export const NOT_WORD = 0;
/** FOLD[c]: a character whose folding depends on its neighbours or yields several (İ, a lone accent…). */
export const UNFOLDABLE = 1;

/**
 * ASCII, Latin-1 and Latin Extended-A/B: each character's lower case with its accents dropped, when that is
 * one character and foldText gives the same for it alone as within a word (é → e, ß → ß, Ł → ł).
 */
export const FOLD: Uint16Array = (() => {
  const fold = new Uint16Array(FOLD_LIMIT);
  for (let c = 0; c < FOLD_LIMIT; c += 1) {
    const isWordChar = c < 0x80 ? /[a-z0-9]/i.test(String.fromCharCode(c)) : c >= 0xc0 && c !== 0xd7 && c !== 0xf7;
    if (!isWordChar) continue;
    const lower = String.fromCharCode(c).toLowerCase();
    const plainParts = lower.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    const folded = foldText(lower);
    // One character in, one out, and no mark outside the dropped range left to reorder or split on.
    const single = lower.length === 1 && folded.length === 1 && plainParts === folded && folded !== ' ';
    fold[c] = single ? folded.charCodeAt(0) : UNFOLDABLE;
  }
  return fold;
})();

/** FNV-1a over folded character codes; the page side hashes them the same way, one code at a time. */
export const HASH_START = 0x811c9dc5 | 0;
export const hashStep = (hash: number, code: number) => Math.imul(hash ^ code, 0x01000193);

export interface WordTable {
  /** word → its number, for the few page words that need full folding (other scripts). */
  ids: Map<string, number>;
  /** Open addressing: slot → spelling index + 1 (0 = empty). */
  slots: Int32Array;
  spellings: string[];
  spellingHashes: Int32Array;
  /** The word each spelling stands for: "street" and "st" are both the word st. */
  spellingWords: Int32Array;
}

/** `words`: folded words in their one address spelling, each numbered by its index (`ids`: the reverse). */
export function wordTable(words: readonly string[], ids: Map<string, number>): WordTable {
  const spellings: string[] = [...words];
  const spellingWords: number[] = words.map((_, id) => id);
  for (const [spelling, word] of ADDRESS_WORDS) {
    const id = ids.get(word);
    if (id !== undefined) {
      spellings.push(spelling);
      spellingWords.push(id);
    }
  }
  let size = 16;
  while (size < spellings.length * 2) size *= 2;
  const slots = new Int32Array(size);
  const spellingHashes = new Int32Array(spellings.length);
  spellings.forEach((spelling, index) => {
    let hash = HASH_START;
    for (let i = 0; i < spelling.length; i += 1) hash = hashStep(hash, spelling.charCodeAt(i));
    spellingHashes[index] = hash;
    let slot = hash & (size - 1);
    while (slots[slot] !== 0) slot = (slot + 1) & (size - 1);
    slots[slot] = index + 1;
  });
  return { ids, slots, spellings, spellingHashes, spellingWords: Int32Array.from(spellingWords) };
}

/**
 * The number of the word text[start, end) once folded by FOLD (every character of it foldable), or -1 when
 * no location has it. `hash`: hashStep over the folded codes.
 */
export function foldedWordId(table: WordTable, text: string, start: number, end: number, hash: number): number {
  const mask = table.slots.length - 1;
  for (let slot = hash & mask; table.slots[slot] !== 0; slot = (slot + 1) & mask) {
    const index = table.slots[slot]! - 1;
    if (table.spellingHashes[index] !== hash) continue;
    const spelling = table.spellings[index]!;
    if (spelling.length !== end - start) continue;
    let same = true;
    for (let i = 0; i < spelling.length && same; i += 1)
      same = FOLD[text.charCodeAt(start + i)] === spelling.charCodeAt(i);
    if (same) return table.spellingWords[index]!;
  }
  return -1;
}
