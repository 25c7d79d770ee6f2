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
  /** Locations seen in the list, with their names: offered as suggestions; any other name or id can be typed. */
  knownLocations: { id: string; text: string }[];
  /** Every linked account's named locations: a typed name finds its location even when the list does not hold it. */
  locations: readonly { id: string; name: string; city: string }[];
  /** publisher id → name, every publisher the service knows. */
  publishers: Record<string, string>;
  /** Publisher ids seen in the list, named or not. */
  knownPublishers: string[];
  /** Across accounts: every linked account, for the account filter (absent with one account). */
  accounts?: TriageAccountSummary[];
  onChange: (next: FilterValues) => void;
  onHelp: () => void;
}

/**
 * The location a typed text means, as the Inbox and Listings take it: its id, its name ("Harbor Bakery –
 * Kirkland" or with its city), or the one location whose name or city holds the text ("Kirkland"); the list's
 * own locations are looked at first. Anything else is taken as an id the list has not loaded.
 */
export function locationIdFor(
  typed: string,
  known: readonly { id: string; text: string }[],
  locations: readonly { id: string; name: string; city: string }[],
): string {
  const text = typed.trim();
  const wanted = text.toLocaleLowerCase();
  if (!wanted) return '';
  const named = [
    ...known.map((l) => ({ ...l, name: l.text })),
    ...locations.map((l) => ({ id: l.id, text: l.city.trim() ? `${l.name}, ${l.city}` : l.name, name: l.name })),
  ];
  const same = named.find((l) => [l.id, l.text, l.name].some((candidate) => candidate.toLocaleLowerCase() === wanted));
  if (same) return same.id;
  for (const list of [known, named]) {
    const ids = new Set(list.filter((l) => l.text.toLocaleLowerCase().includes(wanted)).map((l) => l.id));
    if (ids.size === 1) return [...ids][0]!;
  }
  return text;
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
  const { filters, knownLocations, locations, publishers, accounts, onChange, onHelp } = props;
  const chosen = filters.locationId;
  const chosenText =
    knownLocations.find((l) => l.id === chosen)?.text ??
    locations.find((l) => l.id === chosen && l.name)?.name ??
    chosen;
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
              value={chosenText}
              spellcheck={false}
              autocomplete="off"
              onChange={(event) =>
                onChange({
                  ...filters,
                  locationId: locationIdFor(event.currentTarget.value, knownLocations, locations),
                })
              }
            />
            <datalist id={locationsId}>
              {(painted ? knownLocations : []).map((l) => (
                <option key={l.id} value={l.text} />
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
