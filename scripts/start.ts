// `npm start`: the sandbox on its default ports (state in .sandbox-data.json), a fresh build of the extension
// (its build-time defaults point at that sandbox), and Chromium with the extension loaded —
// headed when a display exists, else headless.
//
//   npm start                                   interactive; Ctrl+C stops everything
//   npm start -- --headless --screenshots DIR   links the first account, writes PNGs of the popup (400×600)
//                                               and the options page (1280×800), light and dark, then exits
//   options: --data FILE (default .sandbox-data.json), --profile DIR (keep the browser profile), --headless
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { startSandbox } from '../sandbox/server.ts';
import { CHROME_PATH, extensionArgs } from './chromium.ts';

const { values } = parseArgs({
  options: {
    headless: { type: 'boolean' },
    screenshots: { type: 'string' },
    data: { type: 'string', default: '.sandbox-data.json' },
    profile: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

if (values.help) {
  console.log(`Usage: npm start -- [--headless] [--screenshots DIR] [--data FILE] [--profile DIR]`);
  process.exit(0);
}

const root = resolve(import.meta.dirname, '..');
const hasDisplay = Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
const headless = values.headless === true || values.screenshots !== undefined || !hasDisplay;
const AUTH_TIMEOUT_MS = 20_000;

function step(text: string) {
  console.log(`▸ ${text}`);
}

step('starting the sandbox on 127.0.0.1:8787 (API) and localhost:8788 (authorize page)');
const sandbox = await startSandbox({ port: 8787, authPort: 8788, dataFile: values.data }).catch((error: unknown) => {
  console.error(`The sandbox could not start (${(error as Error).message}). Is another one running on 8787/8788?`);
  process.exit(1);
});

step('building the extension (wxt build)');
execFileSync(process.execPath, [join(root, 'node_modules/wxt/bin/wxt.mjs'), 'build'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    // The build-time defaults of the Connection section: the sandbox just started.
    LISTINGS_DESK_ENVIRONMENT: 'sandbox',
    LISTINGS_DESK_API_URL: sandbox.apiUrl,
    LISTINGS_DESK_AUTH_URL: sandbox.authUrl,
    LISTINGS_DESK_CLIENT_ID: sandbox.clientId,
  },
});
const extensionDir = join(root, '.output', 'chrome-mv3');

const profileDir = values.profile ? resolve(values.profile) : mkdtempSync(join(tmpdir(), 'listings-desk-start-'));
step(`launching Chromium (${headless ? 'headless' : 'headed'}) from ${CHROME_PATH}`);
const context = await chromium.launchPersistentContext(profileDir, {
  executablePath: CHROME_PATH,
  headless,
  viewport: null,
  args: extensionArgs(extensionDir),
});
const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
const extensionId = new URL(worker.url()).host;
const extensionUrl = (path: string) => `chrome-extension://${extensionId}/${path}`;

let closing = false;
async function shutdown(code: number): Promise<never> {
  if (!closing) {
    closing = true;
    await context.close().catch(() => undefined);
    await sandbox.close().catch(() => undefined);
    if (!values.profile) rmSync(profileDir, { recursive: true, force: true });
  }
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

async function openPage(path: string, width: number, height: number): Promise<Page> {
  const page = await context.newPage();
  await page.setViewportSize({ width, height });
  await page.goto(extensionUrl(path));
  return page;
}

/** Link account → the sandbox's authorize page → Allow, as a person would. */
async function linkFirstAccount(ctx: BrowserContext, popup: Page): Promise<void> {
  const authPage = ctx.waitForEvent('page', {
    timeout: AUTH_TIMEOUT_MS,
    predicate: (page) => !page.url().startsWith('chrome-extension://'),
  });
  await popup.getByRole('button', { name: 'Link account' }).click();
  const auth = await authPage;
  await auth.waitForURL((url) => url.pathname === '/oauth2/authorize', { timeout: AUTH_TIMEOUT_MS });
  await auth.locator('select[name="account_id"]').selectOption('1001');
  await auth.getByRole('button', { name: 'Allow' }).click();
  await popup.getByTestId('linked-confirmation').waitFor({ timeout: AUTH_TIMEOUT_MS });
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // Lets signals render and the popup's first requests answer.
  await page.waitForTimeout(600);
}

async function screenshots(dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const popup = await openPage('popup.html', 400, 600);
  const accounts = (await popup.evaluate(() =>
    (
      globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }
    ).chrome.runtime.sendMessage({
      desk: 'request',
      type: 'accounts.list',
      input: {},
    }),
  )) as { ok: boolean; value?: { accounts: unknown[] } };
  const written: string[] = [];
  if (!accounts.value?.accounts.length) {
    // The state a new user meets first: nothing linked yet.
    for (const scheme of ['light', 'dark'] as const) {
      await popup.emulateMedia({ colorScheme: scheme });
      await settle(popup);
      const file = join(dir, `popup-empty-${scheme}.png`);
      await popup.screenshot({ path: file });
      written.push(file);
    }
    await popup.emulateMedia({ colorScheme: 'light' });
    step('linking the first account (Harbor Bakery Group) through the sandbox');
    await linkFirstAccount(context, popup);
  }
  for (const scheme of ['light', 'dark'] as const) {
    const shots: [string, string, number, number][] = [
      ['popup', 'popup.html', 400, 600],
      ['options', 'options.html#accounts', 1280, 800],
      ['options-connection', 'options.html#connection', 1280, 800],
    ];
    for (const [name, path, width, height] of shots) {
      const page = await context.newPage();
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height });
      await page.goto(extensionUrl(path));
      await settle(page);
      const file = join(dir, `${name}-${scheme}.png`);
      await page.screenshot({ path: file });
      written.push(file);
      await page.close();
    }
  }
  for (const file of written) console.log(`  wrote ${file}`);
}

try {
  if (values.screenshots !== undefined) {
    await screenshots(resolve(values.screenshots));
    await shutdown(0);
  }
  await openPage('options.html#accounts', 1280, 800);
  console.log(`
Listings Desk is running.
  extension id   ${extensionId}
  redirect URI   https://${extensionId}.chromiumapp.org/oauth2
  sandbox API    ${sandbox.apiUrl}      (control API: ${sandbox.apiUrl}/__sandbox/state)
  authorize page ${sandbox.authUrl}/oauth2/authorize
  options page   ${extensionUrl('options.html')}
  popup          ${extensionUrl('popup.html')}
${headless ? 'No display found, so Chromium runs headless. ' : ''}Press Ctrl+C to stop.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await shutdown(1);
}
