// The triage filters live in the page's URL hash (#status=…&location=…&publisher=…), so a reopened
// or reloaded popup shows the same list. Read before the first render; written with replaceState.
import { WAITING } from '../../lib/shared/listing-statuses.ts';

export interface TriageFilters {
  status: string;
  /** '' = all. One location and one publisher at a time, sent to the service as filters. */
  locationId: string;
  publisherId: string;
}

export const NO_FILTERS: TriageFilters = { status: WAITING, locationId: '', publisherId: '' };

/** Liberal: unknown keys are ignored, a missing or empty status means "waiting". */
export function filtersFromHash(hash: string): TriageFilters {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return {
    status: params.get('status') || WAITING,
    locationId: params.get('location') ?? '',
    publisherId: params.get('publisher') ?? '',
  };
}

/** Only what differs from the defaults, so an unfiltered popup keeps a clean URL. */
export function filtersToHash(filters: TriageFilters): string {
  const params = new URLSearchParams();
  if (filters.status !== WAITING) params.set('status', filters.status);
  if (filters.locationId) params.set('location', filters.locationId);
  if (filters.publisherId) params.set('publisher', filters.publisherId);
  const text = params.toString();
  return text ? `#${text}` : '';
}

export function sameFilters(a: TriageFilters, b: TriageFilters): boolean {
  return a.status === b.status && a.locationId === b.locationId && a.publisherId === b.publisherId;
}
