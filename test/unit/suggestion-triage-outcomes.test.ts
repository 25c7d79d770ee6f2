// What became of a decision (sent, failed, resolved elsewhere, waiting for Relink), whose it may be, and unlinking mid-way.
import { describe, expect, test, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { ApiError } from '../../lib/api/errors.ts';
import { saveConnectionSettings } from '../../lib/background/connection-settings.ts';
import { linkedAccountsItem } from '../../lib/background/core/account-items.ts';
import { activateAccount } from '../../lib/background/core/linked-accounts.ts';
import { setPanelScope } from '../../lib/background/core/panel-scope.ts';
import { isResolvedElsewhere } from '../../lib/background/suggestion-triage/decision-verdict.ts';
import {
  type FailedDecision,
  type PendingDecision,
  triageCacheItem,
  triageFailuresItem,
  triagePendingItem,
} from '../../lib/background/suggestion-triage/triage-items.ts';
import { UNDO_WINDOW_MS } from '../../lib/background/suggestion-triage/triage-state.ts';
import { type Handlers, handleRequest } from '../../lib/messaging/background.ts';
import { WAITING } from '../../lib/shared/listing-statuses.ts';
import {
  allow,
  envelope,
  fakeIdentity,
  gate,
  localStorageText,
  PRODUCTION_CONNECTION,
  relinkAccount,
  routedFetch,
  tokenRoute,
  unlinkAccount,
  useExchange,
} from './desk-fakes.ts';
import { fakeService, linkTestAccount, useTriageHarness } from './suggestion-triage-fakes.ts';

const h = useTriageHarness();
const { triage, loaded } = h;

describe('suggestion-triage: what became of a decision', () => {
  test('a failed decision comes back with its error; deciding again clears it', async () => {
    const t = triage();
    const target = (await loaded(t)).suggestions[0]!.id;
    h.service.putFailures.push(envelope({}, 400, [{ code: 7303, type: 'FATAL_ERROR', message: 'Invalid status' }]));
    await t.decide(h.accountKey, [target], 'ACCEPTED');
    h.clock += UNDO_WINDOW_MS;
    await t.flushDue();
    const view = await t.view(WAITING, false);
    expect(view.suggestions.map((s) => s.id)).toContain(target);
    expect(view.pending).toEqual([]);
    expect(view.failures).toEqual([
      expect.objectContaining({ suggestionId: target, decision: 'ACCEPTED', code: '7303', failedAt: h.clock }),
    ]);
    expect(view.failures[0]!.message).toBe('The service refused this decision: Invalid status');
    expect(view.failures[0]!.message).not.toMatch(/access_token|api_key|http:\/\//);

    await t.decide(h.accountKey, [target], 'REJECTED');
    expect((await t.view(WAITING, false)).failures).toEqual([]);
    h.clock += UNDO_WINDOW_MS;
    await t.flushDue();
    expect(h.service.puts().at(-1)).toEqual({ id: target, status: 'REJECTED' });
  });

  test('resolved elsewhere (7301) is not a failure: it leaves the list and the list is refreshed', async () => {
    const t = triage();
    const target = (await loaded(t)).suggestions[0]!.id;
    h.service.suggestions.find((s) => s.id === target)!.status = 'REJECTED';
    h.service.requests.length = 0;
    await t.decide(h.accountKey, [target], 'ACCEPTED');
    h.clock += UNDO_WINDOW_MS;
    await t.flushDue();
    await t.revalidate(h.accountKey, WAITING);
    const view = await t.view(WAITING, false);
    expect(view.failures).toEqual([]);
    expect(view.suggestions.map((s) => s.id)).not.toContain(target);
    expect(h.events).toContainEqual({
      type: 'triage.changed',
      payload: { accountKey: h.accountKey, resolvedElsewhere: 1, revision: expect.any(Number) },
    });
    expect(h.service.gets().some((u) => u.pathname.endsWith('publishersuggestions'))).toBe(true);
  });

  test('a 401 marks the account for relinking; the decision waits for Relink (not failed), then goes', async () => {
    const t = triage();
    const target = (await loaded(t)).suggestions[0]!.id;
    h.service.putFailures.push(envelope({}, 401, [{ code: 2003, type: 'FATAL_ERROR', message: 'Token revoked' }]));
    await t.decide(h.accountKey, [target], 'ACCEPTED');
    h.clock += UNDO_WINDOW_MS;
    await t.flushDue();
    const view = await t.view(WAITING, false);
    expect(view.failures).toEqual([]);
    expect(view.pending).toEqual([
      expect.objectContaining({
        suggestionId: target,
        sending: false,
        attempts: 1,
        retryAt: null,
        lastError: expect.objectContaining({ code: 'needs-relink' }),
      }),
    ]);
    expect(view.account?.needsRelink).toBe(true);
    // The same error, in the same words, as every other feature's.
    expect(view.error).toMatchObject({ code: 'needs-relink', message: expect.stringMatching(/Choose Relink\.$/) });
    // Nothing is tried while the account cannot be used, however late it gets.
    h.clock += 3_600_000;
    await t.flushDue();
    expect(h.service.puts()).toHaveLength(1);

    await linkTestAccount();
    h.service = fakeService(h.service.suggestions);
    await t.flushDue();
    expect(h.service.puts()).toEqual([{ id: target, status: 'ACCEPTED' }]);
    expect((await t.view(WAITING, false)).pending).toEqual([]);
  });

  test('deciding for an account that is not linked is refused', async () => {
    await expect(triage().decide('app-9999', ['1'], 'ACCEPTED')).rejects.toMatchObject({
      code: 'unknown-account',
      message: 'That account is not linked (any more).',
    });
  });

  test('deciding for a linked account that is not the active one is refused, and nothing is queued', async () => {
    const other = await linkTestAccount('app-1002', 'Summit Outdoor Supply');
    await activateAccount(h.accountKey);
    const t = triage();
    await expect(t.decide(other, ['42'], 'ACCEPTED')).rejects.toMatchObject({ code: 'not-active-account' });
    // The embedded panel (our panel page framed in a CRM tab) decides only for the account its page was
    // found to belong to: here the active one, so not for the other.
    const panelSender = {
      id: 'test-id',
      url: 'chrome-extension://test-id/panel.html',
      frameId: 2,
      tab: { id: 1, url: 'https://crm.example.com/' } as never,
    };
    await setPanelScope(panelSender, { accountKey: h.accountKey, locationId: null });
    const reply = await handleRequest(
      {
        desk: 'request',
        type: 'triage.decide',
        input: { accountKey: other, suggestionIds: ['43'], decision: 'REJECTED' },
      },
      panelSender,
      t.handlers as unknown as Handlers,
      {
        runtimeId: 'test-id',
        extensionOrigin: 'chrome-extension://test-id/',
        isAllowedPageOrigin: async () => true,
        isClaimedPanel: async () => true,
      },
    );
    expect(reply).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await triagePendingItem.getValue()).toEqual([]);
    h.clock += UNDO_WINDOW_MS;
    await t.flushDue();
    expect(h.service.puts()).toEqual([]);
    // The active account still decides as before.
    expect((await t.decide(h.accountKey, ['42'], 'ACCEPTED')).pending.map((p) => p.suggestionId)).toEqual(['42']);
  });

  test('the panel decides, undoes and sends for its located account, which need not be the active one', async () => {
    const other = await linkTestAccount('app-1002', 'Summit Outdoor Supply');
    await activateAccount(h.accountKey);
    const t = triage();
    const panelSender = {
      id: 'test-id',
      url: 'chrome-extension://test-id/panel.html',
      frameId: 2,
      tab: { id: 1, url: 'https://crm.example.com/' } as never,
    };
    const ask = (type: string, input: unknown) =>
      handleRequest({ desk: 'request', type, input }, panelSender, t.handlers as unknown as Handlers, {
        runtimeId: 'test-id',
        extensionOrigin: 'chrome-extension://test-id/',
        isAllowedPageOrigin: async () => true,
        isClaimedPanel: async () => true,
      });
    const left = () => triagePendingItem.getValue().then((all) => all.map((p) => `${p.accountKey} ${p.suggestionId}`));
    // The page was found to be one of the other account's records, a location whose suggestion 43 is listed.
    await triageCacheItem.setValue({
      [`${other} ${WAITING}`]: { fetchedAt: 0, count: 1, suggestions: [{ id: '43', locationId: 'L7' } as never] },
    });
    await setPanelScope(panelSender, { accountKey: other, locationId: 'L7' });
    expect(
      await ask('triage.decide', { accountKey: other, suggestionIds: ['43'], decision: 'REJECTED' }),
    ).toMatchObject({ ok: true });
    expect(await left()).toEqual([`${other} 43`]);
    // Undo in the panel reaches that decision (the active account's rule would have found nothing to undo).
    expect(await ask('triage.undo', { suggestionIds: ['43'] })).toMatchObject({ ok: true, value: { undone: ['43'] } });
    expect(await left()).toEqual([]);
    // Decided again and let go: it is sent, with that account's session, while the active one stays.
    await ask('triage.decide', { accountKey: other, suggestionIds: ['43'], decision: 'ACCEPTED' });
    h.clock += UNDO_WINDOW_MS;
    await t.flushDue();
    expect(h.service.puts()).toEqual([{ id: '43', status: 'ACCEPTED' }]);
    const put = h.service.requests.find((r) => r.method === 'PUT')!;
    expect(put.url.searchParams.get('access_token')).toBe(`tok-${other}`);
  });

  test("undo and dismissing failures reach only the active account's decisions", async () => {
    const other = await linkTestAccount('app-1002', 'Summit Outdoor Supply');
    await activateAccount(h.accountKey);
    const t = triage();
    const due = h.clock + UNDO_WINDOW_MS;
    const pending = (key: string, suggestionId: string, batchId: string, dueAt = due): PendingDecision => ({
      suggestionId,
      accountKey: key,
      decision: 'ACCEPTED',
      dueAt,
      batchId,
    });
    // The other account's decision on the same id is newer than ours.
    await triagePendingItem.setValue([
      pending(other, '42', 'theirs', due + 100),
      pending(h.accountKey, '42', 'ours'),
      pending(other, '43', 'theirs-too'),
    ]);
    const failure = (key: string, suggestionId: string): FailedDecision => ({
      suggestionId,
      accountKey: key,
      decision: 'REJECTED',
      code: '2099',
      message: 'Injected fault',
      failedAt: h.clock,
    });
    await triageFailuresItem.setValue([failure(other, '42'), failure(h.accountKey, '42'), failure(other, '43')]);

    // 43 is only another account's: nothing of ours to undo, and the answer says so.
    expect(await t.undo({ suggestionIds: ['42', '43'] })).toMatchObject({ undone: ['42'], tooLate: ['43'] });
    const left = () => triagePendingItem.getValue().then((all) => all.map((p) => `${p.accountKey} ${p.suggestionId}`));
    expect(await left()).toEqual([`${other} 42`, `${other} 43`]);
    // A batch id reaches the active account's decisions only.
    const { batchId } = await t.decide(h.accountKey, ['42'], 'REJECTED');
    expect(await left()).toEqual([`${other} 42`, `${other} 43`, `${h.accountKey} 42`]);
    expect(await t.undo({ batchId })).toMatchObject({ undone: ['42'], tooLate: [] });
    expect(await t.undo({ batchId })).toMatchObject({ undone: [], tooLate: [] });
    expect(await t.undo({ batchId: 'theirs' })).toMatchObject({ undone: [], tooLate: [] });
    expect(await left()).toEqual([`${other} 42`, `${other} 43`]);

    // decide above cleared our failure on 42 (deciding again clears it); put it back.
    await triageFailuresItem.setValue([failure(other, '42'), failure(h.accountKey, '42'), failure(other, '43')]);
    expect(await t.dismissFailures(['42', '43'])).toEqual({ dismissed: 1 });
    expect((await triageFailuresItem.getValue()).map((f) => `${f.accountKey} ${f.suggestionId}`)).toEqual([
      `${other} 42`,
      `${other} 43`,
    ]);
  });

  test('isResolvedElsewhere: 7301 and 7302 yes, 7303 (bad status) and others no', () => {
    const error = (code: number) =>
      new ApiError({
        kind: 'http',
        operation: 'decideSuggestion',
        status: 409,
        errors: [{ code, type: 'FATAL_ERROR', message: 'x' }],
      });
    expect(isResolvedElsewhere(error(7301))).toBe(true);
    expect(isResolvedElsewhere(error(7302))).toBe(true);
    expect(isResolvedElsewhere(error(7303))).toBe(false);
    expect(isResolvedElsewhere(error(2099))).toBe(false);
    expect(isResolvedElsewhere(new Error('7301'))).toBe(false);
  });
});

describe('suggestion-triage: unlinking while triaging', () => {
  test('a decision in flight during unlink writes no failure back for the unlinked account', async () => {
    const t = triage();
    const target = (await loaded(t)).suggestions[0]!.id;
    h.service.putFailures.push(envelope({}, 500, [{ code: 2099, type: 'FATAL_ERROR', message: 'Injected fault' }]));
    const puts = gate();
    h.service.holdPuts = puts.held;
    await t.decide(h.accountKey, [target], 'ACCEPTED');
    h.clock += UNDO_WINDOW_MS;
    const flushing = t.flushDue();
    await vi.waitFor(() => expect(h.service.puts()).toHaveLength(1));

    await unlinkAccount(h.accountKey);
    puts.open();
    await flushing;
    await t.settled();
    expect(await triageFailuresItem.getValue()).toEqual([]);
    expect(await localStorageText()).not.toContain(h.accountKey);
  });

  test('a list refresh in flight during unlink writes no cache entry or badge count back', async () => {
    const t = triage();
    const lists = gate();
    h.service.holdLists = lists.held;
    const refreshing = t.revalidate(h.accountKey, WAITING);
    await vi.waitFor(() =>
      expect(h.service.gets().some((u) => u.pathname.endsWith('publishersuggestions'))).toBe(true),
    );

    await unlinkAccount(h.accountKey);
    lists.open();
    await refreshing;
    await t.settled();
    expect(await localStorageText()).not.toContain(h.accountKey);
  });

  test('decisions claimed before unlink and not yet sent are never sent, even if the account is linked again', async () => {
    const t = triage();
    const ids = (await loaded(t)).suggestions.slice(0, 6).map((s) => s.id);
    const puts = gate();
    h.service.holdPuts = puts.held;
    await t.decide(h.accountKey, ids, 'ACCEPTED');
    h.clock += UNDO_WINDOW_MS;
    const flushing = t.flushDue();
    // Four are on their way; the other two wait their turn behind them.
    await vi.waitFor(() => expect(h.service.puts()).toHaveLength(4));

    await unlinkAccount(h.accountKey);
    await linkTestAccount(h.accountKey);
    puts.open();
    await flushing;
    await t.settled();
    expect(h.service.puts()).toHaveLength(4);
    expect(await triagePendingItem.getValue()).toEqual([]);
    expect(await triageFailuresItem.getValue()).toEqual([]);
  });

  test('a list refresh in flight when the account is relinked on another API origin writes nothing from the old one', async () => {
    const t = triage();
    const lists = gate();
    h.service.holdLists = lists.held;
    const refreshing = t.revalidate(h.accountKey, WAITING);
    await vi.waitFor(() =>
      expect(h.service.gets().some((u) => u.pathname.endsWith('publishersuggestions'))).toBe(true),
    );

    await saveConnectionSettings(PRODUCTION_CONNECTION);
    fakeIdentity(allow());
    useExchange({
      fetch: routedFetch(
        tokenRoute({ access_token: 'prod-token', appSpecificAccountId: h.accountKey, accountName: 'HB' }),
      ).fetch,
    });
    await relinkAccount(h.accountKey);
    lists.open();
    await refreshing;
    await t.settled();
    // The sandbox's list must not show as production's.
    expect(await triageCacheItem.getValue()).toEqual({});
    expect((await linkedAccountsItem.getValue())[0]).toMatchObject({ apiOrigin: 'https://api.yext.com' });
  });

  test("another account's decision made while unlink is between its read and its write is kept", async () => {
    const other = await linkTestAccount('app-1002', 'Summit Outdoor Supply');
    await activateAccount(h.accountKey);
    const t = triage();
    const real = browser.storage.local.set.bind(browser.storage.local);
    let deciding: Promise<unknown> | undefined;
    vi.spyOn(browser.storage.local, 'set').mockImplementation(async (items) => {
      if (!deciding && Object.hasOwn(items, 'tokenVault')) {
        // Unlink has read everything and is about to write: a decision for the active account arrives now.
        deciding = t.decide(h.accountKey, ['42'], 'ACCEPTED');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return real(items);
    });

    await unlinkAccount(other);
    await deciding;
    vi.restoreAllMocks();
    expect((await triagePendingItem.getValue()).map((p) => `${p.accountKey} ${p.suggestionId}`)).toEqual([
      `${h.accountKey} 42`,
    ]);
  });
});
