// The worker's triage list: cached, refreshed behind the answer, its first rows for a fast paint; the protocol's boundary.
import { describe, expect, test } from 'vitest';
import { ApiError } from '../../lib/api/errors.ts';
import { linkedAccountsItem } from '../../lib/background/core/account-items.ts';
import { badgeCountsItem } from '../../lib/background/suggestion-triage/badge.ts';
import { TRIAGE_FRESH_MS } from '../../lib/background/suggestion-triage/cached-list.ts';
import { type Handlers, handleRequest } from '../../lib/messaging/background.ts';
import { WAITING } from '../../lib/shared/listing-statuses.ts';
import { envelope, routedFetch, useApi } from './desk-fakes.ts';
import { makeSuggestions, useTriageHarness } from './suggestion-triage-fakes.ts';

const h = useTriageHarness();
const { triage, loaded, refreshed } = h;

describe('suggestion-triage: the list', () => {
  test('with nothing linked the view says so and asks nothing', async () => {
    await linkedAccountsItem.setValue([]);
    const view = await triage().view(WAITING, true);
    expect(view.account).toBeNull();
    expect(view.suggestions).toEqual([]);
    expect(h.service.requests).toHaveLength(0);
  });

  test('first open: empty cache, then the refreshed list oldest first, with publisher names and the badge', async () => {
    const t = triage();
    const first = await t.view(WAITING, true);
    expect(first.account?.accountKey).toBe(h.accountKey);
    expect(first.fetchedAt).toBeNull();
    expect(first.refreshing).toBe(true);
    await refreshed(t);
    const view = await t.view(WAITING, false);
    expect(view.count).toBe(12);
    expect(view.suggestions).toHaveLength(12);
    const dates = view.suggestions.map((s) => s.dateCreated);
    expect(dates).toEqual([...dates].sort());
    expect(view.publishers.GOOGLEMYBUSINESS).toBe('Google Business Profile');
    expect(view.fetchedAt).toBe(h.clock);
    expect((await badgeCountsItem.getValue())[h.accountKey]?.count).toBe(12);
    expect(h.events.some((e) => e.type === 'triage.changed')).toBe(true);
  });

  test('stale-while-revalidate: a later open answers from the cache at once, then refreshes', async () => {
    const t = triage();
    await loaded(t);
    h.service.suggestions.push(...makeSuggestions(1, 719999));
    h.clock += TRIAGE_FRESH_MS;
    const cached = await t.view(WAITING, true);
    expect(cached.suggestions).toHaveLength(12);
    expect(cached.refreshing).toBe(true);
    await refreshed(t);
    expect((await t.view(WAITING, false)).suggestions).toHaveLength(13);
  });

  test('an open within 30 s of the last fetch shows the cache and asks the service nothing', async () => {
    const t = triage();
    await loaded(t);
    h.service.requests.length = 0;
    h.clock += TRIAGE_FRESH_MS - 1;
    const view = await t.view(WAITING, true);
    await refreshed(t);
    expect(view.refreshing).toBe(false);
    expect(view.suggestions).toHaveLength(12);
    expect(h.service.requests).toHaveLength(0);
  });

  test('the refresh button (force) asks the service even within the 30 s window', async () => {
    const t = triage();
    await loaded(t);
    h.service.suggestions.push(...makeSuggestions(1, 719999));
    h.clock += 1_000;
    const view = await t.view(WAITING, true, true);
    expect(view.refreshing).toBe(true);
    await refreshed(t);
    expect((await t.view(WAITING, false)).suggestions).toHaveLength(13);
  });

  test('pages through more than one page of 50', async () => {
    h.service.suggestions = makeSuggestions(120);
    const view = await loaded(triage());
    expect(view.suggestions).toHaveLength(120);
    expect(new Set(view.suggestions.map((s) => s.id)).size).toBe(120);
    expect(h.service.gets().filter((u) => u.pathname.endsWith('publishersuggestions'))).toHaveLength(3);
  });

  test('the first rows only, for a fast first paint, say that the list goes on', async () => {
    h.service.suggestions = makeSuggestions(120);
    const t = triage();
    await loaded(t);
    const first = await t.view(WAITING, false, false, {}, 40);
    expect(first.suggestions.map((s) => s.id)).toEqual(
      (await t.view(WAITING, false)).suggestions.slice(0, 40).map((s) => s.id),
    );
    expect(first).toMatchObject({ count: 120, complete: false });
    expect(await t.view(WAITING, false, false, {}, 500)).toMatchObject({ complete: true });
  });

  test('a decision sent elsewhere while paging (the count moves) costs one more walk, not an error', async () => {
    const t = triage();
    let firstPages = 0;
    const real = makeSuggestions(120);
    useApi({
      fetch: routedFetch(
        (_request, url) => {
          if (!url.pathname.endsWith('/powerlistings/publishersuggestions')) return undefined;
          // The first walk's second page sees one suggestion fewer, as if another user had decided it.
          if (url.searchParams.get('offset') === '50' && firstPages++ === 0) real.shift();
          const offset = Number(url.searchParams.get('offset') ?? 0);
          const limit = Number(url.searchParams.get('limit') ?? 50);
          return envelope({ count: real.length, suggestions: real.slice(offset, offset + limit) });
        },
        (_request, url) => (url.pathname.endsWith('/powerlistings/publishers') ? envelope([]) : undefined),
      ).fetch,
    });
    const view = await loaded(t);
    expect(view.error).toBeNull();
    expect(view).toMatchObject({ count: 119 });
    expect(view.suggestions).toHaveLength(119);
  });

  test("the service's warnings about a list reach the view", async () => {
    const t = triage();
    const original = h.service.suggestions;
    useApi({
      fetch: routedFetch(
        (_request, url) =>
          url.pathname.endsWith('/powerlistings/publishersuggestions')
            ? envelope({ count: 1, suggestions: [original[0]] }, 200, [
                { code: 2004, type: 'WARNING', message: 'Some suggestions are not shown without a subscription' },
              ])
            : undefined,
        (_request, url) => (url.pathname.endsWith('/powerlistings/publishers') ? envelope([]) : undefined),
      ).fetch,
    });
    const view = await loaded(t);
    // Worded by the worker, the service's own message kept for the small print.
    expect(view.warnings).toEqual([
      {
        code: 2004,
        type: 'WARNING',
        message: 'Some suggestions are not shown without a subscription',
        sentence: 'The service sent a note with this list; Listings Desk shows everything it sent.',
        smallPrint: 'code 2004 · warning · “Some suggestions are not shown without a subscription”',
      },
    ]);
  });

  test('a failed refresh keeps the cached list and reports the error', async () => {
    const t = triage();
    await loaded(t);
    h.clock += TRIAGE_FRESH_MS;
    const failing = triage({
      withAccount: async () => {
        throw new ApiError({ kind: 'http', operation: 'listSuggestions', status: 500, errors: [] });
      },
    });
    const before = await failing.view(WAITING, true);
    h.events = [];
    await refreshed(failing);
    const view = await failing.view(WAITING, false);
    expect(view.suggestions).toHaveLength(12);
    expect(view.error).toMatchObject({ status: 500, message: expect.stringMatching(/^The service was busy/) });
    // The view changed (no longer refreshing, an error): the event says so with a newer revision, or a
    // popup that ignores events about what it already shows would say "refreshing" for ever.
    expect(view.revision).toBeGreaterThan(before.revision);
    expect(h.events).toEqual([
      { type: 'triage.changed', payload: { accountKey: h.accountKey, resolvedElsewhere: 0, revision: view.revision } },
    ]);
  });

  test('a view answered after the fetch wrote its list but before it ended hears of the end at a newer revision', async () => {
    // The fetch's write, then its badge: a view answered in between says "refreshing" at the written revision.
    let wrote!: () => void;
    const written = new Promise<void>((resolve) => {
      wrote = resolve;
    });
    let release!: () => void;
    const badged = new Promise<void>((resolve) => {
      release = resolve;
    });
    const t = triage({
      setBadgeCount: async () => {
        wrote();
        await badged;
      },
    });
    await t.view(WAITING, true);
    await written;
    const between = await t.view(WAITING, false);
    expect(between.refreshing).toBe(true);
    h.events = [];
    release();
    await refreshed(t);
    const after = await t.view(WAITING, false);
    expect(after.refreshing).toBe(false);
    // A page that drops events at the revision it shows would otherwise say "Refreshing…" for good.
    expect(h.events).toEqual([
      { type: 'triage.changed', payload: { accountKey: h.accountKey, resolvedElsewhere: 0, revision: after.revision } },
    ]);
    expect(after.revision).toBeGreaterThan(between.revision);
  });
});

describe('suggestion-triage: protocol', () => {
  const sender = { id: 'test-id', url: 'chrome-extension://test-id/popup.html' };
  const policy = {
    runtimeId: 'test-id',
    extensionOrigin: 'chrome-extension://test-id/',
    isAllowedPageOrigin: async () => false,
  };

  test('inputs are checked at the boundary; settings round-trip', async () => {
    const handlers = triage().handlers as unknown as Handlers;
    const bad = await handleRequest(
      {
        desk: 'request',
        type: 'triage.decide',
        input: { accountKey: h.accountKey, suggestionIds: ['1'], decision: 'MAYBE' },
      },
      sender,
      handlers,
      policy,
    );
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    const empty = await handleRequest(
      {
        desk: 'request',
        type: 'triage.decide',
        input: { accountKey: h.accountKey, suggestionIds: [], decision: 'ACCEPTED' },
      },
      sender,
      handlers,
      policy,
    );
    expect(empty.ok).toBe(false);

    const get = await handleRequest(
      { desk: 'request', type: 'triage.settings.get', input: {} },
      sender,
      handlers,
      policy,
    );
    expect(get).toEqual({ ok: true, value: { keyboardShortcuts: true } });
    await handleRequest(
      { desk: 'request', type: 'triage.settings.set', input: { keyboardShortcuts: false } },
      sender,
      handlers,
      policy,
    );
    const view = await handleRequest({ desk: 'request', type: 'triage.view', input: {} }, sender, handlers, policy);
    expect(view).toMatchObject({ ok: true, value: { keyboardShortcuts: false, status: WAITING } });
  });

  test('a content script may not change settings', async () => {
    const handlers = triage().handlers as unknown as Handlers;
    const reply = await handleRequest(
      { desk: 'request', type: 'triage.settings.set', input: { keyboardShortcuts: false } },
      { id: 'test-id', url: 'https://crm.example.com/', tab: { id: 1 } as never },
      handlers,
      { ...policy, isAllowedPageOrigin: async () => true },
    );
    expect(reply).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });
});
