// The Inbox's filters, each taking several values: fields and age as checkboxes, accounts, locations and
// publishers picked by name (the listings workspace's ChipPicker: 30 accounts were 30 checkboxes). Every
// change is a URL entry (Back undoes it).

import { useMemo } from 'preact/hooks';
import type { InboxFilters as Filters, InboxAge, InboxView } from '../../lib/messaging/protocol/index.ts';
import { formatNumber, shortName } from '../../lib/shared/format.ts';
import { fieldLabel } from '../../lib/shared/suggestion-words.ts';
import { ChipPicker } from '../listings-workspace/ChipPicker.tsx';
import { memoized } from '../ui/memo.tsx';
import { PickList } from '../ui/PickList.tsx';
// The picker's chips are styled with the workspace's.
import '../listings-workspace/listings-workspace.css';

const AGES: { value: InboxAge; label: string }[] = [
  { value: 'new', label: 'Under a week' },
  { value: 'week', label: 'One to two weeks' },
  { value: 'old', label: 'Two weeks or more' },
];

export interface InboxFiltersProps {
  /** The worker's answer's parts (kept by keepEqual while unchanged: the filters then do not redraw). */
  accounts: InboxView['accounts'] | undefined;
  facets: InboxView['facets'] | undefined;
  filters: Filters;
  onFilters: (filters: Filters) => void;
}

export const InboxFilters = memoized(function InboxFilters({
  accounts: lines,
  facets,
  filters,
  onFilters,
}: InboxFiltersProps) {
  const set = (patch: Partial<Filters>) => onFilters({ ...filters, ...patch });
  // Made again only when the worker's parts change, not at each filter: ~900 locations at 30 accounts.
  const accounts = useMemo(
    () =>
      (lines ?? []).map((a) => ({
        id: a.accountKey,
        label: `${shortName(a.accountName)} (${formatNumber(a.waiting)})`,
      })),
    [lines],
  );
  const fields = useMemo(
    () =>
      (facets?.fields ?? []).map((f) => ({
        value: f.id,
        label: `${fieldLabel(f.id)} (${formatNumber(f.count)})`,
      })),
    [facets],
  );
  // Once the worker has answered, an empty group says so (nothing waiting) instead of showing a bare heading.
  const known = facets !== undefined;
  const chips = (list: InboxView['facets']['locations']) =>
    list.map((f) => ({ id: f.id, label: f.label === f.id ? f.id : `${f.label} (${f.id})` }));
  const locations = useMemo(() => chips(facets?.locations ?? []), [facets]);
  const publishers = useMemo(() => chips(facets?.publishers ?? []), [facets]);
  return (
    <div class="ib-filters">
      <PickList
        label="Fields"
        values={filters.fields}
        choices={fields}
        onValues={(v) => set({ fields: v })}
        empty={known ? 'No fields yet: they are listed when suggestions are waiting.' : undefined}
      />
      <PickList label="Age" values={filters.ages} choices={AGES} onValues={(v) => set({ ages: v })} />
      <div class="ib-filters__chips">
        <ChipPicker
          label="Accounts"
          placeholder="Account name"
          options={accounts}
          values={filters.accounts}
          onChange={(v) => set({ accounts: v })}
          empty={known && lines ? 'No account linked yet.' : undefined}
        />
        <ChipPicker
          label="Locations"
          placeholder="Name or id"
          options={locations}
          values={filters.locations}
          onChange={(v) => set({ locations: v })}
          empty={known ? 'No locations yet: they can be picked when suggestions are waiting.' : undefined}
        />
        <ChipPicker
          label="Publishers"
          placeholder="Name or id"
          options={publishers}
          values={filters.publishers}
          onChange={(v) => set({ publishers: v })}
          empty={known ? 'No publishers yet: they can be picked when suggestions are waiting.' : undefined}
        />
      </div>
    </div>
  );
});
