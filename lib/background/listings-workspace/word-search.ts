// A search's words against the table's rows: a row holds a word in its location's text, its publisher's
// text or its listing URL. Text is matched per location and per publisher once (1,500 and 70 strings);
// a word few rows hold names those rows through the URL index and each location's and publisher's rows.
// One is built per version of the table (rows or names changed), its indexes on first need.
import {
  drain,
  lowerUrl,
  rowsWithUrlTerm,
  type UrlIndex,
  urlCandidates,
  urlIndexSteps,
  urlRowsWithTerm,
} from './url-search.ts';

/** Rows of URLs indexed between two pauses of a warm build (~20-60 ms a slice here). */
const WARM_SLICE = 25_000;
/** Below 1 in this many rows, candidates are checked one by one rather than in one walk over all. */
export const FEW_CANDIDATES = 8;
/**
 * Words whose URL flags are kept (600 KB each at 600,000 rows): a status or publisher change with the
 * same text, or a word typed again, does not walk every URL again nor allocate a new row-sized array.
 */
const KEPT_URL_FLAGS = 8;

/** Each group's rows (a location's, a publisher's): group g holds rows[start[g] .. start[g + 1]). */
interface RowGroups {
  start: Int32Array;
  rows: Int32Array;
}

function rowGroups(groupOf: readonly number[], groups: number): RowGroups {
  const start = new Int32Array(groups + 1);
  for (const g of groupOf) start[g + 1]!++;
  for (let g = 0; g < groups; g++) start[g + 1]! += start[g]!;
  const fill = start.slice(0, groups);
  const rows = new Int32Array(groupOf.length);
  for (let i = 0; i < groupOf.length; i++) rows[fill[groupOf[i]!]!++] = i;
  return { start, rows };
}

/** The table's columns a search reads (shared, not copied). */
export interface SearchColumns {
  loc: readonly number[];
  pub: readonly number[];
  listingUrls: readonly string[];
  /** Lower-cased text of each location and each publisher, by their small numbers. */
  locText: readonly string[];
  pubText: readonly string[];
}

/** One search's words, and which locations and publishers hold each. */
export interface Words {
  terms: string[];
  locTerm: Uint8Array[];
  pubTerm: Uint8Array[];
}

export class WordSearch {
  private readonly columns: SearchColumns;
  private urls: UrlIndex | undefined;
  /** A warm build under way: a search that needs the index meanwhile finishes it at once. */
  private building: Generator<void, UrlIndex> | undefined;
  private groups: { loc: RowGroups; pub: RowGroups } | undefined;
  /** rowFlags' answer, written again by each call. */
  private rowScratch: Uint8Array | undefined;
  /** The last words' URL flags, the newest last. */
  private readonly keptUrlFlags = new Map<string, Uint8Array>();

  constructor(columns: SearchColumns) {
    this.columns = columns;
  }

  /** `text`'s words, lower-cased; none for blank text. */
  words(text: string): Words {
    const terms = text.toLowerCase().split(/\s+/).filter(Boolean);
    const holding = (texts: readonly string[], term: string) => {
      const held = new Uint8Array(texts.length);
      for (let k = 0; k < texts.length; k++) held[k] = texts[k]!.includes(term) ? 1 : 0;
      return held;
    };
    return {
      terms,
      locTerm: terms.map((term) => holding(this.columns.locText, term)),
      pubTerm: terms.map((term) => holding(this.columns.pubText, term)),
    };
  }

  /**
   * The rows that may hold one of the words (each holds it in its location, publisher or URL; a row may be
   * named twice), or undefined when no word is held by few rows.
   */
  fewRows({ terms, locTerm, pubTerm }: Words): Int32Array | undefined {
    const limit = this.columns.loc.length / FEW_CANDIDATES;
    for (let t = 0; t < terms.length; t++) {
      const byUrl = urlRowsWithTerm(this.urlIndex(), terms[t]!);
      if (!byUrl) continue;
      const { loc, pub } = this.rowGroups();
      const parts: Int32Array[] = [byUrl];
      let size = byUrl.length;
      const add = (groups: RowGroups, held: Uint8Array) => {
        for (let g = 0; g < held.length && size <= limit; g++) {
          if (!held[g]) continue;
          const rows = groups.rows.subarray(groups.start[g]!, groups.start[g + 1]!);
          parts.push(rows);
          size += rows.length;
        }
      };
      add(loc, locTerm[t]!);
      add(pub, pubTerm[t]!);
      if (size > limit) continue;
      const rows = new Int32Array(size);
      let at = 0;
      for (const part of parts) {
        rows.set(part, at);
        at += part.length;
      }
      return rows;
    }
    return undefined;
  }

  /** Per word, a flag per row: its URL holds the word. For checking many rows; few read their own URL. */
  urlFlags({ terms }: Words): Uint8Array[] {
    return terms.map((term) => {
      let flags = this.keptUrlFlags.get(term);
      if (flags) this.keptUrlFlags.delete(term);
      else flags = rowsWithUrlTerm(this.urlIndex(), term);
      this.keptUrlFlags.set(term, flags);
      if (this.keptUrlFlags.size > KEPT_URL_FLAGS) this.keptUrlFlags.delete(this.keptUrlFlags.keys().next().value!);
      return flags;
    });
  }

  /**
   * The rows of the locations (or publishers) flagged in `held`, grouped by location (publisher), or
   * undefined when there are more than `limit`: a publisher filter names its 1 in 69 rows at once.
   */
  groupRows(kind: 'loc' | 'pub', held: Uint8Array, limit: number): Int32Array | undefined {
    const groups = this.rowGroups()[kind];
    let size = 0;
    for (let g = 0; g < held.length; g++) if (held[g]) size += groups.start[g + 1]! - groups.start[g]!;
    if (size > limit) return undefined;
    const rows = new Int32Array(size);
    let at = 0;
    for (let g = 0; g < held.length; g++) {
      if (!held[g]) continue;
      const part = groups.rows.subarray(groups.start[g]!, groups.start[g + 1]!);
      rows.set(part, at);
      at += part.length;
    }
    return rows;
  }

  /** Whether row `i` holds every word; `urlFlags` from urlFlags(), or undefined to read the row's URL. */
  holdsEvery(i: number, { terms, locTerm, pubTerm }: Words, urlFlags: readonly Uint8Array[] | undefined): boolean {
    const { loc, pub, listingUrls } = this.columns;
    let url: string | undefined;
    for (let t = 0; t < terms.length; t++) {
      if (locTerm[t]![loc[i]!] || pubTerm[t]![pub[i]!]) continue;
      if (urlFlags) {
        if (urlFlags[t]![i]) continue;
      } else {
        // A slice of the index's lower-cased text when it is built: no copy of the URL per row.
        url ??= this.urls ? lowerUrl(this.urls, i) : listingUrls[i]!.toLowerCase();
        if (url.includes(terms[t]!)) continue;
      }
      return false;
    }
    return true;
  }

  /**
   * A flag per row: it holds every word (its location's, publisher's or URL's flags). One tight pass over
   * typed arrays, for checking most rows; the array is kept and written again by the next call.
   */
  rowFlags({ terms, locTerm, pubTerm }: Words, urlFlags: readonly Uint8Array[]): Uint8Array {
    const { loc, pub } = this.columns;
    const n = loc.length;
    if (this.rowScratch?.length !== n) this.rowScratch = new Uint8Array(n);
    const out = this.rowScratch;
    out.fill(1);
    for (let t = 0; t < terms.length; t++) {
      const lt = locTerm[t]!;
      const pt = pubTerm[t]!;
      const ut = urlFlags[t]!;
      for (let i = 0; i < n; i++) out[i]! &= lt[loc[i]!]! | pt[pub[i]!]! | ut[i]!;
    }
    return out;
  }

  /** The candidates, in their order, that hold every word. */
  within(candidates: Int32Array, words: Words): Int32Array {
    if (words.terms.length === 0) return candidates;
    const few = candidates.length * FEW_CANDIDATES < this.columns.loc.length;
    // Unless the index names fewer URLs to check than the candidates are ("yel" → "yelp").
    const out = new Int32Array(candidates.length);
    let m = 0;
    if (few && !this.indexNarrower(words, candidates.length)) {
      for (let k = 0; k < candidates.length; k++) {
        const i = candidates[k]!;
        if (this.holdsEvery(i, words, undefined)) out[m++] = i;
      }
    } else {
      const holds = this.rowFlags(words, this.urlFlags(words));
      for (let k = 0; k < candidates.length; k++) {
        const i = candidates[k]!;
        out[m] = i;
        m += holds[i]!;
      }
    }
    return out.subarray(0, m);
  }

  /** Whether the built URL index names fewer URLs than `candidates` for every word (each is then a flag read). */
  private indexNarrower({ terms }: Words, candidates: number): boolean {
    const urls = this.urls;
    return Boolean(urls) && terms.every((term) => (urlCandidates(urls!, term) ?? candidates) < candidates);
  }

  /** Builds the indexes ahead of the first search that needs them. */
  warm(): void {
    this.urlIndex();
    this.rowGroups();
  }

  /**
   * warm() in slices, awaiting `pause` between them so the worker answers meanwhile; `pause` resolves
   * false to stop (the table changed, so this search is no longer asked).
   */
  async warmInSteps(pause: () => Promise<boolean>): Promise<void> {
    if (!this.urls) {
      this.building ??= urlIndexSteps(this.columns.listingUrls, WARM_SLICE);
      const steps = this.building;
      for (;;) {
        const step = steps.next();
        if (step.done) {
          this.urls = step.value;
          this.building = undefined;
          break;
        }
        // A search meanwhile finished the build (or the table changed): nothing left to do here.
        if (!(await pause()) || this.urls) return;
      }
    }
    this.rowGroups();
  }

  private urlIndex(): UrlIndex {
    if (!this.urls) {
      this.urls = drain(this.building ?? urlIndexSteps(this.columns.listingUrls, Number.POSITIVE_INFINITY));
      this.building = undefined;
    }
    return this.urls;
  }

  private rowGroups(): { loc: RowGroups; pub: RowGroups } {
    this.groups ??= {
      loc: rowGroups(this.columns.loc, this.columns.locText.length),
      pub: rowGroups(this.columns.pub, this.columns.pubText.length),
    };
    return this.groups;
  }
}
