// What a linked account leaves on disk: link, refresh, unlink, close the browser, then read every file of the
// profile byte by byte. The access token travels in every GET's query and the API key is the OAuth client
// secret; neither may be left in the HTTP cache, storage's log files or anywhere else in the profile.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { deskForFile } from './fixture.ts';

const desk = deskForFile({ reset: 'never' });

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Files of the profile holding `secret` as UTF-8 or UTF-16 bytes (Chromium stores strings either way). */
function filesHolding(secret: string): string[] {
  const needles = [Buffer.from(secret, 'utf8'), Buffer.from(secret, 'utf16le')];
  return filesUnder(desk.profileDir)
    .filter((file) => {
      let bytes: Buffer;
      try {
        bytes = readFileSync(file);
      } catch {
        return false; // sockets and lock files Chromium left behind
      }
      return needles.some((needle) => bytes.includes(needle));
    })
    .map((file) => file.slice(desk.profileDir.length + 1));
}

/** Chromium's caches of the extension's own code (the service worker's script, V8's code cache). */
function isCompiledScript(file: string): boolean {
  return /(^|\/)(Service Worker\/ScriptCache|Code Cache)\//.test(file);
}

async function waitForApiCall(pattern: RegExp) {
  await expect
    .poll(
      async () => (await desk.control.requests()).requests.some((r) => r.method === 'GET' && pattern.test(r.path)),
      { timeout: 15_000 },
    )
    .toBe(true);
}

test('after link, refresh, unlink and closing the browser, no profile file holds the token or the API key', async () => {
  const popup = await desk.openPopup();
  await desk.linkThroughUi({ page: popup, accountId: '1001' });
  await expect
    .poll(async () => {
      const reply = await desk.ask('accounts.list', {});
      return reply.ok && reply.value.accounts.map((a) => a.accountKey);
    })
    .toEqual(['app-1001']);

  // Refresh what the popup and the options page show: the suggestion list and the listings.
  const triage = await desk.ask('triage.view', { refresh: true, force: true }, popup);
  expect(triage.ok).toBe(true);
  const listings = await desk.ask('listings.load', { refresh: true }, popup);
  expect(listings.ok).toBe(true);
  await waitForApiCall(/suggestions/);
  await waitForApiCall(/listings/);

  const tokens = (await desk.control.tokens()).map((t) => t.access_token);
  expect(tokens).toHaveLength(1);
  const unlinked = await desk.ask('accounts.unlink', { accountKey: 'app-1001' }, popup);
  expect(unlinked.ok && unlinked.value.accounts).toEqual([]);

  const connection = await desk.ask('connection.get', {}, popup);
  expect(connection.ok && connection.value.apiKeySet).toBe(true);
  expect(connection.ok && connection.value.settings).not.toHaveProperty('apiKey');
  await desk.closeBrowser();

  expect(filesUnder(desk.profileDir).length).toBeGreaterThan(10); // the profile really was written
  for (const token of tokens) expect(filesHolding(token)).toEqual([]);
  // The sandbox's key is public and its preset is part of the bundle, so the worker's compiled script may
  // hold it; no other file may (storage keeps only its ciphertext, the HTTP cache nothing).
  expect(filesHolding(desk.sandbox.apiKey).filter((file) => !isCompiledScript(file))).toEqual([]);
});
