// The triage list: filters, the suggestions (a windowed feed of focusable articles with a roving
// tabindex), single-key shortcuts while the list has focus, bulk selection, and the undo bar.
// State lives in a signals store (triage-store.ts); this component wires its parts together.
import type { ComponentChildren } from 'preact';
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { SuggestionDecision } from '../../lib/api/suggestions.ts';
import { WAITING } from '../../lib/listing-statuses.ts';
import type { SuggestionView, TriageView } from '../../lib/messaging/protocol/index.ts';
import { locationText, useLocationNames } from '../locations/use-location-names.ts';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import { ListWarnings } from '../ui/ListWarnings.tsx';
import { ProgressBar } from '../ui/ProgressBar.tsx';
import { BulkProgress } from './BulkProgress.tsx';
import { EmptyList } from './EmptyList.tsx';
import { type TriageFilters as Filters, filtersFromHash, NO_FILTERS } from './filters-hash.ts';
import { HelpDialog } from './HelpDialog.tsx';
import { ListHead } from './ListHead.tsx';
import { SUGGESTION_STATUS_LABELS } from './labels.ts';
import { SuggestionRow } from './SuggestionRow.tsx';
import { TriageFilters } from './TriageFilters.tsx';
import { TriageNotices } from './TriageNotices.tsx';
import { createTriageStore } from './triage-store.ts';
import { UndoBar } from './UndoBar.tsx';
import { useRowFocus } from './use-row-focus.ts';
import { useSelection } from './use-selection.ts';
import { useTriageKeyboard } from './use-triage-keyboard.ts';
import { WindowedFeed } from './WindowedFeed.tsx';
import './suggestion-triage.css';

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
}

const suggestionKey = (s: SuggestionView) => s.id;

/**
 * "HB-2" before "HB-10": digit runs compare as numbers. Not localeCompare with `numeric`, which builds an
 * ICU collator per call (~25 ms for a popup's first 40 rows).
 */
export function naturalOrder(a: string, b: string): number {
  const x = a.match(/\d+|\D+/g) ?? [];
  const y = b.match(/\d+|\D+/g) ?? [];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const [p, q] = [x[i]!, y[i]!];
    if (p === q) continue;
    if (/^\d/.test(p) && /^\d/.test(q)) {
      if (Number(p) !== Number(q)) return Number(p) - Number(q);
      continue;
    }
    return p < q ? -1 : 1;
  }
  return x.length - y.length;
}

export function SuggestionTriage(props: SuggestionTriageProps) {
  const { listingsTotal, linkAction, relinkAction, filtersInHash = true, takeFirstView } = props;
  const [store] = useState(() =>
    createTriageStore(filtersInHash && typeof location !== 'undefined' ? filtersFromHash(location.hash) : NO_FILTERS, {
      filtersInHash,
      firstView: takeFirstView?.(),
    }),
  );
  // The first question (and the hash and event listeners) start during the first render, not after
  // the first frame: the popup's first paint from cache waits on nothing else.
  const [stop] = useState(() => store.start());
  useEffect(() => stop, [stop]);

  const view = store.view.value;
  const filters = store.filters.value;
  const pendingById = store.pendingById.value;
  const failureById = store.failureById.value;
  const { selected, toggle, setMany, clear } = useSelection();
  const [help, setHelp] = useState(false);
  const [bulkBatchId, setBulkBatchId] = useState<string | null>(null);

  const publishers = view?.publishers ?? {};
  const all = view?.suggestions ?? [];
  // Until the worker answers for new filters, the shown list narrows at once; the answer replaces it.
  const items = useMemo(
    () =>
      all.filter(
        (s) =>
          (!filters.locationId || s.locationId === filters.locationId) &&
          (!filters.publisherId || s.publisherId === filters.publisherId),
      ),
    [all, filters.locationId, filters.publisherId],
  );
  const selectedIds = items.filter((s) => selected.has(s.id)).map((s) => s.id);
  // Per list, not per key press.
  const knownLocations = useMemo(
    () => [...new Set(all.map((s) => s.locationId).filter(Boolean))].sort(naturalOrder),
    [all],
  );
  const knownPublishers = useMemo(() => [...new Set(all.map((s) => s.publisherId).filter(Boolean))], [all]);
  const shortcutsOn = view?.keyboardShortcuts ?? true;

  const { feedRef, active, activeIndex, setActiveId, focusRow, onFocusIn, onFocusOut } = useRowFocus(items, help);

  const isOpen = (s: SuggestionView) => s.status === WAITING && !pendingById.has(s.id);

  function decide(ids: string[], decision: SuggestionDecision) {
    const shown = new Map(items.map((s) => [s.id, s]));
    const decidable = ids.filter((id) => shown.get(id)?.status === WAITING);
    if (decidable.length === 0) return;
    const batchId = store.decide(decidable, decision);
    if (decidable.length > 1) void batchId.then((id) => id && setBulkBatchId(id));
    setMany(decidable, false);
  }

  function decideFromKeys(decision: SuggestionDecision) {
    const ids = selectedIds.length > 0 ? selectedIds : active ? [active.id] : [];
    decide(ids, decision);
    // Move on to the next suggestion still open, the way a reader moves to the next mail.
    if (active && ids.includes(active.id)) {
      const taken = new Set(ids);
      const after = items.slice(activeIndex + 1).find((s) => isOpen(s) && !taken.has(s.id));
      const before = items.slice(0, activeIndex).find((s) => isOpen(s) && !taken.has(s.id));
      const next = after ?? before;
      if (next) focusRow(next.id);
    }
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
  const decideRef = useRef(decide);
  decideRef.current = decide;
  const onDecide = useCallback((ids: string[], d: SuggestionDecision) => decideRef.current(ids, d), []);
  const onUndo = useCallback((ids: string[]) => void store.undo(ids), [store]);
  const onDismissFailure = useCallback((ids: string[]) => void store.dismissFailures(ids), [store]);
  const setFilters = useCallback(
    (next: Filters) => {
      if (next.status !== store.filters.peek().status) clear();
      store.setFilters(next);
    },
    [store, clear],
  );

  const openHelp = useCallback(() => setHelp(true), []);
  const locationNames = useLocationNames();

  if (!view) {
    return (
      <div class="st-pad">
        {store.error.value ? (
          <ErrorNotice error={store.error.value} title="Couldn’t load suggestions" />
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
  const selectable = items.filter(isOpen).map((s) => s.id);
  const filtered = Boolean(filters.locationId || filters.publisherId);
  const nameOf = (id: string) => (id ? (publishers[id] ?? id) : 'Unknown publisher');
  const outcome = bulkBatchId ? view.batches?.find((b) => b.batchId === bulkBatchId) : undefined;
  const bulkInWindow = view.pending.some((p) => p.batchId === bulkBatchId && !p.sending);

  return (
    <div class="st">
      <TriageFilters
        filters={filters}
        knownLocations={knownLocations}
        publishers={publishers}
        knownPublishers={knownPublishers}
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
        onDecide={decide}
        onClear={clear}
        onRefresh={() => void store.load(true, true)}
      />
      <BulkProgress outcome={outcome} inWindow={bulkInWindow} />
      <TriageNotices
        view={view}
        resolvedElsewhere={store.resolvedElsewhere.value}
        error={store.error.value}
        relinkAction={relinkAction}
        onDismiss={store.clearNotices}
        onRetry={() => void store.load(true, true)}
      />
      <ListWarnings
        class="st-notice"
        size="sm"
        warnings={view.warnings}
        omitEmptyAnswer={items.length === 0 && listingsTotal === 0}
      />
      <WindowedFeed
        containerRef={feedRef}
        class="st-feed"
        role="feed"
        aria-label={`Publisher suggestions, ${SUGGESTION_STATUS_LABELS[filters.status] ?? filters.status}`}
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
            locationName={s.locationId ? locationText(s.locationId, locationNames.get(s.locationId)) : ''}
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
            accountName={account.accountName}
            listingsTotal={listingsTotal}
            onClearFilters={() => setFilters({ ...filters, locationId: '', publisherId: '' })}
          />
        ) : null}
      </WindowedFeed>
      <UndoBar
        target={store.undoTarget.value}
        windowMs={view.undoWindowMs}
        tooLate={store.tooLate.value}
        onUndo={() => void store.undo()}
        onDismiss={store.clearNotices}
      />
      {help ? <HelpDialog shortcutsOn={shortcutsOn} onClose={() => setHelp(false)} /> : null}
    </div>
  );
}
