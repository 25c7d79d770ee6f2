// The window of rows on screen, fetched page by page as the user scrolls: part of the workspace's store
// (workspace-store.ts), which asks the worker and says which filter, sort and version it follows.
import { type ReadonlySignal, signal } from '@preact/signals';
import type {
  ListingsFilters,
  ListingsSort,
  ListingsTableView,
  ListingTableRow,
} from '../../lib/messaging/protocol/index.ts';

/** A screenful and its overscan: each filter's answer carries (and the worker builds) no more rows than that. */
export const PAGE_ROWS = 50;

/** A stable string per filter and sort: what the fetched pages are keyed by. */
export const queryKey = (filters: ListingsFilters, sort: ListingsSort): string => JSON.stringify([filters, sort]);

interface RowsState {
  key: string;
  matched: number;
  total: number;
  pages: Map<number, ListingTableRow[]>;
}

export interface RowsView {
  /** null until the first answer for any query. */
  matched: number | null;
  total: number | null;
  /** true while the rows shown belong to an older filter (the new answer is on its way). */
  stale: boolean;
  /** Changes when rows arrive: what the rows show may have changed. */
  arrival: unknown;
  error: unknown;
  rowAt(index: number): ListingTableRow | undefined;
  /** Fetches what is missing of rows [first, end). */
  show(first: number, end: number): void;
  /** Keys of rows [first, end], fetched if they are not on the page. */
  keysBetween(first: number, last: number): Promise<string[]>;
}

/** No query asked yet: differs from every queryKey(). */
const NOT_ASKED = '\u0000';

/** One query's pages as they come, and who waits for its first answer. */
function newRun(key: string, version: unknown) {
  return {
    key,
    version,
    pages: new Map<number, ListingTableRow[]>(),
    asked: new Set<number>(),
    answered: false,
    waiting: [] as (() => void)[],
  };
}

function answered(run: { answered: boolean; waiting: (() => void)[] }): void {
  run.answered = true;
  for (const then of run.waiting.splice(0)) then();
}

export interface RowsWindow {
  /** What the table reads; reading it in a render redraws that component when rows arrive. */
  view(key: string): RowsView;
  /** Follows `filters`/`sort` at `version` (a new one asks again), unless already asked (by prefetch). */
  follow(filters: ListingsFilters, sort: ListingsSort, version: unknown): void;
  /**
   * Asks for the rows of filters about to be shown, before the page renders them: called from the
   * input event, the worker filters while the page draws the new filter bar. `answered` runs once
   * their first page (or its error) is in, in the same task as the rows' own update.
   */
  prefetch(filters: ListingsFilters, sort: ListingsSort, answered?: () => void): void;
  readonly error: ReadonlySignal<unknown>;
}

/**
 * Rows of the current filter, page by page. A new filter keeps the old rows on screen until its first
 * page arrives (no flash of emptiness); an answer for an older filter or version is dropped.
 */
export function rowsWindow(
  question: (filters: ListingsFilters, sort: ListingsSort, offset: number, limit: number) => Promise<ListingsTableView>,
): RowsWindow {
  const state = signal<RowsState | null>(null);
  const error = signal<unknown>(null);
  let wanted = { first: 0, end: PAGE_ROWS };
  let current = newRun(NOT_ASKED, undefined);
  let args: { filters: ListingsFilters; sort: ListingsSort; version: unknown } | null = null;

  const fetchWindow = (offset: number, limit: number) => {
    const { filters, sort } = args!;
    return question(filters, sort, offset, limit);
  };

  function fetchPages(first: number, end: number): void {
    const run = current;
    // The table's window comes before the first query (a child's layout effect runs first): begin() asks.
    if (run.key === NOT_ASKED) return;
    const from = Math.floor(first / PAGE_ROWS);
    const to = Math.max(from, Math.floor(Math.max(first, end - 1) / PAGE_ROWS));
    for (let page = from; page <= to; page++) {
      if (run.asked.has(page)) continue;
      run.asked.add(page);
      fetchWindow(page * PAGE_ROWS, PAGE_ROWS).then(
        (answer) => {
          if (current !== run) return;
          run.pages.set(page, answer.rows);
          error.value = null;
          state.value = { key: run.key, matched: answer.matched, total: answer.total, pages: new Map(run.pages) };
          answered(run);
        },
        (caught) => {
          if (current !== run) return;
          run.asked.delete(page);
          error.value = caught;
          answered(run);
        },
      );
    }
  }

  /** Starts a new query unless this one is already asked (by prefetch, or an earlier render). */
  function begin(key: string, version: unknown): void {
    if (current.key === key && current.version === version) return;
    current = newRun(key, version);
    fetchPages(wanted.first, wanted.end);
  }

  const show = (first: number, end: number) => {
    wanted = { first, end };
    fetchPages(first, end);
  };

  const keysBetween = async (first: number, last: number) => {
    const lo = Math.min(first, last);
    const hi = Math.max(first, last);
    const keys: string[] = [];
    // Page-sized asks: the worker's limit per request is the page's.
    for (let offset = lo; offset <= hi; offset += PAGE_ROWS) {
      const answer = await fetchWindow(offset, Math.min(PAGE_ROWS, hi - offset + 1));
      for (const row of answer.rows) keys.push(row.key);
    }
    return keys;
  };

  return {
    error,
    view(key) {
      const shown = state.value;
      const stale = shown !== null && shown.key !== key;
      const pages = stale ? null : shown?.pages;
      return {
        matched: shown?.matched ?? null,
        total: shown?.total ?? null,
        stale,
        arrival: shown,
        error: error.value,
        rowAt: (index) => (pages ?? shown?.pages)?.get(Math.floor(index / PAGE_ROWS))?.[index % PAGE_ROWS],
        show,
        keysBetween,
      };
    },
    follow(filters, sort, version) {
      args = { filters, sort, version };
      begin(queryKey(filters, sort), version);
    },
    prefetch(filters, sort, onAnswered) {
      const version = args?.version;
      args = { filters, sort, version };
      begin(queryKey(filters, sort), version);
      if (!onAnswered) return;
      if (current.answered) onAnswered();
      else current.waiting.push(onAnswered);
    },
  };
}
