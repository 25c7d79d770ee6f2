// Publisher-suggestion triage in the worker: wires its two jobs together and serves the protocol's
// triage requests. The cached list is cached-list.ts; decisions (undo window, sending, answers) are
// the decision outbox, decision-outbox.ts.
import type { Runtime } from 'webextension-polyfill';
import { browser } from 'wxt/browser';
import { decideSuggestion, fetchAllSuggestions, type SuggestionDecision } from '../../api/suggestions.ts';
import type { Handlers } from '../../messaging/background.ts';
import { protocol } from '../../messaging/protocol/index.ts';
import type { Access } from '../../messaging/protocol/request.ts';
import { WAITING } from '../../shared/listing-statuses.ts';
import { activeAccountKeyItem, linkedAccountsItem } from '../core/account-items.ts';
import { withAccountLock } from '../core/account-lock.ts';
import type { ApiSession, WithAccount } from '../core/api-session.ts';
import { connectionSettingsItem } from '../core/connection.ts';
import type { DeskDeps } from '../core/deps.ts';
import { outsideScope, requirePanelScope } from '../core/panel-scope.ts';
import { withoutPublisherNames } from '../core/publisher-names.ts';
import type { BudgetPurpose } from '../core/request-budget.ts';
import type { RefreshWish } from '../core/swr-cache.ts';
import { notifyFailures } from '../failure-notice.ts';
import { defineFeature } from '../feature.ts';
import { locationsItem } from '../locations.ts';
import { setBadgeCount } from './badge.ts';
import { createCachedList } from './cached-list.ts';
import { createDecisionOutbox, type DecisionScope, FLUSH_ALARM, type OutboxDeps } from './decision-outbox.ts';
import { createSnapshotWriter, triageSnapshotItem } from './first-paint-snapshot.ts';
import { keyboardShortcutsItem, triageCacheItem } from './triage-items.ts';
import { commitTriage, withoutTriageData } from './triage-state.ts';

const REFRESH_ALARM = 'suggestion-triage-refresh';
const REFRESH_PERIOD_MINUTES = 15;

/** The worker's deps, and what a test may replace of the outbox's (one PUT, the failure notice, the badge). */
export type TriageDeps = DeskDeps &
  Partial<Pick<OutboxDeps, 'notifyFailures' | 'setBadgeCount'>> & {
    /** A test's one PUT, in place of the account's session. */
    sendDecision?: (accountKey: string, suggestionId: string, decision: SuggestionDecision) => Promise<void>;
  };

/**
 * A decision's PUT never waits for a rate limit in the worker's memory (Chrome stops an idle worker
 * after 30 s): the 429 comes back at once, and the outbox stores the retry time and arms an alarm.
 */
const NO_RATE_LIMIT_WAIT = { retry: { maxRateLimitWaitMs: 0 } };

export function sendDecisionWith(withAccount: WithAccount): NonNullable<TriageDeps['sendDecision']> {
  return (accountKey, suggestionId, decision) =>
    withAccount(
      async (client) => {
        await decideSuggestion(client, suggestionId, decision);
      },
      accountKey,
      NO_RATE_LIMIT_WAIT,
    );
}

/** A round's PUTs for one account share one session: the token is opened once, not per decision. */
export function openSenderWith(openAccount: ApiSession['openAccount']): OutboxDeps['openSender'] {
  return async (accountKey) => {
    const open = await openAccount(accountKey, NO_RATE_LIMIT_WAIT);
    return (suggestionId, decision) =>
      open.run(async (client) => (await decideSuggestion(client, suggestionId, decision)).rateLimit.remaining);
  };
}

/**
 * The suggestion's status at the service, from the list filtered by its location and publisher (as the
 * cached lists know them). Null when the service no longer lists it; throws when it cannot be asked.
 */
export function readSuggestionStatusWith(withAccount: WithAccount): OutboxDeps['readSuggestionStatus'] {
  return async (accountKey, suggestionId) => {
    const cache = await triageCacheItem.getValue();
    let known: { locationId: string; publisherId: string } | undefined;
    for (const [key, list] of Object.entries(cache)) {
      if (!key.startsWith(`${accountKey} `)) continue;
      known = list.suggestions.find((s) => s.id === suggestionId);
      if (known) break;
    }
    if (!known?.locationId || !known.publisherId) throw new Error('The suggestion’s location is not known.');
    const { locationId, publisherId } = known;
    const found = await withAccount(
      (client) =>
        fetchAllSuggestions(client, { locationIds: [locationId], publisherIds: [publisherId] }, { maxItems: 500 }),
      accountKey,
      // As for the PUT: a rate limit ends the check (it then says so) instead of holding the round for minutes.
      NO_RATE_LIMIT_WAIT,
    );
    if (found.incomplete) throw found.incomplete.error;
    return found.suggestions.find((s) => s.id === suggestionId)?.status ?? null;
  };
}

/** The panel's located account, and its location as the list's filter (asking for another is refused). */
async function panelTriageScope(sender: Runtime.MessageSender, locationIds: string[] | undefined) {
  const { accountKey, locationId } = await requirePanelScope(sender);
  // No location, no queue: an account's whole queue under a record it did not find invites a wrong decision.
  if (!locationId) throw outsideScope();
  if (locationIds?.length && (locationIds.length !== 1 || locationIds[0] !== locationId)) throw outsideScope();
  return { accountKey, locationIds: [locationId] };
}

/** A panel's decision: for its located account, and on suggestions the worker listed for its location. */
async function checkPanelDecision(sender: Runtime.MessageSender, accountKey: string, suggestionIds: string[]) {
  const scope = await requirePanelScope(sender);
  if (scope.accountKey !== accountKey || !scope.locationId) throw outsideScope();
  const cache = await triageCacheItem.getValue();
  const ofLocation = new Set<string>();
  for (const [key, list] of Object.entries(cache)) {
    if (!key.startsWith(`${accountKey} `)) continue;
    for (const s of list.suggestions) if (s.locationId === scope.locationId) ofLocation.add(s.id);
  }
  if (!suggestionIds.every((id) => ofLocation.has(id))) throw outsideScope();
}

/** Decisions of any linked account: only from the extension's pages, and only while more than one is linked. */
async function acrossScope(access: Access): Promise<boolean> {
  return access === 'extension' && (await linkedAccountsItem.getValue()).length > 1;
}

/** Whose decisions an undo or dismissal may reach, by who asks. */
async function decisionScope(access: Access, sender: Runtime.MessageSender): Promise<DecisionScope> {
  if (access === 'content') return { accountKey: (await requirePanelScope(sender)).accountKey };
  return { across: await acrossScope(access) };
}

export function createSuggestionTriage(deps: TriageDeps) {
  const badge = deps.setBadgeCount ?? setBadgeCount;
  const sendDecision = deps.sendDecision;
  const list = createCachedList({
    ...deps,
    setBadgeCount: badge,
    // The alarm's refresh takes its turns from the request budget: slowed as it runs low, stopped while paused.
    beforeTurn: async (_accountKey, purpose) => purpose === 'user' || (await deps.budget.backgroundTurn(purpose)).go,
    openShare: () => deps.budget.openShare(),
    spentUntil: () => deps.budget.spentUntil(),
  });
  const snapshot = createSnapshotWriter();
  const outbox = createDecisionOutbox(
    {
      openSender: sendDecision
        ? async (accountKey) => async (suggestionId, decision) => {
            await sendDecision(accountKey, suggestionId, decision);
            return undefined;
          }
        : openSenderWith(deps.openAccount),
      readSuggestionStatus: readSuggestionStatusWith(deps.withAccount),
      notifyFailures: deps.notifyFailures ?? notifyFailures,
      setBadgeCount: badge,
      broadcast: deps.broadcast,
      now: deps.now,
    },
    {
      settled(accountKey, decidedIds, resolvedElsewhere) {
        list.markSent(decidedIds);
        // Only when the service said "already resolved": then what else changed is worth one fetch.
        if (resolvedElsewhere > 0) void list.revalidate(accountKey, WAITING);
      },
    },
  );

  /**
   * The refresh alarm (and the badge's): every linked account's waiting list, one account at a time,
   * within the request budget. Each list's fetch writes that account's badge count.
   */
  function refreshEveryAccount(
    wish: RefreshWish = { refresh: true },
    purpose: BudgetPurpose = 'inbox refresh',
  ): Promise<void> {
    return list.refreshEvery(wish, purpose);
  }

  /** Call once from the worker's main(): alarms, and whatever a previous worker left overdue. */
  function start(): void {
    // A popup's first view is most often what started this worker: its read goes first, and its input
    // schema is built while the browser hands over the message.
    list.readEarly();
    setTimeout(() => protocol['triage.view'].input, 0);
    browser.alarms.onAlarm.addListener((alarm) => {
      if (alarm.name === FLUSH_ALARM) void outbox.flushDue();
      else if (alarm.name === REFRESH_ALARM) void refreshEveryAccount().catch(() => undefined);
    });
    void browser.alarms.get(REFRESH_ALARM).then((existing) => {
      if (!existing)
        browser.alarms.create(REFRESH_ALARM, { periodInMinutes: REFRESH_PERIOD_MINUTES, delayInMinutes: 1 });
    });
    // Decisions waiting for Relink, or for the Connection they were made on, go as soon as that is back.
    linkedAccountsItem.watch(() => void outbox.flushDue());
    connectionSettingsItem.watch(() => void outbox.flushDue());
    // The popup's snapshot carries location and account names: written again when they change.
    for (const item of [locationsItem, linkedAccountsItem, connectionSettingsItem])
      item.watch(() => snapshot.namesChanged());
    // Another active account: the popup must not paint the previous one's rows (it also checks the key).
    activeAccountKeyItem.watch(() => void snapshot.clear());
    // The service stopped (or came back) answering: open lists ask again, so "Updated …" says so.
    let unreachable = false;
    deps.reachability.onChange((state) => {
      // Every failed call is noted; only the turn from answering to not (and back) is news.
      if ((state !== null) === unreachable) return;
      unreachable = state !== null;
      void withAccountLock(() => commitTriage([])).then((revision) =>
        deps.broadcast('triage.changed', { accountKey: null, resolvedElsewhere: 0, revision }),
      );
    });
    void outbox.flushDue();
  }

  const handlers: Pick<
    Handlers,
    | 'triage.view'
    | 'triage.decide'
    | 'triage.undo'
    | 'triage.dismissFailures'
    | 'triage.settings.get'
    | 'triage.settings.set'
  > = {
    'triage.view': async (
      { status, refresh, force, locationIds, publisherIds, accountKeys, rows },
      { access, sender },
    ) => {
      setTimeout(() => void outbox.flushDue(), 0);
      // The embedded panel reads its located account's list, of its located location only; the extension's
      // own pages see every linked account's.
      const scope = access === 'content' ? await panelTriageScope(sender, locationIds) : null;
      const filters = { locationIds: scope?.locationIds ?? locationIds, publisherIds, accountKeys };
      const across = access === 'extension';
      const view = await list.view(status, refresh, force, filters, rows, { across, accountKey: scope?.accountKey });
      // After the answer has left: the popup's next first paint (never from a panel's account or list).
      const filtered = Boolean(locationIds?.length || publisherIds?.length || accountKeys?.length);
      if (!scope) setTimeout(() => snapshot.offer(view, filtered || !across), 0);
      // Live state, never in the snapshot: a popup painted from storage must not claim an old outage.
      return deps.reachability.current() ? { ...view, unreachable: 'the service can’t be reached' } : view;
    },
    // No flush here: decide() arms the timer that sends what is due (one flush per request).
    'triage.decide': async ({ accountKey, suggestionIds, decision }, { access, sender }) => {
      if (access !== 'content')
        return outbox.decide(accountKey, suggestionIds, decision, { across: await acrossScope(access) });
      // The panel decides for its located account (its token, its outbox), on its location's suggestions.
      await checkPanelDecision(sender, accountKey, suggestionIds);
      return outbox.decide(accountKey, suggestionIds, decision, { anyAccount: true });
    },
    // The panel's undo and dismissals reach its located account's decisions (the page's), not the active one's;
    // the extension's own pages reach every linked account's.
    'triage.undo': async (target, { access, sender }) => outbox.undo(target, await decisionScope(access, sender)),
    'triage.dismissFailures': async ({ suggestionIds }, { access, sender }) =>
      outbox.dismissFailures(suggestionIds, await decisionScope(access, sender)),
    'triage.settings.get': async () => ({ keyboardShortcuts: await keyboardShortcutsItem.getValue() }),
    'triage.settings.set': async ({ keyboardShortcuts }) => {
      await keyboardShortcutsItem.setValue(keyboardShortcuts);
      return { keyboardShortcuts };
    },
  };

  return {
    handlers,
    start,
    view: list.view,
    revalidate: list.revalidate,
    refreshEveryAccount,
    askAcross: list.askAcross,
    accountState: list.accountState,
    settled: list.settled,
    ...outbox,
  };
}

/**
 * Cached lists, pending decisions, failures, batches and publisher names: nothing is sent later for it.
 * The popup's first-paint snapshot goes too, whichever account it shows (the next view writes it again).
 */
async function forgetTriage(accountKey: string) {
  const [triage, names] = await Promise.all([withoutTriageData(accountKey), withoutPublisherNames(accountKey)]);
  return [...triage, ...names, { item: triageSnapshotItem, value: null }];
}

export type SuggestionTriage = ReturnType<typeof createSuggestionTriage>;

/** `triage`: one worker's triage, shared with the Inbox (the same cached lists and outbox). */
export function suggestionTriageFeature(deps: DeskDeps, triage: SuggestionTriage = createSuggestionTriage(deps)) {
  return defineFeature({
    name: 'suggestion-triage',
    handlers: triage.handlers,
    start: triage.start,
    forgetAccount: forgetTriage,
  });
}
