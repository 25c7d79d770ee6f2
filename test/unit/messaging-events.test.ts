import { beforeEach, describe, expect, test, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { connectionSettingsInput } from '../../lib/messaging/protocol/index.ts';
import { onDeskEvent } from '../../lib/messaging/ui.ts';

describe('onDeskEvent', () => {
  beforeEach(() => fakeBrowser.reset());

  test('takes events from the extension and ignores the same message sent by a content script', async () => {
    const handler = vi.fn();
    const stop = onDeskEvent('accounts.changed', handler);
    const payload = { accounts: [], activeAccountKey: null };
    const message = { desk: 'event', type: 'accounts.changed', payload };
    const tab = { id: 3, index: 0, highlighted: false, active: true, pinned: false, incognito: false };

    await fakeBrowser.runtime.onMessage.trigger(
      message,
      { id: browser.runtime.id, url: 'https://crm.example/', tab } as Parameters<
        typeof fakeBrowser.runtime.onMessage.trigger
      >[1],
      () => undefined,
    );
    await fakeBrowser.runtime.onMessage.trigger(message, { id: 'another-extension' }, () => undefined);
    expect(handler).not.toHaveBeenCalled();

    await fakeBrowser.runtime.onMessage.trigger(message, { id: browser.runtime.id }, () => undefined);
    expect(handler).toHaveBeenCalledWith(payload);
    stop();
  });
});

describe('connection settings input', () => {
  const base = {
    environment: 'custom',
    apiUrl: 'https://api.example.com',
    authUrl: 'https://auth.example.com',
    clientId: 'client',
    apiKey: 'key',
    apiVersion: '20261101',
  };

  test('plain http is refused except on loopback, because tokens travel in the query', () => {
    const remote = connectionSettingsInput().safeParse({ ...base, apiUrl: 'http://api.example.com' });
    expect(remote.success).toBe(false);
    expect(remote.error?.issues[0]?.message).toMatch(/https:\/\//);
    expect(connectionSettingsInput().safeParse({ ...base, apiUrl: 'http://127.0.0.1:8787' }).success).toBe(true);
    expect(connectionSettingsInput().safeParse({ ...base, authUrl: 'http://localhost:8788' }).success).toBe(true);
  });
});
