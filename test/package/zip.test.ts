// `npm run zip`, unpacked: production builds only (no loopback hosts granted, no sandbox defaults), no source
// maps or local paths, and the Firefox zip passes web-ext lint as the README explains it.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANAGED_CONNECTION_KEYS } from '../../lib/background/core/managed-policy.ts';
import { lintFirefoxBuild } from '../../scripts/lib/firefox-lint.ts';
import { GECKO_ID_PLACEHOLDER, storeWarnings } from '../../scripts/lib/store-warnings.ts';
import { root } from '../support/run-cli.ts';

const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
const unpacked = mkdtempSync(join(tmpdir(), 'listings-desk-zips-'));
const dirOf = (kind: string) => join(unpacked, kind);

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => statSync(join(dir, f)).isFile());
}

const HOMEPAGE = 'https://listings-desk.example/';
let zipWarnings: string[] = [];

// A file the developer keeps beside the code and never committed: it is not a source of the extension.
const UNTRACKED = 'untracked-notes-zip-test.md';

beforeAll(() => {
  writeFileSync(join(root, UNTRACKED), 'my notes, not committed');
  // As a first store build would: a homepage set, the Firefox id left at its placeholder.
  const env: NodeJS.ProcessEnv = { ...process.env, LISTINGS_DESK_HOMEPAGE_URL: HOMEPAGE };
  delete env.LISTINGS_DESK_GECKO_ID;
  const run = spawnSync(process.execPath, ['scripts/zip.ts'], { cwd: root, env, encoding: 'utf8' });
  rmSync(join(root, UNTRACKED), { force: true });
  if (run.status !== 0) throw new Error(`npm run zip failed:\n${run.stderr}`);
  zipWarnings = run.stderr.split('\n').filter((line) => line.startsWith('npm run zip: warning:'));
  for (const kind of ['chrome', 'firefox', 'sources']) {
    execFileSync('unzip', ['-q', join(root, '.output', `listings-desk-${version}-${kind}.zip`), '-d', dirOf(kind)]);
  }
}, 120_000);
afterAll(() => {
  rmSync(unpacked, { recursive: true, force: true });
  rmSync(join(root, UNTRACKED), { force: true });
});

describe.each(['chrome', 'firefox'])('the %s store zip', (kind) => {
  it('is a production build: only the vendor hosts are granted, and no loopback or sandbox value is a default', () => {
    const manifest = JSON.parse(readFileSync(join(dirOf(kind), 'manifest.json'), 'utf8'));
    expect(manifest.host_permissions).toEqual(['https://api.yext.com/*', 'https://www.yext.com/*']);
    // scripting registers the embedded panel only on the sites the user adds (optional host permissions).
    expect(manifest.permissions).toEqual(['identity', 'storage', 'alarms', 'notifications', 'scripting']);
    expect(manifest.content_scripts ?? []).toEqual([]);
    for (const size of ['16', '32', '48', '128']) expect(files(dirOf(kind))).toContain(manifest.icons[size]);
    const code = files(dirOf(kind))
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(join(dirOf(kind), f), 'utf8'))
      .join('\n');
    // The build-time defaults are the vendor's; the sandbox stays a choice in the Connection section.
    expect(code).not.toMatch(/LISTINGS_DESK_ENVIRONMENT/);
  });

  it('carries no source maps and no local paths', () => {
    const all = files(dirOf(kind));
    expect(all.filter((f) => f.endsWith('.map'))).toEqual([]);
    for (const f of all) {
      const text = readFileSync(join(dirOf(kind), f), 'latin1');
      expect(text, f).not.toContain(root);
      expect(text, f).not.toMatch(/sourceMappingURL/);
    }
  });
});

const manifestOf = (kind: string) => JSON.parse(readFileSync(join(dirOf(kind), 'manifest.json'), 'utf8'));
const TOOLBAR_ICONS = [16, 32].flatMap((size) => [`icon/toolbar-dark-${size}.png`, `icon/toolbar-light-${size}.png`]);

describe('store readiness', () => {
  it('the Chrome zip leaves out the toolbar icons only Firefox’s theme_icons use; the Firefox zip has all four', () => {
    expect(files(dirOf('chrome')).filter((f) => f.includes('toolbar-'))).toEqual([]);
    expect(files(dirOf('firefox'))).toEqual(expect.arrayContaining(TOOLBAR_ICONS));
    const themeIcons = manifestOf('firefox').action.theme_icons as { light: string; dark: string }[];
    expect(themeIcons.flatMap((icon) => [icon.light, icon.dark]).sort()).toEqual([...TOOLBAR_ICONS].sort());
  });

  it('both manifests carry homepage_url, and the sources hold the PRIVACY.md the listings link to', () => {
    expect(manifestOf('chrome').homepage_url).toBe(HOMEPAGE);
    expect(manifestOf('firefox').homepage_url).toBe(HOMEPAGE);
    expect(files(dirOf('sources'))).toContain('PRIVACY.md');
  });

  it('the Chrome zip declares the policy schema the worker reads (every key typed, as Chrome requires); Firefox needs none', () => {
    const schemaFile = manifestOf('chrome').storage.managed_schema as string;
    const schema = JSON.parse(readFileSync(join(dirOf('chrome'), schemaFile), 'utf8'));
    expect(schema.type).toBe('object');
    expect(Object.keys(schema.properties).sort()).toEqual([...MANAGED_CONNECTION_KEYS, 'panelSites'].sort());
    for (const property of Object.values(schema.properties) as { type?: string }[]) expect(property.type).toBeTruthy();
    expect(manifestOf('firefox').storage).toBeUndefined();
    expect(files(dirOf('firefox'))).not.toContain(schemaFile);
  });

  it('`npm run zip` warns that the Firefox id is the placeholder, and how to set it', () => {
    expect(zipWarnings).toHaveLength(1);
    expect(zipWarnings[0]).toContain(`the Firefox add-on id is the placeholder ${GECKO_ID_PLACEHOLDER}`);
    expect(zipWarnings[0]).toContain('LISTINGS_DESK_GECKO_ID=');
    expect(manifestOf('firefox').browser_specific_settings.gecko.id).toBe(GECKO_ID_PLACEHOLDER);
  });

  it('warns of nothing once the id and the homepage are set, and of a missing homepage', () => {
    const set = { LISTINGS_DESK_GECKO_ID: 'listings-desk@agency.example', LISTINGS_DESK_HOMEPAGE_URL: HOMEPAGE };
    expect(storeWarnings(set)).toEqual([]);
    expect(storeWarnings({ LISTINGS_DESK_GECKO_ID: set.LISTINGS_DESK_GECKO_ID })).toEqual([
      expect.stringMatching(/^no homepage_url: .*LISTINGS_DESK_HOMEPAGE_URL=/),
    ]);
  });

  it('the README’s Permissions table names every permission, host, web-accessible resource and data category', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const table = readme.split(/^## Permissions$/m)[1]?.split(/^## /m)[0] ?? '';
    const rows = table.split('\n').filter((line) => line.startsWith('|'));
    const named = (value: string) => rows.some((row) => row.includes(`\`${value}\``));
    const firefox = manifestOf('firefox');
    const chrome = manifestOf('chrome');
    const wanted = [
      ...chrome.permissions,
      ...chrome.host_permissions,
      ...chrome.optional_host_permissions,
      'web_accessible_resources',
      ...chrome.web_accessible_resources.flatMap((entry: { resources: string[] }) => entry.resources),
      'data_collection_permissions',
      ...firefox.browser_specific_settings.gecko.data_collection_permissions.required,
      'homepage_url',
    ];
    expect(wanted.filter((value) => !named(value))).toEqual([]);
  });
});

describe('the Firefox zip', () => {
  it('declares the data Mozilla counts as transmitted and passes web-ext lint with only the README’s explained warnings', () => {
    const manifest = JSON.parse(readFileSync(join(dirOf('firefox'), 'manifest.json'), 'utf8'));
    // Sent only to the service the user links: the app's key and OAuth code, and the Users section's people.
    expect(manifest.browser_specific_settings.gecko.data_collection_permissions).toEqual({
      required: ['authenticationInfo', 'personallyIdentifyingInfo'],
    });
    const outcome = lintFirefoxBuild(dirOf('firefox'));
    expect(outcome.errors).toEqual([]);
    expect(outcome.unexplained).toEqual([]);
  }, 60_000);
});

describe('the sources zip', () => {
  it('holds what rebuilds the extension and nothing local: no node_modules, outputs, state or local paths', () => {
    const all = files(dirOf('sources'));
    for (const needed of [
      'package.json',
      'package-lock.json',
      'wxt.config.ts',
      'README.md',
      'PRIVACY.md',
      'scripts/lib/zip.ts',
    ]) {
      expect(all).toContain(needed);
    }
    expect(all.filter((f) => /^(node_modules|\.output|\.wxt|test-results)\//.test(f))).toEqual([]);
    const tracked = new Set(execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n'));
    expect(all.filter((f) => !tracked.has(f))).toEqual([]);
    expect(all.filter((f) => /\.sandbox-data\.json|\.env|\.map$/.test(f))).toEqual([]);
    for (const f of all) expect(readFileSync(join(dirOf('sources'), f), 'latin1'), f).not.toContain(root);
  });
});
