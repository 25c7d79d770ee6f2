// The sandbox and headless Chromium with the built extension, as every browser figure needs them.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { startSandbox } from '../sandbox/server.ts';
import { CHROME_PATH, extensionArgs } from '../scripts/lib/chromium.ts';

export async function launchBenchDesk(extensionDirOption: string | undefined, profilePrefix: string) {
  const extensionDir = resolve(extensionDirOption ?? '.output/chrome-mv3');
  if (!existsSync(join(extensionDir, 'manifest.json'))) throw new Error(`no built extension in ${extensionDir}`);
  const sandbox = await startSandbox({ port: 0, authPort: 0 });
  const profile = mkdtempSync(join(tmpdir(), profilePrefix));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROME_PATH,
    headless: true,
    args: extensionArgs(extensionDir),
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const close = async () => {
    await context.close().catch(() => undefined);
    await sandbox.close().catch(() => undefined);
    rmSync(profile, { recursive: true, force: true });
  };
  return { sandbox, context, worker, extensionId: new URL(worker.url()).host, close };
}
