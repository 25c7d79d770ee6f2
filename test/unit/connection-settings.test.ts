import { beforeEach, describe, expect, test } from 'vitest';
import { browser } from 'wxt/browser';
import { API_VERSION, PRODUCTION } from '../../lib/api/config.ts';
import {
  clearApiKey,
  connectionSettingsFeature,
  saveConnectionSettings,
} from '../../lib/background/connection-settings.ts';
import { linkedAccountsItem } from '../../lib/background/core/account-items.ts';
import { openSession } from '../../lib/background/core/api-session.ts';
import {
  connectionSettingsItem,
  currentApiKey,
  getConnectionSettings,
  originPattern,
  sealLegacyApiKey,
} from '../../lib/background/core/connection.ts';
import { apiKeyVaultItem, sealToken, tokenVaultItem } from '../../lib/background/core/token-vault.ts';
import type { RequestContext } from '../../lib/messaging/background.ts';
import { handleRequest } from '../../lib/messaging/background.ts';
import { connectionSettingsInput } from '../../lib/messaging/protocol/index.ts';
import { fakeIdentity, localStorageText, REDIRECT, resetDesk } from './desk-fakes.ts';

const connectionHandlers = connectionSettingsFeature().handlers;

const context: RequestContext = { access: 'extension', sender: {} };
const valid = {
  environment: 'custom' as const,
  apiUrl: 'http://127.0.0.1:9000/',
  authUrl: 'http://localhost:9001',
  clientId: 'client',
  apiKey: 'app-secret-0123456789',
  apiVersion: '20261101',
};
const { apiKey: _secret, ...validWithoutKey } = valid;

function fieldMessage(input: unknown, field: string): string | undefined {
  const parsed = connectionSettingsInput().safeParse(input);
  return parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === field)?.message;
}

beforeEach(() => {
  resetDesk();
  fakeIdentity(() => '');
});

describe('connection-settings', () => {
  test('before any save, the build-time defaults apply (sandbox) with the pinned API version', async () => {
    const view = await connectionHandlers['connection.get']({}, context);
    expect(view.saved).toBe(false);
    expect(view.settings).toEqual({
      environment: 'sandbox',
      apiUrl: 'http://127.0.0.1:8787',
      authUrl: 'http://localhost:8788',
      clientId: 'sandbox-client-id',
      apiVersion: API_VERSION,
    });
    // A sandbox build may use the local sandbox's public key until the user enters another.
    expect(view.apiKeySet).toBe(true);
    expect(view.presets.production.apiKey).toBe('');
    expect(view.presets.production).toMatchObject({ apiUrl: PRODUCTION.apiUrl, authUrl: PRODUCTION.authUrl });
    expect(view.redirectUri).toBe(REDIRECT);
    expect(view.grantedOrigins).toContain('http://127.0.0.1/*');
  });

  test('a save is stored (trailing slash dropped) and used from then on', async () => {
    const view = await saveConnectionSettings(valid);
    expect(view.saved).toBe(true);
    expect(view.settings.apiUrl).toBe('http://127.0.0.1:9000');
    expect(await getConnectionSettings()).toEqual({ ...validWithoutKey, apiUrl: 'http://127.0.0.1:9000' });
  });

  test('the API key is sealed: storage holds only ciphertext, and no reply carries it', async () => {
    const saved = await connectionHandlers['connection.save'](valid, context);
    const got = await connectionHandlers['connection.get']({}, context);
    for (const view of [saved, got]) {
      expect(view.apiKeySet).toBe(true);
      expect(view.settings).not.toHaveProperty('apiKey');
      expect(JSON.stringify(view)).not.toContain(valid.apiKey);
    }
    expect(await localStorageText()).not.toContain(valid.apiKey);
    expect(await apiKeyVaultItem.getValue()).toMatchObject({ apiOrigin: 'http://127.0.0.1:9000' });
    expect(await currentApiKey({ apiUrl: 'http://127.0.0.1:9000' })).toBe(valid.apiKey);
  });

  test('saved without a key, the key set for this API address stays; a new address needs its own', async () => {
    await saveConnectionSettings(valid);
    await saveConnectionSettings({ ...validWithoutKey, clientId: 'other-client' });
    expect(await currentApiKey({ apiUrl: valid.apiUrl })).toBe(valid.apiKey);
    await expect(saveConnectionSettings({ ...validWithoutKey, apiUrl: 'http://127.0.0.1:9999' })).rejects.toMatchObject(
      {
        code: 'api-key-missing',
        fields: { apiKey: 'Enter the API key.' },
      },
    );
    // Never sent to another address, even when that address is saved some other way.
    expect(await currentApiKey({ apiUrl: 'http://127.0.0.1:9999' })).toBeNull();
  });

  test('Clear removes the key; API calls then fail with a clear message before any request', async () => {
    await saveConnectionSettings(valid);
    const view = await clearApiKey();
    expect(view.apiKeySet).toBe(false);
    expect(await apiKeyVaultItem.getValue()).toBeNull();
    const apiOrigin = 'http://127.0.0.1:9000';
    await linkedAccountsItem.setValue([
      { accountKey: 'a', accountName: 'A', appSpecificAccountId: 'a', linkedAt: 1, needsRelink: false, apiOrigin },
    ]);
    await tokenVaultItem.setValue({ a: await sealToken({ accountKey: 'a', apiOrigin }, 'token-a') });
    await expect(openSession('a')).rejects.toMatchObject({ code: 'api-key-missing' });
  });

  test('a plaintext key stored by an earlier version is sealed at start and the plaintext deleted', async () => {
    await connectionSettingsItem.setValue({ ...valid, apiUrl: 'http://127.0.0.1:9000', apiKey: 'legacy-secret-42' });
    await sealLegacyApiKey();
    expect(await localStorageText()).not.toContain('legacy-secret-42');
    expect(await connectionSettingsItem.getValue()).not.toHaveProperty('apiKey');
    expect(await currentApiKey({ apiUrl: 'http://127.0.0.1:9000' })).toBe('legacy-secret-42');
    expect((await connectionHandlers['connection.get']({}, context)).apiKeySet).toBe(true);
  });

  test('bad input gets a message per field', () => {
    expect(fieldMessage({ ...valid, apiUrl: 'api.example.com' }, 'apiUrl')).toMatch(/absolute https:\/\/ URL/);
    expect(fieldMessage({ ...valid, authUrl: '/oauth2' }, 'authUrl')).toMatch(/absolute https:\/\/ URL/);
    expect(fieldMessage({ ...valid, apiUrl: 'ftp://example.com' }, 'apiUrl')).toMatch(/absolute https:\/\/ URL/);
    expect(fieldMessage({ ...valid, apiUrl: 'https://user:pw@example.com' }, 'apiUrl')).toMatch(
      /absolute https:\/\/ URL/,
    );
    expect(fieldMessage({ ...valid, apiKey: '   ' }, 'apiKey')).toBe('Enter the API key.');
    expect(fieldMessage(validWithoutKey, 'apiKey')).toBeUndefined(); // left out: the sealed key stays
    expect(fieldMessage({ ...valid, clientId: '' }, 'clientId')).toBe('Enter the client ID.');
    expect(fieldMessage({ ...valid, apiVersion: '2026-11-01' }, 'apiVersion')).toMatch(/YYYYMMDD/);
    expect(fieldMessage({ ...valid, apiVersion: '20261341' }, 'apiVersion')).toMatch(/does not exist/);
    expect(fieldMessage({ ...valid, apiVersion: '20250229' }, 'apiVersion')).toMatch(/does not exist/);
    expect(fieldMessage({ ...valid, apiVersion: '20240229' }, 'apiVersion')).toBeUndefined();
  });

  test('through the protocol, invalid input comes back with field messages and is not stored', async () => {
    const reply = await handleRequest(
      { desk: 'request', type: 'connection.save', input: { ...valid, apiUrl: 'nope', apiKey: '' } },
      { id: browser.runtime.id, url: browser.runtime.getURL('/options.html') },
      connectionHandlers as never,
      {
        runtimeId: browser.runtime.id,
        extensionOrigin: browser.runtime.getURL('/'),
        isAllowedPageOrigin: async () => false,
      },
    );
    expect(reply.ok).toBe(false);
    expect(!reply.ok && Object.keys(reply.error.fields ?? {}).sort()).toEqual(['apiKey', 'apiUrl']);
    expect((await connectionHandlers['connection.get']({}, context)).saved).toBe(false);
  });

  test('an API origin outside the granted hosts is refused until the options page obtained its permission', async () => {
    const custom = { ...valid, apiUrl: 'https://api.partner.example:8443' };
    await expect(saveConnectionSettings(custom)).rejects.toMatchObject({
      code: 'host-permission-missing',
      fields: { apiUrl: expect.any(String) },
    });
    expect(browser.permissions.contains).toHaveBeenCalledWith({ origins: ['https://api.partner.example/*'] });
    Object.assign(browser.permissions, { contains: async () => true });
    await expect(saveConnectionSettings(custom)).resolves.toMatchObject({ saved: true });
  });

  test('originPattern covers every port of the host', () => {
    expect(originPattern('http://127.0.0.1:51234/x')).toBe('http://127.0.0.1/*');
    expect(originPattern('https://api.yext.com')).toBe('https://api.yext.com/*');
  });
});
