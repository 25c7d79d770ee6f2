// The panel acts only while the person can see it (in-view.ts says how that is known). Until then its content
// is inert: no click, key or focus reaches a button, and the browser's hit test passes through it. A calm line
// says why; focus that was inside comes back when the panel can act again.
import type { ReadonlySignal } from '@preact/signals';
import type { ComponentChildren } from 'preact';
import { useEffect, useMemo, useRef } from 'preact/hooks';
import { type PanelSight, watchSight } from './in-view.ts';

const LINES: Record<Exclude<PanelSight, 'seen' | 'checking'>, string> = {
  hidden:
    'This page is hiding or covering the panel, so its buttons and keys are paused. They work again a moment after the whole panel is in view.',
  unsupported:
    'This browser cannot tell whether the page covers the panel, so the panel only shows here: decide on suggestions from the Listings Desk button in the toolbar.',
};

export function SightGuard({
  children,
  pageScale,
}: {
  children: ComponentChildren;
  pageScale: ReadonlySignal<number | null>;
}) {
  const watch = useMemo(() => watchSight(document.documentElement, { pageScale }), [pageScale]);
  useEffect(() => watch.stop, [watch]);
  const content = useRef<HTMLDivElement>(null);
  const focused = useRef<Element | null>(null);
  const sight = watch.sight.value;
  const acting = sight === 'seen';

  // Going inert drops focus to the body: remember where it was, and put it back when the panel acts again.
  if (!acting && content.current?.contains(document.activeElement)) focused.current = document.activeElement;
  useEffect(() => {
    const element = focused.current;
    if (!acting || !(element instanceof HTMLElement)) return;
    focused.current = null;
    if (element.isConnected && (document.activeElement === document.body || document.activeElement === null)) {
      element.focus();
    }
  }, [acting]);

  const line = sight === 'hidden' || sight === 'unsupported' ? LINES[sight] : null;
  return (
    <>
      <div class="panel__sight" role="status" data-testid="panel-sight">
        {line ? <p class="panel__sight-line">{line}</p> : null}
      </div>
      <div ref={content} inert={!acting} data-sight={sight}>
        {children}
      </div>
    </>
  );
}
