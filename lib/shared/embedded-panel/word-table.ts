// The locations' words, numbered, and found straight from a page's characters: folding each character by
// table, hashing as it is scanned and comparing in place costs no string per page word (slicing ~35,000
// words per page was most of the matcher's time, in garbage collection).
import { ADDRESS_WORDS, FOLD } from './normalize.ts';

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
