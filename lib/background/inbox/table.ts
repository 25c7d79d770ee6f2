// The Inbox's rows in the worker: every account's waiting suggestions, replaced one account at a time
// when that account's cached list changes (a list is a new object after each fetch or decision), and
// asked for a filtered, sorted and optionally grouped list of which the page draws a window.
import {
  INBOX_FACETS_HELD,
  type InboxAge,
  type InboxFilters,
  type InboxGroupView,
  type InboxSort,
} from '../../messaging/protocol/index.ts';
import { fieldLabel } from '../../shared/suggestion-words.ts';
import type { StoredSuggestion } from '../suggestion-triage/triage-items.ts';

const DAY_MS = 86_400_000;
/**
 * The age filter's last bucket. The vendor says only that unreviewed suggestions "may be applied automatically
 * after a while" (vendor-facts, Publisher suggestions): no row claims a deadline from it.
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

/** Positions (in the oldest-first order) of the rows holding each value of one filter. */
type Postings = Map<string, number[]>;

/**
 * What a filter or a grouping looks up instead of scanning and sorting: every row in both age orders, the
 * grouped order (ranks of names, sorted once), and per filter the rows of each value. Made once per change
 * of the rows (or of the day, for ages); a filter is then a count over the postings of its values.
 */
interface InboxIndex {
  /** Oldest first (then id): position → row. */
  rows: InboxRow[];
  /** Each row's `{ kind: 'row' }` item, made once: an answer's items are references, not new objects. */
  items: InboxItem[];
  newest: Int32Array;
  /** Grouped orders (account → location → field, then age), per sort. */
  grouped: Partial<Record<InboxSort, Int32Array>>;
  byAccount: Postings;
  byLocation: Postings;
  byPublisher: Postings;
  byField: Postings;
  byAge: Postings;
  /** `${accountKey} ${id}` → position. */
  positions: Map<string, number>;
}

function post(map: Postings, key: string, position: number): void {
  const list = map.get(key);
  if (list) list.push(position);
  else map.set(key, [position]);
}

/** Answers kept: the one a page is scrolling through (a filter it toggles back is looked up again). */
const MATCH_CACHE = 1;
/** Facets kept, per choice of accounts (each ~900 counts at 30 accounts). */
const FACETS_CACHE = INBOX_FACETS_HELD;

export function createInboxTable() {
  /** Per account: the list object its rows were made from (identity says whether it changed), and the rows. */
  const accounts = new Map<string, { list: readonly StoredSuggestion[]; rows: InboxRow[]; info: InboxAccountInfo }>();
  let version = 0;
  let all: InboxRow[] | null = null;
  let index: { day: number; value: InboxIndex } | null = null;
  /** The last answer: a page scrolling through it costs a slice. */
  let recent: { key: string; group: boolean; match: InboxMatch }[] = [];
  /** Each answer's matching positions (null: every row), for counting pending rows without a scan. */
  const hits = new WeakMap<InboxMatch, Uint8Array | null>();
  const facetsHeld = new Map<string, ReturnType<typeof countFacets>>();
  /** Each answer's item → its index, made when a row of it first needs a note. */
  const itemIndexes = new WeakMap<InboxMatch, Map<InboxItem, number>>();

  /** Replaces an account's rows when its list (or its names) changed; true when it did. */
  function setAccount(info: InboxAccountInfo, list: readonly StoredSuggestion[], now: number): boolean {
    const held = accounts.get(info.accountKey);
    if (held && held.list === list && held.info.accountName === info.accountName) {
      // New location names re-order the groups and relabel the facets; the rows and their filters stand.
      if (held.info.locationNames !== info.locationNames) {
        held.info = info;
        if (index) index.value.grouped = {};
        recent = recent.filter((r) => !r.group);
        facetsHeld.clear();
      }
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
    index = null;
    recent = [];
    facetsHeld.clear();
  }

  function rowsOfAll(): InboxRow[] {
    all ??= [...accounts.values()].flatMap((a) => a.rows);
    return all;
  }

  const accountName = (key: string) => accounts.get(key)?.info.accountName ?? key;
  const locationName = (row: InboxRow) =>
    accounts.get(row.accountKey)?.info.locationNames[row.s.locationId] || row.s.locationId;

  function indexOf(now: number): InboxIndex {
    const day = Math.floor(now / DAY_MS);
    if (index?.day === day) return index.value;
    const rows = rowsOfAll().slice();
    rows.sort((a, b) => a.created - b.created || compare(a.s.id, b.s.id));
    // Newest first keeps ids ascending within a day: the runs of one date, in reverse order.
    const newest = new Int32Array(rows.length);
    let out = 0;
    for (let end = rows.length; end > 0; ) {
      let start = end - 1;
      while (start > 0 && rows[start - 1]!.created === rows[end - 1]!.created) start--;
      for (let p = start; p < end; p++) newest[out++] = p;
      end = start;
    }
    const value: InboxIndex = {
      rows,
      items: rows.map((row) => ({ kind: 'row', row })),
      newest,
      grouped: {},
      byAccount: new Map(),
      byLocation: new Map(),
      byPublisher: new Map(),
      byField: new Map(),
      byAge: new Map(),
      positions: new Map(),
    };
    rows.forEach((r, p) => {
      post(value.byAccount, r.accountKey, p);
      post(value.byLocation, r.s.locationId, p);
      post(value.byPublisher, r.s.publisherId, p);
      post(value.byField, r.s.fieldName, p);
      post(value.byAge, ageBucket(ageDays(r.created, now)), p);
      value.positions.set(`${r.accountKey} ${r.s.id}`, p);
    });
    index = { day, value };
    return value;
  }

  /** Account → location → field by name (ranks sorted once over the few distinct names), then age. */
  function groupedOrder(ix: InboxIndex, sort: InboxSort): Int32Array {
    const held = ix.grouped[sort];
    if (held) return held;
    const rank = (keys: Iterable<string>, cmp: (a: string, b: string) => number) =>
      new Map([...new Set(keys)].sort(cmp).map((key, i) => [key, i]));
    const accountRank = rank(accounts.keys(), (a, b) => compare(accountName(a), accountName(b)) || compare(a, b));
    const where = new Map<string, { account: number; name: string; id: string }>();
    for (const r of ix.rows) {
      const key = `${r.accountKey} ${r.s.locationId}`;
      if (!where.has(key))
        where.set(key, { account: accountRank.get(r.accountKey)!, name: locationName(r), id: r.s.locationId });
    }
    const locationRank = rank(where.keys(), (a, b) => {
      const x = where.get(a)!;
      const y = where.get(b)!;
      return x.account - y.account || compare(x.name, y.name) || compare(x.id, y.id);
    });
    const fieldRank = rank(
      ix.rows.map((r) => r.s.fieldName),
      compare,
    );
    const n = ix.rows.length;
    // One number per row: (location, field, place in the age order); a typed array sorts numbers natively.
    const age = sort === 'oldest' ? null : ix.newest;
    const keys = new Float64Array(n);
    for (let k = 0; k < n; k++) {
      const p = age ? age[k]! : k;
      const r = ix.rows[p]!;
      const loc = locationRank.get(`${r.accountKey} ${r.s.locationId}`)!;
      keys[k] = (loc * fieldRank.size + fieldRank.get(r.s.fieldName)!) * n + k;
    }
    keys.sort();
    const order = new Int32Array(n);
    for (let k = 0; k < n; k++) {
      const at = keys[k]! % n;
      order[k] = age ? age[at]! : at;
    }
    ix.grouped[sort] = order;
    return order;
  }

  /** Which positions match: for each filter given, the postings of its values counted; all filters hit = a match. */
  function matching(ix: InboxIndex, filters: InboxFilters): Uint8Array | null {
    const chosen = [
      [ix.byAccount, filters.accounts],
      [ix.byLocation, filters.locations],
      [ix.byPublisher, filters.publishers],
      [ix.byField, filters.fields],
      [ix.byAge, filters.ages],
    ] as const;
    const used = chosen.filter(([, values]) => values.length > 0);
    if (!used.length) return null;
    const hits = new Uint8Array(ix.rows.length);
    for (const [postings, values] of used) {
      for (const value of new Set<string>(values)) {
        for (const p of postings.get(value) ?? []) hits[p]!++;
      }
    }
    const need = used.length;
    for (let p = 0; p < hits.length; p++) hits[p] = hits[p] === need ? 1 : 0;
    return hits;
  }

  /** Headers before each account, location and field of the rows in `order` that match, with their counts. */
  function grouped(ix: InboxIndex, order: Int32Array, hit: Uint8Array | null): InboxItem[] {
    const items: InboxItem[] = [];
    const open: (InboxGroupView | null)[] = [null, null, null];
    let account = '';
    let location = '';
    let field = '';
    let first = true;
    for (const p of order) {
      if (hit && !hit[p]) continue;
      const r = ix.rows[p]!;
      let from = 3;
      if (first || r.accountKey !== account) from = 0;
      else if (r.s.locationId !== location) from = 1;
      else if (r.s.fieldName !== field) from = 2;
      first = false;
      if (from < 3) {
        const labels = [accountName(r.accountKey), locationName(r), fieldLabel(r.s.fieldName)];
        for (let level = from; level < 3; level++) {
          // Named by its first row (a row opens at most one header per level): unique, and cheap.
          const key = `${level} ${r.accountKey} ${r.s.id}`;
          const group: InboxGroupView = { key, level: level as 0 | 1 | 2, label: labels[level]!, count: 0 };
          open[level] = group;
          items.push({ kind: 'group', group });
        }
        account = r.accountKey;
        location = r.s.locationId;
        field = r.s.fieldName;
      }
      for (const group of open) group!.count++;
      items.push(ix.items[p]!);
    }
    return items;
  }

  /** The list for these filters: lookups in the index, never a sort. */
  function match(filters: InboxFilters, sort: InboxSort, group: boolean, now: number): InboxMatch {
    const key = JSON.stringify([filters, sort, group, Math.floor(now / DAY_MS)]);
    const held = recent.find((r) => r.key === key);
    if (held) return held.match;
    const ix = indexOf(now);
    const hit = matching(ix, filters);
    let result: InboxMatch;
    if (group) {
      const items = grouped(ix, groupedOrder(ix, sort), hit);
      const rows: InboxRow[] = [];
      for (const i of items) if (i.kind === 'row') rows.push(i.row);
      result = { items, rows };
    } else {
      const rows: InboxRow[] = [];
      const items: InboxItem[] = [];
      const n = ix.rows.length;
      for (let k = 0; k < n; k++) {
        const p = sort === 'oldest' ? k : ix.newest[k]!;
        if (hit && !hit[p]) continue;
        rows.push(ix.rows[p]!);
        items.push(ix.items[p]!);
      }
      result = { rows, items };
    }
    recent = [{ key, group, match: result }, ...recent.slice(0, MATCH_CACHE - 1)];
    hits.set(result, hit);
    return result;
  }

  /** How many of `keys` (`${accountKey} ${id}`) are rows of `found`: e.g. the pending ones, for "N decidable". */
  function countIn(found: InboxMatch, keys: Iterable<string>, now: number): number {
    const ix = indexOf(now);
    const hit = hits.get(found);
    let n = 0;
    for (const key of keys) {
      const p = ix.positions.get(key);
      if (p !== undefined && (hit === null || hit?.[p])) n++;
    }
    return n;
  }

  /** Where each of `keys` (`${accountKey} ${id}`) stands in `found.items`, ascending: the rows drawn with a note. */
  function indexesIn(found: InboxMatch, keys: Iterable<string>, now: number): number[] {
    const ix = indexOf(now);
    let at = itemIndexes.get(found);
    const out: number[] = [];
    for (const key of keys) {
      const p = ix.positions.get(key);
      if (p === undefined) continue;
      if (!at) {
        at = new Map(found.items.map((item, i) => [item, i]));
        itemIndexes.set(found, at);
      }
      const i = at.get(ix.items[p]!);
      if (i !== undefined) out.push(i);
    }
    return out.sort((a, b) => a - b);
  }

  function countFacets(source: InboxRow[]) {
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

  /** Counts of each location, publisher and field over the rows of the chosen accounts (kept until a change). */
  function facets(accountKeys: readonly string[]) {
    const key = JSON.stringify(accountKeys);
    let held = facetsHeld.get(key);
    if (!held) {
      const source = accountKeys.length ? accountKeys.flatMap((k) => accounts.get(k)?.rows ?? []) : rowsOfAll();
      held = countFacets(source);
      // The few account choices a page goes back and forth between (the page keeps as many).
      if (facetsHeld.size >= FACETS_CACHE) facetsHeld.delete(facetsHeld.keys().next().value!);
      facetsHeld.set(key, held);
    }
    return held;
  }

  return {
    setAccount,
    keepOnly,
    match,
    countIn,
    indexesIn,
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
