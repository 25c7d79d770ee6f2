// Status, location and publisher: sent to the service as filters (the list is capped at 500, so a
// filter applied only to what was loaded would miss the rest), and kept in the popup's URL.
import { Component } from 'preact';
import { useEffect, useId, useState } from 'preact/hooks';
import type { TriageAccountSummary } from '../../lib/messaging/protocol/index.ts';
import { compareText } from '../../lib/shared/format.ts';
import { Button } from '../ui/Button.tsx';
import { Field } from '../ui/Field.tsx';
import { Select } from '../ui/Select.tsx';
import { AccountFilter } from './AccountFilter.tsx';
import type { TriageFilters as FilterValues } from './filters-hash.ts';
import { SUGGESTION_STATUS_LABELS } from './labels.ts';

export interface TriageFiltersProps {
  filters: FilterValues;
  /** Location ids seen in the list: offered as suggestions, any other can be typed. */
  knownLocations: string[];
  /** publisher id → name, every publisher the service knows. */
  publishers: Record<string, string>;
  /** Publisher ids seen in the list, named or not. */
  knownPublishers: string[];
  /** Across accounts: every linked account, for the account filter (absent with one account). */
  accounts?: TriageAccountSummary[];
  onChange: (next: FilterValues) => void;
  onHelp: () => void;
}

const STATUS_CHOICES = Object.entries(SUGGESTION_STATUS_LABELS).map(([value, label]) => ({ value, label }));

/**
 * Re-renders only when its own props change (preact/compat's memo, without compat): not on each j/k,
 * where sorting the publishers and diffing their options cost a good part of the key's frame.
 */
export class TriageFilters extends Component<TriageFiltersProps> {
  override shouldComponentUpdate(next: TriageFiltersProps): boolean {
    const now = this.props as unknown as Record<string, unknown>;
    const then = next as unknown as Record<string, unknown>;
    for (const key in then) if (then[key] !== now[key]) return true;
    return false;
  }

  override render() {
    return <Filters {...this.props} />;
  }
}

function Filters(props: TriageFiltersProps) {
  const { filters, knownLocations, publishers, accounts, onChange, onHelp } = props;
  const locationsId = useId();
  // The first frame holds only each filter's current value: a hundred options are a third of the
  // elements to style before the first rows show. The rest follow once that frame is painted.
  const [painted, setPainted] = useState(false);
  useEffect(() => setPainted(true), []);
  const ids = new Set(painted ? [...Object.keys(publishers), ...props.knownPublishers] : []);
  if (filters.publisherId) ids.add(filters.publisherId);
  const publisherIds = [...ids].sort((a, b) => compareText(publishers[a] ?? a, publishers[b] ?? b));
  return (
    <fieldset class="st-filters" aria-label="Filter suggestions">
      <Select
        class="st-filters__filter"
        label="Status"
        hideLabel
        size="sm"
        value={filters.status}
        choices={STATUS_CHOICES}
        onValue={(status) => onChange({ ...filters, status })}
      />
      {accounts && accounts.length > 1 ? (
        <AccountFilter
          accounts={accounts}
          picked={filters.accountKeys ?? []}
          onPick={(accountKeys) => onChange({ ...filters, accountKeys })}
        />
      ) : null}
      <Field class="st-filters__filter" label="Location" hideLabel>
        {(control) => (
          <>
            <input
              {...control}
              class="ui-input"
              data-size="sm"
              type="search"
              list={locationsId}
              placeholder="All locations"
              value={filters.locationId}
              spellcheck={false}
              autocomplete="off"
              onChange={(event) => onChange({ ...filters, locationId: event.currentTarget.value.trim() })}
            />
            <datalist id={locationsId}>
              {(painted ? knownLocations : []).map((id) => (
                <option key={id} value={id} />
              ))}
            </datalist>
          </>
        )}
      </Field>
      <Select
        class="st-filters__filter"
        label="Publisher"
        hideLabel
        size="sm"
        value={filters.publisherId}
        choices={[
          { value: '', label: 'All publishers' },
          ...publisherIds.map((id) => ({ value: id, label: publishers[id] ?? id })),
        ]}
        onValue={(publisherId) => onChange({ ...filters, publisherId })}
      />
      <Button variant="ghost" icon aria-label="Keyboard shortcuts" title="Keyboard shortcuts (?)" onClick={onHelp}>
        ?
      </Button>
    </fieldset>
  );
}
