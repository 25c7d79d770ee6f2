// A scroll box holding a table of equal-height rows of which only those in view are rendered. The
// rows themselves may not be on the page (the listings live in the worker): `renderRow` gets an
// index and may draw a placeholder until its data arrives; `onWindow` says which indexes are shown.
//
// When new rows arrive (`rowsArrival` changes) outside a scroll, the rows in view are drawn first: the
// overscan rows (out of sight, there for the next scroll) keep what they showed until the frame is
// painted, then catch up. A new filter's answer then lays out a screenful of rows, not a screenful and
// its overscan, before the user sees it. Any other render (a selection, the active row) draws them all.
import type { ComponentChildren, HTMLAttributes, RefObject } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { fixedLayout, type RowLayout, type RowWindow, windowOf } from './list-window.ts';
import './ui.css';
import './table.css';

/** Before the first layout there is no viewport to measure. */
const FALLBACK_VIEWPORT_PX = 600;

export interface RowPlacement {
  top: string;
  height: string;
}

export interface VirtualTableProps extends Omit<HTMLAttributes<HTMLTableElement>, 'ref'> {
  count: number;
  /** A row's height; the head's too. */
  rowHeight: number;
  /** Where rows sit when they are not all `rowHeight` tall (e.g. compact group headers); indexes as `count`. */
  layout?: RowLayout;
  /**
   * Draws row `index` as a <tr> keyed by index, or by what it shows (unique: e.g. an id); it must put `style`
   * on the <tr> (it places the row).
   */
  renderRow: (index: number, style: RowPlacement) => ComponentChildren;
  onWindow?: (window: RowWindow) => void;
  scrollRef: RefObject<HTMLDivElement | null>;
  /** Rows rendered beyond the viewport, above and below. */
  overscan?: number;
  scrollClass?: string;
  scrollStyle?: { height: string };
  /** The <thead>, one row tall, kept in view at the top of the box. */
  head?: ComponentChildren;
  /** Changes when new rows arrive; without it, every render draws every row. */
  rowsArrival?: unknown;
}

export function VirtualTable({
  count,
  rowHeight,
  layout: given,
  renderRow,
  onWindow,
  scrollRef,
  overscan = 8,
  scrollClass,
  scrollStyle,
  head,
  rowsArrival,
  class: tableClass,
  ...tableProps
}: VirtualTableProps) {
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(0);
  // What each index drew last; `catchUp` is set for the render after the paint that draws them all.
  const drawn = useRef(new Map<number, ComponentChildren>());
  const catchUp = useRef(false);
  const drawnAt = useRef(0);
  const arrivalDrawn = useRef<unknown>(undefined);
  const [, setCaughtUp] = useState(0);

  useEffect(() => {
    const box = scrollRef.current;
    if (!box) return undefined;
    const measure = () => setViewport(box.clientHeight);
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, [scrollRef]);

  const layout = given ?? fixedLayout(count, rowHeight);
  const viewportHeight = viewport || FALLBACK_VIEWPORT_PX;
  const shown = windowOf(layout, scrollTop, viewportHeight, overscan * rowHeight);
  // Under the head, one row tall, rows are out of sight.
  const inView = windowOf(layout, scrollTop, viewportHeight - (head ? rowHeight : 0), 0);

  useLayoutEffect(() => {
    onWindow?.(shown);
  }, [shown.first, shown.end, onWindow]);

  // A shorter list (a narrower filter) moves the browser's scrollTop: follow it. After the paint, where
  // reading scrollTop costs nothing; in a layout effect it forced a layout of the whole page per filter.
  useEffect(() => {
    const box = scrollRef.current;
    if (box && box.scrollTop !== scrollTop) setScrollTop(box.scrollTop);
  }, [count]);

  // A scroll draws every row: the overscan is what comes into view.
  const scrolled = drawn.current.size > 0 && scrollTop !== drawnAt.current;
  const arrived = rowsArrival !== undefined && rowsArrival !== arrivalDrawn.current;
  const all = catchUp.current || scrolled || !arrived;
  catchUp.current = false;
  drawnAt.current = scrollTop;
  arrivalDrawn.current = rowsArrival;
  const drawnNow = new Map<number, ComponentChildren>();
  const draw = (i: number) => {
    const top = layout.topOf(i);
    return renderRow(i, { top: `${top}px`, height: `${layout.topOf(i + 1) - top}px` });
  };
  // Rows keyed by what they show (not by index) may have moved. A row drawn last time at another index is
  // drawn now (it moves, nothing new is laid out), and a row kept from last time must not share its key
  // with one drawn now (Preact would lose one of them): it is drawn now too.
  const keyOf = (row: ComponentChildren) => (row as { key?: unknown } | null)?.key;
  const wasAt = new Map<unknown, number>();
  if (!all) for (const [i, row] of drawn.current) wasAt.set(keyOf(row), i);
  const fresh = new Set<unknown>();
  const kept: number[] = [];
  for (let i = shown.first; i < shown.end; i++) {
    const before = drawn.current.get(i);
    const later = !all && before !== undefined && (i < inView.first || i >= inView.end);
    const now = later ? draw(i) : null;
    const moved = now !== null && (wasAt.get(keyOf(now)) ?? i) !== i;
    // The same vnode as last time: Preact leaves the row as it is.
    const row = later && !moved ? before : (now ?? draw(i));
    if (row === before) kept.push(i);
    else fresh.add(keyOf(row));
    drawnNow.set(i, row);
  }
  let waiting = false;
  for (let clash = true; clash; ) {
    clash = false;
    for (const i of kept) {
      const row = drawnNow.get(i);
      if (row !== drawn.current.get(i) || !fresh.has(keyOf(row))) continue;
      const now = draw(i);
      drawnNow.set(i, now);
      fresh.add(keyOf(now));
      clash = true;
    }
  }
  for (const i of kept) waiting ||= drawnNow.get(i) === drawn.current.get(i);
  const rows = [...drawnNow.values()];
  drawn.current = drawnNow;

  // After the paint (Preact runs effects then): the overscan rows catch up.
  useEffect(() => {
    if (!waiting) return;
    catchUp.current = true;
    setCaughtUp((n) => n + 1);
  });

  return (
    <div
      ref={scrollRef}
      class={scrollClass}
      style={scrollStyle}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
    >
      <table {...tableProps} class={tableClass ? `ui-vtable ${tableClass}` : 'ui-vtable'}>
        {head}
        <tbody class="ui-vtable__body" style={{ height: `${layout.topOf(count)}px` }}>
          {rows}
        </tbody>
      </table>
    </div>
  );
}
