// A bulk decision after its undo window: how many of its PUTs the service has answered. Read from the
// worker's batch outcome, so "sent" never counts a decision that was undone, failed or is still queued.
import { useEffect, useState } from 'preact/hooks';
import type { BatchOutcomeView } from '../../lib/messaging/protocol/index.ts';
import { ProgressBar } from '../ui/ProgressBar.tsx';
import { decisionVerb } from './labels.ts';

/** How long a finished batch's bar stays. */
const DONE_SHOWN_MS = 4000;

export function BulkProgress({ outcome, inWindow }: { outcome: BatchOutcomeView | undefined; inWindow: boolean }) {
  const total = outcome ? outcome.size - outcome.undone : 0;
  const answered = outcome ? outcome.sent + outcome.resolvedElsewhere : 0;
  const finished = outcome ? answered + outcome.failed >= total : false;
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    setHidden(false);
    if (!finished) return undefined;
    const timer = setTimeout(() => setHidden(true), DONE_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [finished, outcome?.batchId]);
  if (!outcome || inWindow || total <= 1 || hidden) return null;
  const extra = [
    outcome.failed > 0 ? `${outcome.failed} failed` : '',
    outcome.queued > 0 ? `${outcome.queued} waiting to retry` : '',
    outcome.undone > 0 ? `${outcome.undone} undone` : '',
  ].filter(Boolean);
  const verb = decisionVerb(outcome.decision, finished ? 'past' : 'ing');
  return (
    <div class="st-progress">
      <ProgressBar
        label={`${decisionVerb(outcome.decision, 'ing')} ${total} suggestions`}
        value={answered}
        max={total}
        text={`${verb}: ${answered} of ${total} sent${extra.map((e) => ` · ${e}`).join('')}`}
      />
    </div>
  );
}
