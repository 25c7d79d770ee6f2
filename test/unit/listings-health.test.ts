import { beforeEach, describe, expect, test, vi } from 'vitest';
import { saveConnectionSettings } from '../../lib/background/connection-settings.ts';
import { linkedAccountsItem } from '../../lib/background/core/account-items.ts';
import {
  countListings,
  createListingsHealth,
  HEALTH_MAX_AGE_MS,
  listingsHealthItem,
} from '../../lib/background/listings-health.ts';
import type { DeskEvents } from '../../lib/messaging/protocol/index.ts';
import { OTHER_LISTING_STATUS } from '../../lib/shared/listing-statuses.ts';
import { gate, openSession, PRODUCTION_CONNECTION, resetDesk, testDeps, unlinkAccount } from './desk-fakes.ts';
import { type FakeService, fakeService, linkTestAccount } from './suggestion-triage-fakes.ts';

let service: FakeService;
let accountKey: string;
let events: { type: keyof DeskEvents; payload: unknown }[];
let now: number;

/** Listing URLs a publisher could send that must never become links. */
const HOSTILE_URLS = [
  'javascript:alert(1)',
  ' JavaScript:alert(document.domain)',
  'data:text/html,<script>alert(1)</script>',
  'https://example.com/ javascript:alert(1)',
];

function health() {
  return createListingsHealth(
    testDeps({
      broadcast: async (type, payload) => {
        events.push({ type, payload });
      },
      now: () => now,
    }),
  );
}

/** Like health(), but every answer waits for `answers` to open before it is handed back. */
function heldHealth(answers: Promise<void>) {
  const deps = testDeps({ broadcast: async () => undefined, now: () => now });
  return createListingsHealth({
    ...deps,
    withAccount: async (run, key) => {
      const result = await deps.withAccount(run, key);
      await answers;
      return result;
    },
  });
}

function seedListings() {
  const statuses = ['LIVE', 'LIVE', 'LIVE', 'OPTED_OUT', 'WAITING_ON_PUBLISHER', 'UNAVAILABLE', 'SOMETHING_NEW'];
  for (let i = 0; i < 140; i++) {
    const status = statuses[i % statuses.length]!;
    service.listings.push({
      id: `L${i}`,
      locationId: `HB-${i % 20}`,
      publisherId: i % 2 ? 'GOOGLEMYBUSINESS' : 'BING',
      status,
      listingUrl: i % 3 ? `https://example.com/${i}` : HOSTILE_URLS[i % HOSTILE_URLS.length]!,
    });
  }
}

beforeEach(async () => {
  resetDesk();
  events = [];
  now = 5000;
  accountKey = await linkTestAccount();
  service = fakeService([]);
  seedListings();
});

describe('listings-health', () => {
  test('counts by status from one-item pages: one request per status plus the total', async () => {
    const { client } = await openSession(accountKey);
    const { total, counts } = await countListings(client);
    expect(total).toBe(140);
    expect(counts.LIVE).toBe(60);
    expect(counts.OPTED_OUT).toBe(20);
    expect(counts.WAITING_ON_YEXT).toBe(0);
    // A status the client does not know is still counted, as "other".
    expect(counts[OTHER_LISTING_STATUS]).toBe(20);
    expect(service.requests).toHaveLength(7);
    expect(service.requests.every((r) => r.url.searchParams.get('limit') === '1')).toBe(true);
  });

  test('the summary answers from the cache and refreshes behind it', async () => {
    const h = health();
    const first = await h.summary(true);
    expect(first).toMatchObject({ accountKey, total: null, refreshing: true });
    // The refresh starts just after the answer has left.
    await h.settled();
    const second = await h.summary(false);
    expect(second.total).toBe(140);
    expect(second.counts).toContainEqual({ status: 'LIVE', count: 60 });
    expect(second.fetchedAt).toBe(5000);
    expect(events).toContainEqual({ type: 'health.changed', payload: { accountKey } });
    service.requests.length = 0;
    await h.summary(false);
    expect(service.requests).toHaveLength(0);
  });

  test('a summary younger than 5 minutes is served from the cache even when a refresh is asked for', async () => {
    const h = health();
    await h.summary(true);
    await h.settled();
    service.requests.length = 0;

    now += HEALTH_MAX_AGE_MS - 1;
    const cached = await h.summary(true);
    await h.settled();
    expect(cached).toMatchObject({ total: 140, refreshing: false, fetchedAt: 5000 });
    expect(service.requests).toHaveLength(0);

    now += 1;
    expect((await h.summary(true)).refreshing).toBe(true);
    await h.settled();
    expect(service.requests).toHaveLength(7);
    expect((await h.summary(false)).fetchedAt).toBe(now);
  });

  test('nothing linked: an empty summary and no request', async () => {
    await linkedAccountsItem.setValue([]);
    expect(await health().summary(true)).toMatchObject({ accountKey: null, total: null, counts: [] });
    expect(service.requests).toHaveLength(0);
  });

  test('a refresh in flight during unlink writes no health entry back', async () => {
    const answers = gate();
    const h = heldHealth(answers.held);
    const refreshing = h.revalidate(accountKey);
    await vi.waitFor(() => expect(service.requests).toHaveLength(7));

    await unlinkAccount(accountKey);
    answers.open();
    await refreshing;
    expect(await listingsHealthItem.getValue()).toEqual({});
  });

  test('a refresh in flight when the account is relinked on another API origin writes nothing from the old one', async () => {
    const answers = gate();
    const h = heldHealth(answers.held);
    const refreshing = h.revalidate(accountKey);
    await vi.waitFor(() => expect(service.requests).toHaveLength(7));

    await saveConnectionSettings(PRODUCTION_CONNECTION);
    await linkTestAccount(accountKey);
    expect((await linkedAccountsItem.getValue())[0]).toMatchObject({ apiOrigin: 'https://api.yext.com' });
    answers.open();
    await refreshing;
    // The sandbox's counts must not show as production's.
    expect(await listingsHealthItem.getValue()).toEqual({});
  });
});
