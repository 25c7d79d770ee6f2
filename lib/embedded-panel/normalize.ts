// How page text and location fields are made comparable: accents and case folded, punctuation gone,
// address words in one spelling (Street → st), phone numbers reduced to their last ten digits.

/** One spelling per address word, applied to the page and to the locations alike. */
const ADDRESS_WORDS = new Map(
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
  return wordsOf(foldText(text.replace(/\n/g, ' ')));
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
