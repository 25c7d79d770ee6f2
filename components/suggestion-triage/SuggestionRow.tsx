import type { SuggestionDecision } from '../../lib/api/suggestions.ts';
import { WAITING } from '../../lib/listing-statuses.ts';
import type { FailedDecisionView, PendingDecisionView } from '../../lib/messaging/protocol.ts';
import type { SuggestionView } from '../../lib/storage.ts';
import { safeHttpUrl } from '../ui/safe-url.ts';
import { decisionVerb, shortDate, suggestionStatusLabel } from './labels.ts';
import { WordDiff } from './WordDiff.tsx';

export interface SuggestionRowProps {
  suggestion: SuggestionView;
  publisherName: string;
  index: number;
  setSize: number;
  active: boolean;
  selected: boolean;
  pending: PendingDecisionView | undefined;
  failure: FailedDecisionView | undefined;
  /** Seconds left in the undo window, when pending and not yet sending. */
  secondsLeft: number;
  onActivate: (id: string) => void;
  onSelect: (id: string, selected: boolean) => void;
  onDecide: (ids: string[], decision: SuggestionDecision) => void;
  onUndo: (ids: string[]) => void;
  onDismissFailure: (ids: string[]) => void;
}

export function rowId(suggestionId: string): string {
  return `suggestion-${suggestionId.replace(/[^\w-]/g, '_')}`;
}

export function SuggestionRow(props: SuggestionRowProps) {
  const { suggestion: s, publisherName, pending, failure, active, selected } = props;
  const id = rowId(s.id);
  const decidable = s.status === WAITING;
  const link = safeHttpUrl(s.suggestedContent);
  const state = pending ? (pending.sending ? 'sending' : 'pending') : failure ? 'failed' : undefined;
  return (
    <article
      id={id}
      class="st-row"
      tabIndex={active ? 0 : -1}
      aria-posinset={props.index + 1}
      aria-setsize={props.setSize}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-field`}
      data-active={active ? '' : undefined}
      data-selected={selected ? '' : undefined}
      data-state={state}
      onFocusIn={() => props.onActivate(s.id)}
    >
      {decidable ? (
        <input
          type="checkbox"
          class="st-row__check"
          tabIndex={-1}
          checked={selected}
          aria-label={`Select suggestion from ${publisherName} for location ${s.locationId || 'unknown'}`}
          onChange={(event) => props.onSelect(s.id, event.currentTarget.checked)}
        />
      ) : (
        <span />
      )}
      <div class="st-row__body">
        <header class="st-row__head">
          <h3 class="st-row__title" id={`${id}-title`}>
            {publisherName}
          </h3>
          {decidable ? (
            <RowActions {...props} />
          ) : (
            <span class="st-chip" data-status={s.status}>
              {suggestionStatusLabel(s.status)}
            </span>
          )}
        </header>
        <p class="st-row__field" id={`${id}-field`}>
          <span class="st-row__location">{s.locationId ? `Location ${s.locationId}` : 'No location'}</span>
          <span aria-hidden="true">·</span>
          <span class="st-row__fieldname">{s.fieldName || 'field not named'}</span>
          <time class="st-row__date" dateTime={s.dateCreated}>
            {shortDate(s.dateCreated)}
          </time>
        </p>
        <WordDiff class="st-diff" before={s.originalContent} after={s.suggestedContent} />
        {link ? (
          <a class="st-row__link" href={link} target="_blank" rel="noopener noreferrer" tabIndex={active ? 0 : -1}>
            Open suggested link
          </a>
        ) : null}
        {failure && !pending ? (
          <div class="st-row__error" role="alert">
            <span>
              Couldn’t {decisionVerb(failure.decision, 'base')}: {failure.message}
              {failure.code ? <span class="st-row__code"> (code {failure.code})</span> : null}
            </span>
            <button
              type="button"
              class="st-link-button"
              tabIndex={active ? 0 : -1}
              onClick={() => props.onDismissFailure([s.id])}
            >
              Dismiss
            </button>
          </div>
        ) : null}
      </div>
    </article>
  );
}

function RowActions({ suggestion, pending, secondsLeft, active, onDecide, onUndo }: SuggestionRowProps) {
  const tab = active ? 0 : -1;
  if (pending) {
    return (
      <span class="st-row__pending">
        <span class="st-row__pending-text">
          {pending.sending
            ? `${decisionVerb(pending.decision, 'ing')}…`
            : `${decisionVerb(pending.decision, 'past')} · ${secondsLeft} s`}
        </span>
        {pending.sending ? null : (
          <button type="button" class="st-btn" tabIndex={tab} onClick={() => onUndo([suggestion.id])}>
            Undo
          </button>
        )}
      </span>
    );
  }
  return (
    <span class="st-row__actions">
      <button
        type="button"
        class="st-btn"
        data-kind="accept"
        tabIndex={tab}
        aria-keyshortcuts="a"
        onClick={() => onDecide([suggestion.id], 'ACCEPTED')}
      >
        Accept
      </button>
      <button
        type="button"
        class="st-btn"
        data-kind="reject"
        tabIndex={tab}
        aria-keyshortcuts="r"
        onClick={() => onDecide([suggestion.id], 'REJECTED')}
      >
        Reject
      </button>
    </span>
  );
}
