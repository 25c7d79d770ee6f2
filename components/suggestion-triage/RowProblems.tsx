// A row's queued retry and failed decision, in words (decision-words.ts): loaded with the first row that has
// one (first-use.ts), since most opens show none.
import type { FailedDecisionView, PendingDecisionView } from '../../lib/messaging/protocol/index.ts';
import { UNCONFIRMED } from '../../lib/shared/triage-batch.ts';
import { Button } from '../ui/Button.tsx';
import { problemWords } from './decision-words.ts';
import { decisionVerb } from './labels.ts';

export function Queued({ pending }: { pending: PendingDecisionView }) {
  const words = problemWords(pending.lastError!, pending.retryAt);
  return (
    <p class="st-row__queued">
      {words.sentence} {words.smallPrint ? <small class="st-row__code">({words.smallPrint})</small> : null}
    </p>
  );
}

export function FailureNotice(props: {
  failure: FailedDecisionView;
  tab: number;
  onRetry: () => void;
  onDismiss: () => void;
}) {
  const { failure } = props;
  const words = problemWords(failure);
  // Not known to have failed: it may be sent again, and the service answers "already resolved" if it had gone.
  const unconfirmed = failure.code === UNCONFIRMED;
  return (
    <div class="st-row__error" role="alert">
      <span>
        {unconfirmed ? null : `Couldn’t ${decisionVerb(failure.decision, 'base')}. `}
        {words.sentence}
        {words.smallPrint ? <small class="st-row__code"> {words.smallPrint}</small> : null}
      </span>
      {unconfirmed ? (
        <Button size="xs" tabIndex={props.tab} onClick={props.onRetry}>
          Retry
        </Button>
      ) : null}
      <Button variant="link" tabIndex={props.tab} onClick={props.onDismiss}>
        Dismiss
      </Button>
    </div>
  );
}
