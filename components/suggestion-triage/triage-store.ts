// The triage list as a UI context sees it, in signals: the worker's view (applied in revision order),
// with this page's decisions and undos shown at once until the worker has answered them.
// Undo always names what it undoes: the batch the worker gave the decision, or the suggestion ids.
import { batch, computed, type ReadonlySignal, signal } from '@preact/signals-core';
import type {
  DecisionView,
  PendingDecisionView,
  RequestInput,
  TriageView,
} from '../../lib/messaging/protocol/index.ts';
import { coalesce } from '../../lib/shared/coalesce.ts';
import { followEvents, latestAnswer, revisionGate, type StoreIo, workerIo } from '../ui/store.ts';
import { filtersFromHash, filtersToHash, sameFilters, type TriageFilters } from './filters-hash.ts';
import { type LocalDecision, type UndoTarget, undoTargetOf } from './undo-target.ts';
import { FIRST_ROWS, viewInput } from './view-input.ts';

export interface TriageStoreOptions {
  io?: StoreIo;
  /**
   * Keep the filters in the page's URL hash (the popup, the options page). Off where the page is not
   * ours: the embedded panel must not touch a partner page's URL.
   */
  filtersInHash?: boolean;
  /**
   * The answer to the first question (firstViewInput of the initial filters), asked before this page's app
   * loaded: a view already answered is shown by start() at once, in the first render.
   */
  firstView?: TriageView | Promise<TriageView>;
  /**
   * The worker's first-paint snapshot of the first view (storage.session, read without waking the worker):
   * shown until the first live answer, which always replaces it. Decisions wait for the live view.
   */
  snapshot?: TriageView | null;
}

export type TriageStore = ReturnType<typeof createTriageStore>;

/** Runs `run` once the next frame has been painted (or after 250 ms where frames wait, e.g. a hidden tab). */
function afterPaint(run: () => void): void {
  let done = false;
  const once = () => {
    if (!done) run();
    done = true;
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 250);
}

export function createTriageStore(initial: TriageFilters, options: TriageStoreOptions = {}) {
  const { io = workerIo, filtersInHash = true, firstView, snapshot } = options;
  const filters = signal(initial);
  /** The filters the worker's view was asked with. */
  let shownFilters: TriageFilters | null = null;
  const worker = signal<TriageView | null>(null);
  const error = signal<unknown>(null);
  const resolvedElsewhere = signal(0);
  /** Suggestions an undo came too late for (already being sent), until dismissed. */
  const tooLate = signal(0);
  const optimistic = signal<PendingDecisionView[]>([]);
  const undoing = signal<ReadonlySet<string>>(new Set());
  const madeHere = signal<LocalDecision[]>([]);
  const gate = revisionGate();
  const views = latestAnswer();
  let localSeq = 0;
  /** The first live answer, while the snapshot is shown: nothing is decided on the snapshot. */
  let onSnapshot: Promise<void> | null = null;
  /** Waits for that answer; false if the snapshot is still shown (the answer failed). */
  async function liveView(): Promise<boolean> {
    await onSnapshot;
    return onSnapshot === null;
  }

  const view: ReadonlySignal<TriageView | null> = computed(() => {
    const v = worker.value;
    const local = optimistic.value;
    const hidden = undoing.value;
    if (!v || (local.length === 0 && hidden.size === 0)) return v;
    const localIds = new Set(local.map((p) => p.suggestionId));
    const sending = new Set(v.pending.filter((p) => p.sending).map((p) => p.suggestionId));
    const pending = [
      ...v.pending.filter((p) => p.sending || (!localIds.has(p.suggestionId) && !hidden.has(p.suggestionId))),
      ...local.filter((p) => !sending.has(p.suggestionId) && !hidden.has(p.suggestionId)),
    ];
    return { ...v, pending, failures: v.failures.filter((f) => !localIds.has(f.suggestionId)) };
  });

  const pendingById = computed(() => new Map(view.value?.pending.map((p) => [p.suggestionId, p])));
  const failureById = computed(() => new Map(view.value?.failures.map((f) => [f.suggestionId, f])));

  const undoTarget = computed<UndoTarget | null>(() => undoTargetOf(view.value?.pending ?? [], madeHere.value));

  function applyView(next: TriageView, asked: TriageFilters): void {
    const newList = !shownFilters || !sameFilters(shownFilters, asked);
    // An older answer than the state shown is dropped, unless it is the first for new filters.
    if (!gate.admit(next.revision) && !newList) return;
    shownFilters = asked;
    worker.value = next;
    error.value = null;
    onSnapshot = null;
    if (next.revision < gate.current) void load(false);
  }

  /** Decisions of this page on their way to the worker: an event meanwhile may be their own echo. */
  let deciding = 0;
  /** The newest revision announced while deciding; asked for afterwards only if the answers did not cover it. */
  let heldRevision = Number.NEGATIVE_INFINITY;

  function afterDeciding(): void {
    if (--deciding > 0) return;
    const held = heldRevision;
    heldRevision = Number.NEGATIVE_INFINITY;
    if (held > gate.current) void load(false);
  }

  /** Patches the pending list from a decide or undo answer, in revision order. */
  function applyPending(revision: number, update: (pending: PendingDecisionView[]) => PendingDecisionView[]): void {
    const v = worker.peek();
    if (!v || !gate.admit(revision)) return;
    worker.value = { ...v, pending: update(v.pending), revision };
  }

  /**
   * One view question at a time: an event during one asks for one more after it, not one per event. A refresh,
   * a forced one or the first question runs at once (now()): views.ask makes the older answer stale.
   */
  const viewing = coalesce(async (refresh: boolean, force: boolean, rows?: number, asked?: Promise<TriageView>) => {
    const shown = filters.peek();
    try {
      const answer = await views.ask(() => asked ?? io.ask('triage.view', viewInput(shown, refresh, force, rows)));
      if (!answer.stale) applyView(answer.value, shown);
    } catch (caught) {
      if (sameFilters(shown, filters.peek())) error.value = caught;
    }
  });

  /**
   * `refresh` asks the worker to refetch from the service; `force` skips its freshness window.
   * `asked` is a question already on its way with these filters and input (the first one).
   */
  const load = (refresh: boolean, force = false, rows?: number, asked?: Promise<TriageView>): Promise<void> =>
    refresh || force ? viewing.now(refresh, force, rows, asked) : viewing(false, false);

  function setFilters(next: TriageFilters): void {
    if (sameFilters(next, filters.peek())) return;
    filters.value = next;
    writeHash(next);
    views.supersede();
    void load(true);
  }

  /** Resolves with the worker's batch ids for the decision, one per account (null if it was refused). */
  async function decide(chosen: string[], decision: DecisionView): Promise<string[] | null> {
    let ids = chosen;
    if (onSnapshot) {
      // Asked on the snapshot: made once the live view has come (none if it failed), on the rows it has.
      const shown = new Set((await liveView()) ? view.peek()?.suggestions.map((s) => s.id) : []);
      ids = ids.filter((id) => shown.has(id));
    }
    const current = view.peek();
    if (!current?.account || ids.length === 0) return null;
    const localBatchId = `local-${++localSeq}`;
    const dueAt = Date.now() + current.undoWindowMs;
    let settle: (batchId: string | null) => void = () => undefined;
    const record: LocalDecision = {
      localBatchId,
      ids,
      decision,
      batchId: new Promise((resolve) => {
        settle = resolve;
      }),
      workerBatchId: null,
      undone: false,
    };
    const accountOf = new Map(current.suggestions.map((s) => [s.id, s.accountKey]));
    const entries = ids.map<PendingDecisionView>((suggestionId) => ({
      suggestionId,
      ...(accountOf.get(suggestionId) ? { accountKey: accountOf.get(suggestionId) } : {}),
      decision,
      dueAt,
      batchId: localBatchId,
      sending: false,
      attempts: 0,
      retryAt: null,
      lastError: null,
    }));
    const decided = new Set(ids);
    batch(() => {
      optimistic.value = [...optimistic.peek().filter((p) => !decided.has(p.suggestionId)), ...entries];
      undoing.value = new Set([...undoing.peek()].filter((id) => !decided.has(id)));
      madeHere.value = [...madeHere.peek(), record];
    });
    deciding++;
    try {
      // Across accounts, each account's suggestions go to its own outbox (and token): one decide per account.
      const byAccount = new Map<string, string[]>();
      for (const id of ids) {
        const key = accountOf.get(id) ?? current.account.accountKey;
        byAccount.set(key, [...(byAccount.get(key) ?? []), id]);
      }
      const answers = await Promise.all(
        [...byAccount].map(([accountKey, suggestionIds]) =>
          io.ask('triage.decide', { accountKey, suggestionIds, decision }),
        ),
      );
      // The newest answer carries every account's pending decisions as of its write (the view across accounts).
      const answer = answers.reduce((a, b) => (b.revision > a.revision ? b : a));
      record.workerBatchId = answers[0]!.batchId;
      record.workerBatchIds = answers.map((a) => a.batchId);
      settle(answers.length === 1 ? answer.batchId : answers[0]!.batchId);
      batch(() => {
        // Everything the decision changed, at its revision: its own event asks nothing more.
        const v = worker.peek();
        if (v && gate.admit(answer.revision)) {
          const { pending, failures, batches, revision } = answer;
          worker.value = { ...v, pending, failures, batches, revision };
        }
        optimistic.value = optimistic.peek().filter((p) => p.batchId !== localBatchId);
        madeHere.value = [...madeHere.peek()];
      });
      afterDeciding();
      return record.workerBatchIds;
    } catch (caught) {
      settle(null);
      batch(() => {
        optimistic.value = optimistic.peek().filter((p) => p.batchId !== localBatchId);
        error.value = caught;
      });
      heldRevision = Number.NEGATIVE_INFINITY;
      deciding--;
      void load(false);
      return null;
    }
  }

  /** Without ids: the undo bar's decision. With ids: those suggestions' pending decisions. */
  async function undo(suggestionIds?: string[]): Promise<void> {
    if (onSnapshot && !(await liveView())) return;
    let input: RequestInput<'triage.undo'>;
    let hide: string[];
    if (suggestionIds) {
      input = { suggestionIds };
      hide = suggestionIds;
    } else {
      const target = undoTarget.peek();
      if (!target) return;
      if (target.local) {
        const local = target.local;
        local.undone = true;
        hide = local.ids;
        madeHere.value = [...madeHere.peek()];
        undoing.value = new Set([...undoing.peek(), ...hide]);
        const batchId = await local.batchId;
        if (!batchId) {
          undoing.value = new Set([...undoing.peek()].filter((id) => !hide.includes(id)));
          return;
        }
        // One decision over several accounts is several batches: named by its suggestions instead.
        input = (local.workerBatchIds?.length ?? 1) > 1 ? { suggestionIds: local.ids } : { batchId };
      } else {
        input = { batchId: target.workerBatchId! };
        hide = (view.peek()?.pending ?? [])
          .filter((p) => p.batchId === target.workerBatchId)
          .map((p) => p.suggestionId);
      }
    }
    undoing.value = new Set([...undoing.peek(), ...hide]);
    try {
      const answer = await io.ask('triage.undo', input);
      const undone = new Set(answer.undone);
      const late = new Set(answer.tooLate);
      batch(() => {
        applyPending(answer.revision, (pending) =>
          pending
            .filter((p) => !undone.has(p.suggestionId))
            .map((p) => (late.has(p.suggestionId) ? { ...p, sending: true } : p)),
        );
        if (late.size > 0) tooLate.value = late.size;
      });
    } catch (caught) {
      error.value = caught;
    } finally {
      const shown = new Set(hide);
      undoing.value = new Set([...undoing.peek()].filter((id) => !shown.has(id)));
    }
    void load(false);
  }

  async function dismissFailures(suggestionIds: string[]): Promise<void> {
    if (onSnapshot && !(await liveView())) return;
    const gone = new Set(suggestionIds);
    const v = worker.peek();
    if (v) worker.value = { ...v, failures: v.failures.filter((f) => !gone.has(f.suggestionId)) };
    try {
      await io.ask('triage.dismissFailures', { suggestionIds });
    } catch (caught) {
      error.value = caught;
      void load(false);
    }
  }

  function clearNotices(): void {
    batch(() => {
      resolvedElsewhere.value = 0;
      tooLate.value = 0;
      error.value = null;
    });
  }

  function writeHash(next: TriageFilters): void {
    if (!filtersInHash || typeof location === 'undefined') return;
    const hash = filtersToHash(next);
    if (hash !== location.hash && !(hash === '' && location.hash === '')) {
      history.replaceState(null, '', `${location.pathname}${location.search}${hash}`);
    }
  }

  /** Subscribes to the worker's events and asks for the first view at once. Returns the unsubscribe. */
  function start(): () => void {
    const stopEvents = followEvents(
      {
        'triage.changed': (payload) => {
          if (payload.resolvedElsewhere > 0) resolvedElsewhere.value += payload.resolvedElsewhere;
          // A view answered between a fetch's write and its end says "refreshing" at the very revision that
          // fetch's event then carries: that event still asks, or the popup would say "Refreshing…" for good.
          const current = payload.revision === gate.current && worker.peek()?.refreshing;
          if (payload.revision < gate.current || (payload.revision === gate.current && !current)) return;
          // Perhaps the echo of a decision of ours: its answer will say (it carries what it changed).
          if (deciding > 0) heldRevision = Math.max(heldRevision, payload.revision);
          else void load(false);
        },
        'accounts.changed': () => void load(true),
      },
      io,
    );
    const onHash = () => setFilters(filtersFromHash(location.hash));
    if (filtersInHash) addEventListener('hashchange', onHash);
    // The first rows paint at once; the whole list follows once they are on screen, so that neither the
    // worker's answer nor reading 500 rows holds back that frame. A first view the entry asked before this
    // page listened, saying the list was being fetched, is asked again too: the fetch may have ended, and
    // its event gone by, before the app was loaded (the popup then waited, with no rows, for news never sent).
    const early = firstView !== undefined;
    const whole = () =>
      afterPaint(() => {
        const shown = worker.peek();
        if (shown?.complete === false || (early && shown?.refreshing && !onSnapshot)) void load(false);
      });
    if (firstView && !(firstView instanceof Promise)) {
      applyView(firstView, filters.peek());
      whole();
    } else {
      const f = filters.peek();
      // The same question as firstViewInput(filters): the one the popup's entry may have sent already.
      const first = load(true, false, FIRST_ROWS, firstView);
      // Painted now, replaced by the first live answer; only for the view it was taken of.
      const unfiltered = !f.locationId && !f.publisherId && !f.accountKeys?.length;
      if (snapshot && snapshot.status === f.status && unfiltered && !worker.peek()) {
        worker.value = snapshot;
        onSnapshot = first;
      }
      void first.then(whole);
    }
    return () => {
      stopEvents();
      if (filtersInHash) removeEventListener('hashchange', onHash);
    };
  }

  return {
    filters: filters as ReadonlySignal<TriageFilters>,
    view,
    error: error as ReadonlySignal<unknown>,
    resolvedElsewhere: resolvedElsewhere as ReadonlySignal<number>,
    tooLate: tooLate as ReadonlySignal<number>,
    pendingById,
    failureById,
    undoTarget,
    start,
    load,
    setFilters,
    decide,
    undo,
    dismissFailures,
    clearNotices,
  };
}
