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
  // ASCII text (most of it) is cut by character code: the regex path costs most of preparing 2,000 locations.
  const lower = text.toLowerCase();
  const words: string[] = [];
  let start = -1;
  for (let i = 0; i <= lower.length; i += 1) {
    const c = i < lower.length ? lower.charCodeAt(i) : 32;
    if (c >= 0x80) return wordsOf(foldText(text.replace(/\n/g, ' ')));
    if ((c >= 48 && c <= 57) || (c >= 97 && c <= 122)) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      words.push(canonicalWord(lower.slice(start, i)));
      start = -1;
    }
  }
  return words;
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
