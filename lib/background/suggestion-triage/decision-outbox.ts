// The decision outbox: decisions held for an undo window, then sent once each, and what came back.
//
// The worker can die at any moment, taking its timers with it. So every pending decision lives in
// storage; a timer sends it while the worker lives, start-up and every triage message flush whatever
// is overdue, and an alarm is the backstop: at the next due time, at a retry time, and while a claim is
// in flight. A decision is claimed (sendingBy = this run, attempts + 1) before its PUT: a claim left by a
// dead run is re-sent, and "already resolved" after an earlier attempt of ours counts as sent.
// Answers are written in rounds: one locked storage write and one event per round, not per decision
// (decision-answers.ts); a round's per-account sessions are decision-round.ts.
import { browser } from 'wxt/browser';
import type { SuggestionDecision } from '../../api/suggestions.ts';
import { coalesce } from '../../shared/coalesce.ts';
import { linkedAccountsItem } from '../core/account-items.ts';
import { withAccountLock } from '../core/account-lock.ts';
import { connectionSettingsItem, currentApiOrigin } from '../core/connection.ts';
import { readAccounts, unknownAccountError } from '../core/linked-accounts.ts';
import { apiKeyVaultItem, tokenVaultItem } from '../core/token-vault.ts';
import { type RoundAnswer, recordAnswers } from './decision-answers.ts';
import { openRound, type Round, sendWidening } from './decision-round.ts';
import { BLOCKED_CODES, confirmedVerdict, type Verdict, verdictOf } from './decision-verdict.ts';
import type { OutboxDeps, OutboxHooks } from './outbox-deps.ts';
import {
  type DecisionBatch,
  type FailedDecision,
  type PendingDecision,
  triageBatchesItem,
  triageFailuresItem,
  triagePendingItem,
  triageRevisionItem,
} from './triage-items.ts';
import {
  commitTriage,
  keepRecent,
  notActiveAccountError,
  toBatchView,
  toFailureView,
  tooLateToUndo,
  toPendingView,
  undoWindowMs,
} from './triage-state.ts';

export const FLUSH_ALARM = 'suggestion-triage-flush';
/** A claim whose worker died is sent again by the next worker this long after the claim, at the latest. */
export const CLAIM_BACKSTOP_MS = 60_000;
/** Answers are written at most this often during a long round (and once at its end)… */
const ROUND_WRITE_MS = 250;
/**
 * …and a big round's less often: each write rewrites the pending list and the cached lists whole, so an
 * accept-all of 6,000 written every 250 ms rewrote megabytes four times a second (quadratic in the round).
 */
export const roundWriteMs = (claimed: number) => Math.max(ROUND_WRITE_MS, Math.round(claimed / 3));

export type { DecisionSender, OutboxDeps, OutboxHooks } from './outbox-deps.ts';

export type UndoTarget = { batchId: string } | { suggestionIds: string[] };

/** What a claim and an open session stand on: an unlink, a relink or a new Connection changes one of these. */
const LINK_KEYS: readonly string[] = [linkedAccountsItem, connectionSettingsItem, tokenVaultItem, apiKeyVaultItem].map(
  (item) => item.key.slice(item.key.indexOf(':') + 1),
);

/** Whose decisions an undo or dismissal reaches: the active account's, one located account's, or (across) any. */
export interface DecisionScope {
  across?: boolean;
  /** The embedded panel's located account, in place of the active one. */
  accountKey?: string;
}

export function createDecisionOutbox(deps: OutboxDeps, hooks: OutboxHooks) {
  /** Identifies this worker's life: a claim by another run is a send that died with its worker. */
  const runId = crypto.randomUUID();
  let timer: ReturnType<typeof setTimeout> | undefined;
  /**
   * Bumped at every change of what links stand on. A round re-reads its claims (and reopens its sessions)
   * only then, not before every PUT: per decision the storage work is O(1), not a read of every pending one.
   * Chrome fires onChanged before the write resolves, so an unlink is seen by the next PUT.
   */
  let linkGeneration = 0;
  browser.storage.onChanged.addListener((changes, area) => {
    if (area === 'local' && LINK_KEYS.some((key) => Object.hasOwn(changes, key))) linkGeneration++;
  });

  /** The active account, or (the embedded panel) the located account the worker checked. */
  async function activeAccount(accountKey?: string) {
    const { accounts, activeAccountKey } = await readAccounts();
    return accounts.find((a) => a.accountKey === (accountKey ?? activeAccountKey)) ?? null;
  }

  /** The triage items a decision changes, as read in the lock. */
  interface DecisionState {
    pending: PendingDecision[];
    failures: FailedDecision[];
    batches: DecisionBatch[];
  }

  /** One account's decision applied to `state` (in the lock); answers its batch id. */
  function applyDecision(
    state: DecisionState,
    accountKey: string,
    suggestionIds: readonly string[],
    decision: SuggestionDecision,
    now: number,
    dueAt: number,
  ): string {
    const ids = new Set(suggestionIds);
    const ours = (p: { accountKey: string; suggestionId: string }) =>
      p.accountKey === accountKey && ids.has(p.suggestionId);
    // One already on its way cannot change; one still waiting takes the newer decision.
    const locked = new Set(state.pending.filter((p) => tooLateToUndo(p) && ours(p)).map((p) => p.suggestionId));
    const replaced = new Map<string, number>();
    for (const p of state.pending) {
      if (ours(p) && !tooLateToUndo(p)) replaced.set(p.batchId, (replaced.get(p.batchId) ?? 0) + 1);
    }
    const kept = state.pending.filter((p) => !(ours(p) && !tooLateToUndo(p)));
    const batchId = crypto.randomUUID();
    let size = 0;
    for (const suggestionId of ids) {
      if (locked.has(suggestionId)) continue;
      kept.push({ suggestionId, accountKey, decision, dueAt, batchId, attempts: 0 });
      size++;
    }
    state.batches = state.batches.map((b) => {
      const superseded = replaced.get(b.batchId) ?? 0;
      return superseded ? { ...b, undone: b.undone + superseded } : b;
    });
    state.batches.push({
      batchId,
      accountKey,
      decision,
      decidedAt: now,
      size,
      sent: 0,
      resolvedElsewhere: 0,
      failed: 0,
      undone: 0,
    });
    state.pending = kept;
    state.failures = state.failures.filter((f) => !ours(f));
    return batchId;
  }

  /**
   * Decisions for several accounts in one locked write, one alarm and one event (the Inbox's "accept all":
   * 30 accounts' batches were 30 writes of a growing pending list, each followed by every page asking again).
   * Only the active account's, unless `anyAccount` (the Inbox, extension pages only).
   */
  async function decideMany(
    groups: readonly { accountKey: string; suggestionIds: readonly string[] }[],
    decision: SuggestionDecision,
    { anyAccount = false } = {},
  ) {
    const windowMs = await undoWindowMs();
    const result = await withAccountLock(async () => {
      // Checked in the lock, so an unlink cannot come between the check and the write.
      const { accounts, activeAccountKey } = await readAccounts();
      for (const { accountKey } of groups) {
        if (!accounts.some((a) => a.accountKey === accountKey)) throw unknownAccountError();
        if (!anyAccount && accountKey !== activeAccountKey) throw notActiveAccountError();
      }
      const [pending, failures, batches] = await Promise.all([
        triagePendingItem.getValue(),
        triageFailuresItem.getValue(),
        triageBatchesItem.getValue(),
      ]);
      const now = deps.now();
      const state: DecisionState = { pending, failures, batches: keepRecent(batches, now) };
      const batchIds = groups.map((g) =>
        applyDecision(state, g.accountKey, g.suggestionIds, decision, now, now + windowMs),
      );
      const revision = await commitTriage([
        { item: triagePendingItem, value: state.pending },
        { item: triageFailuresItem, value: state.failures },
        { item: triageBatchesItem, value: state.batches },
      ]);
      return { batchIds, state, revision };
    });
    // The alarm before the answer; the timer it arms is this request's one flush (at once with no undo window).
    await schedule();
    const accountKey = groups.length === 1 ? groups[0]!.accountKey : null;
    await deps.broadcast('triage.changed', { accountKey, resolvedElsewhere: 0, revision: result.revision });
    return result;
  }

  /**
   * Only for the active account: a page (even a content script) decides for the account it shows.
   * `anyAccount`: the embedded panel, whose located account the worker checked, or the Inbox (extension
   * pages). `across`: an extension page showing every account's list, which may decide for any linked
   * account and is answered every account's pending decisions, failures and batches.
   */
  async function decide(
    accountKey: string,
    suggestionIds: string[],
    decision: SuggestionDecision,
    { anyAccount = false, across = false }: { anyAccount?: boolean; across?: boolean } = {},
  ) {
    const { batchIds, state, revision } = await decideMany([{ accountKey, suggestionIds }], decision, {
      anyAccount: anyAccount || across,
    });
    const mine = <T extends { accountKey: string }>(x: T) => across || x.accountKey === accountKey;
    return {
      batchId: batchIds[0]!,
      pending: state.pending
        .filter(mine)
        .map((p) => (across ? { ...toPendingView(p), accountKey: p.accountKey } : toPendingView(p))),
      failures: state.failures.filter(mine).map(toFailureView),
      batches: state.batches.filter(mine).map(toBatchView),
      revision,
    };
  }

  /**
   * Only the active account's decisions, or (the embedded panel) its located account's; `across`: any linked
   * account's, whichever it belongs to. Names what it undoes; those already being sent are `tooLate`.
   */
  async function undo(
    target: UndoTarget,
    { across = false, accountKey }: DecisionScope = {},
  ): Promise<{ undone: string[]; tooLate: string[]; revision: number }> {
    const account = await activeAccount(accountKey);
    if (!account) return { undone: [], tooLate: [], revision: await triageRevisionItem.getValue() };
    const outcome = await withAccountLock(async () => {
      const [pending, batches] = await Promise.all([triagePendingItem.getValue(), triageBatchesItem.getValue()]);
      const mine = pending.filter((p) => across || p.accountKey === account.accountKey);
      const named =
        'batchId' in target
          ? mine.filter((p) => p.batchId === target.batchId)
          : mine.filter((p) => target.suggestionIds.includes(p.suggestionId));
      const targets = named.filter((p) => !tooLateToUndo(p));
      const tooLate = named.filter(tooLateToUndo).map((p) => p.suggestionId);
      if ('suggestionIds' in target) {
        // Not pending any more: already sent (or never decided); either way nothing was undone.
        const found = new Set(named.map((p) => p.suggestionId));
        for (const id of target.suggestionIds) if (!found.has(id)) tooLate.push(id);
      }
      if (targets.length === 0) return { undone: [], tooLate, revision: await triageRevisionItem.getValue() };
      const gone = new Set(targets);
      const nextBatches = batches.map((b) => {
        const n = targets.filter((p) => p.batchId === b.batchId).length;
        return n ? { ...b, undone: b.undone + n } : b;
      });
      const revision = await commitTriage([
        { item: triagePendingItem, value: pending.filter((p) => !gone.has(p)) },
        { item: triageBatchesItem, value: nextBatches },
      ]);
      return { undone: targets.map((p) => p.suggestionId), tooLate, revision };
    });
    if (outcome.undone.length > 0) {
      await schedule();
      await deps.broadcast('triage.changed', {
        accountKey: across ? null : account.accountKey,
        resolvedElsewhere: 0,
        revision: outcome.revision,
      });
    }
    return outcome;
  }

  /** The active (or the panel's located) account's failures only (`across`: any account's), as for undo. */
  async function dismissFailures(
    suggestionIds: string[],
    { across = false, accountKey }: DecisionScope = {},
  ): Promise<{ dismissed: number }> {
    const account = await activeAccount(accountKey);
    if (!account) return { dismissed: 0 };
    const ids = new Set(suggestionIds);
    const done = await withAccountLock(async () => {
      const failures = await triageFailuresItem.getValue();
      const kept = failures.filter(
        (f) => !((across || f.accountKey === account.accountKey) && ids.has(f.suggestionId)),
      );
      if (kept.length === failures.length) return { dismissed: 0, revision: 0 };
      const revision = await commitTriage([{ item: triageFailuresItem, value: kept }]);
      return { dismissed: failures.length - kept.length, revision };
    });
    if (done.dismissed > 0) {
      await deps.broadcast('triage.changed', {
        accountKey: across ? null : account.accountKey,
        resolvedElsewhere: 0,
        revision: done.revision,
      });
    }
    return { dismissed: done.dismissed };
  }

  /** Accounts whose blocked decisions may go now: linked, not waiting for Relink, on the Connection they were linked on. */
  async function usableAccounts(): Promise<Set<string>> {
    const [{ accounts }, origin] = await Promise.all([readAccounts(), currentApiOrigin().catch(() => null)]);
    return new Set(accounts.filter((a) => !a.needsRelink && a.apiOrigin === origin).map((a) => a.accountKey));
  }

  /** When it may be tried next: its window, its retry time, or (blocked) now if its account is usable again. */
  function nextTry(p: PendingDecision, usable: Set<string>): number {
    if (p.lastError && BLOCKED_CODES.has(p.lastError.code) && !p.retryAt) {
      return usable.has(p.accountKey) ? 0 : Number.POSITIVE_INFINITY;
    }
    return p.retryAt ?? p.dueAt;
  }

  /** Arms the timer for the next try, and the alarm in case the worker dies first (or dies mid-send). */
  async function schedule(): Promise<void> {
    const [pending, usable] = await Promise.all([triagePendingItem.getValue(), usableAccounts()]);
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const now = deps.now();
    const waiting = pending.filter((p) => !p.sendingBy).map((p) => nextTry(p, usable));
    // A claim of this run in flight, or of a dead one not yet taken over: the backstop sends it if we die.
    const claims = pending.some((p) => p.sendingBy) ? [now + CLAIM_BACKSTOP_MS] : [];
    const next = Math.min(...waiting);
    const when = Math.min(next, ...claims);
    if (!Number.isFinite(when)) {
      await browser.alarms.clear(FLUSH_ALARM);
      return;
    }
    if (Number.isFinite(next)) timer = setTimeout(() => void flushDue(), Math.max(0, next - now));
    // Unpacked builds fire alarms on time; packed ones round up to 30 s, so the timer keeps short promises.
    await browser.alarms.create(FLUSH_ALARM, { when: Math.max(when, now) + 500 });
  }

  /** Sends every decision whose time has come. Safe to call any time, from anywhere: one round at a time. */
  const flushDue = coalesce(flushOnce);

  async function claimDue(): Promise<PendingDecision[]> {
    const usable = await usableAccounts();
    return withAccountLock(async () => {
      const pending = await triagePendingItem.getValue();
      const now = deps.now();
      const due = new Set(pending.filter((p) => p.sendingBy !== runId && nextTry(p, usable) <= now));
      if (due.size === 0) return [];
      const next = pending.map((p) =>
        due.has(p)
          ? // A claim by another (dead) run was an attempt, even in records written before attempts were counted.
            { ...p, sendingBy: runId, attempts: Math.max(p.attempts ?? 0, p.sendingBy ? 1 : 0) + 1, retryAt: null }
          : p,
      );
      await commitTriage([{ item: triagePendingItem, value: next }]);
      return next.filter((_, index) => due.has(pending[index]!));
    });
  }

  async function flushOnce(): Promise<void> {
    const claimed = await claimDue();
    if (claimed.length > 0) {
      // The backstop, before the first PUT leaves: if this worker dies now, the next one re-sends.
      await schedule();
      const round = openRound(claimed, {
        runId,
        generation: () => linkGeneration,
        openSender: (accountKey) => deps.openSender(accountKey),
      });
      const answers: RoundAnswer[] = [];
      const writeEvery = roundWriteMs(claimed.length);
      let writing: Promise<void> = Promise.resolve();
      let lastWrite = deps.now();
      const writeAnswers = () => {
        const batch = answers.splice(0);
        lastWrite = deps.now();
        writing = writing.then(() => (batch.length ? recordAnswers(deps, hooks, runId, batch) : undefined));
      };
      await sendWidening(claimed.length, round.width, async (index) => {
        const entry = claimed[index]!;
        answers.push({ entry, verdict: await send(round, entry) });
        if (deps.now() - lastWrite >= writeEvery) writeAnswers();
      });
      writeAnswers();
      await writing;
    }
    await schedule();
  }

  async function send(round: Round, entry: PendingDecision): Promise<Verdict> {
    // Claimed sends wait their turn; one whose account was unlinked in the meantime is never sent.
    if (!(await round.mayStillSend(entry))) return { kind: 'dropped' };
    try {
      await round.send(entry);
      return { kind: 'sent' };
    } catch (caught) {
      const verdict = verdictOf(caught, entry.attempts ?? 1, deps.now());
      return verdict.kind === 'unconfirmed' ? confirm(entry) : verdict;
    }
  }

  /** After an answer that proved nothing: the suggestion's state at the service says what happened. */
  async function confirm(entry: PendingDecision): Promise<Verdict> {
    try {
      const status = await deps.readSuggestionStatus(entry.accountKey, entry.suggestionId);
      return confirmedVerdict(entry.decision, status, undefined, entry.attempts ?? 1);
    } catch (caught) {
      return confirmedVerdict(entry.decision, null, caught ?? new Error('check failed'), entry.attempts ?? 1);
    }
  }

  return { decide, decideMany, undo, dismissFailures, schedule, flushDue, runId };
}
