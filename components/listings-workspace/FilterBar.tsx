// The workspace's filters; they combine (every one must match). Changing one changes the URL.
import type { ReadonlySignal } from '@preact/signals';
import { Component, type RefObject } from 'preact';
import { useId, useMemo } from 'preact/hooks';
import type { ListingsFilters } from '../../lib/messaging/protocol/index.ts';
import { OTHER_LISTING_STATUS } from '../../lib/shared/listing-statuses.ts';
import { LISTING_STATUS_ORDER, listingStatusLabel, listingStatusTone } from '../listings-health/status-labels.ts';
import { Button } from '../ui/Button.tsx';
import { type ChipOption, ChipPicker } from './ChipPicker.tsx';
import { hasAnyFilter, NO_FILTERS } from './workspace-filters.ts';
import type { Directories } from './workspace-store.ts';

const STATUSES = LISTING_STATUS_ORDER.filter((s) => s !== OTHER_LISTING_STATUS);

export interface FilterBarProps {
  /** The view last asked for: the bar draws a change at once, before the rows that answer it. */
  wanted: ReadonlySignal<{ filters: ListingsFilters }>;
  onChange: (filters: ListingsFilters, typing?: boolean) => void;
  directories: Directories;
  searchRef: RefObject<HTMLInputElement | null>;
}

/** Labels that say which is which when two locations share a name and city. */
export function locationOptions(directories: Directories): ChipOption[] {
  const entries = [...directories.locations.values()];
  const label = (l: (typeof entries)[number]) => (l.name ? (l.city ? `${l.name}, ${l.city}` : l.name) : l.id);
  const seen = new Map<string, number>();
  for (const l of entries) seen.set(label(l), (seen.get(label(l)) ?? 0) + 1);
  return entries.map((l) => ({
    id: l.id,
    label: (seen.get(label(l)) ?? 0) > 1 ? `${label(l)} · ${l.id}` : label(l),
    words: l.city,
  }));
}

export function publisherOptions(directories: Directories): ChipOption[] {
  return [...directories.publishers.values()].map((p) => ({
    id: p.id,
    label: p.name || p.id,
    words: p.alternateBrands.map((b) => b.name).join(' '),
  }));
}

/**
 * Drawn again only when a prop changes (preact/compat's memo, without compat): rows arriving for
 * each keystroke then redraw the table and the count, not every field and chip of the bar.
 */
export class FilterBar extends Component<FilterBarProps> {
  override shouldComponentUpdate(next: FilterBarProps): boolean {
    const now = this.props as unknown as Record<string, unknown>;
    const then = next as unknown as Record<string, unknown>;
    for (const key in then) if (then[key] !== now[key]) return true;
    return false;
  }

  override render() {
    return <Bar {...this.props} />;
  }
}

function Bar({ wanted, onChange, directories, searchRef }: FilterBarProps) {
  const filters = wanted.value.filters;
  const id = useId();
  // Built once per directory, not per keystroke (an account may have thousands of locations).
  const publishers = useMemo(() => publisherOptions(directories), [directories]);
  const locations = useMemo(() => locationOptions(directories), [directories]);
  const set = (patch: Partial<ListingsFilters>, typing = false) => onChange({ ...filters, ...patch }, typing);
  // Only with details, or either (the key left out): the page has no "only without".
  const setHasDetails = (on: boolean) => {
    const { hasStatusDetails: _, ...rest } = filters;
    onChange(on ? { ...rest, hasStatusDetails: true } : rest);
  };
  const folderId = filters.folderIds[0] ?? '';
  const toggleStatus = (status: string) =>
    set({
      statuses: filters.statuses.includes(status)
        ? filters.statuses.filter((s) => s !== status)
        : [...filters.statuses, status],
    });

  return (
    <form class="lw-filters" aria-label="Filter listings" onSubmit={(event) => event.preventDefault()}>
      <div class="lw-filters__row">
        <label for={`${id}-q`} class="visually-hidden">
          Search listings
        </label>
        <input
          id={`${id}-q`}
          ref={searchRef}
          type="search"
          class="ui-input lw-search"
          placeholder="Search location, address, publisher or URL  ( / )"
          value={filters.text}
          onInput={(event) => set({ text: event.currentTarget.value }, true)}
        />
        <fieldset class="lw-statuses">
          <legend class="visually-hidden">Status</legend>
          {STATUSES.map((status) => (
            <label key={status} class="lw-status-toggle" data-tone={listingStatusTone(status)}>
              <input
                type="checkbox"
                checked={filters.statuses.includes(status)}
                onChange={() => toggleStatus(status)}
              />
              {listingStatusLabel(status)}
            </label>
          ))}
          {filters.statuses
            .filter((s) => !(STATUSES as readonly string[]).includes(s))
            .map((status) => (
              <label key={status} class="lw-status-toggle">
                <input type="checkbox" checked onChange={() => toggleStatus(status)} />
                {status}
              </label>
            ))}
        </fieldset>
      </div>
      <div class="lw-filters__row">
        <ChipPicker
          label="Publishers"
          placeholder="Publisher name or id"
          options={publishers}
          values={filters.publisherIds}
          onChange={(publisherIds) => set({ publisherIds })}
        />
        <ChipPicker
          label="Locations"
          placeholder="Location name, city or id"
          options={locations}
          values={filters.locationIds}
          onChange={(locationIds) => set({ locationIds })}
        />
        <div class="lw-field">
          <label for={`${id}-folder`} class="lw-filter-label">
            Folder
          </label>
          <select
            id={`${id}-folder`}
            class="ui-select"
            value={folderId}
            onChange={(event) => set({ folderIds: event.currentTarget.value ? [event.currentTarget.value] : [] })}
          >
            <option value="">All folders</option>
            {directories.folders.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name || f.id}
              </option>
            ))}
            {folderId && !directories.folders.some((f) => f.id === folderId) ? (
              <option value={folderId}>{folderId}</option>
            ) : null}
          </select>
        </div>
        <label class="lw-check">
          <input
            type="checkbox"
            checked={Boolean(filters.hasStatusDetails)}
            onChange={(event) => setHasDetails(event.currentTarget.checked)}
          />
          Has status details
        </label>
        {hasAnyFilter(filters) ? (
          <Button size="sm" variant="ghost" onClick={() => onChange(NO_FILTERS)}>
            Clear filters
          </Button>
        ) : null}
      </div>
    </form>
  );
}
