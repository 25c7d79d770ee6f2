// Opt-in in bulk: first what will be sent (N listings, M locations × P publishers, K requests, and the
// interface's enterprise warning), then the job's batches as it runs in the worker, which keeps going
// when this page closes. Failed batches are listed with their error and can be retried.
import { useEffect, useState } from 'preact/hooks';
import { Button } from '../ui/Button.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { describeError, ErrorNotice } from '../ui/ErrorNotice.tsx';
import { ProgressBar } from '../ui/ProgressBar.tsx';
import type { OptInJob, OptInPreview, Selection, WorkspaceSource } from './workspace-source.ts';

const number = new Intl.NumberFormat();
const count = (n: number, noun: string) => `${number.format(n)} ${noun}${n === 1 ? '' : 's'}`;

export interface OptInDialogProps {
  source: WorkspaceSource;
  selection: Selection;
  onClose: () => void;
  onStarted: (job: OptInJob) => void;
}

/** Mounted to open: shows what will be sent before anything is. */
export function OptInDialog({ source, selection, onClose, onStarted }: OptInDialogProps) {
  const [preview, setPreview] = useState<OptInPreview | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [starting, setStarting] = useState(false);

  useEffect(() => {
    let live = true;
    source.previewOptIn(selection).then(
      (answer) => live && setPreview(answer),
      (caught) => live && setError(caught),
    );
    return () => {
      live = false;
    };
  }, [selection, source]);

  const start = async () => {
    setStarting(true);
    try {
      onStarted(await source.startOptIn(selection));
      onClose();
    } catch (caught) {
      setError(caught);
      setStarting(false);
    }
  };

  return (
    <Dialog
      title="Opt in listings"
      class="lw-dialog"
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            variant="primary"
            busy={starting}
            disabled={!preview || preview.listings === 0}
            onClick={() => void start()}
          >
            {preview ? `Opt in ${number.format(preview.listings)} listings` : 'Opt in'}
          </Button>
        </>
      }
    >
      {preview ? (
        <>
          <p class="lw-dialog__summary" data-testid="optin-summary">
            <b>{number.format(preview.listings)}</b> listings: {count(preview.locations, 'location')} ×{' '}
            {count(preview.publishers, 'publisher')}, in {count(preview.requests, 'request')}.
          </p>
          {preview.warning ? (
            <p class="lw-dialog__warning" role="note">
              {preview.warning}
            </p>
          ) : null}
        </>
      ) : error ? null : (
        <ProgressBar label="Counting what will be sent" />
      )}
      <ErrorNotice error={error} title="Opt-in could not start" />
    </Dialog>
  );
}

export interface OptInProgressProps {
  job: OptInJob | null;
  onRetry: () => void;
  onDismiss: () => void;
}

export function OptInProgress({ job, onRetry, onDismiss }: OptInProgressProps) {
  if (!job) return null;
  const { total, done, failed } = job.batches;
  const running = job.state === 'running';
  const finished = done + failed;
  // One segment per request: done, failed, then those still to go.
  const segments = [
    ...Array<string>(done).fill('done'),
    ...Array<string>(failed).fill('failed'),
    ...Array<string>(Math.max(0, total - done - failed)).fill('pending'),
  ];
  return (
    <section class="lw-job" aria-label="Opt-in progress" aria-busy={running}>
      <div class="lw-job__head">
        <strong>
          {running
            ? `Opting in ${number.format(job.pairs)} listings`
            : failed > 0
              ? `Opt-in finished with ${failed} failed ${failed === 1 ? 'request' : 'requests'}`
              : `Opted in ${number.format(job.pairs)} listings`}
        </strong>
        <div class="lw-job__bar">
          <ProgressBar label="Opt-in requests" value={finished} max={total} text={`${finished} of ${total} requests`} />
        </div>
        {!running ? (
          <Button size="sm" variant="ghost" onClick={onDismiss}>
            Dismiss
          </Button>
        ) : null}
      </div>
      {total <= 200 ? (
        <ol class="lw-job__batches" aria-hidden="true">
          {segments.map((state, i) => (
            <li key={i} class="lw-job__batch" data-state={state} />
          ))}
        </ol>
      ) : null}
      {job.failed.length > 0 ? (
        <div class="lw-job__failed" role="alert">
          <ul>
            {job.failed.map((b) => (
              <li key={b.index}>
                Request {b.index + 1} ({b.pairs} pairs): {describeError(b.error ?? 'It was not sent.').message}{' '}
                <small class="ui-notice__code">{describeError(b.error).code}</small>
              </li>
            ))}
          </ul>
          {!running ? (
            <Button size="sm" onClick={onRetry}>
              Retry failed
            </Button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
