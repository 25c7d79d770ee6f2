// The toolbar badge after a browser restart (issue 32), in real Chromium: the worker draws it from the counts it
// kept as soon as the browser starts, before any page of the extension is opened (it stayed blank until then).
import { type BrowserContext, chromium } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { extensionArgs } from '../../scripts/lib/chromium.ts';
import { CHROME_PATH, deskForFile } from './fixture.ts';
import { stopWorkerWithNoPageOpen } from './worker-stop.ts';

const desk = deskForFile({});

type BadgeChrome = { chrome: { action: { getBadgeText(d: object): Promise<string> } } };

test('after a restart the badge shows the waiting count before any extension page opens', async () => {
  await desk.link('1001');
  await desk.link('1002');
  await desk.link('1003');
  const badge = () =>
    desk.serviceWorker.evaluate(() => (globalThis as unknown as BadgeChrome).chrome.action.getBadgeText({}));
  await expect.poll(badge, { timeout: 20_000 }).toMatch(/^[1-9]\d*$/);
  const before = await badge();

  await stopWorkerWithNoPageOpen(desk.context);
  await desk.closeBrowser();
  const again: BrowserContext = await chromium.launchPersistentContext(desk.profileDir, {
    executablePath: CHROME_PATH,
    headless: true,
    args: extensionArgs(inject('extensionDir')),
  });
  try {
    const worker = again.serviceWorkers()[0] ?? (await again.waitForEvent('serviceworker', { timeout: 20_000 }));
    // No extension page is open: only the worker's start can have drawn it.
    expect(again.pages().filter((p) => p.url().startsWith('chrome-extension://'))).toEqual([]);
    await expect
      .poll(() => worker.evaluate(() => (globalThis as unknown as BadgeChrome).chrome.action.getBadgeText({})), {
        timeout: 15_000,
      })
      .toBe(before);
  } finally {
    await again.close();
  }
}, 120_000);
