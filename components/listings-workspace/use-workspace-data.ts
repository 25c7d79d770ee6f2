// The workspace's source for its components, and the window of rows on screen, fetched from the source
// page by page as the user scrolls (the rest of what the worker says lives in workspace-store.ts).
import { createContext } from 'preact';
import { useCallback, useContext, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { type ListingsFilters, type ListingsSort, queryKey } from './workspace-filters.ts';
import type { WorkspaceRow, WorkspaceSource } from './workspace-source.ts';

export const WorkspaceSourceContext = createContext<WorkspaceSource | null>(null);

export function useWorkspaceSource(): WorkspaceSource {
  const source = useContext(WorkspaceSourceContext);
  if (!source) throw new Error('The listings workspace needs a WorkspaceSourceContext provider.');
  return source;
}

/** A screenful and its overscan: each filter's answer carries (and the worker builds) no more rows than that. */
export const PAGE_ROWS = 50;

interface RowsState {
  key: string;
  matched: number;
  total: number;
  pages: Map<number, WorkspaceRow[]>;
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
  rowAt(index: number): WorkspaceRow | undefined;
  /** Fetches what is missing of rows [first, end). */
  show(first: number, end: number): void;
  /** Keys of rows [first, end], fetched if they are not on the page. */
  keysBetween(first: number, last: number): Promise<string[]>;
  /**
   * Asks for the rows of filters about to be shown, before the page renders them: called from the
   * input event, the worker filters while the page draws the new filter bar. `answered` runs once
   * their first page (or its error) is in, in the same task as the rows' own update.
   */
  prefetch(filters: ListingsFilters, sort: ListingsSort, answered?: () => void): void;
}

/** No query asked yet: differs from every queryKey(). */
const NOT_ASKED = '\u0000';

/** One query's pages as they come, and who waits for its first answer. */
function newRun(key: string, version: unknown) {
  return {
    key,
    version,
    pages: new Map<number, WorkspaceRow[]>(),
    asked: new Set<number>(),
    answered: false,
    waiting: [] as (() => void)[],
  };
}

function answered(run: { answered: boolean; waiting: (() => void)[] }): void {
  run.answered = true;
  for (const then of run.waiting.splice(0)) then();
}

/**
 * Rows of the current filter, page by page. A new filter keeps the old rows on screen until its first
 * page arrives (no flash of emptiness); an answer for an older filter or version is dropped.
 */
export function useRows(
  source: WorkspaceSource,
  filters: ListingsFilters,
  sort: ListingsSort,
  version: unknown,
): RowsView {
  const key = useMemo(() => queryKey(filters, sort), [filters, sort]);
  const [state, setState] = useState<RowsState | null>(null);
  const [error, setError] = useState<unknown>(null);
  const wanted = useRef({ first: 0, end: PAGE_ROWS });
  const current = useRef(newRun(NOT_ASKED, version));
  const args = useRef({ filters, sort, version });
  args.current = { filters, sort, version };

  const fetchPages = useCallback(
    (first: number, end: number) => {
      const run = current.current;
      // The table's window comes before the first query (a child's layout effect runs first): begin() asks.
      if (run.key === NOT_ASKED) return;
      const from = Math.floor(first / PAGE_ROWS);
      const to = Math.max(from, Math.floor(Math.max(first, end - 1) / PAGE_ROWS));
      for (let page = from; page <= to; page++) {
        if (run.asked.has(page)) continue;
        run.asked.add(page);
        const { filters: f, sort: s } = args.current;
        source.rows(f, s, page * PAGE_ROWS, PAGE_ROWS).then(
          (answer) => {
            if (current.current !== run) return;
            run.pages.set(page, answer.rows);
            setError(null);
            setState({ key: run.key, matched: answer.matched, total: answer.total, pages: new Map(run.pages) });
            answered(run);
          },
          (caught) => {
            if (current.current !== run) return;
            run.asked.delete(page);
            setError(caught);
            answered(run);
          },
        );
      }
    },
    [source],
  );

  /** Starts a new query unless this one is already asked (by prefetch, or an earlier render). */
  const begin = useCallback(
    (nextKey: string, nextVersion: unknown) => {
      if (current.current.key === nextKey && current.current.version === nextVersion) return;
      current.current = newRun(nextKey, nextVersion);
      fetchPages(wanted.current.first, wanted.current.end);
    },
    [fetchPages],
  );

  // A layout effect: a change that did not come through prefetch (a restored URL, the worker's news)
  // asks in the same task as its render, not a frame later (useEffect waits for the next paint).
  useLayoutEffect(() => begin(key, version), [key, version, begin]);

  const stale = state !== null && state.key !== key;
  const pages = stale ? null : state?.pages;
  return {
    matched: state?.matched ?? null,
    total: state?.total ?? null,
    stale,
    arrival: state,
    error,
    rowAt: (index) => (pages ?? state?.pages)?.get(Math.floor(index / PAGE_ROWS))?.[index % PAGE_ROWS],
    show: (first, end) => {
      wanted.current = { first, end };
      fetchPages(first, end);
    },
    keysBetween: async (first, last) => {
      const lo = Math.min(first, last);
      const hi = Math.max(first, last);
      const keys: string[] = [];
      // Page-sized asks: the worker's limit per request is the page's.
      for (let offset = lo; offset <= hi; offset += PAGE_ROWS) {
        const limit = Math.min(PAGE_ROWS, hi - offset + 1);
        const answer = await source.rows(args.current.filters, args.current.sort, offset, limit);
        for (const row of answer.rows) keys.push(row.key);
      }
      return keys;
    },
    prefetch: (nextFilters, nextSort, onAnswered) => {
      args.current = { filters: nextFilters, sort: nextSort, version: args.current.version };
      begin(queryKey(nextFilters, nextSort), args.current.version);
      if (!onAnswered) return;
      const run = current.current;
      if (run.answered) onAnswered();
      else run.waiting.push(onAnswered);
    },
  };
}
