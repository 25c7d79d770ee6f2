// Chrome stops an extension's worker once no extension page is open and it has been idle: the browser tests
// stand in for that with every page closed but a blank one and the worker stopped through CDP.
import { type BrowserContext, type CDPSession, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CHROME_PATH, extensionArgs } from '../../scripts/lib/chromium.ts';
import type { Desk } from './fixture.ts';

/** Closes every page but a new blank one, then stops the worker: the blank page and its CDP session. */
export async function stopWorkerWithNoPageOpen(context: BrowserContext): Promise<{ blank: Page; cdp: CDPSession }> {
  const blank = await context.newPage();
  await Promise.all(
    context
      .pages()
      .filter((p) => p !== blank)
      .map((p) => p.close()),
  );
  const cdp = await context.newCDPSession(blank);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  return { blank, cdp };
}

/** The browser closed with its worker stopped, and started again on the same profile (as at a restart). */
export async function restartBrowser(
  desk: Pick<Desk, 'context' | 'closeBrowser' | 'profileDir'>,
): Promise<BrowserContext> {
  await stopWorkerWithNoPageOpen(desk.context);
  await desk.closeBrowser();
  return chromium.launchPersistentContext(desk.profileDir, {
    executablePath: CHROME_PATH,
    headless: true,
    args: extensionArgs(inject('extensionDir')),
  });
}
