// Phone numbers in free text, as numbers rather than strings: a page has thousands of digit runs (dates,
// amounts, ids) and only the ones equal to a location's phone matter, so none of them is sliced out.
//
// A phone-like run is what /\+?\(?\d[\d\s().-]{5,20}\d/g finds: a digit, 5 to 20 digits, spaces, dots,
// dashes or parentheses, and a digit, the longest first, one after another through the text.
// Its key is phoneKey()'s: the last ten of its digits, when it has at least seven.

/** A phone key as a number: its digits' value plus its length × 10¹⁰, so 0555012 and 555012 differ. */
export function phoneCode(key: string): number {
  return key.length * 1e10 + Number(key);
}

const isDigit = (c: number) => c >= 48 && c <= 57;

/** JavaScript's \s. */
function isSpace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** What may follow the first digit: digits, spaces, ( ) . - */
export const inRun = (c: number) => isDigit(c) || c === 40 || c === 41 || c === 45 || c === 46 || isSpace(c);

/** Calls `found` with the code of every phone-like run of `text` that has at least seven digits. */
export function phoneCodesIn(text: string, found: (code: number) => void): void {
  const end = text.length;
  let i = 0;
  while (i < end) {
    if (!inRun(text.charCodeAt(i))) {
      i += 1;
      continue;
    }
    // A match never crosses a character outside the run (the optional leading "+" adds no digit), so each
    // maximal run is read alone, and a run of fewer than seven digits yields nothing.
    const start = i;
    let digits = 0;
    for (; i < end; i += 1) {
      const c = text.charCodeAt(i);
      if (!inRun(c)) break;
      if (isDigit(c)) digits += 1;
    }
    if (digits >= 7) phoneCodesInRun(text, start, i, found);
  }
}

/** phoneCodesIn for one maximal run of `inRun` characters, text[start, end). */
export function phoneCodesInRun(text: string, start: number, end: number, found: (code: number) => void): void {
  let first = start;
  while (first < end) {
    if (!isDigit(text.charCodeAt(first))) {
      first += 1;
      continue;
    }
    // The longest middle of 5..20 characters that a digit closes, as the greedy regex would take it.
    let last = Math.min(first + 21, end - 1);
    while (last >= first + 6 && !isDigit(text.charCodeAt(last))) last -= 1;
    if (last < first + 6) {
      first += 1;
      continue;
    }
    let count = 0;
    for (let k = first; k <= last; k += 1) if (isDigit(text.charCodeAt(k))) count += 1;
    if (count >= 7) {
      // The last ten digits only: their value stays an exact integer.
      let skip = count - 10;
      let value = 0;
      for (let k = first; k <= last; k += 1) {
        const c = text.charCodeAt(k);
        if (isDigit(c) && skip-- <= 0) value = value * 10 + (c - 48);
      }
      found(Math.min(count, 10) * 1e10 + value);
    }
    first = last + 1;
  }
}
