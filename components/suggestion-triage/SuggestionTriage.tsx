// The triage list: filters, the suggestions (a windowed feed of focusable articles with a roving
// tabindex), single-key shortcuts while the list has focus, bulk selection, and the undo bar.
// State lives in a signals store (triage-store.ts); this component wires its parts together.
import type { ComponentChildren } from 'preact';
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type {
  DecisionView,
  SuggestionView,
  TriageSnapshotView,
  TriageView,
} from '../../lib/messaging/protocol/index.ts';
import { WAITING } from '../../lib/shared/listing-statuses.ts';
import { locationKey, locationText, useLocationNames } from '../locations/use-location-names.ts';
import { ErrorNotice, ProgressBar } from '../ui/first-use.ts';
import { ListWarnings } from '../ui/ListWarnings.tsx';
import { useLoaded } from '../ui/later.tsx';
import { useValue } from '../ui/use-value.ts';
import { bulkOutcome } from './bulk-outcome.ts';
import { EmptyList } from './EmptyList.tsx';
import { type TriageFilters as Filters, filtersFromHash, NO_FILTERS } from './filters-hash.ts';
import { AccountNotices, BulkProgress, HelpDialog, TriageNotices, troubledAccounts, UndoBar } from './first-use.ts';
import { ListHead } from './ListHead.tsx';
import { SUGGESTION_STATUS_LABELS } from './labels.ts';
import { rowId, SuggestionRow } from './SuggestionRow.tsx';
import { TriageFilters } from './TriageFilters.tsx';
import { createTriageStore, type TriageStore } from './triage-store.ts';
import { useRowFocus } from './use-row-focus.ts';
import { useSelection } from './use-selection.ts';
import { useTriageKeyboard } from './use-triage-keyboard.ts';
import { WindowedFeed } from './WindowedFeed.tsx';
import './suggestion-triage.css';
import { compareText } from '../../lib/shared/format.ts';

export interface SuggestionTriageProps {
  /** The account's listings count (health summary): 0 with no suggestions hints at no Listings subscription. */
  listingsTotal: number | null;
  /** Shown instead of the list when no account is linked, e.g. the "Link account" empty state. */
  linkAction?: ComponentChildren;
  /** Shown beside an error that only linking again can fix; without it that error is left to the account switcher. */
  relinkAction?: (accountKey: string) => ComponentChildren;
  /** Keep the filters in the URL hash: true on our own pages, false in the embedded panel. */
  filtersInHash?: boolean;
  /**
   * The first view, asked before the page's app loaded (the popup's entry), if not taken yet: see
   * TriageStoreOptions. A list mounted later (after linking) asks afresh.
   */
  takeFirstView?: () => TriageView | Promise<TriageView> | undefined;
  /** The worker's snapshot of the first view (the popup), painted until the live view comes. */
  takeSnapshot?: () => TriageView | null;
  /**
   * The list's store, when the page reads it too (the popup's account switcher shows each account's waiting
   * count from its view); else the list makes its own.
   */
  store?: TriageStore;
}

const suggestionKey = (s: SuggestionView) => s.id;

/** The list's store, with the filters in the URL (or none) and the first view or snapshot given once. */
export function createListStore({
  filtersInHash = true,
  takeFirstView,
  takeSnapshot,
}: Pick<SuggestionTriageProps, 'filtersInHash' | 'takeFirstView' | 'takeSnapshot'>): TriageStore {
  const initial = filtersInHash && typeof location !== 'undefined' ? filtersFromHash(location.hash) : NO_FILTERS;
  return createTriageStore(initial, { filtersInHash, firstView: takeFirstView?.(), snapshot: takeSnapshot?.() });
}

export function SuggestionTriage(props: SuggestionTriageProps) {
  const { listingsTotal, linkAction, relinkAction, filtersInHash = true, takeFirstView, takeSnapshot } = props;
  const [store] = useState(() => props.store ?? createListStore({ filtersInHash, takeFirstView, takeSnapshot }));
  // The first question (and the hash and event listeners) start during the first render, not after
  // the first frame: the popup's first paint from cache waits on nothing else.
  const [stop] = useState(() => store.start());
  useEffect(() => stop, [stop]);

  const view = useValue(store.view);
  const filters = useValue(store.filters);
  const pendingById = useValue(store.pendingById);
  const failureById = useValue(store.failureById);
  const error = useValue(store.error);
  const resolvedElsewhere = useValue(store.resolvedElsewhere);
  const undoTarget = useValue(store.undoTarget);
  const tooLate = useValue(store.tooLate);
  const { selected, toggle, setMany, clear } = useSelection();
  const [help, setHelp] = useState(false);
  // A bulk decision's worker batches: one per account across accounts; the bar follows them all.
  const [bulkBatchIds, setBulkBatchIds] = useState<readonly string[]>([]);

  const publishers = view?.publishers ?? {};
  const all = view?.suggestions ?? [];
  const accounts = view?.accounts;
  const accountNames = useMemo(
    () => (accounts ? new Map(accounts.map((a) => [a.accountKey, a.accountName])) : undefined),
    [accounts],
  );
  const locationNames = useLocationNames();
  const pickedAccounts = filters.accountKeys ?? [];
  // Until the worker answers for new filters, the shown list narrows at once; the answer replaces it.
  const items = useMemo(
    () =>
      all.filter(
        (s) =>
          (!filters.locationId || s.locationId === filters.locationId) &&
          (!filters.publisherId || s.publisherId === filters.publisherId) &&
          (pickedAccounts.length === 0 || pickedAccounts.includes(s.accountKey ?? '')),
      ),
    [all, filters.locationId, filters.publisherId, pickedAccounts.join(',')],
  );
  const selectedIds = items.filter((s) => selected.has(s.id)).map((s) => s.id);
  // Per list, not per key press.
  const nameOfLocation = (s: Pick<SuggestionView, 'accountKey' | 'locationId'>) =>
    locationNames.byKey.get(locationKey(s.accountKey, s.locationId)) ?? locationNames.byKey.get(s.locationId);
  const knownLocations = useMemo(() => {
    const known = new Map<string, string>();
    for (const s of all)
      if (s.locationId && !known.has(s.locationId))
        known.set(s.locationId, locationText(s.locationId, nameOfLocation(s)));
    return [...known].map(([id, text]) => ({ id, text })).sort((a, b) => compareText(a.text, b.text));
  }, [all, locationNames]);
  const knownPublishers = useMemo(() => [...new Set(all.map((s) => s.publisherId).filter(Boolean))], [all]);
  const shortcutsOn = view?.keyboardShortcuts ?? true;

  const { feedRef, active, activeIndex, setActiveId, focusRow, onFocusIn, onFocusOut } = useRowFocus(items, help);

  const isOpen = (s: SuggestionView) => s.status === WAITING && !pendingById.has(s.id);

  function decide(ids: string[], decision: DecisionView) {
    const shown = new Map(items.map((s) => [s.id, s]));
    const decidable = ids.filter((id) => shown.get(id)?.status === WAITING);
    if (decidable.length === 0) return;
    void UndoBar.preload();
    const batchIds = store.decide(decidable, decision);
    if (decidable.length > 1) {
      void BulkProgress.preload();
      void batchIds.then((ids) => ids && setBulkBatchIds(ids));
    }
    setMany(decidable, false);
  }

  /**
   * Set when a decision left no open suggestion: once rendered, Undo takes focus. The row's own Undo for one
   * suggestion (still in the list, where the keys work), the undo bar's for several.
   */
  const focusUndo = useRef<{ rowId: string | null } | null>(null);
  // The undo bar loads on the first decision: once it has, this renders again and the effect finds its Undo.
  useLoaded(UndoBar);
  useEffect(() => {
    const wanted = focusUndo.current;
    if (!wanted) return;
    const root = feedRef.current?.getRootNode() as Document | ShadowRoot | undefined;
    const undo = wanted.rowId
      ? root?.getElementById(rowId(wanted.rowId))?.querySelector<HTMLElement>('.st-row__pending button')
      : root?.querySelector<HTMLElement>('.st-undo__btn');
    if (undo) {
      focusUndo.current = null;
      undo.focus();
    }
  });

  /**
   * A decision from a key, a row's button or the bulk buttons. The button pressed is replaced by the
   * pending state (or the bulk bar goes), so focus moves on, the way a reader moves to the next mail: to
   * the active suggestion if still open, else the next open one (or the one before), else to Undo.
   */
  function decideAndMove(ids: string[], decision: DecisionView) {
    decide(ids, decision);
    const taken = new Set(ids);
    const open = (s: SuggestionView) => isOpen(s) && !taken.has(s.id);
    const next = items.slice(activeIndex).find(open) ?? items.slice(0, activeIndex).reverse().find(open) ?? undefined;
    if (next) focusRow(next.id);
    else focusUndo.current = { rowId: ids.length === 1 ? ids[0]! : null };
  }

  function decideFromKeys(decision: DecisionView) {
    const ids = selectedIds.length > 0 ? selectedIds : active ? [active.id] : [];
    if (ids.length > 0) decideAndMove(ids, decision);
  }

  /** Undo from the bar: the bar goes, so focus returns to the list's active row. */
  function undoLatest() {
    void store.undo();
    if (active) focusRow(active.id);
  }
  /** Undo on a row: its Undo button goes, so the row itself takes focus. */
  function undoRows(ids: string[]) {
    void store.undo(ids);
    if (ids[0]) focusRow(ids[0]);
  }

  const move = (by: number) => {
    const next = items[Math.min(items.length - 1, Math.max(0, activeIndex + by))];
    if (next) focusRow(next.id);
  };
  const onKeyDown = useTriageKeyboard({
    shortcutsOn,
    paused: help,
    act: (action) => {
      if (action === 'next') move(1);
      else if (action === 'previous') move(-1);
      else if (action === 'first') move(-items.length);
      else if (action === 'last') move(items.length);
      else if (action === 'accept') decideFromKeys('ACCEPTED');
      else if (action === 'reject') decideFromKeys('REJECTED');
      else if (action === 'undo') void store.undo();
      else if (action === 'select') {
        if (active && active.status === WAITING) toggle(active.id);
      } else setHelp(true);
    },
  });

  // Stable callbacks, so a memoized row re-renders only when its own data changes.
  const decideRef = useRef(decideAndMove);
  decideRef.current = decideAndMove;
  const onDecide = useCallback((ids: string[], d: DecisionView) => decideRef.current(ids, d), []);
  const undoRef = useRef(undoRows);
  undoRef.current = undoRows;
  const onUndo = useCallback((ids: string[]) => undoRef.current(ids), []);
  const onDismissFailure = useCallback((ids: string[]) => void store.dismissFailures(ids), [store]);
  const setFilters = useCallback(
    (next: Filters) => {
      if (next.status !== store.filters.peek().status) clear();
      store.setFilters(next);
    },
    [store, clear],
  );

  const openHelp = useCallback(() => setHelp(true), []);
  // The snapshot's names (the popup's first paint) until the worker's directory has answered: no id between.
  const [snapshotNames] = useState(() => (store.view.peek() as Partial<TriageSnapshotView> | null)?.locationNames);

  if (!view) {
    return (
      <div class="st-pad">
        {error ? (
          <ErrorNotice error={error} title="Couldn’t load suggestions" />
        ) : (
          <ProgressBar label="Loading suggestions" />
        )}
      </div>
    );
  }

  if (!view.account) {
    return linkAction ? (
      <div class="st-link">{linkAction}</div>
    ) : (
      <section class="st-empty">
        <h2>No account linked</h2>
        <p>Link a customer account to triage its publisher suggestions here.</p>
      </section>
    );
  }

  const account = view.account;
  // The active account needing Relink is said by the account switcher above the list, not twice.
  // While the service is away the header says so once: an account whose only trouble is that is not a notice.
  const troubled = accounts
    ? troubledAccounts(accounts, account.accountKey).filter(
        (a) => a.needsRelink || !view.unreachable || !['network', 'timeout'].includes(a.error?.code ?? ''),
      )
    : [];
  const selectable = items.filter(isOpen).map((s) => s.id);
  const filtered = Boolean(filters.locationId || filters.publisherId || pickedAccounts.length);
  const nameOf = (id: string) => (id ? (publishers[id] ?? id) : 'Unknown publisher');
  const outcome = bulkOutcome(view.batches, bulkBatchIds);
  const bulkInWindow = view.pending.some((p) => bulkBatchIds.includes(p.batchId) && !p.sending);

  return (
    <div class="st">
      <TriageFilters
        filters={filters}
        knownLocations={knownLocations}
        locations={locationNames.all}
        publishers={publishers}
        knownPublishers={knownPublishers}
        accounts={accounts}
        onChange={setFilters}
        onHelp={openHelp}
      />
      <ListHead
        view={view}
        shown={items.length}
        selectable={selectable}
        selectedIds={selectedIds}
        allSelected={selectable.length > 0 && selectable.every((id) => selected.has(id))}
        onSelectAll={(on) => setMany(selectable, on)}
        onDecide={onDecide}
        onClear={clear}
        onRefresh={() => void store.load(true, true)}
      />
      {outcome ? <BulkProgress outcome={outcome} inWindow={bulkInWindow} /> : null}
      {resolvedElsewhere > 0 || view.error || error ? (
        <TriageNotices
          view={view}
          resolvedElsewhere={resolvedElsewhere}
          error={error}
          relinkAction={relinkAction}
          onDismiss={store.clearNotices}
          onRetry={() => void store.load(true, true)}
        />
      ) : null}
      {troubled.length > 0 ? <AccountNotices troubled={troubled} relinkAction={relinkAction} /> : null}
      <ListWarnings
        class="st-notice"
        size="sm"
        warnings={view.warnings}
        omitEmptyAnswer={items.length === 0 && listingsTotal === 0}
      />
      <WindowedFeed
        containerRef={feedRef}
        class="st-feed"
        // A feed holds articles only: while empty, the box holds the empty state's heading and is no feed.
        role={items.length > 0 ? 'feed' : undefined}
        aria-label={
          items.length > 0
            ? `Publisher suggestions, ${SUGGESTION_STATUS_LABELS[filters.status] ?? filters.status}`
            : undefined
        }
        aria-busy={view.refreshing}
        items={items}
        keyOf={suggestionKey}
        keepIndex={items.length > 0 ? activeIndex : null}
        onKeyDown={onKeyDown}
        onFocusIn={onFocusIn}
        onFocusOut={onFocusOut}
        renderItem={(s, index) => (
          <SuggestionRow
            suggestion={s}
            publisherName={nameOf(s.publisherId)}
            locationName={
              s.locationId ? locationText(s.locationId, nameOfLocation(s) ?? snapshotNames?.[s.locationId]) : ''
            }
            accountName={accountNames && s.accountKey ? accountNames.get(s.accountKey) : undefined}
            index={index}
            setSize={items.length}
            active={index === activeIndex}
            selected={selected.has(s.id)}
            pending={pendingById.get(s.id)}
            failure={failureById.get(s.id)}
            onActivate={setActiveId}
            onSelect={toggle}
            onDecide={onDecide}
            onUndo={onUndo}
            onDismissFailure={onDismissFailure}
          />
        )}
      >
        {items.length === 0 ? (
          <EmptyList
            status={filters.status}
            filtered={filtered}
            fetched={view.fetchedAt !== null}
            refreshing={view.refreshing}
            accountName={accounts ? 'any linked account' : account.accountName}
            listingsTotal={accounts ? null : listingsTotal}
            onClearFilters={() => setFilters({ ...filters, locationId: '', publisherId: '', accountKeys: [] })}
          />
        ) : null}
      </WindowedFeed>
      {undoTarget || tooLate > 0 ? (
        <UndoBar
          target={undoTarget}
          windowMs={view.undoWindowMs}
          tooLate={tooLate}
          accountNames={accountNames}
          onUndo={undoLatest}
          onDismiss={store.clearNotices}
        />
      ) : null}
      {help ? <HelpDialog shortcutsOn={shortcutsOn} onClose={() => setHelp(false)} /> : null}
    </div>
  );
}
