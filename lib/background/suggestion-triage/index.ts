// Publisher-suggestion triage in the worker: wires its two jobs together and serves the protocol's
// triage requests. The cached list is cached-list.ts; decisions (undo window, sending, answers) are
// the decision outbox, decision-outbox.ts.
import { browser } from 'wxt/browser';
import { decideSuggestion, fetchAllSuggestions, type SuggestionDecision } from '../../api/suggestions.ts';
import type { Handlers } from '../../messaging/background.ts';
import { protocol } from '../../messaging/protocol/index.ts';
import { WAITING } from '../../shared/listing-statuses.ts';
import { activeAccountKeyItem, linkedAccountsItem } from '../core/account-items.ts';
import { withAccountLock } from '../core/account-lock.ts';
import type { ApiSession, WithAccount } from '../core/api-session.ts';
import { connectionSettingsItem } from '../core/connection.ts';
import type { DeskDeps } from '../core/deps.ts';
import { readAccounts } from '../core/linked-accounts.ts';
import { withoutPublisherNames } from '../core/publisher-names.ts';
import { notifyFailures } from '../failure-notice.ts';
import { defineFeature } from '../feature.ts';
import { setBadgeCount } from './badge.ts';
import { createCachedList } from './cached-list.ts';
import { createDecisionOutbox, FLUSH_ALARM, type OutboxDeps } from './decision-outbox.ts';
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
      open.run(async (client) => {
        await decideSuggestion(client, suggestionId, decision);
      });
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

export function createSuggestionTriage(deps: TriageDeps) {
  const badge = deps.setBadgeCount ?? setBadgeCount;
  const sendDecision = deps.sendDecision;
  const list = createCachedList({ ...deps, setBadgeCount: badge });
  const snapshot = createSnapshotWriter();
  const outbox = createDecisionOutbox(
    {
      openSender: sendDecision
        ? async (accountKey) => (suggestionId, decision) => sendDecision(accountKey, suggestionId, decision)
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

  async function refreshActive(): Promise<void> {
    const { accounts, activeAccountKey } = await readAccounts();
    const account = accounts.find((a) => a.accountKey === activeAccountKey);
    if (account && !account.needsRelink) await list.revalidate(account.accountKey, WAITING);
  }

  /** Call once from the worker's main(): alarms, and whatever a previous worker left overdue. */
  function start(): void {
    // A popup's first view is most often what started this worker: its read goes first, and its input
    // schema is built while the browser hands over the message.
    list.readEarly();
    setTimeout(() => protocol['triage.view'].input, 0);
    browser.alarms.onAlarm.addListener((alarm) => {
      if (alarm.name === FLUSH_ALARM) void outbox.flushDue();
      else if (alarm.name === REFRESH_ALARM) void refreshActive().catch(() => undefined);
    });
    void browser.alarms.get(REFRESH_ALARM).then((existing) => {
      if (!existing)
        browser.alarms.create(REFRESH_ALARM, { periodInMinutes: REFRESH_PERIOD_MINUTES, delayInMinutes: 1 });
    });
    // Decisions waiting for Relink, or for the Connection they were made on, go as soon as that is back.
    linkedAccountsItem.watch(() => void outbox.flushDue());
    connectionSettingsItem.watch(() => void outbox.flushDue());
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
    'triage.view': async ({ status, refresh, force, locationIds, publisherIds, rows }) => {
      setTimeout(() => void outbox.flushDue(), 0);
      const view = await list.view(status, refresh, force, { locationIds, publisherIds }, rows);
      // After the answer has left: the popup's next first paint.
      setTimeout(() => snapshot.offer(view, Boolean(locationIds?.length || publisherIds?.length)), 0);
      // Live state, never in the snapshot: a popup painted from storage must not claim an old outage.
      return deps.reachability.current() ? { ...view, unreachable: 'the service can’t be reached' } : view;
    },
    // No flush here: decide() arms the timer that sends what is due (one flush per request).
    'triage.decide': async ({ accountKey, suggestionIds, decision }) =>
      outbox.decide(accountKey, suggestionIds, decision),
    'triage.undo': async (target) => outbox.undo(target),
    'triage.dismissFailures': async ({ suggestionIds }) => outbox.dismissFailures(suggestionIds),
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
    stateOf: list.stateOf,
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
