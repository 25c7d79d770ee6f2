// Every add request this extension sent, and any the list call found: status, detail, times and the
// statuses it went through. In a sandbox connection a request in REVIEW can be resolved from here.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { TrackedAddRequestView, TrackerView } from '../../lib/messaging/protocol/index.ts';
import { Button } from '../ui/Button.tsx';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import type { ProvisioningStore } from './provisioning-store.ts';
import { formatServiceTime, formatTime, statusWords } from './service-message.ts';

type TrackerActions = ProvisioningStore['trackerActions'];

export interface TrackerProps {
  actions: TrackerActions;
  view: TrackerView;
  /** The request a notification pointed at: scrolled to and highlighted. */
  focusKey: string | null;
}

function TrackedRequest({
  actions,
  request,
  sandbox,
  focused,
  act,
}: {
  actions: TrackerActions;
  request: TrackedAddRequestView;
  sandbox: boolean;
  focused: boolean;
  act: (run: () => Promise<void>) => Promise<void>;
}) {
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (focused) ref.current?.scrollIntoView({ block: 'center' });
  }, [focused]);
  return (
    <li ref={ref} class="prov-request" data-focused={focused ? '' : undefined} aria-label={`Add request ${request.id}`}>
      <div class="prov-request__head">
        <span class="prov-status" data-status={request.status}>
          {statusWords(request.status)}
        </span>
        <strong class="prov-request__name">{request.locationName}</strong>
        <span class="prov-muted">
          #{request.id} · {request.mode === 'NEW' ? 'new location' : 'existing location'} · {request.skus.join(', ')}
          {request.origin === 'found' ? ' · found on the service' : ''}
        </span>
      </div>
      {request.statusDetail ? <p class="prov-request__detail">{request.statusDetail}</p> : null}
      <p class="prov-muted">
        Submitted {formatServiceTime(request.dateSubmitted)}
        {request.dateCompleted ? ` · ended ${formatServiceTime(request.dateCompleted)}` : ''}
        {!request.terminal && request.nextCheckAt ? ` · next check ${formatTime(request.nextCheckAt)}` : ''}
      </p>
      {request.checkProblem ? (
        <p class="prov-request__problem">
          The last check did not get through; Listings Desk checks again by itself. {request.checkProblem}
        </p>
      ) : null}
      <ol class="prov-timeline" aria-label="Statuses">
        {request.timeline.map((step) => (
          <li key={`${step.status}-${step.at}`}>
            <span class="prov-status" data-status={step.status}>
              {statusWords(step.status)}
            </span>{' '}
            <time dateTime={new Date(step.at).toISOString()}>{formatTime(step.at)}</time>
          </li>
        ))}
      </ol>
      <div class="prov-row prov-row--tight">
        {sandbox && request.status === 'REVIEW' ? (
          <>
            <span class="prov-muted">Sandbox:</span>
            <Button
              size="sm"
              data-resolve="COMPLETED"
              onClick={() => void act(() => actions.resolveReview(request.key, 'COMPLETED'))}
            >
              Resolve review as completed
            </Button>
            <Button
              size="sm"
              data-resolve="CANCELED"
              onClick={() => void act(() => actions.resolveReview(request.key, 'CANCELED'))}
            >
              Resolve review as canceled
            </Button>
          </>
        ) : null}
        {request.terminal ? (
          <Button size="sm" variant="ghost" onClick={() => void act(() => actions.forget(request.key))}>
            Remove from the list
          </Button>
        ) : null}
      </div>
    </li>
  );
}

export function Tracker({ actions, view, focusKey }: TrackerProps) {
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  async function act(run: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await run();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }
  const open = view.requests.filter((r) => !r.terminal).length;
  return (
    <div class="prov-panel">
      <div class="prov-row">
        <p class="prov-muted" aria-live="polite">
          {view.requests.length === 0
            ? 'No add requests yet.'
            : `${view.requests.length === 1 ? '1 add request' : `${view.requests.length} add requests`} · ${open} still open · ${view.inReview} in review`}
        </p>
        <Button busy={busy} onClick={() => void act(actions.checkNow)}>
          Check now
        </Button>
      </div>
      <ErrorNotice error={error} />
      <ul class="prov-requests" aria-label="Add requests">
        {view.requests.map((r) => (
          <TrackedRequest
            key={r.key}
            actions={actions}
            request={r}
            sandbox={view.sandbox}
            focused={r.key === focusKey}
            act={act}
          />
        ))}
      </ul>
    </div>
  );
}
