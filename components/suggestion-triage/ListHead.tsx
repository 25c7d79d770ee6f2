// Above the list: "select all shown", and either the bulk buttons for a selection or the count
// ("showing 500 of 5,000 waiting"), freshness and Refresh.
import type { DecisionView, TriageView } from '../../lib/messaging/protocol/index.ts';
import { formatNumber } from '../../lib/shared/format.ts';
import { Button } from '../ui/Button.tsx';
import { SUGGESTION_STATUS_LABELS } from './labels.ts';

export interface ListHeadProps {
  view: TriageView;
  /** Shown rows (after a filter not yet answered by the worker). */
  shown: number;
  selectable: string[];
  selectedIds: string[];
  allSelected: boolean;
  onSelectAll: (on: boolean) => void;
  onDecide: (ids: string[], decision: DecisionView) => void;
  onClear: () => void;
  onRefresh: () => void;
}

/** "48 waiting", "showing 500 of 5,000 waiting" when the list is capped, "3 of 48" while narrowing locally. */
function countText(view: TriageView, shown: number): string {
  const label = SUGGESTION_STATUS_LABELS[view.status]?.toLowerCase() ?? view.status;
  const loaded = view.suggestions.length;
  if (shown < loaded) return `${formatNumber(shown)} of ${formatNumber(loaded)} ${label}`;
  if (loaded < view.count) return `showing ${formatNumber(loaded)} of ${formatNumber(view.count)} ${label}`;
  return `${formatNumber(view.count)} ${label}`;
}

function ago(at: number, now: number): string {
  const minutes = Math.round((now - at) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  return hours < 24 ? `${hours} h ago` : `${Math.round(hours / 24)} d ago`;
}

export function ListHead(props: ListHeadProps) {
  const { view, selectedIds, selectable } = props;
  return (
    <div class="st-listhead">
      {selectable.length > 0 ? (
        <input
          type="checkbox"
          class="st-listhead__check"
          aria-label="Select all shown"
          checked={props.allSelected}
          onChange={(event) => props.onSelectAll(event.currentTarget.checked)}
        />
      ) : null}
      {selectedIds.length > 0 ? (
        <fieldset class="st-bulk" aria-label="Selected suggestions">
          <span class="st-listhead__count">{selectedIds.length} selected</span>
          <Button size="xs" variant="positive" onClick={() => props.onDecide(selectedIds, 'ACCEPTED')}>
            Accept {selectedIds.length}
          </Button>
          <Button size="xs" variant="negative" onClick={() => props.onDecide(selectedIds, 'REJECTED')}>
            Reject {selectedIds.length}
          </Button>
          <Button variant="link" onClick={props.onClear}>
            Clear
          </Button>
        </fieldset>
      ) : (
        <>
          <span class="st-listhead__count">{countText(view, props.shown)}</span>
          <span class="st-listhead__fresh" aria-live="polite">
            {view.refreshing
              ? 'Refreshing…'
              : [view.fetchedAt && `Updated ${ago(view.fetchedAt, Date.now())}`, view.unreachable]
                  .filter(Boolean)
                  .join('; ')}
          </span>
          <Button
            variant="ghost"
            icon
            aria-label="Refresh suggestions"
            title="Refresh"
            disabled={view.refreshing}
            onClick={props.onRefresh}
          >
            ↻
          </Button>
        </>
      )}
    </div>
  );
}
