// The Firefox build, run in Debian's firefox-esr (headless) through puppeteer-core over WebDriver BiDi, against
// the sandbox: popup and options page open, the connection is saved, an account is linked through the authorize
// page (identity.launchWebAuthFlow works here), and one triage decision from the popup reaches the sandbox.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestMessage } from '../../lib/messaging/protocol/envelope.ts';
import type { RequestInput, RequestType } from '../../lib/messaging/protocol/index.ts';
import { type RunningSandbox, startSandbox } from '../../sandbox/server.ts';

const FIREFOX_PATH = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';
const GECKO_ID = 'listings-desk@example.com';
// The pref below pins the extension's moz-extension:// host, so pages can be opened by address.
const UUID = '11111111-2222-4333-8444-555555555555';
const extensionDir = resolve(import.meta.dirname, '../../.output/firefox-mv3-e2e');
const url = (path: string) => `moz-extension://${UUID}/${path}`;

let browser: Browser;
let sandbox: RunningSandbox;

/** Sends a protocol request from an extension page: the real message path, sender checks included. */
function ask<K extends RequestType>(page: Page, type: K, input: RequestInput<K>) {
  return page.evaluate(
    (message) =>
      (
        globalThis as unknown as { browser: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }
      ).browser.runtime.sendMessage(message),
    requestMessage(type, input),
  ) as Promise<{ ok: boolean; value?: Record<string, unknown>; error?: { code: string; message: string } }>;
}

async function open(path: string): Promise<Page> {
  const page = await browser.newPage();
  // Extension pages never fire the load event that puppeteer waits for in Firefox: wait for content instead.
  await page.goto(url(path), { waitUntil: [] });
  return page;
}

async function sandboxRequests() {
  const reply = await fetch(`${sandbox.apiUrl}/__sandbox/requests`);
  return ((await reply.json()) as { requests: { method: string; path: string; status: number }[] }).requests;
}

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
}

beforeAll(async () => {
  if (!existsSync(FIREFOX_PATH)) throw new Error(`${FIREFOX_PATH} is missing: apt-get install -y firefox-esr`);
  sandbox = await startSandbox({ port: 0, authPort: 0 });
  browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: { 'extensions.webextensions.uuids': JSON.stringify({ [GECKO_ID]: UUID }) },
  });
  await browser.installExtension(extensionDir);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await sandbox?.close();
});

describe('Listings Desk in Firefox', () => {
  it('opens the options page and the popup, links an account through the authorize page, and triages', async () => {
    const options = await open('options.html#connection');
    await options.waitForSelector('nav[aria-label="Sections"] a');
    const sections = await options.$$eval('nav[aria-label="Sections"] a', (as) => as.map((a) => a.textContent));
    expect(sections).toEqual(expect.arrayContaining(['Connection', 'Accounts', 'Listings']));

    const saved = await ask(options, 'connection.save', {
      environment: 'custom',
      apiUrl: sandbox.apiUrl,
      authUrl: sandbox.authUrl,
      clientId: sandbox.clientId,
      apiKey: sandbox.apiKey,
      apiVersion: '20250101',
    });
    expect(saved.ok).toBe(true);

    const linking = ask(options, 'accounts.link', {});
    const authTarget = await browser.waitForTarget((t) => t.url().includes('/oauth2/authorize'), { timeout: 15_000 });
    const auth = (await authTarget.page())!;
    const [allow] = await auth.$$('xpath/.//button[contains(., "Allow")]');
    await allow!.click();
    const linked = await linking;
    expect(linked.ok).toBe(true);
    expect(linked.value?.accountName).toBe('Harbor Bakery Group');

    const popup = await open('popup.html');
    const accept = await popup.waitForSelector(
      '[role="feed"] article button[aria-label^="Accept"], [role="feed"] article ::-p-text(Accept)',
      {
        timeout: 20_000,
      },
    );
    await fetch(`${sandbox.apiUrl}/__sandbox/requests`, { method: 'DELETE' });
    await accept!.click();
    const sent = await until(
      sandboxRequests,
      (requests) => requests.some((r) => r.method === 'PUT' && r.path.includes('publishersuggestions')),
      30_000,
    );
    expect(sent.filter((r) => r.method === 'PUT').map((r) => r.status)).toEqual([200]);

    // The popup's first-paint snapshot: written by the worker, read by a page from storage.session.
    const readSnapshot = () =>
      popup.evaluate(async () => {
        const api = globalThis as unknown as {
          browser: { storage: { session: { get(k: string): Promise<Record<string, unknown>> } } };
        };
        const found = (await api.browser.storage.session.get('triageFirstPaint')).triageFirstPaint as
          | { account: { accountName: string }; suggestions: unknown[] }
          | undefined;
        return found ? { account: found.account.accountName, rows: found.suggestions.length } : null;
      });
    const snapshot = await until(readSnapshot, (found) => found !== null, 10_000);
    expect(snapshot?.account).toBe('Harbor Bakery Group');
    expect(snapshot?.rows).toBeGreaterThan(0);
  }, 90_000);
});
