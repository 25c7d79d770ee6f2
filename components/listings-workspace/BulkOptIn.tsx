// Opt-in and opt-out in bulk: first what will be sent (N listings, M locations × P publishers, K requests,
// and the interface's enterprise warning or what stops being sent), then the job's batches as it runs in
// the worker, which keeps going when this page closes. Failed batches are listed with their error and can
// be retried. One job kind with a direction: only the words differ.
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { ListingsSelection, OptDirection, OptInJobView } from '../../lib/messaging/protocol/index.ts';
import { formatNumber } from '../../lib/shared/format.ts';
import { Button } from '../ui/Button.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { describeError, ErrorNotice } from '../ui/ErrorNotice.tsx';
import { ProgressBar } from '../ui/ProgressBar.tsx';
import type { WorkspaceStore } from './workspace-store.ts';

const count = (n: number, noun: string) => `${formatNumber(n)} ${noun}${n === 1 ? '' : 's'}`;

const WORDS = {
  in: {
    verb: 'Opt in',
    title: 'Opt in listings',
    noun: 'Opt-in',
    running: 'Opting in',
    done: 'Opted in',
    already: 'already opted in',
  },
  out: {
    verb: 'Opt out',
    title: 'Opt out listings',
    noun: 'Opt-out',
    running: 'Opting out',
    done: 'Opted out',
    already: 'already opted out',
  },
} as const satisfies Record<OptDirection, Record<string, string>>;

export interface OptInDialogProps {
  store: WorkspaceStore;
  selection: ListingsSelection;
  direction: OptDirection;
  onClose: () => void;
  /** The job started (the store shows it already). */
  onStarted: (job: OptInJobView) => void;
}

/** "Harbor Bakery – Pearl, Harbor Bakery – Ballard and 10 more": each name isolated from the next. */
function Named({ names, total }: { names: string[]; total: number }) {
  const more = total - names.length;
  return (
    <>
      {names.map((name, i) => (
        <span key={name}>
          {i > 0 ? (i === names.length - 1 && more <= 0 ? ' and ' : ', ') : null}
          <bdi>{name}</bdi>
        </span>
      ))}
      {more > 0 ? ` and ${formatNumber(more)} more` : null}
    </>
  );
}

/** Mounted to open: shows what will be sent before anything is. */
export function OptInDialog({ store, selection, direction, onClose, onStarted }: OptInDialogProps) {
  const words = WORDS[direction];
  // What the worker plans for this selection: asked when the dialog opens (the newest ask's answer shows).
  const plan = useMemo(() => store.optInPlan(selection, direction), [selection, store, direction]);
  useEffect(() => void plan.load(), [plan]);
  const preview = plan.value.value;
  const [startError, setError] = useState<unknown>(null);
  const error = startError ?? plan.error.value;
  const [starting, setStarting] = useState(false);

  const start = async () => {
    setStarting(true);
    try {
      onStarted(await store.startOptIn(selection, direction));
      onClose();
    } catch (caught) {
      setError(caught);
      setStarting(false);
    }
  };

  return (
    <Dialog
      title={words.title}
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
            {preview ? `${words.verb} ${count(preview.listings, 'listing')}` : words.verb}
          </Button>
        </>
      }
    >
      {preview ? (
        <>
          <p class="lw-dialog__summary" data-testid="optin-summary">
            <b>{formatNumber(preview.listings)}</b> {preview.listings === 1 ? 'listing' : 'listings'}:{' '}
            {count(preview.locations, 'location')} × {count(preview.publishers, 'publisher')}, in{' '}
            {count(preview.requests, 'request')}.
          </p>
          {/* Which ones: "1 location × 3 publishers" did not say. Names are the service's: text, isolated. */}
          <dl class="lw-dialog__names">
            <dt>{preview.locations === 1 ? 'Location' : 'Locations'}</dt>
            <dd>
              <Named names={preview.names.locations} total={preview.locations} />
            </dd>
            <dt>{preview.publishers === 1 ? 'Publisher' : 'Publishers'}</dt>
            <dd>
              <Named names={preview.names.publishers} total={preview.publishers} />
            </dd>
          </dl>
          {preview.unchanged > 0 ? (
            <p>
              {formatNumber(preview.unchanged)} of them {preview.unchanged === 1 ? 'is' : 'are'} {words.already}:
              sending {preview.unchanged === 1 ? 'it' : 'them'} again changes nothing.
            </p>
          ) : null}
          {preview.warning ? (
            <p class="lw-dialog__warning" role="note">
              {preview.warning}
            </p>
          ) : null}
        </>
      ) : error ? null : (
        <ProgressBar label="Counting what will be sent" />
      )}
      <ErrorNotice error={error} title={`${words.noun} could not start`} />
    </Dialog>
  );
}

export interface OptInProgressProps {
  job: OptInJobView | null;
  onRetry: () => void;
  onDismiss: () => void;
}

export function OptInProgress({ job, onRetry, onDismiss }: OptInProgressProps) {
  if (!job) return null;
  const words = WORDS[job.direction];
  const { total, done, failed } = job.batches;
  const running = job.state === 'running';
  const finished = done + failed;
  const headline = running
    ? `${words.running} ${count(job.pairs, 'listing')}`
    : failed > 0
      ? `${words.noun} finished with ${count(failed, 'failed request')}`
      : `${words.done} ${count(job.pairs, 'listing')}`;
  // One segment per request: done, failed, then those still to go.
  const segments = [
    ...Array<string>(done).fill('done'),
    ...Array<string>(failed).fill('failed'),
    ...Array<string>(Math.max(0, total - done - failed)).fill('pending'),
  ];
  return (
    <section class="lw-job" aria-label={`${words.noun} progress`} aria-busy={running}>
      <div class="lw-job__head">
        <strong>{headline}</strong>
        <div class="lw-job__bar">
          <ProgressBar
            label={`${words.noun} requests`}
            status={headline}
            value={finished}
            max={total}
            text={`${finished} of ${count(total, 'request')}`}
          />
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
                Request {b.index + 1} ({b.locationIds.length * b.publisherIds.length} pairs):{' '}
                {describeError(b.error ?? 'It was not sent.').message}{' '}
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
