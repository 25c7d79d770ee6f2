// Listing statuses as people read them; an unknown status is shown verbatim.
import { isStatusName, OTHER_LISTING_STATUS } from '../../lib/shared/listing-statuses.ts';

export const LISTING_STATUS_ORDER = [
  'LIVE',
  'WAITING_ON_PUBLISHER',
  'WAITING_ON_YEXT',
  'WAITING_ON_CUSTOMER',
  'UNAVAILABLE',
  'OPTED_OUT',
  OTHER_LISTING_STATUS,
] as const;

/** Where a status sits in LISTING_STATUS_ORDER; an unknown one after all the known ones. */
export function listingStatusRank(status: string): number {
  const index = (LISTING_STATUS_ORDER as readonly string[]).indexOf(status);
  return index === -1 ? LISTING_STATUS_ORDER.length : index;
}

const LABELS: Record<string, string> = {
  LIVE: 'Live',
  WAITING_ON_PUBLISHER: 'Waiting on publisher',
  WAITING_ON_YEXT: 'Waiting on Yext',
  WAITING_ON_CUSTOMER: 'Waiting on customer',
  UNAVAILABLE: 'Unavailable',
  OPTED_OUT: 'Opted out',
  [OTHER_LISTING_STATUS]: 'Other',
};

export function listingStatusLabel(status: string): string {
  return LABELS[status] ?? status;
}

/** ok | warn | danger | muted: colour only where it carries meaning. */
export function listingStatusTone(status: string): 'ok' | 'warn' | 'danger' | 'muted' {
  if (status === 'LIVE') return 'ok';
  if (status.startsWith('WAITING')) return 'warn';
  if (status === 'UNAVAILABLE') return 'danger';
  return 'muted';
}

/** The options page's listings view, filtered: `options.html#listings?status=LIVE`. */
export function listingsTarget(status?: string): { section: 'listings'; hash?: string } {
  return status && status !== OTHER_LISTING_STATUS
    ? { section: 'listings', hash: `?status=${encodeURIComponent(status)}` }
    : { section: 'listings' };
}

export function statusFromHash(hash: string): string | undefined {
  const query = hash.split('?')[1];
  if (!query) return undefined;
  const status = new URLSearchParams(query).get('status');
  return status && isStatusName(status) ? status : undefined;
}
