// What the service (or the client) said about a list that did come: items it could not give, items
// Listings Desk could not read, an empty answer and why. Calm (a status, not an alert), in the user's
// words (the worker's), the service's code and own message in small print. Nothing from it is HTML.
import { EMPTY_ANSWER, type ListWarning } from '../../lib/messaging/list-warnings.ts';
import './ui.css';

export interface ListWarningsProps {
  warnings: readonly ListWarning[] | null | undefined;
  /** The view already says why it is empty (its empty state): the empty-answer note would repeat it. */
  omitEmptyAnswer?: boolean;
  size?: 'sm' | 'md';
  class?: string;
}

export function ListWarnings({ warnings, omitEmptyAnswer, size = 'md', class: className }: ListWarningsProps) {
  const shown = (warnings ?? []).filter((w) => !(omitEmptyAnswer && w.name === EMPTY_ANSWER));
  if (shown.length === 0) return null;
  return (
    <div class={className ? `ui-notice ${className}` : 'ui-notice'} data-tone="info" data-size={size} role="status">
      <div class="ui-notice__body">
        {shown.map((warning, i) => (
          // Worded by the worker (service-words.ts); a warning stored before that shows its own text.
          <p key={i} class="ui-notice__message">
            {warning.sentence ?? warning.message}{' '}
            {warning.smallPrint ? <small class="ui-notice__code">{warning.smallPrint}</small> : null}
          </p>
        ))}
      </div>
    </div>
  );
}
