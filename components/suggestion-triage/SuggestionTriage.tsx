// The triage list: filters, the suggestions (a feed of focusable articles with a roving tabindex),
// single-key shortcuts while the list has focus, bulk selection, and the undo bar.
import type { ComponentChildren } from 'preact';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { SuggestionDecision } from '../../lib/api/suggestions.ts';
import { WAITING } from '../../lib/listing-statuses.ts';
import type { FailedDecisionView, PendingDecisionView } from '../../lib/messaging/protocol.ts';
import type { SuggestionView } from '../../lib/storage.ts';
import { latestBatch } from '../../lib/triage-batch.ts';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import { ProgressBar } from '../ui/ProgressBar.tsx';
import { HelpDialog } from './HelpDialog.tsx';
import { decisionVerb, SUGGESTION_STATUS_LABELS } from './labels.ts';
import { rowId, SuggestionRow } from './SuggestionRow.tsx';
import { useTriage } from './use-triage.ts';
import './suggestion-triage.css';

export interface SuggestionTriageProps {
  /** The account's listings count (health summary): 0 with no suggestions hints at no Listings subscription. */
  listingsTotal: number | null;
  /** Shown instead of the list when no account is linked, e.g. the "Link account" empty state. */
  linkAction?: ComponentChildren;
  /** Shown beside an error that only linking again can fix; without it that error is left to the account switcher. */
  relinkAction?: (accountKey: string) => ComponentChildren;
}

interface Bulk {
  ids: string[];
  decision: SuggestionDecision;
}

let firstSuggestionMarked = false;
/** Rows rendered before the first paint: more than a 600 px popup shows. */
const FIRST_PAINT_ROWS = 5;

export function SuggestionTriage({ listingsTotal, linkAction, relinkAction }: SuggestionTriageProps) {
  const [status, setStatus] = useState(WAITING);
  const [locationFilter, setLocationFilter] = useState('');
  const [publisherFilter, setPublisherFilter] = useState('');
  const triage = useTriage(status);
  const { view } = triage;
  const [activeId, setActiveId] = useState<string | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [help, setHelp] = useState(false);
  const [bulk, setBulk] = useState<Bulk | null>(null);
  const clearBulk = useCallback(() => setBulk(null), []);
  const feedRef = useRef<HTMLDivElement>(null);
  const feedHasFocus = useRef(false);
  const lastIndex = useRef(0);

  const publishers = view?.publishers ?? {};
  const nameOf = (id: string) => (id ? (publishers[id] ?? id) : 'Unknown publisher');
  const all = view?.suggestions ?? [];
  // What the filters show: the only suggestions a key, a button or "select all" may act on.
  const items = useMemo(
    () =>
      all.filter(
        (s) =>
          (!locationFilter || s.locationId === locationFilter) &&
          (!publisherFilter || s.publisherId === publisherFilter),
      ),
    [all, locationFilter, publisherFilter],
  );
  // A selection survives a filter change, but only its visible part counts until the filter is cleared.
  const selectedIds = items.filter((s) => selected.has(s.id)).map((s) => s.id);
  const pendingById = useMemo(() => new Map(view?.pending.map((p) => [p.suggestionId, p])), [view?.pending]);
  const failureById = useMemo(() => new Map(view?.failures.map((f) => [f.suggestionId, f])), [view?.failures]);
  const waitingPending = view?.pending.some((p) => !p.sending) ?? false;
  const now = useNow(waitingPending);
  const shortcutsOn = view?.keyboardShortcuts ?? true;

  const found = items.findIndex((s) => s.id === activeId);
  const activeIndex = found >= 0 ? found : Math.min(lastIndex.current, items.length - 1);
  const active: SuggestionView | undefined = items[activeIndex];
  lastIndex.current = Math.max(0, activeIndex);

  useLayoutEffect(() => {
    if (!firstSuggestionMarked && items.length > 0) {
      firstSuggestionMarked = true;
      performance.mark('first-suggestion');
    }
  }, [items.length]);

  // The first paint shows what fits in the popup; the rest follows right after it.
  const [rowLimit, setRowLimit] = useState(FIRST_PAINT_ROWS);
  useEffect(() => {
    if (rowLimit !== FIRST_PAINT_ROWS || items.length <= FIRST_PAINT_ROWS) return undefined;
    const timer = setTimeout(() => setRowLimit(Number.POSITIVE_INFINITY), 0);
    return () => clearTimeout(timer);
  }, [rowLimit, items.length]);

  // A row that focus sat on can vanish (its decision was sent): focus then goes to the row now active.
  useEffect(() => {
    const feed = feedRef.current;
    if (!feed || !feedHasFocus.current || feed.contains(document.activeElement) || help) return;
    if (active) document.getElementById(rowId(active.id))?.focus();
  });

  function focusRow(id: string) {
    setActiveId(id);
    // Rendered already: the roving tabindex moves with the next render, focus moves now.
    document.getElementById(rowId(id))?.focus();
    document.getElementById(rowId(id))?.scrollIntoView?.({ block: 'nearest' });
  }

  function move(by: number) {
    if (items.length === 0) return;
    const next = items[Math.min(items.length - 1, Math.max(0, activeIndex + by))];
    if (next) focusRow(next.id);
  }

  function isOpen(s: SuggestionView) {
    return s.status === WAITING && !pendingById.has(s.id);
  }

  function decide(ids: string[], decision: SuggestionDecision) {
    const decidable = ids.filter((id) => items.some((s) => s.id === id && s.status === WAITING));
    if (decidable.length === 0) return;
    void triage.decide(decidable, decision);
    if (decidable.length > 1) setBulk({ ids: decidable, decision });
    setSelected((current) => {
      const next = new Set(current);
      for (const id of decidable) next.delete(id);
      return next;
    });
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

  function toggle(id: string, on?: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (on ?? !next.has(id)) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  function onKeyDown(event: KeyboardEvent) {
    if (help || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target as HTMLElement;
    if (target.tagName === 'SELECT' || target.tagName === 'TEXTAREA') return;
    if (target.tagName === 'INPUT' && (target as HTMLInputElement).type !== 'checkbox') return;
    const key = event.key;
    if (key === 'ArrowDown') move(1);
    else if (key === 'ArrowUp') move(-1);
    else if (key === 'Home') move(-items.length);
    else if (key === 'End') move(items.length);
    else if (!shortcutsOn) return;
    else if (key === 'j') move(1);
    else if (key === 'k') move(-1);
    else if (key === 'a') decideFromKeys('ACCEPTED');
    else if (key === 'r') decideFromKeys('REJECTED');
    else if (key === 'u') void triage.undo();
    else if (key === 'x') {
      if (active && active.status === WAITING) toggle(active.id);
    } else if (key === '?') setHelp(true);
    else return;
    event.preventDefault();
  }

  if (!view) {
    return triage.error ? (
      <div class="st-pad">
        <ErrorNotice error={triage.error} title="Couldn’t load suggestions" />
      </div>
    ) : (
      <div class="st-pad">
        <ProgressBar label="Loading suggestions" />
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
  const locations = [...new Set(all.map((s) => s.locationId).filter(Boolean))].sort((a, b) =>
    a.localeCompare(b, undefined, { numeric: true }),
  );
  const publisherIds = [...new Set(all.map((s) => s.publisherId).filter(Boolean))].sort((a, b) =>
    nameOf(a).localeCompare(nameOf(b)),
  );
  const selectable = items.filter(isOpen);
  const allSelected = selectable.length > 0 && selectable.every((s) => selected.has(s.id));
  const filtered = Boolean(locationFilter || publisherFilter);

  return (
    <div class="st">
      <fieldset class="st-filters" aria-label="Filter suggestions">
        <label class="st-filter">
          <span class="visually-hidden">Status</span>
          <select
            class="st-select"
            value={status}
            onChange={(event) => {
              setStatus(event.currentTarget.value);
              setSelected(new Set());
            }}
          >
            {Object.entries(SUGGESTION_STATUS_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label class="st-filter">
          <span class="visually-hidden">Location</span>
          <select
            class="st-select"
            value={locationFilter}
            onChange={(event) => setLocationFilter(event.currentTarget.value)}
          >
            <option value="">All locations</option>
            {locations.map((id) => (
              <option key={id} value={id}>
                Location {id}
              </option>
            ))}
          </select>
        </label>
        <label class="st-filter">
          <span class="visually-hidden">Publisher</span>
          <select
            class="st-select"
            value={publisherFilter}
            onChange={(event) => setPublisherFilter(event.currentTarget.value)}
          >
            <option value="">All publishers</option>
            {publisherIds.map((id) => (
              <option key={id} value={id}>
                {nameOf(id)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          class="st-icon-btn"
          aria-label="Keyboard shortcuts"
          title="Keyboard shortcuts (?)"
          onClick={() => setHelp(true)}
        >
          ?
        </button>
      </fieldset>

      <div class="st-listhead">
        {status === WAITING && selectable.length > 0 ? (
          <input
            type="checkbox"
            class="st-row__check"
            aria-label="Select all shown"
            checked={allSelected}
            onChange={(event) => {
              const on = event.currentTarget.checked;
              // Only the shown ones: a selection hidden by a filter stays as it was.
              setSelected((current) => {
                const next = new Set(current);
                for (const s of selectable) {
                  if (on) next.add(s.id);
                  else next.delete(s.id);
                }
                return next;
              });
            }}
          />
        ) : null}
        {selectedIds.length > 0 ? (
          <fieldset class="st-bulk" aria-label="Selected suggestions">
            <span class="st-listhead__count">{selectedIds.length} selected</span>
            <button type="button" class="st-btn" data-kind="accept" onClick={() => decide(selectedIds, 'ACCEPTED')}>
              Accept {selectedIds.length}
            </button>
            <button type="button" class="st-btn" data-kind="reject" onClick={() => decide(selectedIds, 'REJECTED')}>
              Reject {selectedIds.length}
            </button>
            <button type="button" class="st-link-button" onClick={() => setSelected(new Set())}>
              Clear
            </button>
          </fieldset>
        ) : (
          <>
            <span class="st-listhead__count">
              {filtered ? `${items.length} of ${all.length}` : view.count}{' '}
              {SUGGESTION_STATUS_LABELS[status]?.toLowerCase() ?? status}
            </span>
            <span class="st-listhead__fresh" aria-live="polite">
              {view.refreshing ? 'Refreshing…' : view.fetchedAt ? `Updated ${ago(view.fetchedAt, Date.now())}` : ''}
            </span>
            <button
              type="button"
              class="st-icon-btn"
              aria-label="Refresh suggestions"
              title="Refresh"
              disabled={view.refreshing}
              onClick={() => void triage.reload(true, true)}
            >
              ↻
            </button>
          </>
        )}
      </div>

      <BulkProgress bulk={bulk} pendingById={pendingById} failureById={failureById} onDone={clearBulk} />

      {triage.resolvedElsewhere > 0 ? (
        <ErrorNotice
          class="st-notice"
          tone="ok"
          error={`${triage.resolvedElsewhere === 1 ? 'One suggestion was' : `${triage.resolvedElsewhere} suggestions were`} already resolved elsewhere; the list was refreshed.`}
          actions={
            <button type="button" class="st-link-button" onClick={triage.clearNotices}>
              Dismiss
            </button>
          }
        />
      ) : null}
      {view.error && !(view.error.code === 'needs-relink' && !relinkAction) ? (
        <ErrorNotice
          class="st-notice"
          tone={view.error.code === 'needs-relink' ? 'danger' : 'warn'}
          title={view.fetchedAt ? 'Couldn’t refresh: showing the last list' : 'Couldn’t load suggestions'}
          error={view.error}
          actions={
            view.error.code === 'needs-relink' && relinkAction ? (
              relinkAction(account.accountKey)
            ) : (
              <button type="button" class="st-btn" onClick={() => void triage.reload(true, true)}>
                Retry
              </button>
            )
          }
        />
      ) : null}
      {triage.error ? <ErrorNotice class="st-notice" error={triage.error} /> : null}

      <div
        ref={feedRef}
        class="st-feed"
        role="feed"
        aria-label={`Publisher suggestions, ${SUGGESTION_STATUS_LABELS[status] ?? status}`}
        aria-busy={view.refreshing}
        onKeyDown={onKeyDown}
        onFocusIn={() => {
          feedHasFocus.current = true;
        }}
        onFocusOut={(event) => {
          const next = event.relatedTarget as Node | null;
          const left = event.target as Node;
          // Focus that moved elsewhere leaves the list; focus lost with a removed row does not.
          if (next ? !feedRef.current?.contains(next) : left.isConnected) feedHasFocus.current = false;
        }}
      >
        {items.slice(0, rowLimit).map((s, index) => {
          const pending = pendingById.get(s.id);
          return (
            <SuggestionRow
              key={s.id}
              suggestion={s}
              publisherName={nameOf(s.publisherId)}
              index={index}
              setSize={items.length}
              active={index === activeIndex}
              selected={selected.has(s.id)}
              pending={pending}
              failure={failureById.get(s.id)}
              secondsLeft={pending ? Math.max(0, Math.ceil((pending.dueAt - now) / 1000)) : 0}
              onActivate={setActiveId}
              onSelect={toggle}
              onDecide={decide}
              onUndo={(ids) => void triage.undo(ids)}
              onDismissFailure={(ids) => void triage.dismissFailures(ids)}
            />
          );
        })}
        {items.length === 0 ? (
          <EmptyList
            status={status}
            filtered={filtered}
            fetched={view.fetchedAt !== null}
            refreshing={view.refreshing}
            accountName={account.accountName}
            listingsTotal={listingsTotal}
            onClearFilters={() => {
              setLocationFilter('');
              setPublisherFilter('');
            }}
          />
        ) : null}
      </div>

      <UndoBar pending={view.pending} now={now} windowMs={view.undoWindowMs} onUndo={() => void triage.undo()} />
      {help ? (
        <HelpDialog
          shortcutsOn={shortcutsOn}
          onClose={() => {
            setHelp(false);
          }}
        />
      ) : null}
    </div>
  );
}

function EmptyList(props: {
  status: string;
  filtered: boolean;
  fetched: boolean;
  refreshing: boolean;
  accountName: string;
  listingsTotal: number | null;
  onClearFilters: () => void;
}) {
  if (!props.fetched) {
    return (
      <div class="st-pad">
        {props.refreshing ? <ProgressBar label="Loading suggestions" text="Loading suggestions…" /> : null}
      </div>
    );
  }
  if (props.filtered) {
    return (
      <section class="st-empty">
        <h2>No suggestions match these filters</h2>
        <button type="button" class="st-btn" onClick={props.onClearFilters}>
          Show all locations and publishers
        </button>
      </section>
    );
  }
  if (props.status !== WAITING) {
    return (
      <section class="st-empty">
        <h2>No {SUGGESTION_STATUS_LABELS[props.status]?.toLowerCase() ?? props.status} suggestions</h2>
        <p>The service lists none in this status for {props.accountName}.</p>
      </section>
    );
  }
  return (
    <section class="st-empty">
      <h2>Nothing to triage</h2>
      {props.listingsTotal === 0 ? (
        <p>
          The service returned no suggestions and no listings for {props.accountName}. It answers with empty lists when
          an account has no active Listings subscription or is not a production account, so check both.
        </p>
      ) : (
        <p>Every publisher suggestion for {props.accountName} has been decided. New ones will show here.</p>
      )}
    </section>
  );
}

function UndoBar(props: { pending: PendingDecisionView[]; now: number; windowMs: number; onUndo: () => void }) {
  const { pending, now, windowMs, onUndo } = props;
  const open = pending.filter((p) => !p.sending);
  const batch = latestBatch(open);
  // One batch: one decision, one deadline.
  const latest = batch[0];
  if (!latest) return null;
  const others = open.length - batch.length;
  const left = Math.max(0, latest.dueAt - now);
  const seconds = Math.ceil(left / 1000);
  const what = `${decisionVerb(latest.decision, 'past')} ${batch.length === 1 ? '1 suggestion' : `${batch.length} suggestions`}`;
  return (
    <section class="st-undo" aria-label="Decision pending">
      <span class="st-undo__text">
        <span role="status">{what}</span>
        <span class="st-undo__time">
          {' '}
          · sending in {seconds} s{others > 0 ? ` · ${others} more pending` : ''}
        </span>
      </span>
      <button type="button" class="st-btn st-undo__btn" aria-keyshortcuts="u" onClick={onUndo}>
        Undo
      </button>
      <span class="st-undo__meter" style={{ transform: `scaleX(${Math.min(1, left / windowMs)})` }} />
    </section>
  );
}

function BulkProgress({
  bulk,
  pendingById,
  failureById,
  onDone,
}: {
  bulk: Bulk | null;
  pendingById: Map<string, PendingDecisionView>;
  failureById: Map<string, FailedDecisionView>;
  onDone: () => void;
}) {
  const left = bulk ? bulk.ids.filter((id) => pendingById.has(id)).length : 0;
  const started = bulk ? bulk.ids.some((id) => pendingById.get(id)?.sending) || left < bulk.ids.length : false;
  useEffect(() => {
    if (bulk && left === 0) {
      const timer = setTimeout(onDone, 4000);
      return () => clearTimeout(timer);
    }
    return undefined;
  }, [bulk, left, onDone]);
  if (!bulk || !started) return null;
  const total = bulk.ids.length;
  const failed = bulk.ids.filter((id) => failureById.has(id)).length;
  const verb = decisionVerb(bulk.decision, left === 0 ? 'past' : 'ing');
  const failedText = failed > 0 ? ` · ${failed} failed` : '';
  return (
    <div class="st-progress">
      <ProgressBar
        label={`${decisionVerb(bulk.decision, 'ing')} ${total} suggestions`}
        value={total - left}
        max={total}
        text={`${verb}: ${total - left} of ${total} sent${failedText}`}
      />
    </div>
  );
}

/** Re-renders every quarter second while a countdown is showing. */
function useNow(ticking: boolean): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!ticking) return undefined;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [ticking]);
  return ticking ? now : Date.now();
}

function ago(at: number, now: number): string {
  const minutes = Math.round((now - at) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  return hours < 24 ? `${hours} h ago` : `${Math.round(hours / 24)} d ago`;
}
