// Where the API and the authorize page live, and the app's credentials, as every feature reads them. Saved by
// the options page's Connection section; until then the build-time defaults (LISTINGS_DESK_* variables) apply.
// The API key is never built in (it is the OAuth client secret): the user enters it, and it is kept sealed.
import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import { API_VERSION, PRODUCTION } from '../../api/config.ts';
import type { ConnectionPreset, ConnectionView } from '../../messaging/protocol/index.ts';
import { DeskError } from '../../messaging/wire-error.ts';
import { defineItem } from '../../storage-item.ts';
import { readManagedPolicy, withManagedConnection } from './managed-policy.ts';
import { apiKeyVaultItem, openApiKey, sealApiKey } from './token-vault.ts';

export type Environment = 'sandbox' | 'production' | 'custom';

export interface ConnectionSettings {
  environment: Environment;
  /** API origin (token endpoint and /v2 live here), e.g. https://api.yext.com */
  apiUrl: string;
  /** Host that serves the OAuth authorize page, e.g. https://www.yext.com */
  authUrl: string;
  clientId: string;
  /** The `v` query parameter, YYYYMMDD. */
  apiVersion: string;
}

/**
 * Before the API key was sealed it was stored here in plaintext; the worker seals such a key at start and
 * deletes it (sealLegacyApiKey), so nothing else reads this field.
 */
export type StoredConnectionSettings = ConnectionSettings & { apiKey?: string };

/** null until the user saves the Connection section: the build-time defaults apply. */
export const connectionSettingsItem = defineItem<StoredConnectionSettings | null>('local:connectionSettings', {
  fallback: null,
  version: 1,
});

declare global {
  interface ImportMetaEnv {
    readonly LISTINGS_DESK_ENVIRONMENT?: string;
    readonly LISTINGS_DESK_API_URL?: string;
    readonly LISTINGS_DESK_AUTH_URL?: string;
    readonly LISTINGS_DESK_CLIENT_ID?: string;
  }
}

const SANDBOX_DEFAULTS: ConnectionPreset = {
  apiUrl: 'http://127.0.0.1:8787',
  authUrl: 'http://localhost:8788',
  clientId: 'sandbox-client-id',
  apiKey: 'sandbox-api-key',
};

/** The redirect URI's path under https://<extension-id>.chromiumapp.org/ */
const REDIRECT_PATH = 'oauth2';

function buildEnvironment(): Environment {
  const value = import.meta.env.LISTINGS_DESK_ENVIRONMENT;
  return value === 'production' || value === 'custom' ? value : 'sandbox';
}

/**
 * Values injected by wxt.config.ts at build time (absent in unit tests, hence the fallbacks). Only a
 * sandbox build has a key before the user enters one: the local sandbox's public one.
 */
function buildValues(): ConnectionPreset {
  const environment = buildEnvironment();
  const fallback = environment === 'production' ? { ...PRODUCTION, clientId: '', apiKey: '' } : SANDBOX_DEFAULTS;
  return {
    apiUrl: import.meta.env.LISTINGS_DESK_API_URL || fallback.apiUrl,
    authUrl: import.meta.env.LISTINGS_DESK_AUTH_URL || fallback.authUrl,
    clientId: import.meta.env.LISTINGS_DESK_CLIENT_ID || fallback.clientId,
    apiKey: environment === 'sandbox' ? SANDBOX_DEFAULTS.apiKey : '',
  };
}

export function connectionPresets(): ConnectionView['presets'] {
  const built = buildValues();
  const environment = buildEnvironment();
  return {
    sandbox: environment === 'sandbox' ? built : SANDBOX_DEFAULTS,
    // The production client id is public and may be built in; its key never is.
    production: { ...PRODUCTION, clientId: environment === 'production' ? built.clientId : '', apiKey: '' },
  };
}

export function defaultConnectionSettings(): ConnectionSettings {
  const { apiKey: _key, ...built } = buildValues();
  return { environment: buildEnvironment(), ...built, apiVersion: API_VERSION };
}

// Once per worker run: a key stored in plaintext by an earlier version is sealed, and the plaintext deleted.
let legacyKeySealed: Promise<void> | null = null;

export function sealLegacyApiKey(): Promise<void> {
  legacyKeySealed ??= (async () => {
    const saved = await connectionSettingsItem.getValue();
    if (!saved || !('apiKey' in saved)) return;
    const { apiKey, ...settings } = saved;
    const sealed = apiKey ? await sealApiKey(apiOriginOf(settings.apiUrl), apiKey) : null;
    // One write: the plaintext disappears exactly when the sealed key appears.
    await storage.setItems([
      { item: connectionSettingsItem, value: settings },
      ...(sealed ? [{ item: apiKeyVaultItem, value: sealed }] : []),
    ]);
  })().catch((error: unknown) => {
    legacyKeySealed = null;
    throw error;
  });
  return legacyKeySealed;
}

/** Tests only: let sealLegacyApiKey run again (as in a new worker run). */
export function forgetLegacyKeySealing(): void {
  legacyKeySealed = null;
}

/** What the options page saved (or the build's defaults), with the organisation's policy values in place. */
export async function getConnectionSettings(): Promise<ConnectionSettings> {
  await sealLegacyApiKey();
  const saved = await connectionSettingsItem.getValue();
  const { apiKey: _legacy, ...settings }: StoredConnectionSettings = saved ?? defaultConnectionSettings();
  const { connection } = await readManagedPolicy();
  return withManagedConnection(settings, connection, connectionPresets());
}

/**
 * The API key for this Connection, opened from the vault; null when none was entered for its API address.
 * Until the user saves, a sandbox build uses the sandbox's public key for the sandbox's address.
 */
export async function currentApiKey(settings: Pick<ConnectionSettings, 'apiUrl'>): Promise<string | null> {
  await sealLegacyApiKey();
  const origin = apiOriginOf(settings.apiUrl);
  const stored = await openApiKey(origin).catch(() => null);
  if (stored) return stored;
  const built = buildValues();
  const saved = await connectionSettingsItem.getValue();
  return !saved && built.apiKey && apiOriginOf(built.apiUrl) === origin ? built.apiKey : null;
}

function apiKeyMissingError(): DeskError {
  return new DeskError({
    code: 'api-key-missing',
    message: 'No API key is set for this API address. Enter it in the options page, under Connection.',
  });
}

/** The key every request and the token exchange need; throws 'api-key-missing' when there is none. */
export async function requireApiKey(settings: Pick<ConnectionSettings, 'apiUrl'>): Promise<string> {
  const key = await currentApiKey(settings);
  if (!key) throw apiKeyMissingError();
  return key;
}

/** The API origin tokens are bound to: scheme, host and port of the API base URL. */
export function apiOriginOf(apiUrl: string): string {
  return new URL(apiUrl).origin;
}

export async function currentApiOrigin(): Promise<string> {
  return apiOriginOf((await getConnectionSettings()).apiUrl);
}

export function redirectUri(): string {
  return browser.identity.getRedirectURL(REDIRECT_PATH);
}

/** Host patterns the manifest grants up front; other API origins need a run-time permission. */
export function grantedOrigins(): string[] {
  return browser.runtime.getManifest().host_permissions ?? [];
}

/** The match pattern that covers an address (any port: Chrome's host patterns ignore ports). */
export function originPattern(url: string): string {
  const { protocol, hostname } = new URL(url);
  return `${protocol}//${hostname}/*`;
}
