// A scroll box holding a table of equal-height rows of which only those in view are rendered. The
// rows themselves may not be on the page (the listings live in the worker): `renderRow` gets an
// index and may draw a placeholder until its data arrives; `onWindow` says which indexes are shown.
import type { ComponentChildren, HTMLAttributes, RefObject } from 'preact';
import { useEffect, useLayoutEffect, useState } from 'preact/hooks';
import { type RowWindow, rowWindow } from './row-window.ts';
import './ui.css';

/** Before the first layout there is no viewport to measure. */
const FALLBACK_VIEWPORT_PX = 600;

export interface RowPlacement {
  transform: string;
  height: string;
}

export interface VirtualTableProps extends Omit<HTMLAttributes<HTMLTableElement>, 'ref'> {
  count: number;
  rowHeight: number;
  /** Draws row `index` as a <tr keyed by index>; it must put `style` on the <tr> (it places the row). */
  renderRow: (index: number, style: RowPlacement) => ComponentChildren;
  onWindow?: (window: RowWindow) => void;
  scrollRef: RefObject<HTMLDivElement | null>;
  /** Rows rendered beyond the viewport, above and below. */
  overscan?: number;
  scrollClass?: string;
  scrollStyle?: { height: string };
  /** The <thead>, kept in view at the top of the box. */
  head?: ComponentChildren;
}

export function VirtualTable({
  count,
  rowHeight,
  renderRow,
  onWindow,
  scrollRef,
  overscan = 8,
  scrollClass,
  scrollStyle,
  head,
  class: tableClass,
  ...tableProps
}: VirtualTableProps) {
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(0);

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

  const shown = rowWindow({
    count,
    rowHeight,
    scrollTop,
    viewportHeight: viewport || FALLBACK_VIEWPORT_PX,
    overscan,
  });

  useLayoutEffect(() => {
    onWindow?.(shown);
  }, [shown.first, shown.end, onWindow]);

  // A shorter list (a narrower filter) moves the browser's scrollTop: follow it. After the paint, where
  // reading scrollTop costs nothing; in a layout effect it forced a layout of the whole page per filter.
  useEffect(() => {
    const box = scrollRef.current;
    if (box && box.scrollTop !== scrollTop) setScrollTop(box.scrollTop);
  }, [count]);

  const rows: ComponentChildren[] = [];
  for (let i = shown.first; i < shown.end; i++) {
    rows.push(renderRow(i, { transform: `translateY(${i * rowHeight}px)`, height: `${rowHeight}px` }));
  }

  return (
    <div
      ref={scrollRef}
      class={scrollClass}
      style={scrollStyle}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
    >
      <table {...tableProps} class={tableClass ? `ui-vtable ${tableClass}` : 'ui-vtable'}>
        {head}
        <tbody class="ui-vtable__body" style={{ height: `${count * rowHeight}px` }}>
          {rows}
        </tbody>
      </table>
    </div>
  );
}
