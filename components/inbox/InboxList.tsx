// The Inbox's rows: a grid of equal-height rows of which only those in view are drawn (ui/VirtualTable),
// one tab stop with the popup's keys (j/k move, a/r decide, x selects, u undoes, ? help), group headers
// in the list when grouped. Every row names its account and location; contents are text only.
import { useComputed, useSignalEffect } from '@preact/signals';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'preact/hooks';
import type { DecisionView, InboxItemView, InboxRowView } from '../../lib/messaging/protocol/index.ts';
import { fieldLabel, shortDate } from '../../lib/shared/suggestion-words.ts';
import { UNCONFIRMED } from '../../lib/shared/triage-batch.ts';
import { problemWords } from '../suggestion-triage/decision-words.ts';
import { actionForKey } from '../suggestion-triage/keymap.ts';
import { decisionVerb } from '../suggestion-triage/labels.ts';
import { WordDiff } from '../suggestion-triage/WordDiff.tsx';
import { fixedLayout, measuredLayout, type RowLayout, scrollToShow } from '../ui/list-window.ts';
import { memoized } from '../ui/memo.tsx';
import { type RowPlacement, VirtualTable } from '../ui/VirtualTable.tsx';
import { type InboxStore, rowKeyOf } from './inbox-store.ts';

export const INBOX_ROW_HEIGHT = 64;
/** A group's header: one line of text, half a row (the worker says where each header is). */
export const INBOX_HEAD_HEIGHT = 32;
/** Rows drawn beyond the box, above and below: a wheel step's worth (the rows are 64 px and costly to draw). */
export const INBOX_OVERSCAN = 4;

/** A row with a note under it (a failed or held-back decision): the row's line, then up to three lines of words. */
export const INBOX_NOTED_HEIGHT = 128;

/** Rows at 64 px, the headers at `heads` at 32 px, the rows at `noted` at 128 px. */
export function inboxLayout(count: number, heads: readonly number[], noted: readonly number[] = []): RowLayout {
  if (!heads.length && !noted.length) return fixedLayout(count, INBOX_ROW_HEIGHT);
  const height = new Uint8Array(count).fill(INBOX_ROW_HEIGHT);
  for (const i of heads) if (i < count) height[i] = INBOX_HEAD_HEIGHT;
  for (const i of noted) if (i < count) height[i] = INBOX_NOTED_HEIGHT;
  return measuredLayout(count, (i) => height[i]!);
}

export interface InboxListProps {
  store: InboxStore;
  shortcutsOn: boolean;
  onHelp: () => void;
  onUndo: () => void;
}

function ageWords(days: number): string {
  if (days === 0) return 'today';
  return days === 1 ? '1 day' : `${days} days`;
}

/** Small print is the service's code or HTTP status, for support: never the product's own names ("unconfirmed"). */
const serviceSaid = (problem: { code: string; status?: number }) =>
  /^\d+$/.test(problem.code) || problem.status !== undefined;

/** Why a decision did not go, or waits: the popup's words (the service's code in small print), and its buttons. */
function RowNote({ row, onDecide }: { row: InboxRowView; onDecide: (decision: DecisionView) => void }) {
  const problem = row.failure?.error ?? row.queued?.error;
  if (!problem) return null;
  const words = problemWords(problem, row.failure ? null : (row.queued?.retryAt ?? null));
  const unconfirmed = row.failure?.error.code === UNCONFIRMED;
  return (
    <td class="ib-cell ib-cell--note" data-failed={row.failure ? '' : undefined}>
      <p class="ib-note-line">
        {row.failure && !unconfirmed ? `Couldn’t ${decisionVerb(row.failure.decision, 'base')}. ` : null}
        {words.sentence}
        {serviceSaid(problem) && words.smallPrint ? <small class="ib-muted"> ({words.smallPrint})</small> : null}
        {unconfirmed && row.failure ? (
          <button type="button" class="ib-decide" tabIndex={-1} onClick={() => onDecide(row.failure!.decision)}>
            Retry
          </button>
        ) : null}
      </p>
    </td>
  );
}

/** A diff is worked out once per row content: a row that stays (a filter, a grouping, a scroll) keeps it. */
const InboxDiff = memoized(WordDiff);

function GroupRow({ item, style }: { item: Extract<InboxItemView, { kind: 'group' }>; style: RowPlacement }) {
  const { level, label, count } = item.group;
  return (
    <tr class="ib-row ib-row--group" data-level={level} style={{ top: style.top, height: style.height }}>
      <th scope="rowgroup" colSpan={6} class="ib-cell">
        <span class="ib-group__label">{label}</span>
        <span class="ib-group__count">{count} waiting</span>
      </th>
    </tr>
  );
}

/** Plain values and stable functions only: a row whose answer did not change is not drawn again. */
interface RowProps {
  row: InboxRowView;
  rowId: string;
  index: number;
  top: string;
  height: string;
  active: boolean;
  selected: boolean;
  store: InboxStore;
  setActive: (index: number) => void;
}

const SuggestionLine = memoized(function SuggestionLine({
  row,
  rowId,
  index,
  top,
  height,
  active,
  selected,
  store,
  setActive,
}: RowProps) {
  const onDecide = (decision: DecisionView) => {
    setActive(index);
    void store.decide([row], decision);
  };
  const place = row.locationName ? `${row.locationName} (${row.locationId})` : row.locationId;
  const decided = row.pending === 'ACCEPTED' ? 'accepted' : 'rejected';
  // A failed row can be decided again (the note under it says why the last one did not go).
  const state = row.pending
    ? row.sending
      ? `Sending: ${decided}`
      : row.queued
        ? `Held back: ${decided}`
        : `Will be sent: ${decided}`
    : null;
  return (
    <tr
      id={rowId}
      data-key={rowKeyOf(row)}
      class={row.pending ? 'ib-row ib-row--pending' : 'ib-row'}
      data-noted={row.failure || row.queued ? '' : undefined}
      style={{ top, height }}
      aria-selected={selected ? 'true' : 'false'}
      data-active={active ? '' : undefined}
      onClick={() => setActive(index)}
    >
      <td class="ib-cell ib-cell--check">
        <input
          type="checkbox"
          tabIndex={-1}
          checked={selected}
          aria-label="Select"
          onChange={() => store.toggle(row)}
        />
      </td>
      <td class="ib-cell ib-cell--where">
        <span class="ib-account" dir="auto" title={row.accountName}>
          {row.accountName}
        </span>
        <span class="ib-location" dir="auto" title={place}>
          {place}
        </span>
      </td>
      <td class="ib-cell ib-cell--what">
        <span class="ib-field" title={fieldLabel(row.fieldName)}>
          {fieldLabel(row.fieldName)}
        </span>
        <span class="ib-publisher" dir="auto" title={row.publisherName}>
          {row.publisherName}
        </span>
      </td>
      <td class="ib-cell ib-cell--diff">
        <InboxDiff class="ib-diff" before={row.originalContent} after={row.suggestedContent} />
      </td>
      <td class="ib-cell ib-cell--age">
        <span>{ageWords(row.ageDays)}</span>
        <time class="ib-muted" dateTime={row.dateCreated}>
          {shortDate(row.dateCreated)}
        </time>
      </td>
      <td class="ib-cell ib-cell--act">
        {state ? (
          <span class="ib-state">{state}</span>
        ) : (
          <>
            <button
              type="button"
              class="ib-decide"
              data-decision="accept"
              tabIndex={-1}
              onClick={() => onDecide('ACCEPTED')}
            >
              Accept
            </button>
            <button
              type="button"
              class="ib-decide"
              data-decision="reject"
              tabIndex={-1}
              onClick={() => onDecide('REJECTED')}
            >
              Reject
            </button>
          </>
        )}
      </td>
      <RowNote row={row} onDecide={onDecide} />
    </tr>
  );
});

/**
 * Memoized, with stable props: a filter's click redraws the filters at once and the list only when its answer
 * comes (drawn twice, the list's first render held the answer back on a busy page's thread).
 */
export const InboxList = memoized(function InboxList({ store, shortcutsOn, onHelp, onUndo }: InboxListProps) {
  const id = useId();
  // The sort alone: reading the whole state would draw the list again at every filter's click.
  const sort = useComputed(() => store.state.value.sort).value;
  const scrollRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const view = store.view.value.value;
  const count = view?.items ?? 0;
  const selected = store.selected.value;
  const onWindow = useCallback((w: { first: number; end: number }) => store.show(w.first, w.end), [store]);
  const heads = view?.heads;
  const noted = view?.noted;
  const layout = useMemo(() => inboxLayout(count, heads ?? [], noted ?? []), [count, heads, noted]);
  // Set on the grid without drawing the list again: every event's question flips it twice.
  useSignalEffect(() => {
    const busy = store.view.loading.value;
    scrollRef.current?.querySelector('table')?.setAttribute('aria-busy', busy ? 'true' : 'false');
  });

  useEffect(() => {
    if (active >= count) setActive(Math.max(0, count - 1));
  }, [count]);

  const rowIndex = (from: number, step: 1 | -1): number => {
    for (let i = from; i >= 0 && i < count; i += step) {
      const item = store.rowAt(i);
      if (!item || item.kind === 'row') return i;
    }
    return active;
  };

  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(count - 1, index));
    setActive(next);
    const box = scrollRef.current;
    if (box) {
      const top = scrollToShow(layout, next, box.scrollTop, box.clientHeight - INBOX_ROW_HEIGHT);
      if (top !== box.scrollTop) box.scrollTop = top;
    }
  };

  const activeRow = (): InboxRowView | null => {
    const item = store.rowAt(active);
    return item?.kind === 'row' ? item.row : null;
  };

  const decideNow = (decision: DecisionView) => {
    const chosen = selected.size
      ? (view?.window ?? []).flatMap((i) => (i.kind === 'row' && selected.has(rowKeyOf(i.row)) ? [i.row] : []))
      : [activeRow()].filter((r): r is InboxRowView => r !== null && r.pending === null);
    if (chosen.length) void store.decide(chosen, decision);
    if (!selected.size) moveTo(rowIndex(active + 1, 1));
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const action = actionForKey(event.key, shortcutsOn);
    if (!action) return;
    event.preventDefault();
    if (action === 'next') moveTo(rowIndex(active + 1, 1));
    else if (action === 'previous') moveTo(rowIndex(active - 1, -1));
    else if (action === 'first') moveTo(rowIndex(0, 1));
    else if (action === 'last') moveTo(rowIndex(count - 1, -1));
    else if (action === 'accept') decideNow('ACCEPTED');
    else if (action === 'reject') decideNow('REJECTED');
    else if (action === 'undo') onUndo();
    else if (action === 'help') onHelp();
    else if (action === 'select') {
      const row = activeRow();
      if (row) store.toggle(row);
    }
  };

  const head = (
    <thead>
      <tr class="ib-row ib-row--head">
        <th scope="col" class="ib-cell ib-cell--check">
          <span class="visually-hidden">Selected</span>
        </th>
        <th scope="col" class="ib-cell">
          Account and location
        </th>
        <th scope="col" class="ib-cell">
          Field
        </th>
        <th scope="col" class="ib-cell">
          Suggested change
        </th>
        <th scope="col" class="ib-cell" aria-sort={sort === 'oldest' ? 'descending' : 'ascending'}>
          <button
            type="button"
            class="ib-sort"
            onClick={() => {
              const state = store.state.value;
              store.setState({ ...state, sort: state.sort === 'oldest' ? 'newest' : 'oldest' });
            }}
          >
            Age
            <span aria-hidden="true">{sort === 'oldest' ? ' ▼' : ' ▲'}</span>
            <span class="visually-hidden">{sort === 'oldest' ? ', oldest first' : ', newest first'}</span>
          </button>
        </th>
        <th scope="col" class="ib-cell">
          <span class="visually-hidden">Decision</span>
        </th>
      </tr>
    </thead>
  );

  return (
    <VirtualTable
      class="ib-grid"
      scrollClass="ib-scroll"
      role="grid"
      aria-label="Waiting suggestions of every account"
      aria-rowcount={count + 1}
      aria-multiselectable="true"
      tabIndex={0}
      aria-activedescendant={activeRow() ? `${id}-row-${active}` : undefined}
      onKeyDown={onKeyDown}
      scrollRef={scrollRef}
      count={count}
      rowHeight={INBOX_ROW_HEIGHT}
      overscan={INBOX_OVERSCAN}
      layout={layout}
      onWindow={onWindow}
      head={head}
      rowsArrival={view}
      renderRow={(index, style) => {
        const item = store.rowAt(index);
        // Keyed by what they show: a row that moves (a grouping, a filter) is moved, not drawn again.
        if (!item) return <tr key={`at ${index}`} class="ib-row ib-row--placeholder" style={{ ...style }} />;
        if (item.kind === 'group') return <GroupRow key={`group ${item.group.key}`} item={item} style={style} />;
        const row = item.row;
        return (
          <SuggestionLine
            key={`row ${rowKeyOf(row)}`}
            row={row}
            rowId={`${id}-row-${index}`}
            index={index}
            top={style.top}
            height={style.height}
            active={index === active}
            selected={selected.has(rowKeyOf(row))}
            store={store}
            setActive={setActive}
          />
        );
      }}
    />
  );
});
