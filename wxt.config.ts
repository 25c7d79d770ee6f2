import preact from '@preact/preset-vite';
import { defineConfig } from 'wxt';
import { popupChunks } from './scripts/lib/popup-chunks.ts';
import { inlinePageStyles, lightPreloadHelper, linkDynamicImportStyles } from './scripts/lib/preload-app.ts';
import { GECKO_ID_PLACEHOLDER } from './scripts/lib/store-warnings.ts';
import { trackedFileGlobs } from './scripts/lib/tracked-files.ts';

// Build-time defaults; every one can be changed later in the options page's Connection section.
// Unset ones stay empty, so the chosen environment's own defaults apply (lib/background/connection-settings.ts).
// Never the API key: it is the OAuth client secret, and a bundle is public. The user enters it in Connection.
const env = process.env;
const buildDefault = (name: string) => JSON.stringify(env[name] ?? '');
const production = env.LISTINGS_DESK_ENVIRONMENT === 'production';
const VENDOR_HOSTS = ['https://api.yext.com/*', 'https://www.yext.com/*'];
const LOOPBACK_HOSTS = ['http://127.0.0.1/*', 'http://localhost/*'];
// Drawn by scripts/draw-icons.ts.
const STORE_ICONS = Object.fromEntries([16, 32, 48, 128].map((size) => [size, `icon/icon-${size}.png`]));
// The toolbar glyphs for Firefox's theme_icons; Chrome shows the tile, so its build leaves them out.
const FIREFOX_ONLY_ASSET = /^icon\/toolbar-/;
// Chrome's policy schema (storage.managed_schema); Firefox reads policies.json without one.
const MANAGED_SCHEMA = 'managed-schema.json';

export default defineConfig({
  modules: ['@wxt-dev/webextension-polyfill'],
  imports: false,
  hooks: {
    'build:publicAssets': (wxt, files) => {
      const firefox = wxt.config.browser === 'firefox';
      for (let i = files.length - 1; i >= 0; i--) {
        const dest = files[i]!.relativeDest;
        if (firefox ? dest === MANAGED_SCHEMA : FIREFOX_ONLY_ASSET.test(dest)) files.splice(i, 1);
      }
    },
  },
  zip: {
    includeSources: trackedFileGlobs(import.meta.dirname),
    excludeSources: ['test-results/**', 'bench/results.json', '.sandbox-data.json', 'screenshots/**'],
  },
  vite: () => ({
    plugins: [
      preact(),
      linkDynamicImportStyles('entrypoints/popup/'),
      inlinePageStyles('entrypoints/popup/index.html', 'popup'),
      lightPreloadHelper(),
      popupChunks(),
    ],
    build: {
      // Every browser the extension supports has modulepreload; the polyfill would only add bytes.
      modulePreload: { polyfill: false },
    },
    define: {
      'import.meta.env.LISTINGS_DESK_ENVIRONMENT': buildDefault('LISTINGS_DESK_ENVIRONMENT'),
      'import.meta.env.LISTINGS_DESK_API_URL': buildDefault('LISTINGS_DESK_API_URL'),
      'import.meta.env.LISTINGS_DESK_AUTH_URL': buildDefault('LISTINGS_DESK_AUTH_URL'),
      'import.meta.env.LISTINGS_DESK_CLIENT_ID': buildDefault('LISTINGS_DESK_CLIENT_ID'),
    },
  }),
  manifest: ({ browser }) => ({
    name: 'Listings Desk',
    description: 'Triage publisher suggestions and manage listings, users and services for linked customer accounts.',
    // Where a store listing links to (the README or the project's site); `npm run zip` warns when unset.
    ...(env.LISTINGS_DESK_HOMEPAGE_URL ? { homepage_url: env.LISTINGS_DESK_HOMEPAGE_URL } : {}),
    // scripting: the embedded panel's content script is registered per site the user adds, at run time.
    permissions: ['identity', 'storage', 'alarms', 'notifications', 'scripting'],
    // A production build asks for the loopback sandbox only if someone picks it; plain http is
    // refused elsewhere (tokens travel in the query), so no other http origin is ever requested.
    host_permissions: production ? VENDOR_HOSTS : [...VENDOR_HOSTS, ...LOOPBACK_HOSTS],
    optional_host_permissions: production ? ['https://*/*', ...LOOPBACK_HOSTS] : ['https://*/*'],
    // A pinned key keeps the extension id, and so the OAuth redirect URI, stable across machines.
    ...(env.LISTINGS_DESK_EXTENSION_KEY ? { key: env.LISTINGS_DESK_EXTENSION_KEY } : {}),
    icons: STORE_ICONS,
    commands: {
      'toggle-panel': {
        suggested_key: { default: 'Alt+Shift+L' },
        description: 'Show or hide the Listings Desk panel on a CRM page',
      },
    },
    // The panel frame. A dynamic URL changes every session, so a page cannot name it; and the frame
    // acts only after trading a one-time ticket our content script put in its URL (no clickjacking).
    web_accessible_resources: [
      { resources: ['panel.html'], matches: ['https://*/*', ...LOOPBACK_HOSTS], use_dynamic_url: true },
    ],
    action: {
      default_title: 'Listings Desk',
      default_icon: STORE_ICONS,
      // Firefox picks the glyph that contrasts with the toolbar; Chrome shows the tile, readable on both.
      ...(browser === 'firefox'
        ? {
            theme_icons: [16, 32].map((size) => ({
              light: `icon/toolbar-dark-${size}.png`,
              dark: `icon/toolbar-light-${size}.png`,
              size,
            })),
          }
        : {}),
    },
    // What IT may pre-set through browser policy (docs/deployment.md, "Rollout in an agency"); the worker reads it and it wins.
    ...(browser === 'firefox' ? {} : { storage: { managed_schema: MANAGED_SCHEMA } }),
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: env.LISTINGS_DESK_GECKO_ID || GECKO_ID_PLACEHOLDER,
              // Mozilla counts anything sent outside the browser, even to the user's own service: linking sends
              // the app's key and the OAuth code, Users sends names, e-mail addresses, phones and passwords.
              // Both are the add-on's purpose, so required (README, Permissions).
              data_collection_permissions: { required: ['authenticationInfo', 'personallyIdentifyingInfo'] },
            },
          },
        }
      : {}),
  }),
});
