// The Inbox's History: Accepted, Rejected and Expired suggestions of the chosen accounts, each account's
// lists fetched whole (no 500 cap: a day's triage across accounts passes it) when the person opens the tab,
// held in the worker's memory and served a window at a time, newest resolved first, with the count of all.
import { fetchAllSuggestions } from '../../api/suggestions.ts';
import { toWireError } from '../../messaging/background.ts';
import type { InboxHistoryRowView, InboxHistoryView, SuggestionView } from '../../messaging/protocol/index.ts';
import type { WireError } from '../../messaging/wire-error.ts';
import type { LinkedAccount } from '../core/account-items.ts';
import type { DeskDeps } from '../core/deps.ts';
import { toSuggestionView } from '../suggestion-triage/cached-list.ts';
import { cacheKey } from '../suggestion-triage/triage-state.ts';
import type { InboxSource } from './source.ts';
import type { InboxTable } from './table.ts';

interface HeldList {
  accountKey: string;
  rows: SuggestionView[];
}

interface HistoryRow {
  accountKey: string;
  s: SuggestionView;
}

export interface HistoryAsk {
  accounts: string[];
  statuses: string[];
  refresh: boolean;
  offset: number;
  limit: number;
}

/** Newest resolved first; ties by id, so a window's rows never move between asks. */
function newestFirst(a: HistoryRow, b: HistoryRow): number {
  return (
    (b.s.dateResolved ?? '').localeCompare(a.s.dateResolved ?? '') ||
    a.accountKey.localeCompare(b.accountKey) ||
    a.s.id.localeCompare(b.s.id, undefined, { numeric: true })
  );
}

export function createInboxHistory(deps: Pick<DeskDeps, 'withAccount' | 'now'>, table: InboxTable) {
  /** cacheKey(account, status) → the whole list as last fetched; its error when the last fetch failed. */
  const lists = new Map<string, HeldList>();
  const errors = new Map<string, WireError>();
  const inFlight = new Map<string, Promise<void>>();
  let version = 0;
  let sorted: { signature: string; rows: HistoryRow[] } | null = null;

  /** One account's list of one status, every page; concurrent asks share one fetch. A person's ask. */
  function fetchList(accountKey: string, status: string): Promise<void> {
    const key = cacheKey(accountKey, status);
    const running = inFlight.get(key);
    if (running) return running;
    const task = (async () => {
      try {
        const all = await deps.withAccount(
          (client) => fetchAllSuggestions(client, { statuses: [status] }, { concurrency: 3 }),
          accountKey,
          { purpose: 'user' },
        );
        // Pages that could not be had: what came is shown, and the account says it is not all.
        lists.set(key, { accountKey, rows: all.suggestions.map(toSuggestionView) });
        if (all.incomplete) errors.set(key, toWireError(all.incomplete.error));
        else errors.delete(key);
      } catch (error) {
        errors.set(key, toWireError(error));
      } finally {
        inFlight.delete(key);
        version++;
      }
    })();
    inFlight.set(key, task);
    return task;
  }

  /** Every chosen list's rows, newest first: sorted again only when a list or the choice changed. */
  function rowsOf(keys: string[]): HistoryRow[] {
    const signature = `${version} ${keys.join(',')}`;
    if (sorted?.signature === signature) return sorted.rows;
    const rows: HistoryRow[] = [];
    for (const key of keys) {
      const held = lists.get(key);
      if (held) for (const s of held.rows) rows.push({ accountKey: held.accountKey, s });
    }
    rows.sort(newestFirst);
    sorted = { signature, rows };
    return rows;
  }

  function toView(r: HistoryRow, account: LinkedAccount, src: InboxSource): InboxHistoryRowView {
    const { s } = r;
    return {
      accountKey: r.accountKey,
      accountName: account.accountName,
      id: s.id,
      status: s.status,
      locationId: s.locationId,
      locationName: table.locationName({ accountKey: r.accountKey, s, created: 0 }),
      publisherName: src.publishers[r.accountKey]?.names[s.publisherId] ?? s.publisherId,
      fieldName: s.fieldName,
      originalContent: s.originalContent,
      suggestedContent: s.suggestedContent,
      dateCreated: s.dateCreated,
      dateResolved: s.dateResolved ?? '',
      resolvedBy: s.resolvedBy ?? '',
    };
  }

  async function ask(src: InboxSource, { accounts, statuses, refresh, offset, limit }: HistoryAsk) {
    const linked = new Set(src.accounts.map((a) => a.accountKey));
    // An unlinked account's lists go with it.
    for (const [key, held] of lists) if (!linked.has(held.accountKey)) lists.delete(key);
    const chosen = src.accounts.filter(
      (a) => !a.needsRelink && (accounts.length === 0 || accounts.includes(a.accountKey)),
    );
    const keys = chosen.flatMap((a) => statuses.map((status) => cacheKey(a.accountKey, status)));
    // Fetched when the tab opens (refresh), and after a worker restart (nothing held) for a page turned.
    await Promise.all(
      chosen.flatMap((a) =>
        statuses
          .filter((status) => refresh || !lists.has(cacheKey(a.accountKey, status)))
          .map((status) => fetchList(a.accountKey, status)),
      ),
    );
    const failed: InboxHistoryView['failed'] = [];
    for (const a of chosen) {
      const error = statuses.map((status) => errors.get(cacheKey(a.accountKey, status))).find(Boolean);
      if (error) failed.push({ accountKey: a.accountKey, accountName: a.accountName, error });
    }
    const rows = rowsOf(keys);
    const byKey = new Map(chosen.map((a) => [a.accountKey, a]));
    // Past the end (the lists shrank since the page was turned): the last window.
    const from = offset < rows.length ? offset : Math.max(0, Math.floor((rows.length - 1) / limit) * limit);
    return {
      rows: rows.slice(from, from + limit).map((r) => toView(r, byKey.get(r.accountKey)!, src)),
      total: rows.length,
      offset: from,
      failed,
    } satisfies InboxHistoryView;
  }

  return { ask };
}
