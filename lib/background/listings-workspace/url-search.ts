// Searching every listing URL for a term. A trigram index (built once per change of the rows) names the
// few rows whose URL can hold it: only those are checked, ~1,500 for "yelp" rather than 100,000 URLs
// (an indexOf walk over all of them, ~6 MB, took 5–10 ms). Terms under 3 characters, or whose rarest
// trigram is in most URLs ("https"), take that walk.

/** The URLs lower-cased and joined, with where each row's URL starts. */
export interface UrlSearchText {
  text: string;
  starts: Int32Array;
}

/** Trigram buckets (a hash of the three characters: a collision only adds candidates, each is checked). */
const BUCKETS = 1 << 18;
/** Above one row in this many, the walk over all URLs beats checking candidates one by one. */
const WALK_FRACTION = 8;

export interface UrlIndex extends UrlSearchText {
  /** Bucket b's rows are postings[offsets[b] .. offsets[b + 1]), ascending, each once. */
  offsets: Int32Array;
  postings: Int32Array;
  /**
   * Per row, a bit per letter a–z its lower-cased URL holds: a one-letter search ("y", the first key
   * typed) reads these instead of walking every URL (at 600,000 rows, ~40 MB of text).
   */
  letters: Int32Array;
}

/** The letter's bit in `letters`, or -1 for any other character. */
const letterBit = (code: number): number => (code >= 97 && code <= 122 ? code - 97 : -1);

export function urlSearchText(listingUrls: readonly string[]): UrlSearchText {
  const n = listingUrls.length;
  let text = listingUrls.join('\n').toLowerCase();
  // A few characters change length when lower-cased: then each URL is lower-cased on its own.
  const lower = text.length === listingUrls.reduce((sum, u) => sum + u.length + 1, -1);
  const urls = lower ? listingUrls : listingUrls.map((u) => u.toLowerCase());
  if (!lower) text = urls.join('\n');
  const starts = new Int32Array(n);
  let at = 0;
  for (let i = 0; i < n; i++) {
    starts[i] = at;
    at += urls[i]!.length + 1;
  }
  return { text, starts };
}

const bucketAt = (text: string, p: number) =>
  (Math.imul(Math.imul(text.charCodeAt(p), 0x9e3779b1) ^ text.charCodeAt(p + 1), 0x85ebca6b) ^ text.charCodeAt(p + 2)) &
  (BUCKETS - 1);

export function urlIndex(listingUrls: readonly string[]): UrlIndex {
  return drain(urlIndexSteps(listingUrls, Number.POSITIVE_INFINITY));
}

/** Runs the steps of a build to its end. */
export function drain<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * urlIndex in steps: it yields after the URLs are joined and after each `slice` rows of its two passes, so a
 * worker can answer messages between them (at 600,000 rows the whole build blocked it for seconds).
 */
export function* urlIndexSteps(listingUrls: readonly string[], slice: number): Generator<void, UrlIndex> {
  const n = listingUrls.length;
  let text: string;
  let starts: Int32Array;
  if (slice >= n) ({ text, starts } = urlSearchText(listingUrls));
  else {
    // Joined a slice at a time too (600,000 URLs joined and lower-cased at once took ~0.5-1.7 s here).
    const parts: string[] = [];
    starts = new Int32Array(n);
    let at = 0;
    for (let from = 0; from < n; from += slice) {
      const lowered = listingUrls.slice(from, from + slice).map((u) => u.toLowerCase());
      for (let j = 0; j < lowered.length; j++) {
        starts[from + j] = at;
        at += lowered[j]!.length + 1;
      }
      parts.push(lowered.join('\n'));
      yield;
    }
    text = parts.join('\n');
  }
  yield;
  const end = (i: number) => (i + 1 < n ? starts[i + 1]! - 1 : text.length);
  const counts = new Int32Array(BUCKETS + 1);
  const lastRow = new Int32Array(BUCKETS).fill(-1);
  const letters = new Int32Array(n);
  for (let from = 0; from < n; from += slice) {
    for (let i = from, to = Math.min(n, from + slice); i < to; i++) {
      let held = 0;
      for (let p = starts[i]!, stop = end(i); p < stop; p++) {
        const bit = letterBit(text.charCodeAt(p));
        if (bit >= 0) held |= 1 << bit;
      }
      letters[i] = held;
      for (let p = starts[i]!, stop = end(i) - 2; p < stop; p++) {
        const b = bucketAt(text, p);
        if (lastRow[b] !== i) {
          lastRow[b] = i;
          counts[b + 1]!++;
        }
      }
    }
    yield;
  }
  const offsets = counts;
  for (let b = 0; b < BUCKETS; b++) offsets[b + 1]! += offsets[b]!;
  const postings = new Int32Array(offsets[BUCKETS]!);
  const fill = offsets.slice(0, BUCKETS);
  lastRow.fill(-1);
  for (let from = 0; from < n; from += slice) {
    for (let i = from, to = Math.min(n, from + slice); i < to; i++) {
      for (let p = starts[i]!, stop = end(i) - 2; p < stop; p++) {
        const b = bucketAt(text, p);
        if (lastRow[b] !== i) {
          lastRow[b] = i;
          postings[fill[b]!++] = i;
        }
      }
    }
    yield;
  }
  return { text, starts, offsets, postings, letters };
}

/** A flag per row: its URL contains the (lower-case) term. */
export function rowsWithUrlTerm(index: UrlSearchText | UrlIndex, term: string): Uint8Array {
  const { text, starts } = index;
  const bit = term.length === 1 ? letterBit(term.charCodeAt(0)) : -1;
  if ('letters' in index && bit >= 0) {
    const { letters } = index;
    const flags = new Uint8Array(starts.length);
    for (let i = 0; i < flags.length; i++) flags[i] = (letters[i]! >>> bit) & 1;
    return flags;
  }
  const rows = 'postings' in index ? urlRowsWithTerm(index, term) : undefined;
  if (!rows) return walk(text, starts, term);
  const flags = new Uint8Array(starts.length);
  for (const i of rows) flags[i] = 1;
  return flags;
}

/**
 * The rows whose URL contains the (lower-case) term, ascending; undefined when the index cannot narrow
 * them down (a term under 3 characters, or whose rarest trigram is in most URLs).
 */
export function urlRowsWithTerm(index: UrlIndex, term: string): Int32Array | undefined {
  const { starts } = index;
  const n = starts.length;
  const best = rarestBucket(index, term);
  if (best < 0) return undefined;
  const fewest = index.offsets[best + 1]! - index.offsets[best]!;
  if (fewest * WALK_FRACTION >= n) return undefined;
  const rows = new Int32Array(fewest);
  let m = 0;
  for (let k = index.offsets[best]!, stop = index.offsets[best + 1]!; k < stop; k++) {
    const i = index.postings[k]!;
    // The row's own URL only: an indexOf from its start would run on through the rows after it.
    if (lowerUrl(index, i).includes(term)) rows[m++] = i;
  }
  return rows.subarray(0, m);
}

/** The bucket of the term's trigram that fewest URLs hold; -1 for a term under 3 characters. */
function rarestBucket(index: UrlIndex, term: string): number {
  let best = -1;
  let fewest = Number.POSITIVE_INFINITY;
  for (let p = 0; p + 2 < term.length; p++) {
    const b = bucketAt(term, p);
    const size = index.offsets[b + 1]! - index.offsets[b]!;
    if (size < fewest) {
      fewest = size;
      best = b;
    }
  }
  return best;
}

/** How many URLs the index would check for the term (its rarest trigram's); undefined under 3 characters. */
export function urlCandidates(index: UrlIndex, term: string): number | undefined {
  const b = rarestBucket(index, term);
  return b < 0 ? undefined : index.offsets[b + 1]! - index.offsets[b]!;
}

/** Row `i`'s URL, lower-cased, from the joined text (a slice, not a new copy of the URL). */
export function lowerUrl(index: UrlSearchText, i: number): string {
  const { text, starts } = index;
  return text.slice(starts[i]!, i + 1 < starts.length ? starts[i + 1]! - 1 : text.length);
}

/** Every hit of the term in the joined URLs, in one indexOf walk. */
function walk(text: string, starts: Int32Array, term: string): Uint8Array {
  const n = starts.length;
  const flags = new Uint8Array(n);
  // Hits come in order, so the row holding each one is found by walking forward, not searching.
  let row = 0;
  let from = 0;
  for (;;) {
    const found = text.indexOf(term, from);
    if (found < 0) break;
    while (row + 1 < n && starts[row + 1]! <= found) row++;
    flags[row] = 1;
    from = row + 1 < n ? starts[row + 1]! : text.length;
  }
  return flags;
}
