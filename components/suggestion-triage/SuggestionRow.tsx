// One suggestion: who suggests what for which location, the word diff, and its state (open, pending in
// its undo window, being sent, queued after a transient failure, failed). Memoized: a row re-renders
// only when its own props change, not on every key press or countdown tick.
import { Component } from 'preact';
import type {
  DecisionView,
  FailedDecisionView,
  PendingDecisionView,
  SuggestionView,
} from '../../lib/messaging/protocol/index.ts';
import { showBidiControls } from '../../lib/shared/bidi.ts';
import { WAITING } from '../../lib/shared/listing-statuses.ts';
import { safeHttpUrl } from '../../lib/shared/safe-url.ts';
import { Button } from '../ui/Button.tsx';
import { FailureNotice, Queued } from './first-use.ts';
import { decisionVerb, downgradesToHttp, fieldLabel, shortDate, suggestionStatusLabel } from './labels.ts';
import { WordDiff } from './WordDiff.tsx';

export interface SuggestionRowProps {
  suggestion: SuggestionView;
  publisherName: string;
  /** "Main Street Bakery, Springfield"; the id until the worker knows the location's name. */
  locationName: string;
  /** Across accounts: the account it belongs to; absent with one account linked. */
  accountName?: string;
  index: number;
  setSize: number;
  active: boolean;
  selected: boolean;
  pending: PendingDecisionView | undefined;
  failure: FailedDecisionView | undefined;
  onActivate: (id: string) => void;
  onSelect: (id: string, selected: boolean) => void;
  onDecide: (ids: string[], decision: DecisionView) => void;
  onUndo: (ids: string[]) => void;
  onDismissFailure: (ids: string[]) => void;
}

/** The location's whole name (a long one is cut in the row) and its id: "Harbor Bakery – Pearl, location HB-001". */
function locationTitle(name: string, id: string): string | undefined {
  if (!id) return name || undefined;
  return name && name !== id ? `${name}, location ${id}` : `Location ${id}`;
}

export function rowId(suggestionId: string): string {
  return `suggestion-${suggestionId.replace(/[^\w-]/g, '_')}`;
}

/** preact/compat's memo, without pulling compat into the popup's bundle. */
export class SuggestionRow extends Component<SuggestionRowProps> {
  override shouldComponentUpdate(next: SuggestionRowProps): boolean {
    const now = this.props as unknown as Record<string, unknown>;
    const then = next as unknown as Record<string, unknown>;
    for (const key in then) if (then[key] !== now[key]) return true;
    return false;
  }

  override render() {
    return <Row {...this.props} />;
  }
}

function Row(props: SuggestionRowProps) {
  const { suggestion: s, publisherName, locationName, pending, failure, active, selected } = props;
  const id = rowId(s.id);
  const decidable = s.status === WAITING;
  const link = safeHttpUrl(s.suggestedContent);
  const insecure = link !== null && downgradesToHttp(s.originalContent, s.suggestedContent);
  const state = pending ? (pending.sending ? 'sending' : 'pending') : failure ? 'failed' : undefined;
  const tab = active ? 0 : -1;
  return (
    <article
      id={id}
      class="st-row"
      tabIndex={tab}
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
          tabIndex={tab}
          checked={selected}
          aria-label={`Select suggestion from ${publisherName} for ${locationName || 'an unknown location'}`}
          onChange={(event) => props.onSelect(s.id, event.currentTarget.checked)}
        />
      ) : (
        <span />
      )}
      <div class="st-row__body">
        <header class="st-row__head">
          {/* Element Timing: `npm run bench` reads when the first suggestion was painted. */}
          <h3 class="st-row__title" id={`${id}-title`} elementtiming="suggestion" title={publisherName}>
            <bdi>{publisherName}</bdi>
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
          {props.accountName ? (
            <>
              <span class="st-row__account" dir="auto">
                {props.accountName}
              </span>
              <span aria-hidden="true">·</span>
            </>
          ) : null}
          <span class="st-row__location" dir="auto" title={locationTitle(locationName, s.locationId)}>
            {locationName || 'No location'}
          </span>
          <span aria-hidden="true">·</span>
          <span class="st-row__fieldname">{fieldLabel(s.fieldName)}</span>
          <time class="st-row__date" dateTime={s.dateCreated}>
            {shortDate(s.dateCreated)}
          </time>
        </p>
        <WordDiff class="st-diff" before={s.originalContent} after={s.suggestedContent} />
        {insecure ? (
          <p class="st-row__warn" role="note">
            <span aria-hidden="true">⚠ </span>
            This link drops https: the suggested address is plain http, not secure.
          </p>
        ) : null}
        {link ? (
          <a
            class="st-row__link"
            href={link}
            title={showBidiControls(link)}
            target="_blank"
            rel="noopener noreferrer"
            tabIndex={tab}
          >
            Open suggested link
          </a>
        ) : null}
        {pending?.lastError && !pending.sending ? <Queued pending={pending} /> : null}
        {failure && !pending ? (
          <FailureNotice
            failure={failure}
            tab={tab}
            onRetry={() => props.onDecide([s.id], failure.decision)}
            onDismiss={() => props.onDismissFailure([s.id])}
          />
        ) : null}
      </div>
    </article>
  );
}

function RowActions({ suggestion, pending, active, onDecide, onUndo }: SuggestionRowProps) {
  const tab = active ? 0 : -1;
  if (pending) {
    const verb = decisionVerb(pending.decision, 'past');
    // Tried once already: the service may have it, so an undo could no longer promise anything.
    const undoable = !pending.sending && pending.attempts === 0;
    return (
      <span class="st-row__pending">
        <span class="st-row__pending-text">
          {pending.sending ? `${verb} · Sending…, too late to undo` : undoable ? verb : `${verb} · queued`}
        </span>
        {!undoable ? null : (
          <Button size="xs" tabIndex={tab} onClick={() => onUndo([suggestion.id])}>
            Undo
          </Button>
        )}
      </span>
    );
  }
  return (
    <span class="st-row__actions">
      <Button
        size="xs"
        variant="positive"
        tabIndex={tab}
        aria-keyshortcuts="a"
        onClick={() => onDecide([suggestion.id], 'ACCEPTED')}
      >
        Accept
      </Button>
      <Button
        size="xs"
        variant="negative"
        tabIndex={tab}
        aria-keyshortcuts="r"
        onClick={() => onDecide([suggestion.id], 'REJECTED')}
      >
        Reject
      </Button>
    </span>
  );
}
