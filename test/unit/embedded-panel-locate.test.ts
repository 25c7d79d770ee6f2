import { beforeEach, describe, expect, test } from 'vitest';
import { activeAccountKeyItem, linkedAccountsItem } from '../../lib/background/core/account-items.ts';
import { createLocator } from '../../lib/background/embedded-panel/locate.ts';
import { panelSitesItem } from '../../lib/background/embedded-panel/sites.ts';
import type { PageSnapshot, ReadPageMessage } from '../../lib/embedded-panel/page-messages.ts';
import type { LocationRule } from '../../lib/embedded-panel/rules.ts';
import type { PanelLocationView } from '../../lib/messaging/protocol/index.ts';
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

async function setUp(rule: LocationRule | null, page: Partial<PageSnapshot>) {
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
  const locator = createLocator({
    loadLocations: async () => directory,
    readPage: async (_tabId, message) => {
      asked.push(message);
      return { url: `${CRM}/customers/HB-002`, texts: [], selected: null, selectorProblem: null, ...page };
    },
    now: () => 0,
  });
  return { locator, asked, directory };
}

beforeEach(() => resetDesk());

describe('locating the page’s location', () => {
  test('without a rule: the page text proposes a location for the user to confirm', async () => {
    const { locator } = await setUp(null, {
      texts: ['Customers', 'Alberta Arts', '4800 NE Alberta Street', '503.555.0102'],
    });
    const view = await locator.locate(sender());
    expect(view.found).toMatchObject({ how: 'text', location: { id: 'HB-002' }, matchedOn: ['phone', 'address'] });
    expect(view.account).toEqual({ accountKey: 'k', accountName: 'Harbor Bakery Group' });
  });

  test('with a URL rule: the capture names the location, no matter the text', async () => {
    const rule: LocationRule = { kind: 'url', pattern: '/customers/([^/?#]+)', holds: 'id' };
    const { locator } = await setUp(rule, {
      url: `${CRM}/customers/hb-001?tab=2`,
      texts: ['Harbor Bakery – Alberta Arts'],
    });
    expect((await locator.locate(sender())).found).toMatchObject({ how: 'rule', location: { id: 'HB-001' } });
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
    expect((await locator.locate(sender())).problem).toBe('The rule read “HB-002”: no single location has that name.');
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
