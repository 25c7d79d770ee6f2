// What the triage list asks the worker for. The first question asks only for the first rows; the popup's
// entry sends that same question before the app has loaded (entrypoints/popup/main.ts).
import type { RequestInput } from '../../lib/messaging/protocol/index.ts';
import type { TriageFilters } from './filters-hash.ts';

/** Rows in the first answer: more than a popup shows, a fraction of a full list to send and read. */
export const FIRST_ROWS = 40;

export function viewInput(
  f: TriageFilters,
  refresh: boolean,
  force: boolean,
  rows?: number,
): RequestInput<'triage.view'> {
  return {
    status: f.status,
    refresh,
    ...(force ? { force } : {}),
    ...(rows ? { rows } : {}),
    ...(f.locationId ? { locationIds: [f.locationId] } : {}),
    ...(f.publisherId ? { publisherIds: [f.publisherId] } : {}),
    ...(f.accountKeys?.length ? { accountKeys: f.accountKeys } : {}),
  };
}

/** The first question for these filters: its first rows, and a refresh if the cache is old. */
export function firstViewInput(f: TriageFilters): RequestInput<'triage.view'> {
  return viewInput(f, true, false, FIRST_ROWS);
}
