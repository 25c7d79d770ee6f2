import type { ComponentChildren } from 'preact';
import './table.css';

export interface TableScrollProps {
  /** The table's caption or heading: the region's name a screen reader announces when Tab reaches it. */
  label: string;
  children: ComponentChildren;
}

/**
 * The box a data table scrolls in on a narrow window (WCAG 1.4.10 allows it for tables). A focusable, named
 * region, so a keyboard user can scroll it too (axe scrollable-region-focusable): not every table has a control.
 */
export function TableScroll({ label, children }: TableScrollProps) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroller with no control of its own needs a tab stop.
    <section class="ui-table-scroll" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
