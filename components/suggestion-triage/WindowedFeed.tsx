// A list that renders only the rows in (and near) view: each row sits at its offset inside a box as
// tall as the whole list, so 500 suggestions cost what 15 do. Heights are measured once rendered.
import type { ComponentChildren, HTMLAttributes, RefObject } from 'preact';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { measuredLayout, visibleIndexes } from '../ui/list-window.ts';

/** Before the first layout there is no viewport to measure: assume a popup's. */
const FALLBACK_VIEWPORT_PX = 600;
/** A row's height until it is measured. */
const ESTIMATE_PX = 110;
/** Rendered beyond the viewport, above and below, from the second frame with rows on. */
const OVERSCAN_PX = 800;

export interface WindowedFeedProps<T> extends Omit<HTMLAttributes<HTMLDivElement>, 'ref'> {
  items: readonly T[];
  keyOf: (item: T) => string;
  renderItem: (item: T, index: number) => ComponentChildren;
  /** Always rendered, wherever it is (the row with focus). */
  keepIndex: number | null;
  containerRef: RefObject<HTMLDivElement | null>;
  children?: ComponentChildren;
}

export function WindowedFeed<T>({
  items,
  keyOf,
  renderItem,
  keepIndex,
  containerRef,
  children,
  ...rest
}: WindowedFeedProps<T>) {
  const heights = useRef(new Map<string, number>());
  const [measured, setMeasured] = useState(0);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(0);
  const inner = useRef<HTMLDivElement>(null);
  const frame = useRef(0);
  // The first frame with rows holds only the viewport's (half the rows to build, style and paint before
  // the user sees one); the overscan follows once that frame is on screen.
  const [overscan, setOverscan] = useState(0);
  const hasItems = items.length > 0;
  useEffect(() => {
    if (!hasItems || overscan > 0) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const painted = requestAnimationFrame(() => {
      timer = setTimeout(() => setOverscan(OVERSCAN_PX), 0);
    });
    return () => {
      cancelAnimationFrame(painted);
      clearTimeout(timer);
    };
  }, [hasItems, overscan]);

  // `measured` changes when a row's measured height does: the offsets are recomputed then.
  const rows = useMemo(
    () => measuredLayout(items.length, (i) => heights.current.get(keyOf(items[i]!)) ?? ESTIMATE_PX),
    [items, measured, keyOf],
  );
  const indexes = visibleIndexes(rows, scrollTop, viewport || FALLBACK_VIEWPORT_PX, overscan, keepIndex);

  /** Notes each slot's height; a change draws the list again. No layout (a test DOM) measures 0: keep the estimate. */
  function remeasure(slots: HTMLElement[]): void {
    let changed = false;
    for (const slot of slots) {
      const key = slot.dataset.key;
      const height = slot.offsetHeight;
      if (key !== undefined && height > 0 && heights.current.get(key) !== height) {
        heights.current.set(key, height);
        changed = true;
      }
    }
    if (changed) setMeasured((n) => n + 1);
  }

  useLayoutEffect(() => {
    const box = inner.current;
    if (!box) return;
    remeasure(Array.from(box.children) as HTMLElement[]);
    // Rows scrolled out of the window are no longer watched.
    for (const slot of observed.current) {
      if (slot.isConnected) continue;
      resized?.unobserve(slot);
      observed.current.delete(slot);
    }
  });

  // A row whose content grows after it rendered (a part loaded on first use, e.g. a failure's words) is
  // measured again when it does, so the rows below move down instead of lying over it.
  const observed = useRef(new Set<HTMLElement>());
  const [resized] = useState(() =>
    typeof ResizeObserver === 'undefined'
      ? null
      : new ResizeObserver((entries) => remeasure(entries.map((e) => e.target as HTMLElement))),
  );
  useEffect(() => () => resized?.disconnect(), [resized]);
  const observeSlot = useCallback(
    (slot: HTMLDivElement | null) => {
      if (!slot || !resized) return;
      resized.observe(slot);
      observed.current.add(slot);
    },
    [resized],
  );

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return undefined;
    const measure = () => setViewport(container.clientHeight);
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(container);
    return () => observer.disconnect();
  }, [containerRef]);

  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  const onScroll = () => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => setScrollTop(containerRef.current?.scrollTop ?? 0));
  };

  return (
    <div ref={containerRef} {...rest} onScroll={onScroll}>
      {items.length > 0 ? (
        <div ref={inner} class="windowed-feed__box" style={{ height: `${rows.offsets[items.length]}px` }}>
          {indexes.map((i) => {
            const item = items[i]!;
            const key = keyOf(item);
            return (
              <div
                key={key}
                ref={observeSlot}
                data-key={key}
                class="windowed-feed__slot"
                style={{ transform: `translateY(${rows.offsets[i]}px)` }}
              >
                {renderItem(item, i)}
              </div>
            );
          })}
        </div>
      ) : null}
      {children}
    </div>
  );
}
