import type { SendBatchView } from '../../lib/messaging/protocol/index.ts';
import { ProgressBar } from '../ui/ProgressBar.tsx';

/** How far the worker is in sending one batch of add requests, and which locations it could not send. */
export function BatchProgress({ batch }: { batch: SendBatchView }) {
  const handled = batch.sent + batch.failed.length;
  return (
    // Not a live region: the bar announces its start, quarters and end, not every request.
    <div class="prov-batch">
      <ProgressBar
        label="Sending add requests"
        value={handled}
        max={batch.total}
        text={batch.done ? `${batch.sent} of ${batch.total} sent` : `${handled} of ${batch.total}`}
      />
      {batch.failed.length > 0 ? (
        <ul class="prov-list" aria-label="Not sent" role="alert">
          {batch.failed.map((f) => (
            <li key={f.locationName} data-tone="danger">
              {f.locationName}: {f.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
