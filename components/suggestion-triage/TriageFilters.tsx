// Status, location and publisher: sent to the service as filters (the list is capped at 500, so a
// filter applied only to what was loaded would miss the rest), and kept in the popup's URL.

import type { TriageFilters as Filters } from './filters-hash.ts';
import { SUGGESTION_STATUS_LABELS } from './labels.ts';

export interface TriageFiltersProps {
  filters: Filters;
  /** Location ids seen in the list: offered as suggestions, any other can be typed. */
  knownLocations: string[];
  /** publisher id → name, every publisher the service knows. */
  publishers: Record<string, string>;
  /** Publisher ids seen in the list, named or not. */
  knownPublishers: string[];
  onChange: (next: Filters) => void;
  onHelp: () => void;
}

export function TriageFilters(props: TriageFiltersProps) {
  const { filters, knownLocations, publishers, onChange, onHelp } = props;
  const ids = new Set([...Object.keys(publishers), ...props.knownPublishers]);
  if (filters.publisherId) ids.add(filters.publisherId);
  const publisherIds = [...ids].sort((a, b) => (publishers[a] ?? a).localeCompare(publishers[b] ?? b));
  return (
    <fieldset class="st-filters" aria-label="Filter suggestions">
      <label class="st-filter">
        <span class="visually-hidden">Status</span>
        <select
          class="st-select"
          value={filters.status}
          onChange={(event) => onChange({ ...filters, status: event.currentTarget.value })}
        >
          {Object.entries(SUGGESTION_STATUS_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label class="st-filter">
        <span class="visually-hidden">Location</span>
        <input
          class="st-select"
          type="search"
          list="st-locations"
          placeholder="All locations"
          value={filters.locationId}
          spellcheck={false}
          autocomplete="off"
          onChange={(event) => onChange({ ...filters, locationId: event.currentTarget.value.trim() })}
        />
        <datalist id="st-locations">
          {knownLocations.map((id) => (
            <option key={id} value={id} />
          ))}
        </datalist>
      </label>
      <label class="st-filter">
        <span class="visually-hidden">Publisher</span>
        <select
          class="st-select"
          value={filters.publisherId}
          onChange={(event) => onChange({ ...filters, publisherId: event.currentTarget.value })}
        >
          <option value="">All publishers</option>
          {publisherIds.map((id) => (
            <option key={id} value={id}>
              {publishers[id] ?? id}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        class="st-icon-btn"
        aria-label="Keyboard shortcuts"
        title="Keyboard shortcuts (?)"
        onClick={onHelp}
      >
        ?
      </button>
    </fieldset>
  );
}
