// What IT pre-sets through browser policy (storage.managed) wins over the options page: the connection the
// worker uses, what connection.get shows as set by the organisation, and the embedded panel's sites.
import { beforeEach, describe, expect, test } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PRODUCTION } from '../../lib/api/config.ts';
import { connectionSettingsFeature, saveConnectionSettings } from '../../lib/background/connection-settings.ts';
import { getConnectionSettings } from '../../lib/background/core/connection.ts';
import { forgetManagedPolicy, readManagedPolicy } from '../../lib/background/core/managed-policy.ts';
import { readSites, removeSite, updateSite } from '../../lib/background/embedded-panel/sites.ts';
import type { RequestContext } from '../../lib/messaging/background.ts';
import { DeskError } from '../../lib/messaging/wire-error.ts';
import { fakeIdentity, resetDesk } from './desk-fakes.ts';

const context: RequestContext = { access: 'extension', sender: {} };
const connection = connectionSettingsFeature().handlers;
const userSaved = {
  environment: 'custom' as const,
  apiUrl: 'http://127.0.0.1:9000',
  authUrl: 'http://localhost:9001',
  clientId: 'my-own-client',
  apiKey: 'app-secret-0123456789',
  apiVersion: '20250101',
};

beforeEach(() => {
  resetDesk();
  fakeIdentity(() => '');
});

describe('managed policy: the connection', () => {
  test('managed values win over what the options page saved, and connection.get names them', async () => {
    await saveConnectionSettings(userSaved);
    await fakeBrowser.storage.managed.set({ apiUrl: 'https://api.agency.example/', clientId: 'agency-client' });
    forgetManagedPolicy();

    expect(await getConnectionSettings()).toEqual({
      environment: 'custom',
      apiUrl: 'https://api.agency.example',
      authUrl: 'http://localhost:9001',
      clientId: 'agency-client',
      apiVersion: '20250101',
    });
    const view = await connection['connection.get']({}, context);
    expect(view.managed.sort()).toEqual(['apiUrl', 'clientId']);
    expect(view.settings.clientId).toBe('agency-client');
  });

  test('a save cannot change a managed field; the others are saved', async () => {
    await fakeBrowser.storage.managed.set({ environment: 'production', apiVersion: '20261101' });
    forgetManagedPolicy();
    await saveConnectionSettings({ ...userSaved, apiUrl: 'https://api.yext.com', authUrl: 'https://www.yext.com' });
    const settings = await getConnectionSettings();
    expect(settings.environment).toBe('production');
    expect(settings.apiVersion).toBe('20261101');
    expect(settings.clientId).toBe('my-own-client');
  });

  test('a managed environment brings its preset addresses unless the policy sets them too', async () => {
    await saveConnectionSettings(userSaved);
    await fakeBrowser.storage.managed.set({ environment: 'production' });
    forgetManagedPolicy();
    expect(await getConnectionSettings()).toMatchObject({
      environment: 'production',
      apiUrl: PRODUCTION.apiUrl,
      authUrl: PRODUCTION.authUrl,
    });
  });

  test('a policy value that fails the options page’s checks is left out (no plain http to a remote host)', async () => {
    await fakeBrowser.storage.managed.set({
      apiUrl: 'http://api.agency.example',
      apiVersion: '2026-11-01',
      clientId: 'ok',
    });
    forgetManagedPolicy();
    expect((await readManagedPolicy()).connection).toEqual({ clientId: 'ok' });
    expect((await getConnectionSettings()).apiUrl).toBe('http://127.0.0.1:8787');
  });

  test('a policy changed while the worker runs applies at the next read (the managed area’s change event)', async () => {
    expect((await getConnectionSettings()).clientId).toBe('sandbox-client-id');
    await fakeBrowser.storage.managed.set({ clientId: 'agency-client' });
    expect((await getConnectionSettings()).clientId).toBe('agency-client');
  });

  test('no policy at all (Firefox rejects the read without one) means nothing is managed', async () => {
    const firefoxWithoutPolicy = { get: () => Promise.reject(new Error('Managed storage manifest not found')) };
    expect(await readManagedPolicy(firefoxWithoutPolicy)).toEqual({ connection: {}, panelSites: [] });
  });
});

describe('managed policy: the embedded panel’s sites', () => {
  test('a managed site is listed as managed (not yet allowed), cannot be removed, and keeps a rule the user sets', async () => {
    await fakeBrowser.storage.managed.set({ panelSites: ['https://crm.agency.example', 'ftp://nope', 42] });
    forgetManagedPolicy();

    expect(await readSites()).toEqual([
      { origin: 'https://crm.agency.example', hidden: false, rule: null, addedAt: 0, managed: true, allowed: false },
    ]);
    const refusal = await removeSite('https://crm.agency.example').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DeskError);
    expect((refusal as DeskError).code).toBe('managed-setting');
    expect((refusal as DeskError).message).toContain('Your organisation put the panel on https://crm.agency.example');

    await updateSite('https://crm.agency.example', { hidden: true });
    const [site] = await readSites();
    expect(site).toMatchObject({ origin: 'https://crm.agency.example', hidden: true, managed: true });
    // Stored without the policy's marks, so a site the policy drops later is the user's own again.
    const stored = (await browser.storage.local.get('panelSites')).panelSites as object[];
    expect(stored).toEqual([{ origin: 'https://crm.agency.example', hidden: true, rule: null, addedAt: 0 }]);
  });
});
