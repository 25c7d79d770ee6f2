// What an empty list means: still loading, filtered to nothing, nothing in this status, or nothing
// to triage (and, with no listings either, the likely reason: no Listings subscription).
import { WAITING } from '../../lib/shared/listing-statuses.ts';
import { Button } from '../ui/Button.tsx';
import { ProgressBar } from '../ui/first-use.ts';
import { SUGGESTION_STATUS_LABELS } from './labels.ts';

export function EmptyList(props: {
  status: string;
  filtered: boolean;
  fetched: boolean;
  refreshing: boolean;
  accountName: string;
  listingsTotal: number | null;
  onClearFilters: () => void;
}) {
  if (!props.fetched) {
    return (
      <div class="st-pad">
        {props.refreshing ? <ProgressBar label="Loading suggestions" text="Loading suggestions…" /> : null}
      </div>
    );
  }
  if (props.filtered) {
    return (
      <section class="st-empty">
        <h2>No suggestions match these filters</h2>
        <Button size="xs" onClick={props.onClearFilters}>
          Show all locations and publishers
        </Button>
      </section>
    );
  }
  if (props.status !== WAITING) {
    return (
      <section class="st-empty">
        <h2>No {SUGGESTION_STATUS_LABELS[props.status]?.toLowerCase() ?? props.status} suggestions</h2>
        <p>The service lists none in this status for {props.accountName}.</p>
      </section>
    );
  }
  return (
    <section class="st-empty">
      <h2>Nothing to triage</h2>
      {props.listingsTotal === 0 ? (
        <p>
          The service returned no suggestions and no listings for {props.accountName}. It answers with empty lists when
          an account has no active Listings subscription or is not a production account, so check both.
        </p>
      ) : (
        <p>Every publisher suggestion for {props.accountName} has been decided. New ones will show here.</p>
      )}
    </section>
  );
}
