// The worker's provisioning requests with a fake service: the chosen account's locations (kept briefly per
// account) and the add requests made elsewhere, taken in when the section opens.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ApiClient } from '../../lib/api/client.ts';
import { activeAccountKeyItem, linkedAccountsItem } from '../../lib/background/core/account-items.ts';
import type { DeskDeps } from '../../lib/background/core/deps.ts';
import { provisioningFeature } from '../../lib/background/provisioning/index.ts';
import { LOCATIONS_FRESH_MS } from '../../lib/background/provisioning/locations.ts';
import { trackerItem } from '../../lib/background/provisioning/tracker-store.ts';

let now = 1_000_000;
let asked: string[] = [];
let events: string[] = [];
let sent: unknown[] = [];

const LOCATIONS: Record<string, unknown[]> = {
  me: [{ id: 'HB-001', locationName: 'Harbor Bakery – Pearl District', accountId: '1001' }],
  '1101': [
    { id: 'WH-001', locationName: 'Harbor Wholesale – Dock 4', city: 'Portland', accountId: '1101', zip: 97209 },
  ],
};
// Agreement ids arrive as integers and as strings (vendor-facts.md); PL has none.
const CATALOG = [
  { sku: 'PL' },
  { sku: 'PL-PREMIUM', agreementId: 48211 },
  { sku: 'ANALYTICS', agreementId: 'AGR-2024-0117' },
  { sku: 'REVIEWS', agreementId: 48211 },
];
const ADD_REQUESTS = [
  { id: 41, status: 'REVIEW', locationMode: 'EXISTING', existingLocationId: 'HB-001', skus: ['PL'] },
];

type Call = {
  path: string;
  json?: unknown;
  query?: Record<string, unknown>;
  schema?: { parse(v: unknown): unknown };
  read?: { read(v: unknown): { data: unknown } };
};
const client = {
  request: async (call: Call) => {
    const [, , accountId, what, one] = call.path.split('/');
    asked.push(one ? `location ${one} of ${accountId}` : `${what} of ${accountId}`);
    if (call.json) sent.push(call.json);
    const body = one
      ? LOCATIONS[accountId!]!.find((l) => (l as { id: string }).id === one)
      : call.json
        ? { id: 42, status: 'PROCESSING', locationMode: 'EXISTING', existingLocationId: 'WH-001', skus: ['PL'] }
        : what === 'availableservices'
          ? { count: CATALOG.length, availableServices: CATALOG }
          : what === 'locations'
            ? { count: LOCATIONS[accountId!]!.length, locations: LOCATIONS[accountId!] }
            : { count: ADD_REQUESTS.length, addRequests: ADD_REQUESTS };
    const data = call.read ? call.read.read(body).data : call.schema!.parse(body);
    return { data, status: 200, warnings: [] };
  },
} as unknown as ApiClient;

const feature = () =>
  provisioningFeature({
    withAccount: (task: (c: ApiClient) => Promise<unknown>) => task(client),
    broadcast: async (type: string) => {
      events.push(type);
    },
    now: () => now,
    apiConfig: {},
  } as unknown as DeskDeps);
const ask = <I>(handlers: Record<string, unknown>, type: string, input: I) =>
  (handlers[type] as (input: I, context: never) => Promise<unknown>)(input, {} as never);

beforeEach(async () => {
  fakeBrowser.reset();
  now = 1_000_000;
  asked = [];
  events = [];
  sent = [];
  await linkedAccountsItem.setValue([
    {
      accountKey: 'k',
      accountName: 'Harbor Bakery Group',
      appSpecificAccountId: 'k',
      linkedAt: 0,
      needsRelink: false,
      apiOrigin: 'https://api.example',
    },
  ]);
  await activeAccountKeyItem.setValue('k');
});

describe('provisioning.locations', () => {
  it('lists the chosen account’s locations, with their account, and reads them again only once stale', async () => {
    const { handlers } = feature();
    const first = await ask(handlers, 'provisioning.locations', { accountId: '1101' });
    expect(first).toEqual([
      {
        id: 'WH-001',
        name: 'Harbor Wholesale – Dock 4',
        city: 'Portland',
        address: '',
        zip: '97209',
        accountId: '1101',
      },
    ]);
    await ask(handlers, 'provisioning.locations', { accountId: '1101' });
    await ask(handlers, 'provisioning.locations', { accountId: 'me' });
    expect(asked).toEqual(['locations of 1101', 'locations of me']);
    now += LOCATIONS_FRESH_MS;
    await ask(handlers, 'provisioning.locations', { accountId: '1101' });
    expect(asked).toEqual(['locations of 1101', 'locations of me', 'locations of 1101']);
  });
});

describe('provisioning.tracker', () => {
  it('takes in the add requests made elsewhere when asked on opening, once, without checking them all now', async () => {
    const { handlers } = feature();
    await ask(handlers, 'provisioning.tracker', {});
    expect(asked).toEqual([]);
    const view = (await ask(handlers, 'provisioning.tracker', { importFound: true })) as {
      requests: { id: string; origin: string; status: string }[];
      inReview: number;
    };
    // Named as the service names its location (the request carries only the id), read by that one id.
    expect(view.requests).toEqual([
      expect.objectContaining({
        id: '41',
        origin: 'found',
        status: 'REVIEW',
        locationName: 'Harbor Bakery – Pearl District',
      }),
    ]);
    expect(view.inReview).toBe(1);
    expect(asked).toEqual(['addrequests of me', 'location HB-001 of me']);
    expect(events).toEqual(['provisioning.changed']);
    await ask(handlers, 'provisioning.tracker', { importFound: true });
    expect((await trackerItem.getValue()).length).toBe(1);
    expect(events).toEqual(['provisioning.changed']);
  });
});

// Last: the sender's follow-up checks (timers) outlive this test.
describe('provisioning.addToExisting', () => {
  it('names the account of a sub-account’s location, sending from the chosen account', async () => {
    const { handlers } = feature();
    await ask(handlers, 'provisioning.addToExisting', {
      fromAccountId: '1101',
      skus: ['PL'],
      locations: [
        { id: 'WH-001', name: 'Harbor Wholesale – Dock 4', accountId: '1101' },
        { id: 'HB-001', name: 'Harbor Bakery – Pearl District' },
      ],
    });
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(asked.slice(1, 3)).toEqual(['existinglocationaddrequests of 1101', 'existinglocationaddrequests of 1101']);
    expect(sent).toEqual([
      { existingLocationId: 'WH-001', existingLocationAccountId: '1101', skus: ['PL'] },
      { existingLocationId: 'HB-001', skus: ['PL'] },
    ]);
  });

  it('sends the agreement of the chosen services: one request per location and agreement', async () => {
    const { handlers } = feature();
    await ask(handlers, 'provisioning.addToExisting', {
      fromAccountId: '1001',
      skus: ['PL-PREMIUM', 'ANALYTICS', 'REVIEWS'],
      locations: [{ id: 'HB-001', name: 'Harbor Bakery – Pearl District' }],
    });
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(asked[0]).toBe('availableservices of 1001');
    expect(sent).toEqual([
      { existingLocationId: 'HB-001', skus: ['PL-PREMIUM', 'REVIEWS'], agreementId: 48211 },
      { existingLocationId: 'HB-001', skus: ['ANALYTICS'], agreementId: 'AGR-2024-0117' },
    ]);
  });

  it('sends a new location with its category ids and its service’s agreement; several agreements are refused', async () => {
    const { handlers } = feature();
    const location = {
      newLocationId: 'HB-ANNEX',
      name: 'Harbor Bakery – Annex',
      address: '1 Main St',
      city: 'Portland',
      state: 'OR',
      zip: '97202',
      countryCode: 'us',
      phone: '',
      categoryIds: ['1314', '1320'],
    };
    await expect(
      ask(handlers, 'provisioning.addNewLocations', {
        fromAccountId: '1001',
        skus: ['PL-PREMIUM', 'ANALYTICS'],
        newLocationAccountId: '',
        newLocationAccountName: '',
        locations: [location],
      }),
    ).rejects.toMatchObject({ code: 'several-agreements' });
    await ask(handlers, 'provisioning.addNewLocations', {
      fromAccountId: '1001',
      skus: ['PL-PREMIUM'],
      newLocationAccountId: '',
      newLocationAccountName: '',
      locations: [location],
    });
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      newLocationId: 'HB-ANNEX',
      newLocationData: { locationName: 'Harbor Bakery – Annex', countryCode: 'US', categoryIds: ['1314', '1320'] },
      skus: ['PL-PREMIUM'],
      agreementId: 48211,
    });
  });
});
