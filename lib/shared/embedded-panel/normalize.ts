// How page text and location fields are made comparable: accents and case folded, punctuation gone,
// address words in one spelling (Street → st), phone numbers reduced to their last ten digits (found in
// free text by phone-runs.ts).

/** One spelling per address word, applied to the page and to the locations alike. */
export const ADDRESS_WORDS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    street: 'st',
    avenue: 'ave',
    av: 'ave',
    road: 'rd',
    boulevard: 'blvd',
    drive: 'dr',
    lane: 'ln',
    court: 'ct',
    place: 'pl',
    square: 'sq',
    parkway: 'pkwy',
    highway: 'hwy',
    suite: 'ste',
    north: 'n',
    south: 's',
    east: 'e',
    west: 'w',
    terrace: 'ter',
    circle: 'cir',
  }),
);

const ASCII = /^[^\u0080-\uffff]*$/;

/** Lower case, no accents, every run of characters other than letters, digits and newlines one space. */
export function foldText(text: string): string {
  // Most CRM text is ASCII: the Unicode path (NFD, marks, letter classes) costs several times more.
  if (ASCII.test(text)) return text.toLowerCase().replace(/[^a-z0-9\n]+/g, ' ');
  // Letters beyond ASCII are kept by block (Latin, Greek, Cyrillic … CJK), which is ten times faster than
  // \p{L}; the General Punctuation block (– ’ “) falls between those ranges and becomes a space.
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]+/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9\n\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u1fff\u3040-\ufeff]+/g, ' ');
}

/** Characters below this are folded by table (FOLD); text with any other goes through foldText. */
export const FOLD_LIMIT = 0x250;
/** FOLD[c]: not part of a word. */
export const NOT_WORD = 0;
/** FOLD[c]: a character whose folding depends on its neighbours or yields several (İ, a lone accent…). */
export const UNFOLDABLE = 1;

/** – ’ “ … and the thin spaces: never part of a word, and foldText's NFD leaves them punctuation. */
export const isGeneralPunctuation = (c: number) => c >= 0x2000 && c <= 0x206f;

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

export function canonicalWord(word: string): string {
  return ADDRESS_WORDS.get(word) ?? word;
}

/** Splits folded text into words, each in its one address spelling. */
export function wordsOf(folded: string): string[] {
  const trimmed = folded.trim();
  if (trimmed === '') return [];
  return trimmed.split(' ').map((word) => ADDRESS_WORDS.get(word) ?? word);
}

/** Words only: lower case, no accents, address words in one spelling. */
export function foldWords(text: string): string[] {
  // Text in Latin letters (most of it) is cut and folded by table: the regex path with its NFD pass cost
  // most of preparing 2,000 locations. Below FOLD_LIMIT (and in punctuation) only İ changes length in lower case.
  const lower = text.toLowerCase();
  const slow = () => wordsOf(foldText(text.replace(/\n/g, ' ')));
  if (lower.length !== text.length) return slow();
  const words: string[] = [];
  let start = -1;
  let accented = false;
  for (let i = 0; i <= text.length; i += 1) {
    const c = i < text.length ? text.charCodeAt(i) : 32;
    const folded = c < FOLD_LIMIT ? FOLD[c]! : isGeneralPunctuation(c) ? NOT_WORD : UNFOLDABLE;
    if (folded === UNFOLDABLE) return slow();
    if (folded !== NOT_WORD) {
      if (start < 0) {
        start = i;
        accented = false;
      }
      if (folded !== lower.charCodeAt(i)) accented = true;
    } else if (start >= 0) {
      words.push(canonicalWord(accented ? foldedSlice(text, start, i) : lower.slice(start, i)));
      start = -1;
    }
  }
  return words;
}

function foldedSlice(text: string, start: number, end: number): string {
  let word = '';
  for (let i = start; i < end; i += 1) word += String.fromCharCode(FOLD[text.charCodeAt(i)]!);
  return word;
}

/** The folded words joined, with a space at each end so that `includes(' x y ')` matches whole words. */
export function phrase(text: string): string {
  const words = foldWords(text);
  return words.length ? ` ${words.join(' ')} ` : '';
}

/** The last ten digits: +1 (510) 555-0142, 510.555.0142 and 5105550142 are one number. */
export function phoneKey(text: string): string {
  const digits = text.replace(/\D+/g, '');
  return digits.length >= 7 ? digits.slice(-10) : '';
}
