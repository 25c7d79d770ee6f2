// The triage list across every linked account (issue 24): the merge and filters, the refresh that keeps
// every account fresh one at a time, the lifted cap, and decisions and undo for any account from the popup.
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { setPanelScope } from '../../lib/background/core/panel-scope.ts';
import { openShareOf } from '../../lib/background/core/request-budget.ts';
import { mergeOldestFirst } from '../../lib/background/suggestion-triage/across-accounts.ts';
import {
  BADGE_ALARM,
  BADGE_PERIOD_MINUTES,
  badgeCountsItem,
  startBadge,
} from '../../lib/background/suggestion-triage/badge.ts';
import { triageSnapshotItem } from '../../lib/background/suggestion-triage/first-paint-snapshot.ts';
import { createSuggestionTriage } from '../../lib/background/suggestion-triage/index.ts';
import { triageCacheItem } from '../../lib/background/suggestion-triage/triage-items.ts';
import type { RequestContext } from '../../lib/messaging/background.ts';
import type { DeskEvents, SuggestionView } from '../../lib/messaging/protocol/index.ts';
import { WAITING } from '../../lib/shared/listing-statuses.ts';
import { testDeps } from './desk-fakes.ts';
import {
  linkThreeTestAccounts,
  perAccountService,
  row,
  sixAccountsFetchedBefore,
  waitingOf as waiting,
} from './suggestion-triage-fakes.ts';

describe('mergeOldestFirst', () => {
  test('merges lists sorted oldest first into one, oldest first, ties by id; a limit takes the first rows only', () => {
    const a = [row('1', '2026-03-01'), row('4', '2026-03-05')];
    const b = [row('2', '2026-03-02'), row('3', '2026-03-05'), row('9', '2026-03-09')];
    const c: SuggestionView[] = [];
    expect(mergeOldestFirst([a, b, c]).map((s) => s.id)).toEqual(['1', '2', '3', '4', '9']);
    expect(mergeOldestFirst([a, b, c], 3).map((s) => s.id)).toEqual(['1', '2', '3']);
    // The id compares as a number would: 10 after 9, as within one account's list.
    expect(mergeOldestFirst([[row('10', '2026-03-01')], [row('9', '2026-03-01')]]).map((s) => s.id)).toEqual([
      '9',
      '10',
    ]);
  });
});

const extension = { access: 'extension', sender: {} } as RequestContext;
/** The embedded panel's frame: it reads only what its last locate named (lib/background/core/panel-scope.ts). */
const content = { access: 'content', sender: { tab: { id: 7 }, frameId: 3 } } as RequestContext;

let clock = 1_000_000;
const made: ReturnType<typeof createSuggestionTriage>[] = [];
function triage() {
  const t = createSuggestionTriage({ ...testDeps({ broadcast: async () => undefined, now: () => clock }) });
  made.push(t);
  return t;
}

beforeEach(async () => {
  clock = 1_000_000;
  await linkThreeTestAccounts();
});
afterEach(async () => {
  await Promise.all(made.splice(0).map((t) => t.settled()));
});

describe('suggestion-triage across accounts', () => {
  test('the waiting list is every account’s, oldest first, each row naming its account; counts per account', async () => {
    perAccountService({
      'app-1001': waiting('app-1001', 3, 2),
      'app-1002': waiting('app-1002', 2, 1),
      'app-1003': waiting('app-1003', 2, 3, 'CD-1'),
    });
    const t = triage();
    await t.view(WAITING, true);
    await t.settled();
    const view = await t.view(WAITING, false);
    expect(view.suggestions.map((s) => [s.dateCreated.slice(8), s.accountKey])).toEqual([
      ['01', 'app-1002'],
      ['02', 'app-1001'],
      ['03', 'app-1003'],
      ['04', 'app-1002'],
      ['05', 'app-1001'],
      ['06', 'app-1003'],
      ['08', 'app-1001'],
    ]);
    expect(view.count).toBe(7);
    expect(view.accounts?.map((a) => [a.accountName, a.waiting, a.error])).toEqual([
      ['Harbor Bakery Group', 3, null],
      ['Summit Outdoor Supply', 2, null],
      ['Cedar Dental', 2, null],
    ]);
    // The badge counts every account's.
    const counts = await badgeCountsItem.getValue();
    expect(['app-1001', 'app-1002', 'app-1003'].map((k) => counts[k]?.count)).toEqual([3, 2, 2]);

    // The account filter (one or several), and the location filter on top, without asking the service again.
    const two = await t.view(WAITING, false, false, { accountKeys: ['app-1001', 'app-1003'] });
    expect(new Set(two.suggestions.map((s) => s.accountKey))).toEqual(new Set(['app-1001', 'app-1003']));
    expect(two.count).toBe(5);
    const cedar = await t.view(WAITING, false, false, { accountKeys: ['app-1003'], locationIds: ['CD-1'] });
    expect(cedar.suggestions.map((s) => s.accountKey)).toEqual(['app-1003', 'app-1003']);
    // The first rows only, for the popup's first paint: still the oldest of every account.
    const first = await t.view(WAITING, false, false, {}, 2);
    expect(first.suggestions.map((s) => s.dateCreated.slice(8))).toEqual(['01', '02']);
    expect(first.complete).toBe(false);
  });

  test('the refresh takes every linked account in turn; a 401 account says Relink and never blocks the others', async () => {
    const service = perAccountService({
      'app-1001': waiting('app-1001', 2, 2),
      'app-1002': waiting('app-1002', 2, 1),
      'app-1003': waiting('app-1003', 2, 3),
    });
    service.refused.set('app-1002', 401);
    const t = triage();
    await t.refreshEveryAccount();
    await t.settled();
    const view = await t.view(WAITING, false);
    expect(new Set(view.suggestions.map((s) => s.accountKey))).toEqual(new Set(['app-1001', 'app-1003']));
    const summit = view.accounts?.find((a) => a.accountKey === 'app-1002');
    expect(summit).toMatchObject({ needsRelink: true, error: expect.objectContaining({ code: 'needs-relink' }) });
    // The next refresh skips it: no request with its token until it is linked again.
    service.requests.length = 0;
    clock += 60 * 60_000;
    await t.refreshEveryAccount();
    await t.settled();
    const lists = service.requests.filter((r) => r.url.pathname.endsWith('/publishersuggestions'));
    expect(new Set(lists.map((r) => r.token))).toEqual(new Set(['tok-app-1001', 'tok-app-1003']));
  });

  test('the refresh alarm fetches every linked account’s waiting list, not only the active one’s', async () => {
    const service = perAccountService({
      'app-1001': waiting('app-1001', 2, 2),
      'app-1002': waiting('app-1002', 2, 1),
      'app-1003': waiting('app-1003', 2, 3),
    });
    const t = triage();
    t.start();
    await expect.poll(() => browser.alarms.get('suggestion-triage-refresh')).toMatchObject({ periodInMinutes: 15 });
    await fakeBrowser.alarms.onAlarm.trigger({
      name: 'suggestion-triage-refresh',
      scheduledTime: Date.now(),
      periodInMinutes: 15,
    } as Parameters<typeof fakeBrowser.alarms.onAlarm.trigger>[0]);
    await expect
      .poll(
        () =>
          new Set(service.requests.filter((r) => r.url.pathname.endsWith('/publishersuggestions')).map((r) => r.token)),
      )
      .toEqual(new Set(['tok-app-1001', 'tok-app-1002', 'tok-app-1003']));
    await t.settled();
    const view = await t.view(WAITING, false);
    expect(view.accounts?.map((a) => a.waiting)).toEqual([2, 2, 2]);
  });

  test('a 403 account shows its error and the others still list', async () => {
    const service = perAccountService({
      'app-1001': waiting('app-1001', 2, 2),
      'app-1002': waiting('app-1002', 2, 1),
      'app-1003': waiting('app-1003', 2, 3),
    });
    service.refused.set('app-1003', 403);
    const t = triage();
    await t.view(WAITING, true);
    await t.settled();
    const view = await t.view(WAITING, false);
    expect(view.suggestions).toHaveLength(4);
    const error = view.accounts?.find((a) => a.accountKey === 'app-1003')?.error;
    expect(error).toEqual(expect.objectContaining({ status: 403, code: '2001' }));
    // Said of its suggestions, with what to do, not the general "nothing was changed".
    expect(error?.message).toBe(
      'The service refused access to this account’s suggestions (not enough privileges); the other accounts carry on. Ask an administrator of the account for access, or relink it as a user who has it.',
    );
  });

  test('with several accounts the badge totals every account’s count from the refresh of every account; its own alarm fetches nothing', async () => {
    const service = perAccountService({
      'app-1001': waiting('app-1001', 2, 2),
      'app-1002': waiting('app-1002', 3, 1),
      'app-1003': waiting('app-1003', 4, 3),
    });
    await badgeCountsItem.setValue({});
    const t = triage();
    startBadge(testDeps());
    // What the triage's refresh alarm runs every 15 minutes: each account's fetch writes its count.
    await t.refreshEveryAccount();
    await t.settled();
    await expect.poll(() => browser.action.getBadgeText({})).toBe('9');
    const counts = await badgeCountsItem.getValue();
    expect(Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, v.count]))).toEqual({
      'app-1001': 2,
      'app-1002': 3,
      'app-1003': 4,
    });
    expect(new Set(service.requests.map((r) => r.token))).toEqual(
      new Set(['tok-app-1001', 'tok-app-1002', 'tok-app-1003']),
    );
    // The badge's alarm a period later: the refresh alarm keeps the lists, so it draws and fetches nothing
    // (it fetched every list again, doubling the idle accounts' background requests).
    service.requests.length = 0;
    await browser.action.setBadgeText({ text: '' });
    clock += BADGE_PERIOD_MINUTES * 60_000;
    await fakeBrowser.alarms.onAlarm.trigger({
      name: BADGE_ALARM,
      scheduledTime: Date.now(),
      periodInMinutes: BADGE_PERIOD_MINUTES,
    } as Parameters<typeof fakeBrowser.alarms.onAlarm.trigger>[0]);
    await expect.poll(() => browser.action.getBadgeText({})).toBe('9');
    await t.settled();
    expect(service.requests).toHaveLength(0);
  });

  test('an account’s waiting list is fetched whole, past the 500 rows other lists stop at', async () => {
    perAccountService({ 'app-1001': waiting('app-1001', 620, 1), 'app-1002': [], 'app-1003': [] });
    const t = triage();
    await t.refreshEveryAccount();
    await t.settled();
    const stored = (await triageCacheItem.getValue())['app-1001 WAITING_ON_CUSTOMER'];
    expect(stored?.suggestions).toHaveLength(620);
    expect((await t.view(WAITING, false)).count).toBe(620);
  });

  test('the popup decides and undoes for any linked account, with that account’s token; a content script only for the active one', async () => {
    const service = perAccountService({
      'app-1001': waiting('app-1001', 2, 2),
      'app-1002': waiting('app-1002', 2, 1),
      'app-1003': waiting('app-1003', 2, 3),
    });
    const t = triage();
    await t.refreshEveryAccount();
    await t.settled();
    const theirs = (await t.view(WAITING, false)).suggestions.find((s) => s.accountKey === 'app-1002')!;
    // The panel located a page of app-1003 (the active one, the last linked): it may not decide for another.
    await setPanelScope(content.sender, { accountKey: 'app-1003', locationId: null });
    await expect(
      t.handlers['triage.decide'](
        { accountKey: 'app-1002', suggestionIds: [theirs.id], decision: 'ACCEPTED' },
        content,
      ),
    ).rejects.toMatchObject({ code: 'forbidden' });

    const decided = await t.handlers['triage.decide'](
      { accountKey: 'app-1002', suggestionIds: [theirs.id], decision: 'ACCEPTED' },
      extension,
    );
    expect(decided.pending).toEqual([expect.objectContaining({ suggestionId: theirs.id, accountKey: 'app-1002' })]);
    // Undo across accounts: the popup's undo finds it whichever account it belongs to.
    const undone = await t.handlers['triage.undo']({ batchId: decided.batchId }, extension);
    expect(undone.undone).toEqual([theirs.id]);

    await t.handlers['triage.decide'](
      { accountKey: 'app-1002', suggestionIds: [theirs.id], decision: 'ACCEPTED' },
      extension,
    );
    clock += 60_000;
    await t.flushDue();
    const puts = service.requests.filter((r) => r.method === 'PUT');
    expect(puts.map((r) => [r.url.pathname.split('/').pop(), r.token])).toEqual([[theirs.id, 'tok-app-1002']]);
  });

  test('a round that answers decisions of three accounts is announced by one event, not one per account', async () => {
    const service = perAccountService({
      'app-1001': waiting('app-1001', 3, 2),
      'app-1002': waiting('app-1002', 3, 1),
      'app-1003': waiting('app-1003', 3, 3),
    });
    const events: DeskEvents['triage.changed'][] = [];
    const t = createSuggestionTriage({
      ...testDeps({
        broadcast: async (type, payload) => {
          if (type === 'triage.changed') events.push(payload as DeskEvents['triage.changed']);
        },
        now: () => clock,
      }),
    });
    made.push(t);
    await t.refreshEveryAccount();
    await t.settled();
    const rows = (await t.view(WAITING, false)).suggestions;
    const groups = ['app-1001', 'app-1002', 'app-1003'].map((accountKey) => ({
      accountKey,
      suggestionIds: rows.filter((r) => r.accountKey === accountKey).map((r) => r.id),
    }));
    await t.decideMany(groups, 'ACCEPTED', { anyAccount: true });
    clock += 60_000;
    events.length = 0;
    await t.flushDue();
    expect(service.requests.filter((r) => r.method === 'PUT')).toHaveLength(9);
    // The Inbox asks for a view at each event: 30 accounts' rounds made 30 questions a write.
    expect(events).toEqual([expect.objectContaining({ accountKey: null, resolvedElsewhere: 0 })]);
    expect((await t.view(WAITING, false)).suggestions).toEqual([]);
  });

  test('the popup’s first-paint snapshot holds the view across accounts: rows of every account, each with its account', async () => {
    perAccountService({
      'app-1001': waiting('app-1001', 3, 2),
      'app-1002': waiting('app-1002', 2, 1),
      'app-1003': waiting('app-1003', 2, 3),
    });
    const t = triage();
    await t.refreshEveryAccount();
    await t.settled();
    await t.handlers['triage.view']({ status: WAITING, refresh: false, force: false, rows: 40 }, extension);
    await expect.poll(() => triageSnapshotItem.getValue()).toBeTruthy();
    const snapshot = (await triageSnapshotItem.getValue())!;
    expect(new Set(snapshot.suggestions.map((s) => s.accountKey))).toEqual(
      new Set(['app-1001', 'app-1002', 'app-1003']),
    );
    expect(snapshot.accounts?.map((a) => a.accountName)).toEqual([
      'Harbor Bakery Group',
      'Summit Outdoor Supply',
      'Cedar Dental',
    ]);
    // An account filter is not the view the popup opens to: no snapshot of it.
    await triageSnapshotItem.setValue(null);
    await t.handlers['triage.view'](
      { status: WAITING, refresh: false, force: false, accountKeys: ['app-1002'] },
      extension,
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await triageSnapshotItem.getValue()).toBeNull();
  });

  test('the embedded panel (content access) sees only its located account’s list, never every account’s, and none without a location', async () => {
    perAccountService({
      'app-1001': waiting('app-1001', 3, 2),
      'app-1002': waiting('app-1002', 2, 1),
      'app-1003': waiting('app-1003', 2, 3),
    });
    const t = triage();
    await t.refreshEveryAccount();
    await t.settled();
    const input = { status: WAITING, refresh: false, force: false };
    // Before it located its page, nothing; then its located account's list only.
    await expect(t.handlers['triage.view'](input, content)).rejects.toMatchObject({ code: 'forbidden' });
    // A panel that found no location (the page's record is no linked customer's) gets no queue at all.
    await setPanelScope(content.sender, { accountKey: 'app-1003', locationId: null });
    await expect(t.handlers['triage.view'](input, content)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(
      t.handlers['triage.decide'](
        { accountKey: 'app-1003', suggestionIds: ['10030000'], decision: 'ACCEPTED' },
        content,
      ),
    ).rejects.toMatchObject({ code: 'forbidden' });
    await setPanelScope(content.sender, { accountKey: 'app-1003', locationId: 'L1' });
    // Its location's list is its own: fetched once, then read.
    await t.handlers['triage.view']({ ...input, refresh: true }, content);
    await t.settled();
    const panel = await t.handlers['triage.view'](input, content);
    expect(panel.accounts).toBeUndefined();
    expect(new Set(panel.suggestions.map((s) => s.accountKey ?? 'active'))).toEqual(new Set(['active']));
    expect(panel.suggestions.map((s) => s.id)).toEqual(['10030000', '10030001']);
    const popup = await t.handlers['triage.view'](input, extension);
    expect(popup.suggestions).toHaveLength(7);
  });
});

describe('the refresh across accounts, asked again while it runs', () => {
  test('asks meanwhile cost one more run, forced if one was and a person’s if one was; one event after both', async () => {
    const service = perAccountService({
      'app-1001': waiting('app-1001', 1, 2),
      'app-1002': waiting('app-1002', 1, 1),
      'app-1003': waiting('app-1003', 1, 3),
    });
    const base = testDeps({ now: () => clock });
    const turns: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const events: { type: keyof DeskEvents; payload: unknown }[] = [];
    const t = createSuggestionTriage({
      ...base,
      broadcast: async (type, payload) => {
        events.push({ type, payload });
      },
      // The background run's first turn waits here, so the asks below come while it runs.
      budget: {
        ...base.budget,
        backgroundTurn: async (purpose) => {
          turns.push(purpose);
          await held;
          return { go: true };
        },
      },
    });
    made.push(t);
    const lists = () => service.requests.filter((r) => r.url.pathname.endsWith('/publishersuggestions')).length;

    const first = t.refreshEveryAccount({ refresh: true }, 'inbox refresh');
    await expect.poll(() => turns.length).toBe(1);
    void t.refreshEveryAccount({ refresh: true }, 'badge');
    void t.refreshEveryAccount({ refresh: true, force: true }, 'user');
    const last = t.refreshEveryAccount({ refresh: false }, 'badge');
    release();
    await first;
    await last;
    // The background run took its three turns from the budget; the one run after it was a person's (never held),
    // and forced: every list fetched again though it had just been.
    expect(turns).toEqual(['inbox refresh', 'inbox refresh', 'inbox refresh']);
    expect(lists()).toBe(6);
    // Each fetch says its account changed; the end of both runs says so once for every account.
    await t.settled();
    const afterAll = events.filter((e) => (e.payload as { accountKey: string | null }).accountKey === null);
    expect(afterAll).toHaveLength(1);
    expect(events.at(-1)).toBe(afterAll[0]);
  });

  test('views asking for lists never fetched while a round runs cost no second round of every account', async () => {
    const service = perAccountService({
      'app-1001': waiting('app-1001', 1, 2),
      'app-1002': waiting('app-1002', 1, 1),
      'app-1003': waiting('app-1003', 1, 3),
    });
    const base = testDeps({ now: () => clock });
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let turns = 0;
    const t = createSuggestionTriage({
      ...base,
      // Each list's fetch takes a while on a busy machine: the round's lists are over 30 s old when it ends.
      broadcast: async () => {
        clock += 31_000;
      },
      budget: {
        ...base.budget,
        backgroundTurn: async () => {
          turns++;
          await held;
          return { go: true };
        },
      },
    });
    made.push(t);
    const lists = () => service.requests.filter((r) => r.url.pathname.endsWith('/publishersuggestions')).length;
    const first = t.refreshEveryAccount({ refresh: true }, 'inbox refresh');
    await expect.poll(() => turns).toBe(1);
    // What a view asks while some list was never fetched (the popup's, the Inbox's, at each fetch's event).
    const plain = t.refreshEveryAccount({}, 'user');
    release();
    await first;
    await plain;
    await t.settled();
    expect(lists()).toBe(3);
  });
});

describe('a popup’s open across accounts (issue 37)', () => {
  /** Six accounts of 120 waiting (3 pages each), all fetched by the refresh alarm five minutes ago. */
  async function sixAccountsFetched() {
    const at = {
      get now() {
        return clock;
      },
      set now(value: number) {
        clock = value;
      },
    };
    const six = await sixAccountsFetchedBefore(at);
    made.push(six.t);
    return six;
  }

  test('it refreshes the lists that top what it shows, within its share of the hour; the rows show at once with their age', async () => {
    const { t, fetchedAt, service, listsFetched } = await sixAccountsFetched();
    const opened = await t.view(WAITING, true, false, {}, 40);
    // The rows already held, at once, with when they were fetched.
    expect(opened.suggestions).toHaveLength(40);
    expect(opened.accounts?.map((a) => a.fetchedAt)).toEqual(Array(6).fill(fetchedAt));
    expect(opened.account?.accountKey).toBe('app-1006');
    const refreshing = opened.accounts?.filter((a) => a.refreshing).map((a) => a.accountKey);
    expect(refreshing).toEqual(['app-1002', 'app-1006']);
    await t.settled();
    // The active account's list and the one whose rows come first: 2 × 3 pages, within 7 of 5,000.
    expect(service.requests.length).toBeLessThanOrEqual(openShareOf(5000));
    expect(new Set(listsFetched())).toEqual(new Set(['tok-app-1002', 'tok-app-1006']));
    const after = await t.view(WAITING, false);
    expect(after.accounts?.filter((a) => a.fetchedAt === clock).map((a) => a.accountKey)).toEqual(refreshing);

    // The person filters to an account the open left alone: its list refreshes then.
    service.requests.length = 0;
    await t.view(WAITING, true, false, { accountKeys: ['app-1001'] }, 40);
    await t.settled();
    expect(new Set(listsFetched())).toEqual(new Set(['tok-app-1001']));
  });

  test('while background work waits for the reset, an open spends none of the reserve; its rows still show', async () => {
    const { t, deps, fetchedAt, service } = await sixAccountsFetched();
    // The hour's last 200 of 5,000: at the reserve (250), background work pauses until the reset.
    const reset = Math.ceil((clock + 30 * 60_000) / 1000);
    deps.budget.noteAnswer(
      'user',
      new Headers({ 'Rate-Limit-Limit': '5000', 'Rate-Limit-Remaining': '200', 'Rate-Limit-Reset': String(reset) }),
    );
    const opened = await t.view(WAITING, true, false, {}, 40);
    await t.settled();
    expect(service.requests).toEqual([]);
    expect(opened.suggestions).toHaveLength(40);
    expect(opened.refreshing).toBe(false);
    expect(opened.accounts?.map((a) => a.fetchedAt)).toEqual(Array(6).fill(fetchedAt));
    // Refresh, pressed, is the person's: it goes.
    await t.view(WAITING, true, true, {}, 40);
    await t.settled();
    expect(service.requests.length).toBeGreaterThan(0);
  });
});
