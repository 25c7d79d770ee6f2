import preact from '@preact/preset-vite';
import { defineConfig } from 'wxt';

// Build-time defaults; every one can be changed later in the options page's Connection section.
// Unset ones stay empty, so the chosen environment's own defaults apply (lib/background/connection-settings.ts).
const env = process.env;
const buildDefault = (name: string) => JSON.stringify(env[name] ?? '');

export default defineConfig({
  modules: ['@wxt-dev/webextension-polyfill'],
  imports: false,
  zip: { excludeSources: ['test-results/**', 'bench/results.json', '.sandbox-data.json', 'screenshots/**'] },
  vite: () => ({
    plugins: [preact()],
    define: {
      'import.meta.env.LISTINGS_DESK_ENVIRONMENT': buildDefault('LISTINGS_DESK_ENVIRONMENT'),
      'import.meta.env.LISTINGS_DESK_API_URL': buildDefault('LISTINGS_DESK_API_URL'),
      'import.meta.env.LISTINGS_DESK_AUTH_URL': buildDefault('LISTINGS_DESK_AUTH_URL'),
      'import.meta.env.LISTINGS_DESK_CLIENT_ID': buildDefault('LISTINGS_DESK_CLIENT_ID'),
      'import.meta.env.LISTINGS_DESK_API_KEY': buildDefault('LISTINGS_DESK_API_KEY'),
    },
  }),
  manifest: ({ browser }) => ({
    name: 'Listings Desk',
    description: 'Triage publisher suggestions and manage listings, users and services for linked customer accounts.',
    permissions: ['identity', 'storage', 'alarms', 'notifications'],
    host_permissions: ['https://api.yext.com/*', 'https://www.yext.com/*', 'http://127.0.0.1/*', 'http://localhost/*'],
    optional_host_permissions: ['https://*/*', 'http://*/*'],
    // A pinned key keeps the extension id, and so the OAuth redirect URI, stable across machines.
    ...(env.LISTINGS_DESK_EXTENSION_KEY ? { key: env.LISTINGS_DESK_EXTENSION_KEY } : {}),
    ...(browser === 'firefox'
      ? { browser_specific_settings: { gecko: { id: env.LISTINGS_DESK_GECKO_ID ?? 'listings-desk@example.com' } } }
      : {}),
  }),
});
