// The listings table's recent answers: erasing a search goes back through answers just given, and a search
// that extends one of them checks only its rows. All answers are of one version of the rows.

/** An answer kept: `rest` is its key without the text, `text` its lower-cased search. */
export interface RecentMatch {
  rest: string;
  text: string;
  matched: Int32Array;
}

/** Answers kept for going back and extending (a word typed and erased key by key is ~2 × its length). */
const KEPT_MATCHES = 24;
/** At most this many rows in the answers kept (10 MB): the newest is kept whatever its size. */
const KEPT_MATCH_ROWS = 2_500_000;

export class RecentAnswers {
  /** By their key, the newest last. */
  private answers = new Map<string, RecentMatch>();
  private version = 0;
  private rows = 0;

  /** Drops every answer when the rows or names changed since they were given. */
  of(version: number): this {
    if (this.version !== version) {
      this.answers.clear();
      this.rows = 0;
      this.version = version;
    }
    return this;
  }

  get(cacheKey: string): RecentMatch | undefined {
    return this.answers.get(cacheKey);
  }

  /** The longest non-blank search of the same other filters that `text` starts with: its rows hold every match. */
  extended(rest: string, text: string): RecentMatch | undefined {
    let base: RecentMatch | undefined;
    for (const m of this.answers.values()) {
      if (m.rest !== rest || m.text.trim() === '' || !text.startsWith(m.text)) continue;
      if (!base || m.text.length > base.text.length) base = m;
    }
    return base;
  }

  /** Keeps `entry` as the newest answer; the oldest go while too many rows are kept (the newest stays). */
  remember(cacheKey: string, entry: RecentMatch): RecentMatch {
    const had = this.answers.get(cacheKey);
    if (had) {
      this.answers.delete(cacheKey);
      this.rows -= had.matched.length;
    }
    this.answers.set(cacheKey, entry);
    this.rows += entry.matched.length;
    while (this.answers.size > 1 && (this.answers.size > KEPT_MATCHES || this.rows > KEPT_MATCH_ROWS)) {
      const [oldest, dropped] = this.answers.entries().next().value!;
      this.answers.delete(oldest);
      this.rows -= dropped.matched.length;
    }
    return entry;
  }
}
