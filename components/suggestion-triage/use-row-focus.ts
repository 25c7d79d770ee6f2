// Which row is active (the roving tabindex), and focus that follows it: after a key moved it to a
// row not rendered yet, or when the row focus sat on vanished (its decision was sent). Rows are found
// in the feed's own root, so this works inside a shadow root too.
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { focusedElement } from '../ui/focus.ts';
import { rowId } from './SuggestionRow.tsx';

interface Row {
  id: string;
}

function rowElement(feed: HTMLElement | null, id: string): HTMLElement | null {
  const root = feed?.getRootNode() as Document | ShadowRoot | undefined;
  return root?.getElementById(rowId(id)) ?? null;
}

export function useRowFocus<T extends Row>(items: readonly T[], paused: boolean) {
  const feedRef = useRef<HTMLDivElement>(null);
  const [activeId, setActiveId] = useState<string | null>(null);
  const feedHasFocus = useRef(false);
  /** A row a key moved to before it was rendered: focused once it is. */
  const focusAfterRender = useRef<string | null>(null);
  const lastIndex = useRef(0);

  const found = activeId === null ? -1 : items.findIndex((s) => s.id === activeId);
  const activeIndex = found >= 0 ? found : Math.min(lastIndex.current, items.length - 1);
  const active: T | undefined = items[activeIndex];
  lastIndex.current = Math.max(0, activeIndex);

  useEffect(() => {
    const feed = feedRef.current;
    if (!feed || paused) return;
    const wanted = focusAfterRender.current && rowElement(feed, focusAfterRender.current);
    if (wanted) {
      focusAfterRender.current = null;
      wanted.focus();
    } else if (active && feedHasFocus.current && !feed.contains(focusedElement(feed))) {
      rowElement(feed, active.id)?.focus();
    }
  });

  const focusRow = useCallback((id: string) => {
    setActiveId(id);
    const row = rowElement(feedRef.current, id);
    // Rendered already: focus moves now; otherwise once the windowed list has rendered it.
    focusAfterRender.current = row ? null : id;
    row?.focus();
  }, []);

  const onFocusIn = useCallback(() => {
    feedHasFocus.current = true;
  }, []);
  const onFocusOut = useCallback((event: FocusEvent) => {
    const next = event.relatedTarget as Node | null;
    const left = event.target as Node;
    // Focus that moved elsewhere leaves the list; focus lost with a removed row does not.
    if (next ? !feedRef.current?.contains(next) : left.isConnected) feedHasFocus.current = false;
  }, []);

  return { feedRef, active, activeIndex, setActiveId, focusRow, onFocusIn, onFocusOut };
}
