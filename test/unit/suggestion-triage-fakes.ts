// A small in-memory publisher-suggestions service for the triage and health unit tests, behind the
// real ApiClient (through the test deps' fetch), plus linking an account the real way.

import { afterEach, beforeEach, vi } from 'vitest';
import { publisherNamesItem } from '../../lib/background/core/publisher-names.ts';
import { listingsHealthItem } from '../../lib/background/listings-health.ts';
import { badgeCountsItem } from '../../lib/background/suggestion-triage/badge.ts';
import { createSuggestionTriage, type TriageDeps } from '../../lib/background/suggestion-triage/index.ts';
import {
  type PendingDecision,
  triageCacheItem,
  triageFailuresItem,
  triagePendingItem,
} from '../../lib/background/suggestion-triage/triage-items.ts';
import type { DeskEvents, SuggestionView, TriageView } from '../../lib/messaging/protocol/index.ts';
import { WAITING } from '../../lib/shared/listing-statuses.ts';
import { cutOff } from '../support/cut-off.ts';
import {
  allow,
  envelope,
  fakeIdentity,
  linkAccount,
  resetDesk,
  routedFetch,
  settleBadgeRefresh,
  testDeps,
  tokenRoute,
  useApi,
  useExchange,
} from './desk-fakes.ts';

/** The service's suggestion has exactly the fields the triage list keeps. */
export type FakeSuggestion = SuggestionView;

export function makeSuggestions(n: number, start = 710001): FakeSuggestion[] {
  return Array.from({ length: n }, (_, i) => ({
    id: String(start + i),
    publisherId: 'GOOGLEMYBUSINESS',
    locationId: `HB-${String((i % 5) + 1).padStart(3, '0')}`,
    fieldName: i % 2 ? 'hours' : 'websiteUrl',
    originalContent: `Open 9am to ${5 + (i % 3)}pm`,
    suggestedContent: `Open 8am to ${5 + (i % 3)}pm`,
    // Newest first, as the service might list them; the triage list sorts oldest first.
    dateCreated: `2026-03-${String(28 - (i % 28)).padStart(2, '0')}`,
    status: 'WAITING_ON_CUSTOMER',
  }));
}

function listParam(url: URL, name: string): string[] | undefined {
  const raw = url.searchParams.get(name);
  if (raw === null) return undefined;
  return raw
    .replace(/^\[|\]$/g, '')
    .split(',')
    .filter(Boolean);
}

/** A listing as the fake service answers it. */
export interface FakeListing {
  id: string;
  locationId: string;
  publisherId: string;
  status: string;
  listingUrl: string;
}

export interface FakeService {
  suggestions: FakeSuggestion[];
  listings: FakeListing[];
  requests: { method: string; url: URL }[];
  /** Answers for the next PUTs, in order (then back to normal). */
  putFailures: Response[];
  /** While set, list answers are computed at once but delivered only when it settles. */
  holdLists: Promise<void> | null;
  /** While set, PUT answers are computed at once but delivered only when it settles. */
  holdPuts: Promise<void> | null;
  /** The next PUTs this many: applied, then their answer's connection drops half way through the body. */
  cutOffPuts: number;
  puts(): { id: string; status: string }[];
  gets(): URL[];
}

export function fakeService(suggestions: FakeSuggestion[] = makeSuggestions(12)): FakeService {
  const service: FakeService = {
    suggestions,
    listings: [],
    requests: [],
    putFailures: [],
    holdLists: null,
    holdPuts: null,
    cutOffPuts: 0,
    puts: () =>
      service.requests
        .filter((r) => r.method === 'PUT')
        .map((r) => ({ id: r.url.pathname.split('/').pop()!, status: r.url.searchParams.get('status')! })),
    gets: () => service.requests.filter((r) => r.method === 'GET').map((r) => r.url),
  };
  function decide(id: string, status: string): Response {
    const failure = service.putFailures.shift();
    if (failure) return failure;
    const suggestion = service.suggestions.find((s) => s.id === id);
    if (!suggestion) {
      return envelope({}, 404, [{ code: 7302, type: 'FATAL_ERROR', message: 'Publisher suggestion not found' }]);
    }
    if (suggestion.status !== 'WAITING_ON_CUSTOMER') {
      return envelope({}, 409, [{ code: 7301, type: 'FATAL_ERROR', message: 'Publisher suggestion already resolved' }]);
    }
    suggestion.status = status;
    return envelope({});
  }
  const api = routedFetch((request, url) => {
    service.requests.push({ method: request.method, url });
    const path = url.pathname;
    if (path.endsWith('/powerlistings/publishers')) {
      return envelope([
        { id: 'GOOGLEMYBUSINESS', name: 'Google Business Profile' },
        { id: 'BING', name: 'Bing' },
      ]);
    }
    if (path.endsWith('/powerlistings/publishersuggestions') && request.method === 'GET') {
      const statuses = listParam(url, 'statuses');
      const matching = service.suggestions.filter((s) => !statuses || statuses.includes(s.status));
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 10);
      const answer = envelope({ count: matching.length, suggestions: matching.slice(offset, offset + limit) });
      return service.holdLists ? service.holdLists.then(() => answer) : answer;
    }
    const decided = /\/publishersuggestions\/([^/]+)$/.exec(path);
    if (decided && request.method === 'PUT') {
      const decision = decide(decodeURIComponent(decided[1]!), url.searchParams.get('status')!);
      const answer = service.cutOffPuts > 0 && service.cutOffPuts-- > 0 ? cutOff(decision) : decision;
      return service.holdPuts ? service.holdPuts.then(() => answer) : answer;
    }
    if (path.endsWith('/powerlistings/listings') && request.method === 'GET') {
      const statuses = listParam(url, 'statuses');
      const matching = service.listings.filter((l) => !statuses || statuses.includes(l.status));
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 100);
      return envelope({ count: matching.length, listings: matching.slice(offset, offset + limit) });
    }
    return undefined;
  });
  useApi({ fetch: api.fetch, retry: { retries: 0 } });
  return service;
}

/**
 * Links an account through the real linking code, with a scripted authorize page and token endpoint.
 * Depends on desk-fakes and account-linking only, with the same (appSpecificAccountId, accountName)
 * arguments as badge.test's link(): it can move into desk-fakes.ts as it is.
 */
export async function linkTestAccount(
  appSpecificAccountId = 'app-1001',
  accountName = 'Harbor Bakery Group',
): Promise<string> {
  fakeIdentity(allow());
  useExchange({
    fetch: routedFetch(tokenRoute({ access_token: `tok-${appSpecificAccountId}`, appSpecificAccountId, accountName }))
      .fetch,
  });
  await linkAccount();
  await settleBadgeRefresh(appSpecificAccountId);
  return appSpecificAccountId;
}

/** Something in every per-account item (cache, pending, failures, names, health, badge) for each account. */
export async function seedAccountData(...accountKeys: string[]) {
  const suggestion = (id: string) => ({
    id,
    status: 'WAITING_ON_CUSTOMER',
    publisherId: 'BING',
    locationId: 'L1',
    fieldName: 'hours',
    originalContent: 'a',
    suggestedContent: 'b',
    dateCreated: '2026-03-01',
  });
  const cache: Record<string, unknown> = {};
  const pending: PendingDecision[] = [];
  const failures: unknown[] = [];
  const names: Record<string, unknown> = {};
  const health: Record<string, unknown> = {};
  const badges: Record<string, unknown> = {};
  for (const key of accountKeys) {
    for (const status of ['WAITING_ON_CUSTOMER', 'ACCEPTED']) {
      cache[`${key} ${status}`] = { fetchedAt: 1, count: 1, suggestions: [suggestion(`${key}-s1`)] };
    }
    pending.push({
      suggestionId: `${key}-s1`,
      accountKey: key,
      decision: 'ACCEPTED',
      dueAt: Date.now() - 1000,
      batchId: `batch-${key}`,
    });
    failures.push({
      suggestionId: `${key}-s2`,
      accountKey: key,
      decision: 'REJECTED',
      code: 'x',
      message: 'x',
      failedAt: 1,
    });
    names[key] = { fetchedAt: 1, names: { BING: 'Bing' } };
    health[key] = { fetchedAt: 1, total: 3, counts: { LIVE: 3 } };
    badges[key] = { count: 1, updatedAt: 1 };
  }
  await triageCacheItem.setValue(cache as never);
  await triagePendingItem.setValue(pending);
  await triageFailuresItem.setValue(failures as never);
  await publisherNamesItem.setValue(names as never);
  await listingsHealthItem.setValue(health as never);
  await badgeCountsItem.setValue(badges as never);
}

/** One test file's triage worker: its clock, the events it broadcast, the fake service and the linked account. */
export interface TriageHarness {
  clock: number;
  events: { type: keyof DeskEvents; payload: unknown }[];
  service: FakeService;
  accountKey: string;
  triage(overrides?: Partial<TriageDeps>): SuggestionTriage;
  /** Loads the list the way the popup does on open, and waits for the refresh behind it. */
  loaded(t: SuggestionTriage, status?: string): Promise<TriageView>;
  /** The view starts its refresh just after answering; this waits for that refresh to end. */
  refreshed(t: SuggestionTriage): Promise<void>;
}

type SuggestionTriage = ReturnType<typeof createSuggestionTriage>;

/** Registers the per-test reset (a fresh desk, clock and service, one linked account) and returns the harness. */
export function useTriageHarness(): TriageHarness {
  /** Every instance a test made: their background refreshes must end before the next test's storage. */
  const instances: SuggestionTriage[] = [];
  const h: TriageHarness = {
    clock: 1_000_000,
    events: [],
    service: undefined as unknown as FakeService,
    accountKey: '',
    triage(overrides = {}) {
      const instance = createSuggestionTriage({
        ...testDeps({
          broadcast: async (type, payload) => {
            h.events.push({ type, payload });
          },
          now: () => h.clock,
        }),
        ...overrides,
      });
      instances.push(instance);
      return instance;
    },
    async loaded(t, status = WAITING) {
      await t.view(status, true);
      await t.settled();
      return t.view(status, false);
    },
    async refreshed(t) {
      await t.settled();
    },
  };
  beforeEach(async () => {
    resetDesk();
    h.clock = 1_000_000;
    h.events = [];
    h.accountKey = await linkTestAccount();
    h.service = fakeService();
  });
  afterEach(async () => {
    vi.useRealTimers();
    // A refresh still running (e.g. after "already resolved") would otherwise write into the next test's cache.
    await Promise.all(instances.splice(0).map((t) => t.settled()));
  });
  return h;
}

/** One waiting suggestion of the lists across accounts. */
export const row = (id: string, dateCreated: string, locationId = 'L1', publisherId = 'BING'): SuggestionView => ({
  id,
  status: WAITING,
  publisherId,
  locationId,
  fieldName: 'hours',
  originalContent: 'a',
  suggestedContent: 'b',
  dateCreated,
});

/** `n` waiting suggestions of one account, three days apart from March `firstDay`. */
export const waitingOf = (account: string, n: number, firstDay: number, location = 'L1'): FakeSuggestion[] =>
  Array.from({ length: n }, (_, i) => ({
    ...row(
      `${account.replace(/\D/g, '')}${String(i).padStart(4, '0')}`,
      `2026-03-${String(firstDay + i * 3).padStart(2, '0')}`,
      location,
    ),
  }));

/** Each account's own waiting suggestions, answered by its token; `refused` answers 401 (or 403). */
export interface Accounts {
  lists: Map<string, FakeSuggestion[]>;
  refused: Map<string, number>;
  requests: { token: string; method: string; url: URL }[];
  /** An account's list pages are answered (as they stood when they arrived) only once this settles. */
  held: Map<string, Promise<void>>;
  /** The most list pages of one account in flight at once. */
  mostInFlight: Map<string, number>;
}

export function perAccountService(lists: Record<string, FakeSuggestion[]>): Accounts {
  const state: Accounts = {
    lists: new Map(Object.entries(lists)),
    refused: new Map(),
    requests: [],
    held: new Map(),
    mostInFlight: new Map(),
  };
  const inFlight = new Map<string, number>();
  const api = routedFetch((request, url) => {
    const token = url.searchParams.get('access_token') ?? '';
    const account = token.replace(/^tok-/, '');
    state.requests.push({ token, method: request.method, url });
    const refused = state.refused.get(account);
    if (refused) return envelope({}, refused, [{ code: 2001, type: 'FATAL_ERROR', message: 'Refused' }]);
    if (url.pathname.endsWith('/powerlistings/publishers')) return envelope([{ id: 'BING', name: 'Bing' }]);
    const mine = state.lists.get(account) ?? [];
    if (url.pathname.endsWith('/publishersuggestions') && request.method === 'GET') {
      const statuses = (url.searchParams.get('statuses') ?? '').replace(/^\[|\]$/g, '').split(',');
      const matching = mine.filter((s) => statuses.includes(s.status));
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 10);
      const answer = envelope({ count: matching.length, suggestions: matching.slice(offset, offset + limit) });
      const held = state.held.get(account);
      if (!held) return answer;
      inFlight.set(account, (inFlight.get(account) ?? 0) + 1);
      state.mostInFlight.set(account, Math.max(state.mostInFlight.get(account) ?? 0, inFlight.get(account)!));
      return held.then(() => {
        inFlight.set(account, inFlight.get(account)! - 1);
        return answer;
      });
    }
    const decided = /\/publishersuggestions\/([^/]+)$/.exec(url.pathname);
    if (decided && request.method === 'PUT') {
      const s = mine.find((x) => x.id === decided[1]);
      if (!s)
        return envelope({}, 404, [{ code: 7302, type: 'FATAL_ERROR', message: 'Publisher suggestion not found' }]);
      s.status = url.searchParams.get('status')!;
      return envelope({});
    }
    return undefined;
  });
  useApi({ fetch: api.fetch, retry: { retries: 0 } });
  return state;
}

/**
 * With 1001–1003 linked: links 1004–1006 too, six accounts of 120 waiting (3 pages each), all fetched by
 * the refresh alarm five minutes before `clock.now` (moved on by then). The merged list's top is 1002's rows,
 * then 1003's; the active account (the last linked, 1006) comes fifth.
 */
export async function sixAccountsFetchedBefore(clock: { now: number }) {
  await linkTestAccount('app-1004', 'Birch Florist');
  await linkTestAccount('app-1005', 'Alder Garage');
  await linkTestAccount('app-1006', 'Elm Opticians');
  const firstDays: Record<string, number> = {
    'app-1001': 6,
    'app-1002': 1,
    'app-1003': 2,
    'app-1004': 3,
    'app-1005': 4,
    'app-1006': 5,
  };
  const service = perAccountService(
    Object.fromEntries(Object.entries(firstDays).map(([k, day]) => [k, waitingOf(k, 120, day)])),
  );
  const deps = testDeps({ broadcast: async () => undefined, now: () => clock.now });
  const t = createSuggestionTriage(deps);
  await t.refreshEveryAccount();
  await t.settled();
  const fetchedAt = clock.now;
  clock.now += 5 * 60_000;
  service.requests.length = 0;
  const listsFetched = () =>
    service.requests.filter((r) => r.url.pathname.endsWith('/publishersuggestions')).map((r) => r.token);
  return { service, deps, t, fetchedAt, listsFetched };
}

/** A fresh desk with three accounts linked the real way (1001, 1002, then 1003, the active one). */
export async function linkThreeTestAccounts(): Promise<void> {
  resetDesk();
  await linkTestAccount('app-1001', 'Harbor Bakery Group');
  await linkTestAccount('app-1002', 'Summit Outdoor Supply');
  await linkTestAccount('app-1003', 'Cedar Dental');
}
