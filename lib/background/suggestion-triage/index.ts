// Publisher-suggestion triage in the worker: wires its two jobs together and serves the protocol's
// triage requests. The cached list is cached-list.ts; decisions (undo window, sending, answers) are
// the decision outbox, decision-outbox.ts.
import { browser } from 'wxt/browser';
import { decideSuggestion } from '../../api/suggestions.ts';
import { WAITING } from '../../listing-statuses.ts';
import type { Handlers } from '../../messaging/background.ts';
import { protocol } from '../../messaging/protocol/index.ts';
import { setBadgeCount } from '../badge.ts';
import { activeAccountKeyItem, linkedAccountsItem } from '../core/account-items.ts';
import type { WithAccount } from '../core/api-session.ts';
import { connectionSettingsItem } from '../core/connection.ts';
import type { DeskDeps } from '../core/deps.ts';
import { readAccounts } from '../core/linked-accounts.ts';
import { withoutPublisherNames } from '../core/publisher-names.ts';
import { notifyFailures } from '../failure-notice.ts';
import { defineFeature } from '../feature.ts';
import { createCachedList } from './cached-list.ts';
import { createDecisionOutbox, FLUSH_ALARM, type OutboxDeps } from './decision-outbox.ts';
import { createSnapshotWriter, triageSnapshotItem } from './first-paint-snapshot.ts';
import { keyboardShortcutsItem } from './triage-items.ts';
import { withoutTriageData } from './triage-state.ts';

const REFRESH_ALARM = 'suggestion-triage-refresh';
const REFRESH_PERIOD_MINUTES = 15;

/** The worker's deps, and what a test may replace of the outbox's (one PUT, the failure notice, the badge). */
export type TriageDeps = DeskDeps & Partial<Pick<OutboxDeps, 'sendDecision' | 'notifyFailures' | 'setBadgeCount'>>;

/**
 * A decision's PUT never waits for a rate limit in the worker's memory (Chrome stops an idle worker
 * after 30 s): the 429 comes back at once, and the outbox stores the retry time and arms an alarm.
 */
export function sendDecisionWith(withAccount: WithAccount): OutboxDeps['sendDecision'] {
  return (accountKey, suggestionId, decision) =>
    withAccount(
      async (client) => {
        await decideSuggestion(client, suggestionId, decision);
      },
      accountKey,
      { retry: { maxRateLimitWaitMs: 0 } },
    );
}

export function createSuggestionTriage(deps: TriageDeps) {
  const badge = deps.setBadgeCount ?? setBadgeCount;
  const list = createCachedList({ ...deps, setBadgeCount: badge });
  const snapshot = createSnapshotWriter();
  const outbox = createDecisionOutbox(
    {
      sendDecision: deps.sendDecision ?? sendDecisionWith(deps.withAccount),
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
      return view;
    },
    'triage.decide': async ({ accountKey, suggestionIds, decision }) => {
      void outbox.flushDue();
      return outbox.decide(accountKey, suggestionIds, decision);
    },
    'triage.undo': async (target) => outbox.undo(target),
    'triage.dismissFailures': async ({ suggestionIds }) => outbox.dismissFailures(suggestionIds),
    'triage.settings.get': async () => ({ keyboardShortcuts: await keyboardShortcutsItem.getValue() }),
    'triage.settings.set': async ({ keyboardShortcuts }) => {
      await keyboardShortcutsItem.setValue(keyboardShortcuts);
      return { keyboardShortcuts };
    },
  };

  return { handlers, start, view: list.view, revalidate: list.revalidate, settled: list.settled, ...outbox };
}

/**
 * Cached lists, pending decisions, failures, batches and publisher names: nothing is sent later for it.
 * The popup's first-paint snapshot goes too, whichever account it shows (the next view writes it again).
 */
async function forgetTriage(accountKey: string) {
  const [triage, names] = await Promise.all([withoutTriageData(accountKey), withoutPublisherNames(accountKey)]);
  return [...triage, ...names, { item: triageSnapshotItem, value: null }];
}

export function suggestionTriageFeature(deps: DeskDeps) {
  const triage = createSuggestionTriage(deps);
  return defineFeature({
    name: 'suggestion-triage',
    handlers: triage.handlers,
    start: triage.start,
    forgetAccount: forgetTriage,
  });
}
