// The Inbox in the worker: every linked account's waiting suggestions in one table (table.ts), made from
// the triage feature's cached lists (source.ts), queried a window at a time. Decisions go to the same
// decision outbox as the popup's, per account, in batches of at most 500; history (history.ts) fetches the
// resolved lists whole when the user opens it and serves them a window at a time.

import { type Handlers, toWireError } from '../../messaging/background.ts';
import type {
  InboxAccountView,
  InboxAnswer,
  InboxBatchView,
  InboxFacetsView,
  InboxFilters,
  InboxItemView,
  InboxPlanView,
  InboxRowView,
} from '../../messaging/protocol/index.ts';
import { DeskError, type WireError } from '../../messaging/wire-error.ts';
import { needsRelinkError } from '../core/api-session.ts';
import type { DeskDeps } from '../core/deps.ts';
import { toCsv } from '../core/listings-csv.ts';
import { quotaSpentError } from '../core/request-budget.ts';
import { defineFeature } from '../feature.ts';
import { BLOCKED_CODES } from '../suggestion-triage/decision-verdict.ts';
import type { SuggestionTriage } from '../suggestion-triage/index.ts';
import type { PendingDecision } from '../suggestion-triage/triage-items.ts';
import { keepRecent, toBatchView } from '../suggestion-triage/triage-state.ts';
import { createInboxHistory } from './history.ts';
import { createInboxSource, type InboxSource, rowKey, waitingListOf } from './source.ts';
import { ageDays, createInboxTable, type InboxMatch, type InboxRow } from './table.ts';

/** The outbox takes at most this many suggestions per decision (the protocol's triage.decide limit too). */
export const DECIDE_CHUNK = 500;

/** Tried and not settled: the worker holds it for a retry, or for Relink; not while a try is in flight. */
function heldBack(p: PendingDecision | undefined): p is PendingDecision & { lastError: WireError } {
  return Boolean(p?.lastError) && !p?.sendingBy;
}

export type InboxTriage = Pick<
  SuggestionTriage,
  'revalidate' | 'askAcross' | 'accountState' | 'decide' | 'decideMany' | 'undo'
>;

const CSV_HEADER = [
  'Account',
  'Location id',
  'Location',
  'Publisher',
  'Field',
  'Current content',
  'Suggested content',
  'Created',
  'Age (days)',
  'Suggestion id',
];

/** A short name for a part's content (two 32-bit FNV-1a hashes and its length): equal content, equal tag. */
export function tagOf(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 15);
  }
  return `${(a >>> 0).toString(36)}.${(b >>> 0).toString(36)}.${text.length.toString(36)}`;
}

export function createInbox(deps: Pick<DeskDeps, 'now' | 'withAccount' | 'budget'>, triage: InboxTriage) {
  const table = createInboxTable();
  const source = createInboxSource(table, deps.now);
  const headsOf = new WeakMap<InboxMatch, number[]>();

  /** Where the group headers are in a grouped list, worked out once per answer of the table. */
  function heads(found: InboxMatch): number[] {
    let held = headsOf.get(found);
    if (!held) {
      held = [];
      for (let i = 0; i < found.items.length; i++) if (found.items[i]!.kind === 'group') held.push(i);
      headsOf.set(found, held);
    }
    return held;
  }
  const history = createInboxHistory(deps, table);
  /** The facets as answered, with their tag: made once per table facets and publisher names. */
  const facetsViews = new WeakMap<object, { names: object; view: InboxFacetsView; tag: string }>();

  function facetsView(filters: InboxFilters, src: InboxSource): { view: InboxFacetsView; tag: string } {
    const facets = table.facets(filters.accounts);
    const held = facetsViews.get(facets);
    if (held && held.names === src.publishers) return held;
    const names = (accountKey: string) => src.publishers[accountKey]?.names ?? {};
    const publisherName = (id: string) => {
      for (const a of src.accounts) {
        const name = names(a.accountKey)[id];
        if (name) return name;
      }
      return id;
    };
    const view = { ...facets, publishers: facets.publishers.map((p) => ({ ...p, label: publisherName(p.id) })) };
    const made = { names: src.publishers, view, tag: tagOf(JSON.stringify(view)) };
    facetsViews.set(facets, made);
    return made;
  }

  function toRowView(r: InboxRow, src: InboxSource, now: number): InboxRowView {
    const key = rowKey(r.accountKey, r.s.id);
    const pending = src.pending.get(key);
    const failed = src.failures.get(key);
    const days = ageDays(r.created, now);
    return {
      accountKey: r.accountKey,
      accountName: table.accountName(r.accountKey),
      id: r.s.id,
      locationId: r.s.locationId,
      locationName: table.locationName(r) === r.s.locationId ? '' : table.locationName(r),
      publisherId: r.s.publisherId,
      publisherName: src.publishers[r.accountKey]?.names[r.s.publisherId] ?? r.s.publisherId,
      fieldName: r.s.fieldName,
      originalContent: r.s.originalContent,
      suggestedContent: r.s.suggestedContent,
      dateCreated: r.s.dateCreated,
      ageDays: days,
      pending: pending?.decision ?? null,
      sending: Boolean(pending?.sendingBy),
      queued: heldBack(pending) ? { error: pending.lastError, retryAt: pending.retryAt ?? null } : null,
      failure: failed ? { decision: failed.decision, error: { code: failed.code, message: failed.message } } : null,
    };
  }

  /** The rows drawn with a note under them: failed decisions, and pending ones held back after a try. */
  function notedKeys(src: InboxSource): string[] {
    const keys = [...src.failures.keys()];
    for (const [key, p] of src.pending) if (heldBack(p) && !src.failures.has(key)) keys.push(key);
    return keys;
  }

  /** Per batch, its decisions held back: waiting for Relink (or the Connection), or for a retry's time. */
  function batchViews(src: InboxSource, now: number): InboxBatchView[] {
    const held = new Map<string, { waitingForRelink: number; retrying: number }>();
    for (const p of src.pending.values()) {
      if (!heldBack(p)) continue;
      const counts = held.get(p.batchId) ?? { waitingForRelink: 0, retrying: 0 };
      if (BLOCKED_CODES.has(p.lastError.code)) counts.waitingForRelink++;
      else counts.retrying++;
      held.set(p.batchId, counts);
    }
    return keepRecent(src.batches, now).map((b) => ({
      ...toBatchView(b),
      accountKey: b.accountKey,
      ...(held.get(b.batchId) ?? { waitingForRelink: 0, retrying: 0 }),
    }));
  }

  function accountLines(src: InboxSource): InboxAccountView[] {
    return src.accounts.map((a) => {
      const list = waitingListOf(src, a.accountKey);
      const state = triage.accountState(a.accountKey);
      return {
        accountKey: a.accountKey,
        accountName: a.accountName,
        waiting: table.waiting(a.accountKey),
        needsRelink: a.needsRelink,
        fetchedAt: list?.fetchedAt ?? null,
        refreshing: !a.needsRelink && state.refreshing,
        error: a.needsRelink ? toWireError(needsRelinkError(a)) : state.error,
      };
    });
  }

  /**
   * The accounts the page was last filtered to (none: every account). An open refreshes those first, as the
   * popup's does; a filter to other accounts refreshes theirs then, within the same share.
   */
  let shownAccounts: string[] = [];

  /** After a query's answer has left: lists never fetched, or the accounts newly filtered to. */
  function afterQuery(src: InboxSource, accounts: string[]): void {
    const filtered = accounts.join(' ') !== shownAccounts.join(' ') && accounts.length > 0;
    shownAccounts = accounts;
    const never = src.accounts.some((a) => !a.needsRelink && !waitingListOf(src, a.accountKey));
    if (filtered) void triage.askAcross({ refresh: true }, accounts).catch(() => undefined);
    else if (never) void triage.askAcross({}).catch(() => undefined);
  }

  /** The matching rows not already decided, in the list's order. */
  function undecided(filters: InboxFilters, src: InboxSource, now: number): InboxRow[] {
    return table
      .match(filters, 'oldest', false, now)
      .rows.filter((r) => !src.pending.has(rowKey(r.accountKey, r.s.id)));
  }

  function byAccount(rows: InboxRow[]): Map<string, string[]> {
    const ids = new Map<string, string[]>();
    for (const r of rows) {
      const list = ids.get(r.accountKey);
      if (list) list.push(r.s.id);
      else ids.set(r.accountKey, [r.s.id]);
    }
    return ids;
  }

  const handlers: Pick<
    Handlers,
    | 'inbox.query'
    | 'inbox.refresh'
    | 'inbox.plan'
    | 'inbox.decideAll'
    | 'inbox.decide'
    | 'inbox.undo'
    | 'inbox.history'
    | 'inbox.csv'
  > = {
    'inbox.query': async ({ filters, sort, group, offset, limit, held }): Promise<InboxAnswer> => {
      const src = await source.read();
      const now = deps.now();
      const found = table.match(filters, sort, group, now);
      const window: InboxItemView[] = found.items
        .slice(offset, offset + limit)
        .map((item) => (item.kind === 'group' ? item : { kind: 'row', row: toRowView(item.row, src, now) }));
      const facets = facetsView(filters, src);
      setTimeout(() => afterQuery(src, filters.accounts), 0);
      const accounts = accountLines(src);
      const accountsTag = tagOf(JSON.stringify(accounts));
      return {
        revision: src.revision,
        matched: found.rows.length,
        items: found.items.length,
        total: table.total,
        offset,
        window,
        heads: group ? heads(found) : [],
        noted: table.indexesIn(found, notedKeys(src), now),
        decidable: found.rows.length - table.countIn(found, src.pending.keys(), now),
        // What the page holds already is not sent again: most answers change neither.
        accounts: held?.accounts === accountsTag ? null : accounts,
        facets: held?.facets.includes(facets.tag) ? null : facets.view,
        tags: { accounts: accountsTag, facets: facets.tag },
        batches: batchViews(src, now),
        keyboardShortcuts: src.keyboardShortcuts,
        undoWindowMs: src.undoWindowMs,
      };
    },
    'inbox.refresh': async ({ force }) => {
      // The service said the quota is spent: nothing is sent before its reset, and the page says when.
      const spent = await deps.budget.spentUntil();
      if (spent !== null) throw quotaSpentError(spent);
      // An open takes the lists it shows first within its share of the hour (the rest ride the refresh alarm);
      // Refresh, every account's in turn.
      await triage.askAcross(force ? { force: true } : { refresh: true }, force ? [] : shownAccounts);
      const src = await source.read();
      return { accounts: src.accounts.filter((a) => !a.needsRelink).length };
    },
    'inbox.plan': async ({ filters }): Promise<InboxPlanView> => {
      const src = await source.read();
      const ids = byAccount(undecided(filters, src, deps.now()));
      const perAccount = [...ids].map(([accountKey, list]) => ({
        accountKey,
        accountName: table.accountName(accountKey),
        suggestions: list.length,
      }));
      const suggestions = perAccount.reduce((n, a) => n + a.suggestions, 0);
      return { suggestions, accounts: perAccount.length, requests: suggestions, perAccount };
    },
    'inbox.decideAll': async ({ filters, decision, expected }) => {
      const src = await source.read();
      const rows = undecided(filters, src, deps.now());
      // The preview promised a number: if the lists moved since, say so rather than decide other rows.
      if (rows.length !== expected) {
        throw new DeskError({
          code: 'inbox-changed',
          message: `The matching suggestions changed since the preview (${rows.length} now, not ${expected}). Nothing was decided; look at the new preview.`,
        });
      }
      const groups: { accountKey: string; suggestionIds: string[] }[] = [];
      for (const [accountKey, ids] of byAccount(rows)) {
        for (let i = 0; i < ids.length; i += DECIDE_CHUNK)
          groups.push({ accountKey, suggestionIds: ids.slice(i, i + DECIDE_CHUNK) });
      }
      // Every batch in one locked write and one event: 30 accounts' batches one by one took minutes at 6,000.
      const done = await triage.decideMany(groups, decision, { anyAccount: true });
      const batches = groups.map((g, i) => ({
        accountKey: g.accountKey,
        batchId: done.batchIds[i]!,
        size: g.suggestionIds.length,
      }));
      const revision = done.revision;
      return { batches, revision };
    },
    'inbox.decide': async ({ accountKey, suggestionIds, decision }) => {
      const done = await triage.decide(accountKey, suggestionIds, decision, { anyAccount: true });
      return { batchId: done.batchId, revision: done.revision };
    },
    'inbox.undo': async ({ batches }) => {
      let undone = 0;
      let tooLate = 0;
      for (const { accountKey, batchId } of batches) {
        const result = await triage.undo({ batchId }, { accountKey });
        undone += result.undone.length;
        tooLate += result.tooLate.length;
      }
      return { undone, tooLate };
    },
    'inbox.history': async (input) => history.ask(await source.read(), input),
    'inbox.csv': async ({ filters, sort }) => {
      const src = await source.read();
      const now = deps.now();
      const { rows } = table.match(filters, sort, false, now);
      const records = rows.map((r) => {
        const v = toRowView(r, src, now);
        return [
          v.accountName,
          v.locationId,
          v.locationName,
          v.publisherName,
          v.fieldName,
          v.originalContent,
          v.suggestedContent,
          v.dateCreated,
          v.ageDays,
          v.id,
        ];
      });
      const day = new Date(now).toISOString().slice(0, 10);
      return { csv: toCsv(CSV_HEADER, records), rows: records.length, filename: `inbox-${day}.csv` };
    },
  };

  return { handlers, table };
}

export function inboxFeature(deps: DeskDeps, triage: InboxTriage) {
  const inbox = createInbox(deps, triage);
  return defineFeature({
    name: 'inbox',
    handlers: inbox.handlers,
    // Nothing stored: the table lives in memory and drops an unlinked account at its next read.
    forgetAccount: async () => [],
  });
}
