// The worker's triage list: cached, refreshed behind the answer, its first rows for a fast paint; the protocol's boundary.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiError } from '../../lib/api/errors.ts';
import { badgeCountsItem } from '../../lib/background/badge.ts';
import { linkedAccountsItem } from '../../lib/background/core/account-items.ts';
import { TRIAGE_FRESH_MS } from '../../lib/background/suggestion-triage/cached-list.ts';
import { createSuggestionTriage, type TriageDeps } from '../../lib/background/suggestion-triage/index.ts';
import { WAITING } from '../../lib/listing-statuses.ts';
import { type Handlers, handleRequest } from '../../lib/messaging/background.ts';
import type { DeskEvents } from '../../lib/messaging/protocol/index.ts';
import { envelope, resetDesk, routedFetch, testDeps, useApi } from './desk-fakes.ts';
import { type FakeService, fakeService, linkTestAccount, makeSuggestions } from './suggestion-triage-fakes.ts';

let clock = 1_000_000;
let events: { type: keyof DeskEvents; payload: unknown }[] = [];
let service: FakeService;
let accountKey: string;
/** Every instance a test made: their background refreshes must end before the next test's storage. */
const instances: ReturnType<typeof createSuggestionTriage>[] = [];

function triage(overrides: Partial<TriageDeps> = {}) {
  const instance = createSuggestionTriage({
    ...testDeps({
      broadcast: async (type, payload) => {
        events.push({ type, payload });
      },
      now: () => clock,
    }),
    ...overrides,
  });
  instances.push(instance);
  return instance;
}

/** Loads the list the way the popup does on open, and waits for the refresh behind it. */
async function loaded(t: ReturnType<typeof triage>, status = WAITING) {
  await t.view(status, true);
  await refreshed(t);
  return t.view(status, false);
}

/** The view starts its refresh just after answering; this waits for that refresh to end. */
async function refreshed(t: ReturnType<typeof triage>) {
  await t.settled();
}

beforeEach(async () => {
  resetDesk();
  clock = 1_000_000;
  events = [];
  accountKey = await linkTestAccount();
  service = fakeService();
});

afterEach(async () => {
  vi.useRealTimers();
  // A refresh still running (e.g. after "already resolved") would otherwise write into the next test's cache.
  await Promise.all(instances.splice(0).map((t) => t.settled()));
});

describe('suggestion-triage: the list', () => {
  test('with nothing linked the view says so and asks nothing', async () => {
    await linkedAccountsItem.setValue([]);
    const view = await triage().view(WAITING, true);
    expect(view.account).toBeNull();
    expect(view.suggestions).toEqual([]);
    expect(service.requests).toHaveLength(0);
  });

  test('first open: empty cache, then the refreshed list oldest first, with publisher names and the badge', async () => {
    const t = triage();
    const first = await t.view(WAITING, true);
    expect(first.account?.accountKey).toBe(accountKey);
    expect(first.fetchedAt).toBeNull();
    expect(first.refreshing).toBe(true);
    await refreshed(t);
    const view = await t.view(WAITING, false);
    expect(view.count).toBe(12);
    expect(view.suggestions).toHaveLength(12);
    const dates = view.suggestions.map((s) => s.dateCreated);
    expect(dates).toEqual([...dates].sort());
    expect(view.publishers.GOOGLEMYBUSINESS).toBe('Google Business Profile');
    expect(view.fetchedAt).toBe(clock);
    expect((await badgeCountsItem.getValue())[accountKey]?.count).toBe(12);
    expect(events.some((e) => e.type === 'triage.changed')).toBe(true);
  });

  test('stale-while-revalidate: a later open answers from the cache at once, then refreshes', async () => {
    const t = triage();
    await loaded(t);
    service.suggestions.push(...makeSuggestions(1, 719999));
    clock += TRIAGE_FRESH_MS;
    const cached = await t.view(WAITING, true);
    expect(cached.suggestions).toHaveLength(12);
    expect(cached.refreshing).toBe(true);
    await refreshed(t);
    expect((await t.view(WAITING, false)).suggestions).toHaveLength(13);
  });

  test('an open within 30 s of the last fetch shows the cache and asks the service nothing', async () => {
    const t = triage();
    await loaded(t);
    service.requests.length = 0;
    clock += TRIAGE_FRESH_MS - 1;
    const view = await t.view(WAITING, true);
    await refreshed(t);
    expect(view.refreshing).toBe(false);
    expect(view.suggestions).toHaveLength(12);
    expect(service.requests).toHaveLength(0);
  });

  test('the refresh button (force) asks the service even within the 30 s window', async () => {
    const t = triage();
    await loaded(t);
    service.suggestions.push(...makeSuggestions(1, 719999));
    clock += 1_000;
    const view = await t.view(WAITING, true, true);
    expect(view.refreshing).toBe(true);
    await refreshed(t);
    expect((await t.view(WAITING, false)).suggestions).toHaveLength(13);
  });

  test('pages through more than one page of 50', async () => {
    service.suggestions = makeSuggestions(120);
    const view = await loaded(triage());
    expect(view.suggestions).toHaveLength(120);
    expect(new Set(view.suggestions.map((s) => s.id)).size).toBe(120);
    expect(service.gets().filter((u) => u.pathname.endsWith('publishersuggestions'))).toHaveLength(3);
  });

  test('the first rows only, for a fast first paint, say that the list goes on', async () => {
    service.suggestions = makeSuggestions(120);
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
    const original = service.suggestions;
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
    expect(view.warnings).toEqual([
      { code: 2004, type: 'WARNING', message: 'Some suggestions are not shown without a subscription' },
    ]);
  });

  test('a failed refresh keeps the cached list and reports the error', async () => {
    const t = triage();
    await loaded(t);
    clock += TRIAGE_FRESH_MS;
    const failing = triage({
      withAccount: async () => {
        throw new ApiError({ kind: 'http', operation: 'listSuggestions', status: 500, errors: [] });
      },
    });
    const before = await failing.view(WAITING, true);
    events = [];
    await refreshed(failing);
    const view = await failing.view(WAITING, false);
    expect(view.suggestions).toHaveLength(12);
    expect(view.error?.message).toContain('HTTP 500');
    // The view changed (no longer refreshing, an error): the event says so with a newer revision, or a
    // popup that ignores events about what it already shows would say "refreshing" for ever.
    expect(view.revision).toBeGreaterThan(before.revision);
    expect(events).toEqual([
      { type: 'triage.changed', payload: { accountKey, resolvedElsewhere: 0, revision: view.revision } },
    ]);
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
      { desk: 'request', type: 'triage.decide', input: { accountKey, suggestionIds: ['1'], decision: 'MAYBE' } },
      sender,
      handlers,
      policy,
    );
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    const empty = await handleRequest(
      { desk: 'request', type: 'triage.decide', input: { accountKey, suggestionIds: [], decision: 'ACCEPTED' } },
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
