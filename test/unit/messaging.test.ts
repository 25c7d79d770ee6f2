import { describe, expect, test, vi } from 'vitest';
import type { Runtime } from 'webextension-polyfill';
import {
  type Handlers,
  handleRequest,
  type SenderPolicy,
  senderAccess,
  toWireError,
} from '../../lib/messaging/background.ts';
import { protocol, type RequestType } from '../../lib/messaging/protocol/index.ts';
import { DeskError } from '../../lib/messaging/wire-error.ts';

const ID = 'abcdefghijklmnopabcdefghijklmnop';
const policy: SenderPolicy = {
  runtimeId: ID,
  extensionOrigin: `chrome-extension://${ID}/`,
  isAllowedPageOrigin: async (origin) => origin === 'https://crm.partner.example',
  isClaimedPanel: async (sender) => sender.documentId === 'claimed-doc',
};

const optionsPage: Runtime.MessageSender = { id: ID, url: `chrome-extension://${ID}/options.html` };
const popupPage: Runtime.MessageSender = { id: ID, url: `chrome-extension://${ID}/popup.html` };
const tab = { id: 7, index: 0, highlighted: false, active: true, pinned: false, incognito: false };
const contentOnCrm: Runtime.MessageSender = { id: ID, url: 'https://crm.partner.example/deals/1', tab };
const contentElsewhere: Runtime.MessageSender = { id: ID, url: 'https://evil.example/', tab };
const otherExtension: Runtime.MessageSender = {
  id: 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz',
  url: 'chrome-extension://zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz/x.html',
};
const noUrl: Runtime.MessageSender = { id: ID };
const extensionUrlInTab: Runtime.MessageSender = { id: ID, url: 'chrome-extension://other/popup.html', tab };
const crmTab = { ...tab, url: 'https://crm.partner.example/deals/1' };
/** Our panel page framed in a CRM tab, after it traded its ticket. */
const claimedPanel = {
  id: ID,
  url: `chrome-extension://${ID}/panel.html`,
  tab: crmTab,
  frameId: 3,
  documentId: 'claimed-doc',
} as Runtime.MessageSender;

function handlers() {
  const calls: string[] = [];
  const all = Object.fromEntries(
    (Object.keys(protocol) as RequestType[]).map((type) => [
      type,
      vi.fn(async () => {
        calls.push(type);
        return { ok: type };
      }),
    ]),
  ) as unknown as Handlers;
  return { all, calls };
}

const request = (type: string, input: unknown = {}) => ({ desk: 'request', type, input });

describe('senderAccess', () => {
  test('extension pages get full access; content scripts only on allowed origins; anything else nothing', async () => {
    expect(await senderAccess(optionsPage, policy)).toBe('extension');
    expect(await senderAccess(popupPage, policy)).toBe('extension');
    expect(await senderAccess(contentOnCrm, policy)).toBe('page');
    expect(await senderAccess(claimedPanel, policy)).toBe('content');
    expect(await senderAccess(contentElsewhere, policy)).toBeNull();
    expect(await senderAccess(otherExtension, policy)).toBeNull();
    expect(await senderAccess(noUrl, policy)).toBeNull();
    expect(await senderAccess(extensionUrlInTab, policy)).toBeNull();
    expect(await senderAccess({ id: ID, url: 'file:///etc/passwd', tab }, policy)).toBeNull();
  });
});

describe('handleRequest', () => {
  test('an extension page may make every request', async () => {
    const { all, calls } = handlers();
    for (const type of ['accounts.link', 'connection.save', 'accounts.list'] as const) {
      const input =
        type === 'connection.save'
          ? {
              environment: 'custom',
              apiUrl: 'http://127.0.0.1:1',
              authUrl: 'http://localhost:2',
              clientId: 'c',
              apiKey: 'k',
              apiVersion: '20261101',
            }
          : {};
      const reply = await handleRequest(request(type, input), optionsPage, all, policy);
      expect(reply).toEqual({ ok: true, value: { ok: type } });
    }
    expect(calls).toEqual(['accounts.link', 'connection.save', 'accounts.list']);
  });

  test('the panel frame on an allowed page gets only the read-and-triage subset', async () => {
    const { all, calls } = handlers();
    expect(await handleRequest(request('accounts.list'), claimedPanel, all, policy)).toMatchObject({ ok: true });
    for (const type of ['accounts.link', 'accounts.unlink', 'connection.get', 'connection.save', 'badge.refresh']) {
      const input = type === 'accounts.unlink' ? { accountKey: 'app-1001' } : {};
      const reply = await handleRequest(request(type, input), claimedPanel, all, policy);
      expect(reply).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    expect(calls).toEqual(['accounts.list']);
  });

  test('the content subset is exactly reading accounts, switching, triage, the health summary, opening options, locations, one location’s listings and the panel’s reads and search', () => {
    const content = (Object.keys(protocol) as RequestType[]).filter((t) => protocol[t].access === 'content').sort();
    expect(content).toEqual([
      'accounts.activate',
      'accounts.list',
      'health.summary',
      'listings.query',
      'locations.list',
      'panel.locate',
      // The panel's search when nothing matched; their handlers refuse any sender but the panel frame.
      'panel.pick',
      'panel.search',
      'triage.decide',
      'triage.dismissFailures',
      'triage.undo',
      'triage.view',
      'ui.openOptions',
    ]);
  });

  test('no settings, tokens or linking for content: every extension-only entry is refused', async () => {
    const { all } = handlers();
    const extensionOnly = (Object.keys(protocol) as RequestType[]).filter((t) => protocol[t].access === 'extension');
    expect(extensionOnly).toEqual(
      expect.arrayContaining(['connection.get', 'connection.save', 'accounts.link', 'accounts.unlink']),
    );
    for (const type of extensionOnly) {
      const reply = await handleRequest(request(type), contentOnCrm, all, policy);
      expect(reply).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
  });

  test('another extension, an unknown page, or a sender without a URL is refused everything', async () => {
    const { all, calls } = handlers();
    for (const sender of [otherExtension, contentElsewhere, noUrl]) {
      const reply = await handleRequest(request('accounts.list'), sender, all, policy);
      expect(reply).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    expect(calls).toEqual([]);
  });

  test('inputs are validated at the boundary; unknown requests and foreign messages are refused', async () => {
    const { all, calls } = handlers();
    const bad = await handleRequest(request('accounts.unlink', { accountKey: '' }), optionsPage, all, policy);
    expect(bad).toMatchObject({
      ok: false,
      error: { code: 'invalid-input', fields: { accountKey: expect.any(String) } },
    });
    const extra = await handleRequest(request('accounts.list', { sneaky: true }), optionsPage, all, policy);
    expect(extra).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(await handleRequest(request('tokens.dump'), optionsPage, all, policy)).toMatchObject({
      ok: false,
      error: { code: 'unknown-request' },
    });
    expect(await handleRequest(request('__proto__'), optionsPage, all, policy)).toMatchObject({
      ok: false,
      error: { code: 'unknown-request' },
    });
    expect(await handleRequest({ type: 'accounts.list' }, optionsPage, all, policy)).toMatchObject({ ok: false });
    expect(calls).toEqual([]);
  });

  test('handler errors travel as plain data; unknown errors never leak their text', async () => {
    const { all } = handlers();
    all['accounts.link'] = async () => {
      throw new DeskError({ code: 'cancelled', message: 'Linking cancelled.' });
    };
    expect(await handleRequest(request('accounts.link'), optionsPage, all, policy)).toEqual({
      ok: false,
      error: expect.objectContaining({ code: 'cancelled', message: 'Linking cancelled.' }),
    });
    all['accounts.list'] = async () => {
      throw new Error('GET http://127.0.0.1/v2?access_token=sbx_secret failed');
    };
    const reply = await handleRequest(request('accounts.list'), optionsPage, all, policy);
    expect(JSON.stringify(reply)).not.toContain('sbx_secret');
    expect(toWireError(new TypeError('x access_token=abc')).message).not.toContain('abc');
  });

  test('a request type without a handler answers not-available', async () => {
    const { all } = handlers();
    delete (all as Partial<Handlers>)['badge.refresh'];
    expect(await handleRequest(request('badge.refresh'), optionsPage, all, policy)).toMatchObject({
      ok: false,
      error: { code: 'not-available' },
    });
  });
});
