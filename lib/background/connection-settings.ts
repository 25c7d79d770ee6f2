// Where the API and the authorize page live, and the app's credentials. Saved by the options page's
// Connection section; until then the build-time defaults (LISTINGS_DESK_* environment variables) apply.
import { browser } from 'wxt/browser';
import { API_VERSION, PRODUCTION } from '../api/config.ts';
import type { Handlers } from '../messaging/background.ts';
import { type ConnectionPreset, type ConnectionView, connectionSettingsInput } from '../messaging/protocol.ts';
import { DeskError } from '../messaging/wire-error.ts';
import { type ConnectionSettings, connectionSettingsItem, type Environment } from '../storage.ts';

declare global {
  interface ImportMetaEnv {
    readonly LISTINGS_DESK_ENVIRONMENT?: string;
    readonly LISTINGS_DESK_API_URL?: string;
    readonly LISTINGS_DESK_AUTH_URL?: string;
    readonly LISTINGS_DESK_CLIENT_ID?: string;
    readonly LISTINGS_DESK_API_KEY?: string;
  }
}

const SANDBOX_DEFAULTS: ConnectionPreset = {
  apiUrl: 'http://127.0.0.1:8787',
  authUrl: 'http://localhost:8788',
  clientId: 'sandbox-client-id',
  apiKey: 'sandbox-api-key',
};

/** The redirect URI's path under https://<extension-id>.chromiumapp.org/ */
export const REDIRECT_PATH = 'oauth2';

function buildEnvironment(): Environment {
  const value = import.meta.env.LISTINGS_DESK_ENVIRONMENT;
  return value === 'production' || value === 'custom' ? value : 'sandbox';
}

/** Values injected by wxt.config.ts at build time (absent in unit tests, hence the fallbacks). */
function buildValues(): ConnectionPreset {
  const environment = buildEnvironment();
  const fallback = environment === 'production' ? { ...PRODUCTION, clientId: '', apiKey: '' } : SANDBOX_DEFAULTS;
  return {
    apiUrl: import.meta.env.LISTINGS_DESK_API_URL || fallback.apiUrl,
    authUrl: import.meta.env.LISTINGS_DESK_AUTH_URL || fallback.authUrl,
    clientId: import.meta.env.LISTINGS_DESK_CLIENT_ID || fallback.clientId,
    apiKey: import.meta.env.LISTINGS_DESK_API_KEY || fallback.apiKey,
  };
}

export function connectionPresets(): ConnectionView['presets'] {
  const built = buildValues();
  const environment = buildEnvironment();
  return {
    sandbox: environment === 'sandbox' ? built : SANDBOX_DEFAULTS,
    production: {
      ...PRODUCTION,
      // Production credentials are the app's own; only a production build knows them.
      clientId: environment === 'production' ? built.clientId : '',
      apiKey: environment === 'production' ? built.apiKey : '',
    },
  };
}

export function defaultConnectionSettings(): ConnectionSettings {
  return { environment: buildEnvironment(), ...buildValues(), apiVersion: API_VERSION };
}

export async function getConnectionSettings(): Promise<ConnectionSettings> {
  return (await connectionSettingsItem.getValue()) ?? defaultConnectionSettings();
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

async function connectionView(): Promise<ConnectionView> {
  const saved = await connectionSettingsItem.getValue();
  return {
    settings: saved ?? defaultConnectionSettings(),
    saved: saved !== null,
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
  const settings = connectionSettingsInput.parse(input);
  await assertApiOriginAllowed(settings.apiUrl);
  await connectionSettingsItem.setValue(settings);
  return connectionView();
}

export const connectionHandlers: Pick<Handlers, 'connection.get' | 'connection.save'> = {
  'connection.get': () => connectionView(),
  'connection.save': (input) => saveConnectionSettings(input),
};
