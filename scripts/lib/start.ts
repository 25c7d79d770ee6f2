// `npm start`: the sandbox (state in .sandbox-data.json), a fresh build of the extension whose defaults point
// at that sandbox, and Chromium with the extension loaded: headed when a display exists, else headless.
// playwright-core, the sandbox's server and the screenshots are imported when needed: loading them took
// seconds on a busy machine before a bad option was even answered, and playwright-core loads during the build.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  accountsOption,
  busyPortMessage,
  checkDataFile,
  folderProblem,
  parseCli,
  sandboxPorts,
  UsageError,
} from '../../sandbox/cli-support.ts';
import type { RunningSandbox } from '../../sandbox/server.ts';
import { CHROME_PATH, chromiumProblem, extensionArgs } from './chromium.ts';

const USAGE = `Usage: npm start -- [options]
  --screenshots DIR  link the first sandbox account, write PNGs of the popup, every options section and
                     the embedded panel over the demo CRM (light and dark) to DIR, then exit
  --headless         no browser window even when a display exists
  --port N           sandbox API port (default 8787; 0 = a free port, and free ones for the two below too)
  --auth-port N      sandbox authorize-page port (default 8788, 0 = free port)
  --crm-port N       the demo CRM the embedded panel opens on (default 8789, 0 = free port)
  --data FILE        sandbox state file (default .sandbox-data.json)
  --reset-data       move the state file aside (to FILE.old) and start from the seed
  --profile DIR      keep the browser profile in DIR
  --accounts N       customer accounts the authorize page offers to link (default 5, 2 to 50)
  --long-names       every account, location, publisher and user name 60 characters long`;

function fail(error: unknown): never {
  if (!(error instanceof UsageError)) throw error;
  console.error(`npm start: ${error.message}`);
  if (error.showUsage) console.error(USAGE);
  process.exit(2);
}

function checkChromium(): void {
  const problem = chromiumProblem();
  if (problem) throw new UsageError(problem);
}

function step(text: string) {
  console.log(`▸ ${text}`);
}

const root = resolve(import.meta.dirname, '../..');

async function startDesk() {
  const values = parseCli(
    {
      headless: { type: 'boolean' },
      screenshots: { type: 'string' },
      port: { type: 'string' },
      'auth-port': { type: 'string' },
      'crm-port': { type: 'string' },
      data: { type: 'string', default: '.sandbox-data.json' },
      'reset-data': { type: 'boolean' },
      profile: { type: 'string' },
      accounts: { type: 'string' },
      'long-names': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    process.argv.slice(2),
  );
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const ports = sandboxPorts(values);
  const [port, authPort, crmPort] = ports.map((p) => p.port) as [number, number, number];
  for (const [option, path] of [
    ['--screenshots', values.screenshots],
    ['--profile', values.profile],
  ] as const) {
    const problem = path === undefined ? undefined : folderProblem(resolve(path), option);
    if (problem) throw new UsageError(problem);
  }
  checkDataFile(values.data, values['reset-data'] === true, '`npm start -- --reset-data`');
  const accounts = accountsOption(values.accounts);
  // Before anything starts or builds: without a browser there is nothing to open the extension in.
  checkChromium();
  step(`starting the sandbox (state in ${values.data})`);
  let sandbox: RunningSandbox;
  try {
    const { startSandbox } = await import('../../sandbox/server.ts');
    sandbox = await startSandbox({
      port,
      authPort,
      crmPort,
      dataFile: values.data,
      longNames: values['long-names'] === true,
      ...(accounts === undefined ? {} : { accounts }),
    });
  } catch (error) {
    const busy = busyPortMessage(error, ports, 'npm start', process.argv.slice(2));
    throw busy ? new UsageError(busy) : error;
  }
  // The ports it listens on, which differ from the ones asked for when those were 0.
  step(`sandbox ready: API ${sandbox.apiUrl}, authorize page ${sandbox.authUrl}, demo CRM ${sandbox.crmUrl}`);
  return { values, sandbox };
}

const { values, sandbox } = await startDesk().catch(fail);
const hasDisplay = Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
const headless = values.headless === true || values.screenshots !== undefined || !hasDisplay;

// Loaded while the build runs (a child process, awaited: this process is free meanwhile).
const playwright = import('playwright-core');
playwright.catch(() => undefined);
step('building the extension (wxt build)');
await new Promise<void>((done, failed) => {
  const build = spawn(process.execPath, [join(root, 'node_modules/wxt/bin/wxt.mjs'), 'build'], {
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
  build.once('error', failed);
  build.once('exit', (code, signal) =>
    code === 0 ? done() : failed(new Error(`wxt build failed (${signal ?? `exit code ${code}`}).`)),
  );
}).catch(async (error: unknown) => {
  console.error(`npm start: ${error instanceof Error ? error.message : error} Its output is above.`);
  await sandbox.close().catch(() => undefined);
  process.exit(1);
});
const extensionDir = join(root, '.output', 'chrome-mv3');

const profileDir = values.profile ? resolve(values.profile) : mkdtempSync(join(tmpdir(), 'listings-desk-start-'));
step(`launching Chromium (${headless ? 'headless' : 'headed'}) from ${CHROME_PATH}`);
const { chromium } = await playwright;
const context = await chromium
  .launchPersistentContext(profileDir, {
    executablePath: CHROME_PATH,
    headless,
    viewport: null,
    args: extensionArgs(extensionDir),
    // Our own handlers below close the browser, then the sandbox (state written), then the profile; Playwright's
    // would close the browser and exit 130 before them.
    handleSIGINT: false,
    handleSIGTERM: false,
  })
  .catch(async (error: unknown) => {
    // Playwright's own error is a page of call log; its first line says what the browser reported.
    const first = (error instanceof Error ? error.message : String(error)).split('\n')[0]!.replace(/^.*?: /, '');
    console.error(
      `npm start: Chromium (${CHROME_PATH}) did not start: ${first}. Check that it runs on its own (${CHROME_PATH} --version), or set CHROME_PATH to another Chromium or Chrome.`,
    );
    await sandbox.close().catch(() => undefined);
    process.exit(1);
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

try {
  if (values.screenshots !== undefined) {
    const { takeScreenshots } = await import('./screenshots.ts');
    const written = await takeScreenshots(context, extensionUrl, resolve(values.screenshots), step, sandbox.crmUrl);
    for (const file of written) console.log(`  wrote ${file}`);
    await shutdown(0);
  }
  const page = await context.newPage();
  await page.goto(extensionUrl('options.html#accounts'));
  if (sandbox.crmUrl) {
    // The demo CRM is an allowed site from the start (a development build already holds loopback access),
    // so a newcomer who links an account sees the panel on its record pages.
    step(`adding the demo CRM ${sandbox.crmUrl} as an embedded-panel site and opening it`);
    const reply = (await page.evaluate(
      (origin) =>
        (
          globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }
        ).chrome.runtime.sendMessage({ desk: 'request', type: 'panel.sites.add', input: { origin } }),
      sandbox.crmUrl,
    )) as { ok: boolean; error?: { message: string } };
    if (!reply.ok) console.error(`  could not add the demo CRM: ${reply.error?.message}`);
    const crmPage = await context.newPage();
    await crmPage.goto(sandbox.crmUrl);
    await page.bringToFront();
  }
  const addresses = `  sandbox API    ${sandbox.apiUrl}      (its state: ${sandbox.apiUrl}/__sandbox/state)
  authorize page ${sandbox.authUrl}/oauth2/authorize
  demo CRM       ${sandbox.crmUrl}/  (the embedded panel is on; link an account, open a customer, click “Listings Desk”)
  api_key        ${sandbox.apiKey}, client_id ${sandbox.clientId}`;
  if (headless) {
    console.log(`
Listings Desk is running, but headless: ${values.headless ? 'you asked for no window' : 'no display was found (DISPLAY is not set)'}, so there is no browser window to use.
What you can do instead:
  - see it: stop this (Ctrl+C) and run \`npm start -- --screenshots screenshots\`, which writes PNGs of the popup
    and every options section, light and dark, then exits;
  - use the sandbox from here while this runs (curl examples in README.md, "The sandbox"):
${addresses}
  - on a machine with a display, \`npm start\` opens Chromium with the extension.
Press Ctrl+C to stop.`);
  } else {
    console.log(`
Listings Desk is running in the Chromium window.
  extension id   ${extensionId}
  redirect URI   https://${extensionId}.chromiumapp.org/oauth2
${addresses}
  options page   ${extensionUrl('options.html')}
  popup          ${extensionUrl('popup.html')}
Press Ctrl+C to stop.`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await shutdown(1);
}
