// The triage filters live in the page's URL hash (#status=…&location=…&publisher=…&accounts=…), so a reopened
// or reloaded popup shows the same list. Read before the first render; written with replaceState.
import { WAITING } from '../../lib/shared/listing-statuses.ts';

export interface TriageFilters {
  status: string;
  /** '' = all. One location and one publisher at a time, sent to the service as filters. */
  locationId: string;
  publisherId: string;
  /** Across accounts: the accounts shown; none (or absent) = every linked account. */
  accountKeys?: string[];
}

export const NO_FILTERS: TriageFilters = { status: WAITING, locationId: '', publisherId: '' };

/** Liberal: unknown keys are ignored, a missing or empty status means "waiting". */
export function filtersFromHash(hash: string): TriageFilters {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return {
    status: params.get('status') || WAITING,
    locationId: params.get('location') ?? '',
    publisherId: params.get('publisher') ?? '',
    accountKeys: (params.get('accounts') ?? '').split(',').filter(Boolean),
  };
}

/** Only what differs from the defaults, so an unfiltered popup keeps a clean URL. */
export function filtersToHash(filters: TriageFilters): string {
  const params = new URLSearchParams();
  if (filters.status !== WAITING) params.set('status', filters.status);
  if (filters.locationId) params.set('location', filters.locationId);
  if (filters.publisherId) params.set('publisher', filters.publisherId);
  if (filters.accountKeys?.length) params.set('accounts', filters.accountKeys.join(','));
  const text = params.toString();
  return text ? `#${text}` : '';
}

export function sameFilters(a: TriageFilters, b: TriageFilters): boolean {
  const accounts = (f: TriageFilters) => (f.accountKeys ?? []).join(',');
  return (
    a.status === b.status &&
    a.locationId === b.locationId &&
    a.publisherId === b.publisherId &&
    accounts(a) === accounts(b)
  );
}
