// Where the account's listings stand: a progress bar ("4,200 of 11,040") with Cancel while the worker
// fetches them, and when they were fetched with a Refresh once they are in.
import { useEffect, useRef } from 'preact/hooks';
import type { ListingsLoadView } from '../../lib/messaging/protocol/index.ts';
import { formatNumber } from '../../lib/shared/format.ts';
import { announce } from '../ui/announce.ts';
import { Button } from '../ui/Button.tsx';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import { ProgressBar } from '../ui/ProgressBar.tsx';
import { loadError } from './workspace-store.ts';

const time = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export interface LoadBarProps {
  load: ListingsLoadView | null;
  onLoad: (refresh: boolean) => void;
  onCancel: () => void;
}

function noteText(load: ListingsLoadView): string {
  if (load.fetchedAt && load.part)
    return `${formatNumber(load.loaded)} listings of the folder ${load.part.name} only (${formatNumber(load.part.locations)} locations), fetched ${time.format(load.fetchedAt)}`;
  if (load.fetchedAt) return `${formatNumber(load.loaded)} listings, fetched ${time.format(load.fetchedAt)}`;
  if (load.state === 'cancelled') return `${formatNumber(load.loaded)} listings (loading was cancelled)`;
  // A failed first load is not "not loaded yet": the notice beside says what failed.
  return loadError(load) ? 'No listings loaded' : 'Listings not loaded yet';
}

export function LoadBar({ load: state, onLoad, onCancel }: LoadBarProps) {
  const loading = state?.state === 'loading';
  const wasLoading = useRef(loading);
  const note = state ? noteText(state) : '';
  // The bar goes when a load ends: its end is announced in the line that replaces it.
  useEffect(() => {
    if (wasLoading.current && !loading) announce(note);
    wasLoading.current = loading;
  }, [loading, note]);
  if (!state) return <ProgressBar label="Loading listings" />;
  if (loading) {
    const text =
      state.total === null
        ? `${formatNumber(state.loaded)} loaded`
        : `${formatNumber(state.loaded)} of ${formatNumber(state.total)}`;
    return (
      <div class="lw-load">
        <div class="lw-load__bar">
          <ProgressBar label="Loading listings" value={state.loaded} max={state.total ?? undefined} text={text} />
        </div>
        {/* Keyed: "Load all listings" turning into Cancel in the same element would take a click aimed at it. */}
        <Button key="cancel" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    );
  }
  const resumesAt = state.incomplete?.resumesAt;
  if (resumesAt && state.total !== null) {
    return <QuotaNote state={state} resumesAt={resumesAt} onRefresh={() => onLoad(true)} />;
  }
  return (
    <div class="lw-load">
      <span class="lw-load__note">{note}</span>
      <Button key="load" size="sm" onClick={() => onLoad(state.fetchedAt !== null)}>
        {state.fetchedAt && !state.part ? 'Refresh' : 'Load all listings'}
      </Button>
      <ErrorNotice
        error={loadError(state)}
        title="Listings could not be loaded"
        actions={
          <Button size="sm" onClick={() => onLoad(true)}>
            Retry
          </Button>
        }
      />
    </div>
  );
}

const clock = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

/** A load the hourly quota ended: how many of how many came, and when the rest comes by itself. */
function QuotaNote(props: { state: ListingsLoadView; resumesAt: number; onRefresh: () => void }) {
  const { state, resumesAt, onRefresh } = props;
  const error = loadError(state);
  const total = state.total ?? 0;
  const rest = Math.max(0, total - state.loaded);
  // The service's 429, or the worker's own budget keeping the hour's last requests for what the person does.
  const why =
    error?.code === 'held-back'
      ? 'This hour’s requests are running low and Listings Desk keeps the last ones for what you do'
      : 'The service’s hourly limit on requests has been reached';
  const refreshed = state.incomplete?.refreshed;
  // A refresh cut short kept every row it had: it says how many came fresh, and how old the others are.
  const message =
    refreshed !== undefined && state.fetchedAt
      ? `${why}, so the refresh stopped part way. The other ${formatNumber(Math.max(0, total - refreshed))} are as fetched ${time.format(state.fetchedAt)} and will refresh by themselves at ${clock.format(resumesAt)}, even with this page closed. All ${formatNumber(state.loaded)} can be filtered and used now.`
      : `${why}, so the other ${formatNumber(rest)} will load by ` +
        `themselves at ${clock.format(resumesAt)}, even with this page closed. The loaded ones can be filtered and used now.`;
  const title =
    refreshed !== undefined
      ? `Refreshed ${formatNumber(refreshed)} of ${formatNumber(total)} listings (partial)`
      : `Loaded ${formatNumber(state.loaded)} of ${formatNumber(total)} listings`;
  return (
    <div class="lw-load">
      <ErrorNotice
        tone="warn"
        title={title}
        error={error ? { ...error, message } : message}
        actions={
          <Button size="sm" onClick={onRefresh}>
            Refresh
          </Button>
        }
      />
    </div>
  );
}
