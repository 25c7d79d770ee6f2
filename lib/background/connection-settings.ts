// The options page's Connection section: the settings and the sealed API key, read and saved.
import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import { API_VERSION } from '../api/config.ts';
import type { Handlers } from '../messaging/background.ts';
import {
  type ConnectionSettingsView,
  type ConnectionView,
  connectionSettingsInput,
} from '../messaging/protocol/index.ts';
import { DeskError } from '../messaging/wire-error.ts';
import {
  apiOriginOf,
  connectionPresets,
  connectionSettingsItem,
  currentApiKey,
  defaultConnectionSettings,
  getConnectionSettings,
  grantedOrigins,
  originPattern,
  redirectUri,
  sealLegacyApiKey,
} from './core/connection.ts';
import { createDeskDeps, type DeskDeps } from './core/deps.ts';
import { readManagedPolicy, withManagedConnection } from './core/managed-policy.ts';
import { BUDGET_ALARM } from './core/request-budget.ts';
import { apiKeyVaultItem, sealApiKey } from './core/token-vault.ts';
import { defineFeature } from './feature.ts';

async function connectionView(): Promise<ConnectionView> {
  const settings: ConnectionSettingsView = await getConnectionSettings();
  return {
    settings,
    managed: Object.keys((await readManagedPolicy()).connection) as ConnectionView['managed'],
    apiKeySet: (await currentApiKey(settings)) !== null,
    saved: (await connectionSettingsItem.getValue()) !== null,
    presets: connectionPresets(),
    defaultApiVersion: API_VERSION,
    redirectUri: redirectUri(),
    grantedOrigins: grantedOrigins(),
  };
}

/**
 * The background cannot ask for a permission (that needs the user's click in the options page),
 * so it only checks that the page already obtained it.
 */
async function assertApiOriginAllowed(apiUrl: string): Promise<void> {
  const origins = [originPattern(apiUrl)];
  const allowed = await browser.permissions.contains({ origins }).catch(() => false);
  if (!allowed) {
    throw new DeskError({
      code: 'host-permission-missing',
      message: 'Listings Desk may not reach this API address yet. Save again and allow access when asked.',
      fields: { apiUrl: 'Allow access to this address when asked.' },
    });
  }
}

export async function saveConnectionSettings(input: unknown): Promise<ConnectionView> {
  const { apiKey: enteredKey, ...entered } = connectionSettingsInput().parse(input);
  // What the organisation set is kept whatever the page sent: the page shows it read-only.
  const settings = withManagedConnection(entered, (await readManagedPolicy()).connection, connectionPresets());
  await assertApiOriginAllowed(settings.apiUrl);
  // Left out, the key already set for this address stays; a new address needs its key entered again.
  const apiKey = enteredKey ?? (await currentApiKey(settings));
  if (!apiKey) {
    throw new DeskError({
      code: 'api-key-missing',
      message: 'Enter the API key for this API address.',
      fields: { apiKey: 'Enter the API key.' },
    });
  }
  const sealed = await sealApiKey(apiOriginOf(settings.apiUrl), apiKey);
  await storage.setItems([
    { item: connectionSettingsItem, value: settings },
    { item: apiKeyVaultItem, value: sealed },
  ]);
  return connectionView();
}

export async function clearApiKey(): Promise<ConnectionView> {
  await sealLegacyApiKey();
  const saved = await connectionSettingsItem.getValue();
  // Saving the defaults too: otherwise a sandbox build's public key would count as set again.
  await storage.setItems([
    { item: connectionSettingsItem, value: saved ?? defaultConnectionSettings() },
    { item: apiKeyVaultItem, value: null },
  ]);
  return connectionView();
}

type ConnectionRequests = 'connection.get' | 'connection.save' | 'connection.clearApiKey' | 'connection.budget';

/** The settings, and the hour's request budget every account and feature shares (deps.budget). */
export function connectionSettingsFeature(deps: Pick<DeskDeps, 'budget' | 'broadcast'> = createDeskDeps()) {
  const handlers: Pick<Handlers, ConnectionRequests> = {
    'connection.get': () => connectionView(),
    'connection.save': (input) => saveConnectionSettings(input),
    'connection.clearApiKey': () => clearApiKey(),
    'connection.budget': () => deps.budget.view(),
  };
  return defineFeature({
    name: 'connection-settings',
    handlers,
    start() {
      deps.budget.onChange((view) => {
        // The pause ends at the reset even with the worker stopped meanwhile: the alarm starts the new hour.
        if (view.pausedUntil !== null) void browser.alarms.create(BUDGET_ALARM, { when: view.pausedUntil });
        void deps.budget.flush();
        void deps.broadcast('connection.budget', view);
      });
      browser.alarms.onAlarm.addListener((alarm) => {
        if (alarm.name === BUDGET_ALARM) void deps.budget.windowEnded();
      });
    },
  });
}
