// Chrome stops an extension's worker once no extension page is open and it has been idle: the browser tests
// stand in for that with every page closed but a blank one and the worker stopped through CDP.
import type { BrowserContext, CDPSession, Page } from 'playwright-core';

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
