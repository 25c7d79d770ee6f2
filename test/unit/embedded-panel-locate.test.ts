import { beforeEach, describe, expect, test } from 'vitest';
import { activeAccountKeyItem, linkedAccountsItem } from '../../lib/background/core/account-items.ts';
import { createLocator } from '../../lib/background/embedded-panel/locate.ts';
import { panelSitesItem } from '../../lib/background/embedded-panel/sites.ts';
import type { PanelLocationView } from '../../lib/messaging/protocol/index.ts';
import type { PageSnapshot, ReadPageMessage } from '../../lib/shared/embedded-panel/page-messages.ts';
import type { LocationRule } from '../../lib/shared/embedded-panel/rules.ts';
import { resetDesk } from './desk-fakes.ts';

const CRM = 'https://crm.partner.example';
const LOCATIONS: PanelLocationView[] = [
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
const sender = (url = `${CRM}/customers/HB-002`) => ({
  id: 'x',
  url,
  frameId: 3,
  tab: { id: 5, url, index: 0, highlighted: false, active: true, pinned: false, incognito: false },
});

/** `stored`: whether the account's list is already kept; `service`: what the service has by id. */
async function setUp(
  rule: LocationRule | null,
  page: Partial<PageSnapshot>,
  { stored = true, service = LOCATIONS }: { stored?: boolean; service?: PanelLocationView[] } = {},
) {
  await panelSitesItem.setValue([{ origin: CRM, hidden: false, rule, addedAt: 0 }]);
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
  const asked: ReadPageMessage[] = [];
  const directory: { fetchedAt: number; locations: PanelLocationView[]; error?: string } = {
    fetchedAt: 1,
    locations: LOCATIONS,
  };
  const calls: string[] = [];
  const locator = createLocator({
    loadLocations: async () => {
      calls.push('list');
      return directory;
    },
    storedLocations: async () => (stored ? directory.locations : undefined),
    loadLocation: async (_accountKey, id) => {
      calls.push(`get ${id}`);
      return service.find((l) => l.id === id) ?? null;
    },
    readPage: async (_tabId, message) => {
      asked.push(message);
      return { url: `${CRM}/customers/HB-002`, texts: [], selected: null, selectorProblem: null, ...page };
    },
    now: () => 0,
  });
  return { locator, asked, directory, calls };
}

beforeEach(() => resetDesk());

describe('locating the page’s location', () => {
  test('without a rule: the page text proposes a location for the user to confirm', async () => {
    const { locator } = await setUp(null, {
      texts: ['Customers', 'Alberta Arts', '4800 NE Alberta Street', '503.555.0102'],
    });
    const view = await locator.locate(sender());
    expect(view.found).toMatchObject({ how: 'text', location: { id: 'HB-002' }, matchedOn: ['phone', 'address'] });
    expect(view.account).toEqual({ accountKey: 'k', accountName: 'Harbor Bakery Group', active: true });
  });

  test('with a URL rule: the capture names the location, no matter the text', async () => {
    const rule: LocationRule = { kind: 'url', pattern: '/customers/([^/?#]+)', holds: 'id' };
    const { locator } = await setUp(rule, {
      url: `${CRM}/customers/hb-001?tab=2`,
      texts: ['Harbor Bakery – Alberta Arts'],
    });
    expect((await locator.locate(sender())).found).toMatchObject({ how: 'rule', location: { id: 'HB-001' } });
  });

  test('a rule that holds an id reads that one location from the service, never the account’s list', async () => {
    const rule: LocationRule = { kind: 'url', pattern: '/customers/([^/?#]+)', holds: 'id' };
    const { locator, calls } = await setUp(rule, { url: `${CRM}/customers/HB-002` }, { stored: false });
    expect((await locator.locate(sender())).found).toMatchObject({ how: 'rule', location: { id: 'HB-002' } });
    expect(calls).toEqual(['get HB-002']);

    // A location added since the list was kept is read by id too; an id the account lacks says so.
    const added = { id: 'HB-031', name: 'Harbor Bakery – Sellwood', address: '', phone: '' };
    const newer = await setUp(rule, { url: `${CRM}/customers/HB-031` }, { service: [...LOCATIONS, added] });
    expect((await newer.locator.locate(sender())).found?.location).toEqual(added);
    const missing = await setUp(rule, { url: `${CRM}/customers/HB-999` }, { stored: false });
    expect((await missing.locator.locate(sender())).problem).toBe(
      'The rule read “HB-999”: no single location of Harbor Bakery Group has that id.',
    );
    expect(missing.calls).toEqual(['get HB-999']);
  });

  test('with a selector rule: the content script reads that element; a miss says why', async () => {
    const rule: LocationRule = { kind: 'selector', pattern: '.phone', holds: 'phone' };
    const { locator, asked } = await setUp(rule, { selected: 'Tel +1 503 555 0101' });
    expect((await locator.locate(sender())).found?.location.id).toBe('HB-001');
    expect(asked).toEqual([{ desk: 'panel-read-page', selector: '.phone' }]);

    const missing = await setUp(rule, {
      selected: null,
      selectorProblem: 'the selector .phone (it matches no element)',
    });
    const view = await missing.locator.locate(sender());
    expect(view.found).toBeNull();
    expect(view.problem).toBe('The site’s rule found nothing in the selector .phone (it matches no element).');
  });

  test('a rule whose capture fits no single location says what it read', async () => {
    const rule: LocationRule = { kind: 'url', pattern: '/customers/([^/?#]+)', holds: 'name' };
    const { locator } = await setUp(rule, {});
    expect((await locator.locate(sender())).problem).toBe(
      'The rule read “HB-002”: no single location of Harbor Bakery Group has that name.',
    );
  });

  test('the folded list follows the locations directory: a newer fetch is matched against at once', async () => {
    const { locator, directory } = await setUp(null, { texts: ['HB-003'] });
    expect((await locator.locate(sender())).found).toBeNull();
    directory.fetchedAt = 2;
    directory.locations = [...LOCATIONS, { id: 'HB-003', name: 'Harbor Bakery – Sellwood', address: '', phone: '' }];
    expect((await locator.locate(sender())).found?.location.id).toBe('HB-003');
  });

  test('when the account’s locations cannot be loaded, the panel says so instead of “not found”', async () => {
    const { locator, directory } = await setUp(null, { texts: ['HB-001'] });
    Object.assign(directory, { locations: [], error: 'Harbor Bakery Group needs to be linked again.' });
    expect((await locator.locate(sender())).problem).toBe(
      'Harbor Bakery Group’s locations could not be loaded: Harbor Bakery Group needs to be linked again.',
    );
  });

  test('a tab that is not on a registered site is refused', async () => {
    const { locator } = await setUp(null, {});
    await expect(locator.locate(sender('https://evil.example/'))).rejects.toMatchObject({ code: 'forbidden' });
  });
});
