// A bulk decision after its undo window: how many of its PUTs the service has answered. Read from the
// worker's batch outcome, so "sent" never counts a decision that was undone, failed or is still queued.
import { useEffect, useState } from 'preact/hooks';
import type { BatchOutcomeView } from '../../lib/messaging/protocol/index.ts';
import { formatNumber } from '../../lib/shared/format.ts';
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
    outcome.failed > 0 ? `${formatNumber(outcome.failed)} failed` : '',
    outcome.queued > 0 ? `${formatNumber(outcome.queued)} waiting to retry` : '',
    outcome.undone > 0 ? `${formatNumber(outcome.undone)} undone` : '',
  ].filter(Boolean);
  const verb = decisionVerb(outcome.decision, finished ? 'past' : 'ing');
  return (
    <div class="st-progress">
      <ProgressBar
        label={`${decisionVerb(outcome.decision, 'ing')} ${formatNumber(total)} suggestions`}
        value={answered}
        max={total}
        text={`${verb}: ${formatNumber(answered)} of ${formatNumber(total)} sent${extra.map((e) => ` · ${e}`).join('')}`}
      />
    </div>
  );
}
