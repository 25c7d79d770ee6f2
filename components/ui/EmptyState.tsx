import type { ComponentChildren } from 'preact';
import './ui.css';

export interface EmptyStateProps {
  title: string;
  /** Why it is empty and what to do about it: never leave a blank screen. */
  children?: ComponentChildren;
  action?: ComponentChildren;
  class?: string;
}

export function EmptyState({ title, children, action, class: className }: EmptyStateProps) {
  return (
    <section class={className ? `ui-empty ${className}` : 'ui-empty'} aria-label={title}>
      <h2 class="ui-empty__title">{title}</h2>
      {children ? <div class="ui-empty__body">{children}</div> : null}
      {action ?? null}
    </section>
  );
}
