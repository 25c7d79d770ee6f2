// Searching every listing URL for a term: one indexOf walk over all of them joined by line breaks
// (a term never holds one) costs a fraction of 100,000 includes() calls.

/** The URLs lower-cased and joined, with where each row's URL starts. */
export interface UrlSearchText {
  text: string;
  starts: Int32Array;
}

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

/** A flag per row: its URL contains the (lower-case) term. */
export function rowsWithUrlTerm({ text, starts }: UrlSearchText, term: string): Uint8Array {
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
