import { describe, expect, test, vi } from 'vitest';
import type { Runtime, Tabs } from 'webextension-polyfill';
import {
  claimTicket,
  isClaimedPanel,
  issueTicket,
  TICKET_TTL_MS,
} from '../../lib/background/embedded-panel/tickets.ts';
import { type Handlers, handleRequest, type SenderPolicy, senderAccess } from '../../lib/messaging/background.ts';
import { protocol, type RequestType } from '../../lib/messaging/protocol/index.ts';

const ID = 'abcdefghijklmnopabcdefghijklmnop';
const CRM = 'https://crm.partner.example';
const registered = new Set([CRM]);
const claimed = new Set<string>();
const policy: SenderPolicy = {
  runtimeId: ID,
  extensionOrigin: `chrome-extension://${ID}/`,
  isAllowedPageOrigin: async (origin) => registered.has(origin),
  isClaimedPanel: async (sender) => claimed.has(sender.documentId ?? ''),
};

const tab = (url: string, id = 7) =>
  ({ id, url, index: 0, highlighted: false, active: true, pinned: false, incognito: false }) as Tabs.Tab;
const contentScript = (url = `${CRM}/customers/HB-001`, frameId = 0): Runtime.MessageSender => ({
  id: ID,
  url,
  tab: tab(url),
  frameId,
});
const panelFrame = (documentId: string, topUrl = `${CRM}/customers/HB-001`, tabId = 7) =>
  ({
    id: ID,
    url: `chrome-extension://${ID}/panel.html`,
    tab: tab(topUrl, tabId),
    frameId: 4,
    documentId,
  }) as Runtime.MessageSender;

function handlers() {
  const calls: string[] = [];
  const all = Object.fromEntries(
    (Object.keys(protocol) as RequestType[]).map((type) => [
      type,
      vi.fn(async () => {
        calls.push(type);
        return {};
      }),
    ]),
  ) as unknown as Handlers;
  return { all, calls };
}
const request = (type: string, input: unknown = {}) => ({ desk: 'request', type, input });

describe('who may ask what around the embedded panel', () => {
  test('the content script gets page access only on a registered site’s top frame, checked at each message', async () => {
    expect(await senderAccess(contentScript(), policy)).toBe('page');
    expect(await senderAccess(contentScript(`${CRM}/x`, 2), policy)).toBeNull();
    expect(await senderAccess(contentScript('https://evil.example/'), policy)).toBeNull();
    registered.delete(CRM);
    try {
      expect(await senderAccess(contentScript(), policy)).toBeNull();
    } finally {
      registered.add(CRM);
    }
  });

  test('a panel frame is never an extension page: page access before its ticket, content after', async () => {
    expect(await senderAccess(panelFrame('fresh'), policy)).toBe('page');
    claimed.add('traded');
    expect(await senderAccess(panelFrame('traded'), policy)).toBe('content');
    // Framed on a page that is not a registered site, or opened as a tab of its own: nothing.
    expect(await senderAccess(panelFrame('traded', 'https://evil.example/'), policy)).toBeNull();
    const asTab = {
      id: ID,
      url: `chrome-extension://${ID}/panel.html`,
      tab: tab(`chrome-extension://${ID}/panel.html`),
      frameId: 0,
    };
    expect(await senderAccess(asTab, policy)).toBeNull();
    // The options page opened in a tab is still an extension page.
    const options = {
      id: ID,
      url: `chrome-extension://${ID}/options.html`,
      tab: tab(`chrome-extension://${ID}/options.html`),
      frameId: 0,
    };
    expect(await senderAccess(options, policy)).toBe('extension');
  });

  test('the content script may ask for a ticket and nothing that reads an account', async () => {
    const { all, calls } = handlers();
    expect(await handleRequest(request('panel.ticket'), contentScript(), all, policy)).toMatchObject({ ok: true });
    for (const type of ['triage.view', 'accounts.list', 'panel.locate', 'health.summary', 'connection.get']) {
      expect(await handleRequest(request(type), contentScript(), all, policy)).toMatchObject({
        ok: false,
        error: { code: 'forbidden' },
      });
    }
    expect(calls).toEqual(['panel.ticket']);
  });

  test('a claimed panel reads and triages but gets no users, connection, linking or site settings', async () => {
    claimed.add('panel-doc');
    const { all } = handlers();
    const panel = panelFrame('panel-doc');
    expect(await handleRequest(request('panel.locate'), panel, all, policy)).toMatchObject({ ok: true });
    expect(await handleRequest(request('triage.view'), panel, all, policy)).toMatchObject({ ok: true });
    const extensionOnly = (Object.keys(protocol) as RequestType[]).filter((t) => protocol[t].access === 'extension');
    expect(extensionOnly).toEqual(expect.arrayContaining(['connection.get', 'accounts.link', 'panel.sites.add']));
    for (const type of extensionOnly) {
      expect(await handleRequest(request(type), panel, all, policy)).toMatchObject({
        ok: false,
        error: { code: 'forbidden' },
      });
    }
  });
});

describe('panel tickets', () => {
  const frame = (tabId: number, documentId: string) => panelFrame(documentId, `${CRM}/`, tabId);

  test('a ticket opens one frame in the tab it was issued for, once', async () => {
    const ticket = await issueTicket(11);
    await expect(claimTicket(ticket, frame(12, 'other-tab'))).rejects.toMatchObject({ code: 'forbidden' });
    // The failed try spent it.
    await expect(claimTicket(ticket, frame(11, 'd1'))).rejects.toMatchObject({ code: 'forbidden' });

    const fresh = await issueTicket(11);
    await claimTicket(fresh, frame(11, 'd2'));
    expect(await isClaimedPanel(frame(11, 'd2'))).toBe(true);
    expect(await isClaimedPanel(frame(11, 'a-reloaded-document'))).toBe(false);
    await expect(claimTicket(fresh, frame(11, 'd3'))).rejects.toMatchObject({ code: 'forbidden' });
  });

  test('an expired ticket opens nothing', async () => {
    const now = Date.now();
    const ticket = await issueTicket(21, now - TICKET_TTL_MS - 1);
    await expect(claimTicket(ticket, frame(21, 'late'), now)).rejects.toMatchObject({ code: 'forbidden' });
    expect(await isClaimedPanel(frame(21, 'late'))).toBe(false);
  });
});
