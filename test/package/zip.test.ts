// `npm run zip`, unpacked: production builds only (no loopback hosts granted, no sandbox defaults), no source
// maps or local paths, and the Firefox zip passes web-ext lint as the README explains it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintFirefoxBuild } from '../../scripts/lib/firefox-lint.ts';
import { root } from '../support/run-cli.ts';

const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
const unpacked = mkdtempSync(join(tmpdir(), 'listings-desk-zips-'));
const dirOf = (kind: string) => join(unpacked, kind);

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => statSync(join(dir, f)).isFile());
}

beforeAll(() => {
  execFileSync(process.execPath, ['scripts/zip.ts'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  for (const kind of ['chrome', 'firefox', 'sources']) {
    execFileSync('unzip', ['-q', join(root, '.output', `listings-desk-${version}-${kind}.zip`), '-d', dirOf(kind)]);
  }
}, 120_000);
afterAll(() => rmSync(unpacked, { recursive: true, force: true }));

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

describe('the Firefox zip', () => {
  it('declares no data collection and passes web-ext lint with only the README’s explained warnings', () => {
    const manifest = JSON.parse(readFileSync(join(dirOf('firefox'), 'manifest.json'), 'utf8'));
    expect(manifest.browser_specific_settings.gecko.data_collection_permissions).toEqual({ required: ['none'] });
    const outcome = lintFirefoxBuild(dirOf('firefox'));
    expect(outcome.errors).toEqual([]);
    expect(outcome.unexplained).toEqual([]);
  }, 60_000);
});

describe('the sources zip', () => {
  it('holds what rebuilds the extension and nothing local: no node_modules, outputs, state or local paths', () => {
    const all = files(dirOf('sources'));
    for (const needed of ['package.json', 'package-lock.json', 'wxt.config.ts', 'README.md', 'scripts/lib/zip.ts']) {
      expect(all).toContain(needed);
    }
    expect(all.filter((f) => /^(node_modules|\.output|\.wxt|test-results)\//.test(f))).toEqual([]);
    expect(all.filter((f) => /\.sandbox-data\.json|\.env|\.map$/.test(f))).toEqual([]);
    for (const f of all) expect(readFileSync(join(dirOf('sources'), f), 'latin1'), f).not.toContain(root);
  });
});
