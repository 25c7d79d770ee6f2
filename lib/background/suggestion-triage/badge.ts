// The toolbar badge: with more than one account linked, every account's waiting suggestions added up, its
// tooltip listing them per account (badgeAcrossAccounts). With one, the active account's number of
// suggestions WAITING_ON_CUSTOMER. Either way, while any decision failed, the number of failures in red ("3!"): a failure must be seen with the popup closed.
// Counts are kept in storage per account, so switching accounts or a worker restart redraws at once.

import { browser } from 'wxt/browser';
import { listSuggestions } from '../../api/suggestions.ts';
import type { Handlers } from '../../messaging/background.ts';
import type { BadgeView } from '../../messaging/protocol/index.ts';
import { defineItem } from '../../storage-item.ts';
import { type LinkedAccount, linkedAccountsItem } from '../core/account-items.ts';
import { type AccountLink, isLinked, withAccountLock } from '../core/account-lock.ts';
import { currentApiOrigin } from '../core/connection.ts';
import type { DeskDeps } from '../core/deps.ts';
import { readAccounts } from '../core/linked-accounts.ts';
import type { BudgetPurpose } from '../core/request-budget.ts';
import { defineFeature } from '../feature.ts';
import { type FailedDecision, triageFailuresItem } from './triage-items.ts';

export interface BadgeCount {
  count: number;
  updatedAt: number;
}

/** accountKey → last known number of WAITING_ON_CUSTOMER suggestions. */
export const badgeCountsItem = defineItem<Record<string, BadgeCount>>('local:badgeCounts', {
  fallback: {},
  version: 1,
});

export const BADGE_ALARM = 'badge-refresh';
export const BADGE_PERIOD_MINUTES = 15;
const WAITING_COLOUR = '#2457c5';
const FAILED_COLOUR = '#b42318';

function badgeText(count: number): string {
  if (count <= 0) return '';
  return count > 999 ? '999+' : String(count);
}

/** Draws the badge from storage alone: no request. */
export async function renderBadge(): Promise<void> {
  const [{ accounts, activeAccountKey }, apiOrigin] = await Promise.all([readAccounts(), currentApiOrigin()]);
  if (accounts.length > 1) {
    const [counts, failures] = await Promise.all([badgeCountsItem.getValue(), triageFailuresItem.getValue()]);
    const badge = badgeAcrossAccounts(accounts, apiOrigin, counts, failures);
    await browser.action.setBadgeBackgroundColor({ color: badge.failed ? FAILED_COLOUR : WAITING_COLOUR });
    await browser.action.setBadgeText({ text: badge.text });
    await browser.action.setTitle({ title: badge.title });
    return;
  }
  const active = accounts.find((a) => a.accountKey === activeAccountKey);
  if (!active) {
    await browser.action.setBadgeText({ text: '' });
    await browser.action.setTitle({ title: 'Listings Desk' });
    return;
  }
  if (active.apiOrigin && active.apiOrigin !== apiOrigin) {
    // Its count is another server's; nothing can be fetched for it here.
    await browser.action.setBadgeText({ text: '' });
    await browser.action.setTitle({ title: `Listings Desk — ${active.accountName} was linked on another environment` });
    return;
  }
  if (active.needsRelink || !active.apiOrigin) {
    await browser.action.setBadgeBackgroundColor({ color: FAILED_COLOUR });
    await browser.action.setBadgeText({ text: '!' });
    await browser.action.setTitle({ title: `Listings Desk — ${active.accountName} needs relinking` });
    return;
  }
  const [counts, failures] = await Promise.all([badgeCountsItem.getValue(), triageFailuresItem.getValue()]);
  const failed = failures.filter((f) => f.accountKey === active.accountKey).length;
  if (failed > 0) {
    await browser.action.setBadgeBackgroundColor({ color: FAILED_COLOUR });
    await browser.action.setBadgeText({ text: `${failed > 99 ? '99+' : failed}!` });
    await browser.action.setTitle({
      title: `Listings Desk — ${active.accountName}: ${failed} decision${failed === 1 ? '' : 's'} failed; open to see why`,
    });
    return;
  }
  const count = Object.hasOwn(counts, active.accountKey) ? counts[active.accountKey]?.count : undefined;
  await browser.action.setBadgeBackgroundColor({ color: WAITING_COLOUR });
  await browser.action.setBadgeText({ text: count === undefined ? '' : badgeText(count) });
  await browser.action.setTitle({
    title:
      count === undefined
        ? `Listings Desk — ${active.accountName}`
        : `Listings Desk — ${active.accountName}: ${count} suggestion${count === 1 ? '' : 's'} waiting`,
  });
}

/**
 * The badge with more than one account linked: every account's waiting suggestions added up, or, while
 * any decision failed, the failures in red; the tooltip lists each account (at most 12, then "and N more").
 */
export function badgeAcrossAccounts(
  accounts: Pick<LinkedAccount, 'accountKey' | 'accountName' | 'needsRelink' | 'apiOrigin'>[],
  apiOrigin: string,
  counts: Record<string, BadgeCount>,
  failures: Pick<FailedDecision, 'accountKey'>[],
): { text: string; title: string; failed: boolean } {
  let total = 0;
  let counted = 0;
  let failedTotal = 0;
  const lines: string[] = [];
  for (const a of accounts) {
    const failed = failures.filter((f) => f.accountKey === a.accountKey).length;
    failedTotal += failed;
    const count = Object.hasOwn(counts, a.accountKey) ? counts[a.accountKey]!.count : undefined;
    let line: string;
    // Each line says what stands and, where it is not a count, what happens next or what to do.
    if (a.apiOrigin && a.apiOrigin !== apiOrigin)
      line = `${a.accountName}: linked on another environment, not counted here; link it again to count it`;
    else if (a.needsRelink || !a.apiOrigin) line = `${a.accountName}: needs relinking; open Listings Desk to relink it`;
    else {
      if (count !== undefined) {
        total += count;
        counted++;
      }
      line = `${a.accountName}: ${count === undefined ? 'not counted yet; counted at the next refresh' : `${count} waiting`}`;
    }
    if (failed > 0) line += `, ${failed} decision${failed === 1 ? '' : 's'} failed`;
    lines.push(line);
  }
  const shown = lines.length > 12 ? [...lines.slice(0, 12), `and ${lines.length - 12} more accounts`] : lines;
  if (failedTotal > 0) {
    return {
      text: `${failedTotal > 99 ? '99+' : failedTotal}!`,
      title: `Listings Desk — ${failedTotal} decision${failedTotal === 1 ? '' : 's'} failed; open to see why\n${shown.join('\n')}`,
      failed: true,
    };
  }
  // The total covers only the accounts counted: "in 2 of 3 accounts" when one needs relinking.
  const where = counted === accounts.length ? `${counted} accounts` : `${counted} of ${accounts.length} accounts`;
  return {
    text: counted > 0 ? badgeText(total) : '',
    title: `Listings Desk — ${counted > 0 ? `${total} suggestion${total === 1 ? '' : 's'} waiting in ${where}` : `${accounts.length} accounts`}\n${shown.join('\n')}`,
    failed: false,
  };
}

/**
 * Sets an account's count from a number already known (e.g. after a triage decision), without a request.
 * Call inside withAccountLock (it does not take it, so triage can call it from its own locked writes): the
 * count is written only while `link` (or, given a bare key, the account) is still linked.
 */
export async function setBadgeCount(link: AccountLink | string, count: number): Promise<void> {
  if (!(await isLinked(link))) return;
  const accountKey = typeof link === 'string' ? link : link.accountKey;
  const counts = await badgeCountsItem.getValue();
  await badgeCountsItem.setValue({ ...counts, [accountKey]: { count: Math.max(0, count), updatedAt: Date.now() } });
  await renderBadge();
}

/** The write that drops an account's count (on unlink); unlink redraws after it. */
async function withoutBadgeCount(accountKey: string) {
  const { [accountKey]: _gone, ...rest } = await badgeCountsItem.getValue();
  return [{ item: badgeCountsItem, value: rest }];
}

/** Asks the API for the active account's count: one request, limit=1, reading `count`. */
export async function refreshBadge(
  deps: Pick<DeskDeps, 'withAccount'>,
  purpose: BudgetPurpose = 'user',
): Promise<BadgeView> {
  const { accounts, activeAccountKey } = await readAccounts();
  const link = accounts.find((a) => a.accountKey === activeAccountKey);
  if (!activeAccountKey || !link) {
    await renderBadge();
    return { accountKey: null, count: null };
  }
  try {
    const count = await deps.withAccount(
      async (client) => {
        const result = await listSuggestions(client, { statuses: ['WAITING_ON_CUSTOMER'], limit: 1 });
        return result.data.count;
      },
      activeAccountKey,
      { purpose },
    );
    // A count asked for before an unlink or a relink elsewhere is not written for the account now.
    await withAccountLock(() => setBadgeCount(link, count));
    return { accountKey: activeAccountKey, count };
  } catch (error) {
    // A 401 has marked the account already; the badge shows "!" instead of a stale number.
    await renderBadge();
    throw error;
  }
}

/**
 * The badge alarm's turn. With several accounts linked, the triage's refresh alarm (same period) fetches
 * every account's waiting list and each fetch writes its count: the badge only draws them. Fetching here
 * too doubled the background requests of 30 idle accounts (18.7 % of the quota an hour, not 9.4 %).
 */
export async function onBadgeAlarm(deps: Pick<DeskDeps, 'withAccount'>): Promise<void> {
  if ((await linkedAccountsItem.getValue()).length > 1) return renderBadge();
  await refreshBadge(deps, 'badge');
}

/** Keeps the badge in step with storage and schedules the 15-minute refresh. Call once from the worker's main(). */
export function startBadge(deps: Pick<DeskDeps, 'withAccount'>): void {
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === BADGE_ALARM) onBadgeAlarm(deps).catch(() => undefined);
  });
  // Only create when missing: re-creating on every worker start would keep pushing the next refresh away.
  void browser.alarms.get(BADGE_ALARM).then((existing) => {
    if (!existing) browser.alarms.create(BADGE_ALARM, { periodInMinutes: BADGE_PERIOD_MINUTES, delayInMinutes: 1 });
  });
  // A 401 marks an account from wherever the call was made; the badge follows the stored accounts.
  linkedAccountsItem.watch(() => void renderBadge().catch(() => undefined));
  triageFailuresItem.watch(() => void renderBadge().catch(() => undefined));
  void renderBadge().catch(() => undefined);
  // The browser does not keep badge text across a restart; this listener is what wakes the worker at start
  // (issue 32: blank until the popup opened), whatever other feature listens too.
  browser.runtime.onStartup.addListener(() => void renderBadge().catch(() => undefined));
}

export function badgeFeature(deps: DeskDeps) {
  const handlers: Pick<Handlers, 'badge.refresh'> = {
    'badge.refresh': () => refreshBadge(deps),
  };
  return defineFeature({
    name: 'badge',
    handlers,
    start: () => startBadge(deps),
    forgetAccount: withoutBadgeCount,
  });
}
