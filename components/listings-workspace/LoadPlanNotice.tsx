// Said before a fetch-all that would take more than a quarter of the hour's requests left: the numbers,
// and a choice: load everything anyway, or one folder only (the service filters listings by location).
import { useEffect, useState } from 'preact/hooks';
import type { FolderView, ListingsLoadPlan, LocationView } from '../../lib/messaging/protocol/index.ts';
import { formatNumber } from '../../lib/shared/format.ts';
import { announce } from '../ui/announce.ts';
import { Button } from '../ui/Button.tsx';
import { Select } from '../ui/Select.tsx';

const clock = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

export interface LoadPlanNoticeProps {
  plan: ListingsLoadPlan;
  folders: FolderView[];
  locations: Map<string, LocationView>;
  onLoadAll: () => void;
  onLoadFolder: (folderId: string) => void;
}

/** Locations per folder, each folder counting those of the folders under it. */
function locationsPerFolder(folders: FolderView[], locations: Map<string, LocationView>): Map<string, number> {
  const parent = new Map(folders.map((f) => [f.id, f.parentId]));
  const counts = new Map<string, number>();
  for (const location of locations.values()) {
    const seen = new Set<string>();
    for (let id = location.folderId; id && !seen.has(id); id = parent.get(id) ?? null) {
      seen.add(id);
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
  }
  return counts;
}

export function planSentence(plan: ListingsLoadPlan): string {
  const left = plan.remaining ?? 0;
  const reset = plan.resetAt ? ` (the count starts again at ${clock.format(plan.resetAt)})` : '';
  const stops =
    plan.requests > left
      ? ' It would stop when they run out, keep what came and load the rest by itself after that.'
      : ' Background work such as the suggestions refresh would slow down or pause for the rest of the hour.';
  return `Loading all ${formatNumber(plan.listings)} listings takes about ${formatNumber(plan.requests)} requests, more than a quarter of the ${formatNumber(left)} left this hour${reset}.${stops}`;
}

export function LoadPlanNotice({ plan, folders, locations, onLoadAll, onLoadFolder }: LoadPlanNoticeProps) {
  const counts = locationsPerFolder(folders, locations);
  // A folder holding every location is no part: only smaller ones are offered.
  const withLocations = folders.filter((f) => {
    const n = counts.get(f.id) ?? 0;
    return n > 0 && n < locations.size;
  });
  const [folderId, setFolderId] = useState('');
  const chosen = folderId || withLocations[0]?.id || '';
  const sentence = planSentence(plan);
  useEffect(() => announce(`Not loaded yet. ${sentence}`), [sentence]);
  return (
    <section class="lw-plan" aria-labelledby="lw-plan-title">
      <h3 id="lw-plan-title" class="lw-plan__title">
        This load would use much of this hour’s requests
      </h3>
      <p class="lw-plan__text">{sentence}</p>
      <p class="lw-plan__text">Load one folder now and the rest later, or load everything anyway.</p>
      <div class="lw-plan__actions">
        {withLocations.length > 0 ? (
          <>
            <Select
              label="Folder"
              inline
              size="sm"
              value={chosen}
              choices={withLocations.map((f) => ({
                value: f.id,
                label: `${f.name || f.id} (${formatNumber(counts.get(f.id) ?? 0)} locations)`,
              }))}
              onValue={setFolderId}
            />
            <Button size="sm" variant="primary" onClick={() => onLoadFolder(chosen)}>
              Load this folder only
            </Button>
          </>
        ) : null}
        <Button size="sm" onClick={onLoadAll}>
          Load all anyway
        </Button>
      </div>
    </section>
  );
}
