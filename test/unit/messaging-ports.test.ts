// Events reach every UI context: extension pages by runtime message, content frames (the embedded panel)
// through the frame the worker keeps from their events port, and only the events their access level allows.

import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { Runtime } from 'webextension-polyfill';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { acceptEventsPort, broadcast, eventFramesItem, type SenderPolicy } from '../../lib/messaging/background.ts';
import { EVENTS_PORT } from '../../lib/messaging/protocol/envelope.ts';
import { ask, onDeskEvent } from '../../lib/messaging/ui.ts';

const CRM = 'https://crm.example';
const policy: SenderPolicy = {
  runtimeId: browser.runtime.id,
  extensionOrigin: browser.runtime.getURL('/'),
  isAllowedPageOrigin: async (origin) => origin === CRM,
  isClaimedPanel: async () => true,
};
/** The panel's page, framed in a CRM tab (it traded its ticket: isClaimedPanel above). */
const PANEL = browser.runtime.getURL('/panel.html');

function fakePort(url: string, tabId?: number, frameId = 0, tabUrl?: string) {
  const disconnects: (() => void)[] = [];
  const tab =
    tabId === undefined
      ? undefined
      : { id: tabId, url: tabUrl, index: 0, highlighted: false, active: true, pinned: false, incognito: false };
  const port = {
    name: EVENTS_PORT,
    sender: { id: browser.runtime.id, url, tab, frameId },
    disconnect: vi.fn(),
    onDisconnect: { addListener: (listener: () => void) => disconnects.push(listener) },
    closed: () => {
      for (const listener of disconnects) listener();
    },
  };
  return port;
}

let sentToTabs: { tabId: number; message: { type: string }; frameId: number | undefined }[];

beforeEach(() => {
  fakeBrowser.reset();
  sentToTabs = [];
  Object.assign(browser.runtime, { sendMessage: vi.fn(async () => undefined) });
  Object.assign(browser.tabs, {
    sendMessage: vi.fn(async (tabId: number, message: { type: string }, options?: { frameId?: number }) => {
      sentToTabs.push({ tabId, message, frameId: options?.frameId });
    }),
  });
});

describe('the worker side', () => {
  test('an allowed content frame hears the events content may hear, and no other', async () => {
    await acceptEventsPort(fakePort(PANEL, 12, 3, `${CRM}/deals/7`) as unknown as Runtime.Port, policy);
    await broadcast('triage.changed', { accountKey: 'app-1001', resolvedElsewhere: 0, revision: 4 });
    await broadcast('accounts.linkingOutcome', {
      id: 'attempt-123',
      relink: false,
      finishedAt: 1,
      account: null,
      error: { code: 'cancelled', message: 'Linking cancelled.' },
    });
    expect(sentToTabs).toEqual([
      { tabId: 12, frameId: 3, message: expect.objectContaining({ desk: 'event', type: 'triage.changed' }) },
    ]);
    // Extension pages still hear both.
    expect(browser.runtime.sendMessage).toHaveBeenCalledTimes(2);
  });

  test('a frame on a page the user did not allow is refused and hears nothing', async () => {
    const port = fakePort('https://elsewhere.example/', 5);
    await acceptEventsPort(port as unknown as Runtime.Port, policy);
    expect(port.disconnect).toHaveBeenCalled();
    await broadcast('accounts.changed', { accounts: [], activeAccountKey: null });
    expect(sentToTabs).toEqual([]);
    expect(await eventFramesItem.getValue()).toEqual([]);
  });

  test('our content script on an allowed page (page access, in the page’s process) is refused and hears nothing', async () => {
    const port = fakePort(`${CRM}/deals/7`, 5);
    await acceptEventsPort(port as unknown as Runtime.Port, policy);
    expect(port.disconnect).toHaveBeenCalled();
    await broadcast('triage.changed', { accountKey: 'app-1001', resolvedElsewhere: 0, revision: 5 });
    expect(sentToTabs).toEqual([]);
  });

  test('extension pages are not kept: they hear runtime messages', async () => {
    await acceptEventsPort(fakePort(browser.runtime.getURL('/options.html'), 9) as unknown as Runtime.Port, policy);
    expect(await eventFramesItem.getValue()).toEqual([]);
  });

  test('a frame is forgotten when its port closes, or when a send to it fails (the tab is gone)', async () => {
    const first = fakePort(PANEL, 1, 3, `${CRM}/a`);
    await acceptEventsPort(first as unknown as Runtime.Port, policy);
    await acceptEventsPort(fakePort(PANEL, 2, 3, `${CRM}/b`) as unknown as Runtime.Port, policy);
    first.closed();
    await vi.waitFor(async () => expect((await eventFramesItem.getValue()).map((f) => f.tabId)).toEqual([2]));

    Object.assign(browser.tabs, { sendMessage: vi.fn(async () => Promise.reject(new Error('No tab with id: 2'))) });
    await broadcast('health.changed', { accountKey: null });
    expect(await eventFramesItem.getValue()).toEqual([]);
  });
});

describe('the UI side, outside the extension pages', () => {
  test('one port for every listener, closed with the last one, opened again by the next ask after it dropped', async () => {
    const ports: {
      onDisconnect: { addListener: (l: () => void) => void };
      disconnect: () => void;
      drop: () => void;
    }[] = [];
    const connect = vi.fn(() => {
      const listeners: (() => void)[] = [];
      const port = {
        onDisconnect: { addListener: (l: () => void) => listeners.push(l) },
        disconnect: vi.fn(),
        drop: () => {
          for (const l of listeners) l();
        },
      };
      ports.push(port);
      return port;
    });
    Object.assign(browser.runtime, {
      connect,
      sendMessage: vi.fn(async () => ({ ok: true, value: { accounts: [], activeAccountKey: null } })),
    });
    const stopA = onDeskEvent('triage.changed', () => undefined);
    const stopB = onDeskEvent('accounts.changed', () => undefined);
    expect(connect).toHaveBeenCalledTimes(1);
    expect(connect).toHaveBeenCalledWith({ name: EVENTS_PORT });

    // The worker stopped: its ports closed. The next request wakes it, and the frame says again that it listens.
    ports[0]!.drop();
    await ask('accounts.list', {});
    expect(connect).toHaveBeenCalledTimes(2);

    stopA();
    expect(ports[1]!.disconnect).not.toHaveBeenCalled();
    stopB();
    expect(ports[1]!.disconnect).toHaveBeenCalled();
  });
});
