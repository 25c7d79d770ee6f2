// The Inbox as the options page holds it: the worker's answer for the filters in the URL and the window
// of rows in view (query() from ui/store.ts), this page's selection, and what its decisions became.
import { batch, signal } from '@preact/signals';
import {
  type DecisionView,
  INBOX_FACETS_HELD,
  type InboxFacetsView,
  type InboxHistoryView,
  type InboxPlanView,
  type InboxRowView,
  type InboxView,
  type RequestInput,
} from '../../lib/messaging/protocol/index.ts';
import { keepEqual } from '../ui/keep-equal.ts';
import { followEvents, type Query, query, type StoreIo, workerIo } from '../ui/store.ts';
import { hashFromState, INBOX_SECTION, type InboxViewState, stateFromHash } from './inbox-hash.ts';

/** Rows asked for around the window drawn, so a scroll of a screen or so needs no new question. */
const AROUND = 24;
const ASK_ROWS = 80;
/** History rows a page shows at once; Newer and Older turn the page. */
export const HISTORY_PAGE = 100;

export interface DecidedBatch {
  accountKey: string;
  batchId: string;
  size: number;
}

/** What this page decided last: its batches, for `u` and for the progress bar. */
export interface Decided {
  decision: DecisionView;
  batches: DecidedBatch[];
  /** Accept/Reject all matching (a progress bar), or a row or selection (the undo line only). */
  bulk: boolean;
}

const nextFrame = (run: () => void): number =>
  typeof requestAnimationFrame === 'function' ? requestAnimationFrame(run) : (setTimeout(run, 16) as unknown as number);
const cancelFrame = (id: number) =>
  typeof cancelAnimationFrame === 'function' ? cancelAnimationFrame(id) : clearTimeout(id);

export const rowKeyOf = (row: Pick<InboxRowView, 'accountKey' | 'id'>) => `${row.accountKey} ${row.id}`;

export function createInboxStore(io: StoreIo = workerIo) {
  const state = signal<InboxViewState>(stateFromHash(location.hash));
  const selected = signal<ReadonlySet<string>>(new Set());
  const decided = signal<Decided | null>(null);
  const actionError = signal<unknown>(null);
  const plan = signal<{ decision: DecisionView; plan: InboxPlanView } | null>(null);
  let range = { first: 0, end: 60 };

  const arg = (): RequestInput<'inbox.query'> => {
    const { filters, sort, group } = state.value;
    const offset = Math.max(0, Math.floor((range.first - AROUND) / 20) * 20);
    return { filters, sort, group, offset, limit: ASK_ROWS };
  };
  // The account lines and facets come only when they differ from the ones held (the worker answers null
  // for a tag sent); what did not change keeps its objects (memoised parts of the page skip it).
  const facetsByTag = new Map<string, InboxFacetsView>();
  const view: Query<InboxView, RequestInput<'inbox.query'>> = query(
    async (input: RequestInput<'inbox.query'>): Promise<InboxView> => {
      const had = view.value.peek();
      const kept = new Map(facetsByTag);
      const held = had ? { accounts: had.tags.accounts, facets: [...kept.keys()] } : undefined;
      const answer = await io.ask('inbox.query', held ? { ...input, held } : input);
      const accounts = answer.accounts ?? had?.accounts;
      const facets = answer.facets ?? kept.get(answer.tags.facets);
      if (!accounts || !facets) throw new Error('inbox.query left out a part this page does not hold');
      const merged = keepEqual(had, { ...answer, accounts, facets });
      // Facets taken from this page's copies keep their object (the filters drawn from them stand).
      const shown = answer.facets === null && merged.facets !== had?.facets ? { ...merged, facets } : merged;
      facetsByTag.delete(answer.tags.facets);
      facetsByTag.set(answer.tags.facets, shown.facets);
      if (facetsByTag.size > INBOX_FACETS_HELD) facetsByTag.delete(facetsByTag.keys().next().value!);
      return shown;
    },
    { revisionOf: (v) => v.revision },
  );
  const history = query<InboxHistoryView, RequestInput<'inbox.history'>>((input) => io.ask('inbox.history', input));

  // The URL entry of a change is written once its answer is drawn: pushState makes the browser's UI thread
  // store the page's state (8–30 ms in a trace), and the question and its answer wait behind it there.
  let unpushed: string | null = null;
  let pushTimer: ReturnType<typeof setTimeout> | null = null;
  /** The last entry written here (a hashchange some browsers send for it is not a navigation). */
  let pushed: string | null = null;
  function push(): void {
    if (pushTimer !== null) clearTimeout(pushTimer);
    pushTimer = null;
    const hash = unpushed;
    unpushed = null;
    if (hash !== null && location.hash !== hash) {
      pushed = hash;
      history_.pushState(null, '', hash);
    }
  }
  function dropPush(): void {
    if (pushTimer !== null) clearTimeout(pushTimer);
    pushTimer = null;
    unpushed = null;
  }

  function setState(next: InboxViewState, pushEntry = true): void {
    batch(() => {
      state.value = next;
      // Left as it is when empty: a new empty set would draw the list again before the answer comes.
      if (selected.value.size) selected.value = new Set();
    });
    range = { first: 0, end: 60 };
    const shown = view.load(arg());
    if (!pushEntry) return;
    // A change before the last one's entry was written: that one first, so each change stays an entry.
    push();
    const hash = hashFromState(next);
    unpushed = hash;
    void shown.finally(() => {
      if (unpushed === hash && pushTimer === null) nextFrame(() => (pushTimer = setTimeout(push, 0)));
    });
  }
  const history_ = globalThis.history;

  /** The rows in view changed: ask for them when the answer held does not cover them. */
  function show(first: number, end: number): void {
    range = { first, end };
    const v = view.value.value;
    if (!v) return;
    const heldEnd = v.offset + v.window.length;
    if (first >= v.offset && (end <= heldEnd || heldEnd >= v.items)) return;
    void view.load(arg());
  }

  const rowAt = (index: number) => {
    const v = view.value.value;
    return v ? v.window[index - v.offset] : undefined;
  };

  async function act<T>(run: () => Promise<T>): Promise<T | undefined> {
    actionError.value = null;
    try {
      return await run();
    } catch (caught) {
      actionError.value = caught;
      return undefined;
    }
  }

  /** Decides rows (the active one, or the selection), one request per account. */
  async function decide(rows: InboxRowView[], decision: DecisionView): Promise<void> {
    const byAccount = new Map<string, string[]>();
    for (const r of rows) byAccount.set(r.accountKey, [...(byAccount.get(r.accountKey) ?? []), r.id]);
    const batches: DecidedBatch[] = [];
    await act(async () => {
      for (const [accountKey, suggestionIds] of byAccount) {
        const done = await io.ask('inbox.decide', { accountKey, suggestionIds, decision });
        batches.push({ accountKey, batchId: done.batchId, size: suggestionIds.length });
      }
    });
    if (batches.length) {
      batch(() => {
        decided.value = { decision, batches, bulk: false };
        selected.value = new Set();
      });
    }
    await view.refresh(arg());
  }

  async function preview(decision: DecisionView): Promise<void> {
    const found = await act(() => io.ask('inbox.plan', { filters: state.value.filters, decision }));
    if (found) plan.value = { decision, plan: found };
  }

  async function decideAll(): Promise<boolean> {
    const shown = plan.value;
    if (!shown) return false;
    const done = await act(() =>
      io.ask('inbox.decideAll', {
        filters: state.value.filters,
        decision: shown.decision,
        expected: shown.plan.suggestions,
      }),
    );
    plan.value = null;
    if (done) decided.value = { decision: shown.decision, batches: done.batches, bulk: true };
    await view.refresh(arg());
    return Boolean(done);
  }

  async function undo(): Promise<{ undone: number; tooLate: number } | undefined> {
    const last = decided.value;
    if (!last?.batches.length) return undefined;
    const result = await act(() =>
      io.ask('inbox.undo', { batches: last.batches.map(({ accountKey, batchId }) => ({ accountKey, batchId })) }),
    );
    if (result) decided.value = null;
    await view.refresh(arg());
    return result;
  }

  async function exportCsv(): Promise<{ csv: string; filename: string; rows: number } | undefined> {
    const { filters, sort } = state.value;
    return act(() => io.ask('inbox.csv', { filters, sort }));
  }

  function toggle(row: InboxRowView): void {
    const next = new Set(selected.value);
    const key = rowKeyOf(row);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    selected.value = next;
  }

  function start(): () => void {
    void view.load(arg());
    // Opening the inbox asks each account's list again when it is older than the popup's 30 s.
    void io.ask('inbox.refresh', { force: false }).catch(() => undefined);
    // A round of the outbox is a burst of events: one question a frame at most, none while the tab is hidden.
    let frame: number | null = null;
    const onChanged = () => {
      if (frame !== null) return;
      frame = nextFrame(() => {
        frame = null;
        void view.refresh(arg());
      });
    };
    const stopEvents = followEvents({ 'triage.changed': onChanged }, io);
    const stop = () => {
      stopEvents();
      if (frame !== null) cancelFrame(frame);
    };
    const onPop = (event: Event) => {
      if (event.type === 'hashchange' && location.hash === pushed) return;
      // Back or Forward before a change's entry was written: the browser's entries win.
      dropPush();
      if (location.hash.replace(/^#/, '').split('?')[0] !== INBOX_SECTION) return;
      const next = stateFromHash(location.hash);
      if (hashFromState(next) !== hashFromState(state.value)) setState(next, false);
    };
    addEventListener('popstate', onPop);
    addEventListener('hashchange', onPop);
    return () => {
      stop();
      // Leaving the Inbox (another section): its last change's entry is not written over the new one.
      dropPush();
      removeEventListener('popstate', onPop);
      removeEventListener('hashchange', onPop);
    };
  }

  return {
    state,
    view,
    history,
    selected,
    decided,
    actionError,
    plan,
    setState,
    show,
    rowAt,
    decide,
    preview,
    decideAll,
    undo,
    exportCsv,
    toggle,
    refresh: (force: boolean) => act(() => io.ask('inbox.refresh', { force })),
    /** The tab opened, or Refresh history: every chosen account's lists asked again, from the newest. */
    loadHistory: () => history.load({ accounts: state.value.filters.accounts, offset: 0, limit: HISTORY_PAGE }),
    /** Another window of the lists the worker holds (fetched again only if it no longer has them). */
    historyPage: (offset: number) =>
      history.load({ accounts: state.value.filters.accounts, offset, limit: HISTORY_PAGE, refresh: false }),
    start,
  };
}

export type InboxStore = ReturnType<typeof createInboxStore>;
