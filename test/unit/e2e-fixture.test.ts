// One e2e fixture (issue 22): every browser test file gets its Chromium and sandbox from deskForFile()
// (launched before its tests, reset as it says, closed after), not from a launch/reset/close block of its own.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';

const E2E = join('test', 'e2e');
/** Reads the build's files only: no browser, no desk. */
const NO_BROWSER = new Set(['built-chunks.test.ts']);

const files = readdirSync(E2E).filter((name) => name.endsWith('.test.ts'));
const source = (name: string) => readFileSync(join(E2E, name), 'utf8');
/** deskForFile itself, or a helper of this folder that calls it (embedded-panel-helpers' panelDesk). */
const DESK_MAKERS = ['deskForFile', 'panelDesk'];
const getsItsDesk = (text: string) => DESK_MAKERS.some((maker) => new RegExp(`\\b${maker}\\(`).test(text));

test('every browser test file takes its desk from deskForFile()', () => {
  expect(files.length).toBeGreaterThan(25);
  expect(files.filter((name) => !NO_BROWSER.has(name) && !getsItsDesk(source(name)))).toEqual([]);
});

test('launchDesk() is only a second desk beside the file’s own (a browser started afresh)', () => {
  expect(files.filter((name) => /\blaunchDesk\(/.test(source(name)) && !getsItsDesk(source(name)))).toEqual([]);
});

test('panelDesk is a helper that calls deskForFile', () => {
  expect(readFileSync(join(E2E, 'embedded-panel-helpers.ts'), 'utf8')).toMatch(/panelDesk\(\)[\s\S]*?deskForFile\(/);
});
