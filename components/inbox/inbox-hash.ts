// The Inbox's view in the URL (`options.html#inbox?accounts=1001,1003&fields=PHONE&group=1`): a link, a
// reload or Back brings the same filters, sort, grouping and tab.
import { INBOX_AGES, type InboxAge, type InboxFilters, type InboxSort } from '../../lib/messaging/protocol/index.ts';

export const INBOX_SECTION = 'inbox';

export interface InboxViewState {
  filters: InboxFilters;
  sort: InboxSort;
  group: boolean;
  tab: 'waiting' | 'history';
}

export const NO_FILTERS: InboxFilters = { accounts: [], locations: [], publishers: [], fields: [], ages: [] };
export const DEFAULT_STATE: InboxViewState = { filters: NO_FILTERS, sort: 'oldest', group: false, tab: 'waiting' };

const LISTS = ['accounts', 'locations', 'publishers', 'fields', 'ages'] as const;
/** Ids are SAFE_ID (no commas); account keys may hold anything, so every value is URI-encoded. */
function list(raw: string | null): string[] {
  if (!raw) return [];
  return raw.split(',').flatMap((value) => {
    try {
      return value ? [decodeURIComponent(value)] : [];
    } catch {
      return [];
    }
  });
}

export function stateFromHash(hash: string): InboxViewState {
  const [section, query = ''] = hash.replace(/^#/, '').split('?');
  if (section !== INBOX_SECTION) return DEFAULT_STATE;
  // Not URLSearchParams: it would decode an encoded comma inside a value before the split.
  const raw = new Map(
    query.split('&').map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
  const params = { get: (name: string) => raw.get(name) ?? null };
  const filters = { ...NO_FILTERS };
  for (const name of LISTS) (filters[name] as string[]) = list(params.get(name));
  filters.ages = filters.ages.filter((a): a is InboxAge => (INBOX_AGES as readonly string[]).includes(a));
  return {
    filters,
    sort: params.get('sort') === 'newest' ? 'newest' : 'oldest',
    group: params.get('group') === '1',
    tab: params.get('tab') === 'history' ? 'history' : 'waiting',
  };
}

export function hashFromState(state: InboxViewState): string {
  const parts: string[] = [];
  for (const name of LISTS) {
    const values = state.filters[name];
    if (values.length) parts.push(`${name}=${values.map(encodeURIComponent).join(',')}`);
  }
  if (state.sort !== 'oldest') parts.push(`sort=${state.sort}`);
  if (state.group) parts.push('group=1');
  if (state.tab !== 'waiting') parts.push(`tab=${state.tab}`);
  return `#${INBOX_SECTION}${parts.length ? `?${parts.join('&')}` : ''}`;
}
