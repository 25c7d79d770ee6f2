// Where the account's listings stand: a progress bar ("4,200 of 11,040") with Cancel while the worker
// fetches them, and when they were fetched with a Refresh once they are in.

import { formatNumber } from '../../lib/shared/format.ts';
import { Button } from '../ui/Button.tsx';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import { ProgressBar } from '../ui/ProgressBar.tsx';
import type { LoadState } from './workspace-source.ts';

const time = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export interface LoadBarProps {
  state: LoadState | null;
  onLoad: (refresh: boolean) => void;
  onCancel: () => void;
}

export function LoadBar({ state, onLoad, onCancel }: LoadBarProps) {
  if (!state) return <ProgressBar label="Loading listings" />;
  if (state.loading) {
    const text =
      state.total === null
        ? `${formatNumber(state.loaded)} loaded`
        : `${formatNumber(state.loaded)} of ${formatNumber(state.total)}`;
    return (
      <div class="lw-load">
        <div class="lw-load__bar">
          <ProgressBar label="Loading listings" value={state.loaded} max={state.total ?? undefined} text={text} />
        </div>
        <Button size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    );
  }
  return (
    <div class="lw-load">
      <span class="lw-load__note">
        {state.fetchedAt
          ? `${formatNumber(state.loaded)} listings, fetched ${time.format(state.fetchedAt)}`
          : state.cancelled
            ? `${formatNumber(state.loaded)} listings (loading was cancelled)`
            : 'Listings not loaded yet'}
      </span>
      <Button size="sm" onClick={() => onLoad(state.fetchedAt !== null)}>
        {state.fetchedAt ? 'Refresh' : 'Load all listings'}
      </Button>
      <ErrorNotice
        error={state.error}
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
