// The embedded panel across linked accounts: a partner CRM holds many customers' records, so the page is
// matched against every linked account's locations (or the pinned one's), and says whose it found.
import { beforeEach, describe, expect, test } from 'vitest';
import {
  activeAccountKeyItem,
  type LinkedAccount,
  linkedAccountsItem,
} from '../../lib/background/core/account-items.ts';
import { embeddedPanelFeature } from '../../lib/background/embedded-panel/index.ts';
import { createLocator, type LocateDeps } from '../../lib/background/embedded-panel/locate.ts';
import { type PanelSite, panelSitesItem } from '../../lib/background/embedded-panel/sites.ts';
import type { RequestContext } from '../../lib/messaging/background.ts';
import type { PanelLocationView } from '../../lib/messaging/protocol/index.ts';
import type { LocationRule } from '../../lib/shared/embedded-panel/rules.ts';
import { resetDesk, testDeps } from './desk-fakes.ts';

const CRM = 'https://crm.partner.example';
const HARBOR: PanelLocationView[] = [
  {
    id: 'HB-001',
    name: 'Harbor Bakery – Pearl District',
    address: '1200 NW Glisan St, Portland, OR 97209',
    phone: '(503) 555-0101',
  },
  {
    id: 'HB-002',
    name: 'Harbor Bakery – Alberta Arts',
    address: '4800 NE Alberta St, Portland, OR 97211',
    phone: '(503) 555-0102',
  },
];
const CEDAR: PanelLocationView[] = [
  {
    id: 'CD-101',
    name: 'Cedar Dental – Downtown',
    address: '77 SW Morrison St, Portland, OR 97204',
    phone: '(503) 555-0177',
  },
  {
    id: 'CD-102',
    name: 'Cedar Dental – Hawthorne',
    address: '3300 SE Hawthorne Blvd, Portland, OR 97214',
    phone: '(503) 555-0178',
  },
];
const BIRCH: PanelLocationView[] = [
  {
    id: 'BF-201',
    name: 'Birch Florists – Sellwood',
    address: '1600 SE Bybee Blvd, Portland, OR 97202',
    phone: '(503) 555-0190',
  },
];
const LISTS: Record<string, PanelLocationView[]> = { a: HARBOR, b: CEDAR, c: BIRCH };
const NAMES: Record<string, string> = { a: 'Harbor Bakery Group', b: 'Cedar Dental', c: 'Birch Florists' };

const account = (accountKey: string, change: Partial<LinkedAccount> = {}): LinkedAccount => ({
  accountKey,
  accountName: NAMES[accountKey]!,
  appSpecificAccountId: accountKey,
  linkedAt: 0,
  needsRelink: false,
  apiOrigin: 'https://api.example',
  ...change,
});

const sender = () => {
  const url = `${CRM}/customers/x`;
  return {
    id: 'x',
    url,
    frameId: 3,
    tab: { id: 5, url, index: 0, highlighted: false, active: true, pinned: false, incognito: false },
  };
};

interface Setup {
  rule?: LocationRule | null;
  pin?: PanelSite['pin'];
  accounts?: LinkedAccount[];
  /** Accounts whose list cannot be had: their error; 'hang' never answers. */
  failing?: Record<string, string | 'hang'>;
  /** Accounts with a list kept already (the rule-by-id path reads only these without asking). */
  stored?: string[];
  texts?: string[];
  url?: string;
}

async function setUp(setup: Setup) {
  const { rule = null, pin = null, accounts = [account('a'), account('b'), account('c')], failing = {} } = setup;
  await panelSitesItem.setValue([{ origin: CRM, hidden: false, rule, pin, addedAt: 0 }]);
  await linkedAccountsItem.setValue(accounts);
  await activeAccountKeyItem.setValue('a');
  const calls: string[] = [];
  let clock = 0;
  const deps: LocateDeps = {
    loadLocations: async (accountKey) => {
      calls.push(`list ${accountKey}`);
      const problem = failing[accountKey];
      if (problem === 'hang') return new Promise(() => undefined);
      if (problem) return { fetchedAt: 0, locations: [], error: problem };
      return { fetchedAt: 1, locations: LISTS[accountKey]! };
    },
    storedLocations: async (accountKey) => ((setup.stored ?? []).includes(accountKey) ? LISTS[accountKey] : undefined),
    loadLocation: async (accountKey, id) => {
      calls.push(`get ${accountKey} ${id}`);
      return LISTS[accountKey]!.find((l) => l.id === id) ?? null;
    },
    readPage: async () => ({
      url: setup.url ?? `${CRM}/customers/x`,
      texts: setup.texts ?? [],
      selected: null,
      selectorProblem: null,
    }),
    now: () => clock,
    listWaitMs: 50,
  };
  const locator = createLocator(deps);
  return { locator, calls, advance: (ms: number) => (clock += ms) };
}

/** A Cedar Dental record, while Harbor Bakery Group is the active account. */
const CEDAR_PAGE = ['Customers', 'Cedar Dental – Hawthorne', '3300 SE Hawthorne Boulevard', '503.555.0178'];

beforeEach(() => resetDesk());

describe('the panel matches the page against every linked account', () => {
  test('a record of another account than the active one: that account’s location, and it says whose', async () => {
    const { locator } = await setUp({ texts: CEDAR_PAGE });
    const view = await locator.locate(sender());
    expect(view.found).toMatchObject({ how: 'text', location: { id: 'CD-102', name: 'Cedar Dental – Hawthorne' } });
    expect(view.found?.location).not.toHaveProperty('accountKey');
    expect(view.account).toEqual({ accountKey: 'b', accountName: 'Cedar Dental', active: false });
  });

  test('a rule that holds a name or an id finds it in whichever account has it (kept lists, no request)', async () => {
    const byName = await setUp({
      rule: { kind: 'url', pattern: '/customers/([^/?#]+)', holds: 'name' },
      url: `${CRM}/customers/Birch%20Florists%20%E2%80%93%20Sellwood`,
    });
    expect(await byName.locator.locate(sender())).toMatchObject({
      account: { accountKey: 'c' },
      found: { how: 'rule' },
    });

    const byId = await setUp({
      rule: { kind: 'url', pattern: '/customers/([^/?#]+)', holds: 'id' },
      url: `${CRM}/customers/CD-101`,
      stored: ['a', 'b', 'c'],
    });
    expect(await byId.locator.locate(sender())).toMatchObject({
      account: { accountKey: 'b' },
      found: { location: { id: 'CD-101' } },
    });
    expect(byId.calls).toEqual([]);
  });

  test('an id no kept list has: the active account by id, then the lists of the accounts with none kept', async () => {
    const { locator, calls } = await setUp({
      rule: { kind: 'url', pattern: '/customers/([^/?#]+)', holds: 'id' },
      url: `${CRM}/customers/BF-201`,
      stored: ['a'],
    });
    expect(await locator.locate(sender())).toMatchObject({
      account: { accountKey: 'c' },
      found: { location: { id: 'BF-201' } },
    });
    expect(calls).toEqual(['get a BF-201', 'list b', 'list c']);
  });

  test('an account that needs Relink is skipped and named; one that fails or hangs never blocks the others', async () => {
    const { locator, calls, advance } = await setUp({
      texts: CEDAR_PAGE,
      accounts: [account('a', { needsRelink: true }), account('b'), account('c')],
      failing: { c: 'hang' },
    });
    const view = await locator.locate(sender());
    expect(view.account?.accountKey).toBe('b');
    expect(calls).toEqual(['list b', 'list c']);

    // The page moves to a record none of them has: what was not searched is said.
    const none = await setUp({
      texts: ['Nothing here'],
      accounts: [account('a', { needsRelink: true }), account('b'), account('c')],
      failing: { c: 'The service is busy.' },
    });
    const missed = await none.locator.locate(sender());
    expect(missed.found).toBeNull();
    expect(missed.problem).toBe(
      'No single location of your 2 linked accounts shows on this page. A rule in Listings Desk’s options (Embedded panel) can say where to look. Harbor Bakery Group needs Relink, so its locations were not searched. Birch Florists: locations could not be loaded.',
    );
    // A failed (or late) account is not asked again on every page view: the quota is shared by all of them.
    const before = calls.length;
    await locator.locate(sender());
    expect(calls.slice(before)).toEqual(['list b']);
    advance(5 * 60_000 + 1);
    await locator.locate(sender());
    expect(calls.slice(before + 1)).toEqual(['list b', 'list c']);
  });

  test('the same name in two accounts is no match: the panel never guesses between customers', async () => {
    const { locator } = await setUp({
      rule: { kind: 'url', pattern: '/customers/([^/?#]+)', holds: 'phone' },
      url: `${CRM}/customers/503-555-0178`,
      accounts: [account('a'), account('b')],
    });
    LISTS.a = [...HARBOR, { ...CEDAR[1]!, id: 'HB-099' }];
    try {
      const view = await locator.locate(sender());
      expect(view.found).toBeNull();
      expect(view.problem).toContain('locations of more than one account have that phone. Pin the site to one account');
    } finally {
      LISTS.a = HARBOR;
    }
  });
});

describe('a site pinned to one account', () => {
  test('matches only that account’s locations, whichever is active', async () => {
    const pinnedToHarbor = await setUp({
      texts: CEDAR_PAGE,
      pin: { accountKey: 'a', accountName: 'Harbor Bakery Group' },
    });
    const view = await pinnedToHarbor.locator.locate(sender());
    expect(view.found).toBeNull();
    expect(view.account).toEqual({ accountKey: 'a', accountName: 'Harbor Bakery Group', active: true });
    expect(view.problem).toMatch(/^No single location of Harbor Bakery Group shows on this page\./);
    expect(pinnedToHarbor.calls).toEqual(['list a']);

    const pinnedToCedar = await setUp({ texts: CEDAR_PAGE, pin: { accountKey: 'b', accountName: 'Cedar Dental' } });
    expect(await pinnedToCedar.locator.locate(sender())).toMatchObject({
      account: { accountKey: 'b', active: false },
      found: { location: { id: 'CD-102' } },
    });
  });

  test('a pinned account that was unlinked, or needs Relink, says so and matches nothing else', async () => {
    const unlinked = await setUp({ texts: CEDAR_PAGE, pin: { accountKey: 'gone', accountName: 'Oak Vets' } });
    const view = await unlinked.locator.locate(sender());
    expect(view).toMatchObject({ account: null, found: null });
    expect(view.problem).toBe(
      'This site is pinned to Oak Vets, which is no longer linked. Choose another account for it in Listings Desk’s options (Embedded panel).',
    );
    expect(unlinked.calls).toEqual([]);

    const relink = await setUp({
      texts: CEDAR_PAGE,
      pin: { accountKey: 'b', accountName: 'Cedar Dental' },
      accounts: [account('a'), account('b', { needsRelink: true })],
    });
    expect((await relink.locator.locate(sender())).problem).toBe(
      'Cedar Dental needs Relink before the panel can find its locations: choose Relink in Listings Desk.',
    );
  });
});

describe('no match: the user searches every linked account and picks the record’s location', () => {
  test('by name, address, phone or store code, across accounts, saying whose; a pinned site searches its account only', async () => {
    const { locator } = await setUp({ texts: ['Nobody we know'] });
    const found = async (query: string) =>
      (await locator.search(sender(), query)).results.map((r) => `${r.account.accountName}: ${r.location.id}`);
    expect(await found('cedar')).toEqual(['Cedar Dental: CD-101', 'Cedar Dental: CD-102']);
    expect(await found('Hawthorne Blvd')).toEqual(['Cedar Dental: CD-102']);
    expect(await found('503.555.0190')).toEqual(['Birch Florists: BF-201']);
    expect(await found('hb-002')).toEqual(['Harbor Bakery Group: HB-002']);
    // Words start words: "ort" is in "Portland" but starts none.
    expect(await found('ort')).toEqual([]);
    const view = await locator.search(sender(), 'Sellwood');
    expect(view.results[0]).toEqual({
      account: { accountKey: 'c', accountName: 'Birch Florists', active: false },
      location: BIRCH[0],
    });

    const pinned = await setUp({ texts: [], pin: { accountKey: 'a', accountName: 'Harbor Bakery Group' } });
    expect((await pinned.locator.search(sender(), 'Portland')).results.map((r) => r.location.id)).toEqual([
      'HB-002',
      'HB-001',
    ]);
  });

  test('at most 20 results, with how many there are in all; accounts not searched are named', async () => {
    const many = Array.from({ length: 45 }, (_, i) => ({
      id: `HB-${100 + i}`,
      name: `Harbor Bakery Kiosk ${i}`,
      address: `${i} Main St, Kirkland, WA 98033`,
      phone: '',
    }));
    LISTS.a = many;
    try {
      const { locator } = await setUp({ accounts: [account('a'), account('b', { needsRelink: true }), account('c')] });
      const view = await locator.search(sender(), 'kirkland');
      expect(view.results).toHaveLength(20);
      expect(view.total).toBe(45);
      expect(view.problem).toBe('Cedar Dental needs Relink, so its locations were not searched.');
    } finally {
      LISTS.a = HARBOR;
    }
  });

  test('a pick is that record’s location for the session; another record is not; the pick can be undone', async () => {
    const { locator } = await setUp({ texts: ['Nobody we know'], stored: ['a', 'b', 'c'] });
    expect((await locator.locate(sender())).found).toBeNull();
    const view = await locator.pick(sender(), { accountKey: 'b', locationId: 'CD-101' });
    expect(view).toMatchObject({
      account: { accountKey: 'b', accountName: 'Cedar Dental', active: false },
      found: { how: 'picked', location: CEDAR[0] },
      problem: null,
    });
    expect((await locator.locate(sender())).found?.location.id).toBe('CD-101');
    const otherRecord = { ...sender(), tab: { ...sender().tab, url: `${CRM}/customers/y` } };
    expect((await locator.locate(otherRecord)).found).toBeNull();
    expect((await locator.pick(sender(), null)).found).toBeNull();
    expect((await locator.locate(sender())).found).toBeNull();
  });

  test('a pick the search could not have offered is refused: another site’s account, an unknown location', async () => {
    const { locator } = await setUp({
      texts: [],
      stored: ['a', 'b'],
      pin: { accountKey: 'a', accountName: 'Harbor Bakery Group' },
    });
    await expect(locator.pick(sender(), { accountKey: 'b', locationId: 'CD-101' })).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(locator.pick(sender(), { accountKey: 'a', locationId: 'HB-404' })).rejects.toMatchObject({
      code: 'forbidden',
    });
    expect((await locator.locate(sender())).found).toBeNull();
  });
});

describe('the search and the pick answer the panel frame only', () => {
  test('an extension page asking is refused (the panel’s search reads every linked account’s locations)', async () => {
    await setUp({});
    const { handlers } = embeddedPanelFeature(testDeps());
    const extension = { access: 'extension', sender: sender() } as RequestContext;
    await expect(handlers['panel.search']({ query: 'cedar' }, extension)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(
      handlers['panel.pick']({ pick: { accountKey: 'b', locationId: 'CD-101' } }, extension),
    ).rejects.toMatchObject({ code: 'forbidden' });
  });
});
