// The Inbox's rows in the worker: every account's waiting suggestions, replaced one account at a time
// when that account's cached list changes (a list is a new object after each fetch or decision), and
// asked for a filtered, sorted and optionally grouped list of which the page draws a window.
import type { InboxAge, InboxFilters, InboxGroupView, InboxSort } from '../../messaging/protocol/index.ts';
import type { StoredSuggestion } from '../suggestion-triage/triage-items.ts';

const DAY_MS = 86_400_000;
/**
 * The vendor says only that unreviewed suggestions "may be applied automatically after a while"
 * (vendor-facts, Publisher suggestions); two weeks is our reading, and the sandbox seeds some past it.
 */
export const OLD_AFTER_DAYS = 14;

export interface InboxRow {
  accountKey: string;
  s: StoredSuggestion;
  /** Epoch ms of dateCreated (UTC midnight); NaN-free: an unreadable date counts as now. */
  created: number;
}

/** What the table needs to know of an account besides its rows. */
export interface InboxAccountInfo {
  accountKey: string;
  accountName: string;
  /** location id → name; missing ids show as the id. */
  locationNames: Record<string, string>;
}

export type InboxItem = { kind: 'group'; group: InboxGroupView } | { kind: 'row'; row: InboxRow };

export interface InboxMatch {
  /** Rows only, in order. */
  rows: InboxRow[];
  /** Rows and, when grouped, their headers, in order. */
  items: InboxItem[];
}

export function ageDays(created: number, now: number): number {
  return Math.max(0, Math.floor((now - created) / DAY_MS));
}

export function ageBucket(days: number): InboxAge {
  if (days >= OLD_AFTER_DAYS) return 'old';
  return days >= 7 ? 'week' : 'new';
}

function createdAt(date: string, now: number): number {
  const at = Date.parse(date.length === 10 ? `${date}T00:00:00Z` : date);
  return Number.isFinite(at) ? at : now;
}

/** One collator for every comparison: localeCompare with options builds a collator per call (~70,000 for 6,000 rows). */
const collator = new Intl.Collator(undefined, { numeric: true });
const compare = collator.compare;

export function createInboxTable() {
  /** Per account: the list object its rows were made from (identity says whether it changed), and the rows. */
  const accounts = new Map<string, { list: readonly StoredSuggestion[]; rows: InboxRow[]; info: InboxAccountInfo }>();
  let version = 0;
  let all: InboxRow[] | null = null;
  let last: { key: string; match: InboxMatch } | null = null;

  /** Replaces an account's rows when its list (or its names) changed; true when it did. */
  function setAccount(info: InboxAccountInfo, list: readonly StoredSuggestion[], now: number): boolean {
    const held = accounts.get(info.accountKey);
    if (held && held.list === list && held.info.accountName === info.accountName) {
      held.info = info;
      return false;
    }
    const rows = list.map((s) => ({ accountKey: info.accountKey, s, created: createdAt(s.dateCreated, now) }));
    accounts.set(info.accountKey, { list, rows, info });
    changed();
    return true;
  }

  /** Drops accounts no longer linked. */
  function keepOnly(accountKeys: ReadonlySet<string>): void {
    for (const key of [...accounts.keys()]) {
      if (!accountKeys.has(key)) {
        accounts.delete(key);
        changed();
      }
    }
  }

  function changed(): void {
    version++;
    all = null;
    last = null;
  }

  function rowsOfAll(): InboxRow[] {
    all ??= [...accounts.values()].flatMap((a) => a.rows);
    return all;
  }

  const accountName = (key: string) => accounts.get(key)?.info.accountName ?? key;
  const locationName = (row: InboxRow) =>
    accounts.get(row.accountKey)?.info.locationNames[row.s.locationId] || row.s.locationId;

  function filter(filters: InboxFilters, now: number): InboxRow[] {
    const set = (values: readonly string[]) => (values.length ? new Set(values) : null);
    const acc = set(filters.accounts);
    const loc = set(filters.locations);
    const pub = set(filters.publishers);
    const fld = set(filters.fields);
    const age = set(filters.ages);
    const source = acc ? [...acc].flatMap((key) => accounts.get(key)?.rows ?? []) : rowsOfAll();
    if (!loc && !pub && !fld && !age) return source.slice();
    return source.filter(
      (r) =>
        (!loc || loc.has(r.s.locationId)) &&
        (!pub || pub.has(r.s.publisherId)) &&
        (!fld || fld.has(r.s.fieldName)) &&
        (!age || age.has(ageBucket(ageDays(r.created, now)))),
    );
  }

  function byAge(sort: InboxSort) {
    const sign = sort === 'oldest' ? 1 : -1;
    return (a: InboxRow, b: InboxRow) => sign * (a.created - b.created) || compare(a.s.id, b.s.id);
  }

  /** Grouped: account → location → field, each by name, then age within a field; a header before each. */
  function grouped(rows: InboxRow[], sort: InboxSort): InboxItem[] {
    const age = byAge(sort);
    const names = new Map<InboxRow, [string, string]>();
    for (const r of rows) names.set(r, [accountName(r.accountKey), locationName(r)]);
    rows.sort((a, b) => {
      const [an, al] = names.get(a)!;
      const [bn, bl] = names.get(b)!;
      return (
        compare(an, bn) ||
        compare(a.accountKey, b.accountKey) ||
        compare(al, bl) ||
        compare(a.s.locationId, b.s.locationId) ||
        compare(a.s.fieldName, b.s.fieldName) ||
        age(a, b)
      );
    });
    const items: InboxItem[] = [];
    const open: (InboxGroupView | null)[] = [null, null, null];
    let keys: string[] = [];
    for (const r of rows) {
      const next = [
        r.accountKey,
        `${r.accountKey} ${r.s.locationId}`,
        `${r.accountKey} ${r.s.locationId} ${r.s.fieldName}`,
      ];
      const [an, ln] = names.get(r)!;
      const labels = [an, ln, r.s.fieldName || '(no field)'];
      let from = next.findIndex((key, level) => key !== keys[level]);
      if (from !== -1) {
        for (let level = from; level < 3; level++) {
          const group: InboxGroupView = { level: level as 0 | 1 | 2, label: labels[level]!, count: 0 };
          open[level] = group;
          items.push({ kind: 'group', group });
        }
        keys = next;
        from = -1;
      }
      for (const group of open) group!.count++;
      items.push({ kind: 'row', row: r });
    }
    return items;
  }

  /** The list for these filters; the last answer is kept, so a page scrolling through it costs a slice. */
  function match(filters: InboxFilters, sort: InboxSort, group: boolean, now: number): InboxMatch {
    const key = JSON.stringify([filters, sort, group, Math.floor(now / DAY_MS)]);
    if (last?.key === key) return last.match;
    const rows = filter(filters, now);
    let items: InboxItem[];
    if (group) {
      items = grouped(rows, sort);
    } else {
      rows.sort(byAge(sort));
      items = rows.map((row) => ({ kind: 'row', row }));
    }
    const ordered = group ? items.flatMap((i) => (i.kind === 'row' ? [i.row] : [])) : rows;
    const result = { rows: ordered, items };
    last = { key, match: result };
    return result;
  }

  /** Counts of each location, publisher and field over the rows of the chosen accounts. */
  function facets(accountKeys: readonly string[]) {
    const source = accountKeys.length ? accountKeys.flatMap((key) => accounts.get(key)?.rows ?? []) : rowsOfAll();
    const count = (pick: (r: InboxRow) => string) => {
      const counts = new Map<string, { row: InboxRow; count: number }>();
      for (const r of source) {
        const id = pick(r);
        const seen = counts.get(id);
        if (seen) seen.count++;
        else counts.set(id, { row: r, count: 1 });
      }
      return counts;
    };
    const list = <T>(counts: Map<string, { row: InboxRow; count: number }>, label: (r: InboxRow, id: string) => T) =>
      [...counts].map(([id, { row, count }]) => ({ id, label: label(row, id), count }));
    return {
      locations: list(
        count((r) => r.s.locationId),
        (r) => locationName(r),
      ),
      publishers: list(
        count((r) => r.s.publisherId),
        (_r, id) => id,
      ),
      fields: list(
        count((r) => r.s.fieldName),
        (_r, id) => id,
      ),
    };
  }

  return {
    setAccount,
    keepOnly,
    match,
    facets,
    accountName,
    locationName,
    waiting: (accountKey: string) => accounts.get(accountKey)?.rows.length ?? 0,
    get total() {
      return rowsOfAll().length;
    },
    get version() {
      return version;
    },
  };
}

export type InboxTable = ReturnType<typeof createInboxTable>;
