// The listings table: the rows the filters match, sorted, virtualized (only rows in view are in the
// DOM), with keyboard movement and selection. It takes its filters as props, so the embedded panel can
// show it filtered to one location.
import type { RefObject } from 'preact';
import { useCallback, useEffect, useId, useRef, useState } from 'preact/hooks';
import {
  LISTINGS_SORT_KEYS,
  type ListingsSort,
  type ListingsSortKey,
  type ListingTableRow,
} from '../../lib/messaging/protocol/index.ts';
import { safeHttpUrl } from '../../lib/shared/safe-url.ts';
import { fixedLayout, scrollToShow } from '../ui/list-window.ts';
import { VirtualTable } from '../ui/VirtualTable.tsx';
import { ListingRow } from './ListingRow.tsx';
import { addKeys, isSelected, type SelectionState, toggleKey } from './selection.ts';
import { useStableCallback } from './use-stable-callback.ts';
import type { RowsView } from './workspace-rows.ts';

export const ROW_HEIGHT = 30;
export const FIRST_ROW_MARK = 'first-listing-row-painted';

/** Each sort key of the protocol, headed in the table's column order. */
const HEADINGS: Record<ListingsSortKey, string> = {
  location: 'Location',
  publisher: 'Publisher',
  status: 'Status',
  statusDetails: 'Status details',
  listingUrl: 'Listing',
  screenshotUrl: 'Screenshot',
};
export const COLUMNS = LISTINGS_SORT_KEYS.map((column) => ({ column, label: HEADINGS[column] }));

export interface ListingsTableProps {
  rows: RowsView;
  sort: ListingsSort;
  onSortChange: (sort: ListingsSort) => void;
  selection: SelectionState;
  onSelectionChange: (selection: SelectionState) => void;
  label: string;
  scrollRef?: RefObject<HTMLDivElement | null>;
  /** The narrow form (the embedded panel): publisher, status, details and link, no selection boxes. */
  compact?: boolean;
}

/** What a narrow panel has room for; the location is the panel's own, selection has no action there. */
const COMPACT_COLUMNS: ReadonlySet<ListingsSortKey> = new Set(['publisher', 'status', 'statusDetails', 'listingUrl']);
/** The compact box grows with its rows up to this many, then scrolls. */
const COMPACT_MAX_ROWS = 8;

export function ListingsTable({
  rows,
  sort,
  onSortChange,
  selection,
  onSelectionChange,
  label,
  scrollRef: givenRef,
  compact = false,
}: ListingsTableProps) {
  const columns = compact
    ? COLUMNS.filter(({ column }) => COMPACT_COLUMNS.has(column)).map((c) =>
        c.column === 'statusDetails' ? { ...c, label: 'Reasons' } : c,
      )
    : COLUMNS;
  const id = useId();
  const ownRef = useRef<HTMLDivElement>(null);
  const scrollRef = givenRef ?? ownRef;
  const [active, setActive] = useState(0);
  const count = rows.matched ?? 0;
  const show = rows.show;
  const onWindow = useCallback((w: { first: number; end: number }) => show(w.first, w.end), [show]);

  // For the bench: when the first row was painted (the mark lands in the task after that frame).
  const firstRow = Boolean(rows.rowAt(0));
  useEffect(() => {
    if (!firstRow || performance.getEntriesByName(FIRST_ROW_MARK).length > 0) return;
    requestAnimationFrame(() => setTimeout(() => performance.mark(FIRST_ROW_MARK), 0));
  }, [firstRow]);

  // The active row stays within the list when it shrinks.
  useEffect(() => {
    if (active >= count) setActive(Math.max(0, count - 1));
  }, [count]);

  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(count - 1, index));
    setActive(next);
    const box = scrollRef.current;
    if (box) {
      const header = ROW_HEIGHT;
      const top = scrollToShow(fixedLayout(count, ROW_HEIGHT), next, box.scrollTop, box.clientHeight - header);
      if (top !== box.scrollTop) box.scrollTop = top;
    }
  };

  // One function for the table's life, so the rows (memo) are not drawn again on every render.
  const toggle = useStableCallback((index: number, row: ListingTableRow, range: boolean) => {
    setActive(index);
    const anchor = selection.kind === 'keys' ? selection.anchor : null;
    if (range && anchor !== null) {
      void rows.keysBetween(anchor, index).then((keys) => onSelectionChange(addKeys(selection, keys)));
    } else {
      onSelectionChange(toggleKey(selection, row.key, index));
    }
  });

  const onKeyDown = (event: KeyboardEvent) => {
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 300) / ROW_HEIGHT) - 2);
    const moves: Record<string, number> = {
      ArrowDown: active + 1,
      ArrowUp: active - 1,
      PageDown: active + page,
      PageUp: active - page,
      Home: 0,
      End: count - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      moveTo(moves[event.key]!);
    } else if (event.key === 'Enter') {
      // The row's links are out of the tab order (one stop for the whole grid): Enter opens its listing.
      const url = safeHttpUrl(rows.rowAt(active)?.listingUrl ?? '');
      if (!url) return;
      event.preventDefault();
      window.open(url, '_blank', 'noopener,noreferrer');
    } else if (!compact && (event.key === 'x' || event.key === ' ')) {
      const row = rows.rowAt(active);
      if (!row) return;
      event.preventDefault();
      toggle(active, row, event.shiftKey);
    }
  };

  const sortBy = (column: ListingsSortKey) =>
    onSortChange({
      key: column,
      direction: sort.key === column && sort.direction === 'asc' ? 'desc' : 'asc',
    });

  const head = (
    <thead>
      <tr aria-rowindex={1} class="lw-row lw-row--head">
        {compact ? null : (
          <th scope="col" class="lw-cell lw-cell--check">
            <span class="visually-hidden">Selected</span>
          </th>
        )}
        {columns.map(({ column, label: name }) => (
          <th
            key={column}
            scope="col"
            class="lw-cell"
            aria-sort={sort.key === column ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
          >
            <button type="button" class="lw-sort" tabIndex={-1} onClick={() => sortBy(column)}>
              {name}
              {/* Not an empty text node: Preact writes one again on every render, and the head is laid out again. */}
              <span aria-hidden="true" class="lw-sort__mark">
                {sort.key === column ? (sort.direction === 'asc' ? '▲' : '▼') : null}
              </span>
            </button>
          </th>
        ))}
      </tr>
    </thead>
  );

  return (
    <VirtualTable
      class={compact ? 'lw-grid lw-grid--compact' : 'lw-grid'}
      scrollClass={compact ? 'lw-scroll lw-scroll--compact' : 'lw-scroll'}
      scrollStyle={
        compact ? { height: `${(Math.min(Math.max(count, 1), COMPACT_MAX_ROWS) + 1) * ROW_HEIGHT + 2}px` } : undefined
      }
      role="grid"
      aria-label={label}
      aria-rowcount={count + 1}
      aria-multiselectable={compact ? undefined : 'true'}
      aria-busy={rows.stale}
      tabIndex={0}
      aria-activedescendant={rows.rowAt(active) ? `${id}-row-${active}` : undefined}
      onKeyDown={onKeyDown}
      scrollRef={scrollRef}
      count={count}
      rowHeight={ROW_HEIGHT}
      onWindow={onWindow}
      head={head}
      rowsArrival={rows.arrival}
      renderRow={(index, style) => {
        const row = rows.rowAt(index);
        return (
          <ListingRow
            key={index}
            index={index}
            row={row}
            style={style}
            rowId={`${id}-row-${index}`}
            selected={compact ? undefined : row ? isSelected(selection, row.key) : false}
            compact={compact}
            active={index === active}
            onToggle={toggle}
          />
        );
      }}
    />
  );
}
