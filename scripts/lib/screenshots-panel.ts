// `npm start -- --screenshots DIR`: the embedded panel over the sandbox's demo CRM, light and dark, opened
// as a person opens it: the CRM's customer list, a Harbor Bakery record, the launcher at the page's edge.
import { join } from 'node:path';
import type { BrowserContext, Frame, Page } from 'playwright-core';
import { requestMessage } from '../../lib/messaging/protocol/envelope.ts';

const SIZE = { width: 1280, height: 800 };
const WAIT_MS = 30_000;

/** Adds the demo CRM as an embedded-panel site, as the options page's Add site does (the worker checks it). */
async function addCrmSite(context: BrowserContext, url: (path: string) => string, crmUrl: string): Promise<void> {
  const page = await context.newPage();
  await page.goto(url('options.html#embedded-panel'));
  const reply = (await page.evaluate(
    (message) =>
      (
        globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }
      ).chrome.runtime.sendMessage(message),
    requestMessage('panel.sites.add', { origin: crmUrl }),
  )) as { ok: boolean; error?: { message: string } };
  await page.close();
  if (!reply.ok) {
    throw new Error(`Could not add the demo CRM as a panel site: ${reply.error?.message}`);
  }
}

const isPanel = (frame: Frame) => frame.url().includes('/panel.html');

/** The panel's frame once `open` has run: awaited from before it runs, so its navigation cannot slip past. */
async function openPanel(page: Page, open: () => Promise<void>): Promise<Frame> {
  const navigated = page.waitForEvent('framenavigated', { predicate: isPanel, timeout: WAIT_MS });
  navigated.catch(() => undefined);
  await open();
  return page.frames().find(isPanel) ?? (await navigated);
}

/** One record of the linked account, its panel open on the location's listings; then a PNG. */
async function shootPanel(context: BrowserContext, crmUrl: string, scheme: 'light' | 'dark', file: string) {
  const page = await context.newPage();
  await page.emulateMedia({ colorScheme: scheme });
  await page.setViewportSize(SIZE);
  await page.goto(`${crmUrl}/`);
  await page.getByRole('row').filter({ hasText: 'Harbor Bakery Group' }).first().getByRole('link').click();
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForSelector('listings-desk-panel', { state: 'attached', timeout: WAIT_MS });
  // The launcher sits in a closed shadow root at the right edge, 40 % down: clicked where a person sees it.
  const panel = await openPanel(page, () => page.mouse.click(SIZE.width - 8, SIZE.height * 0.4 + 40));
  const confirm = panel.getByRole('button', { name: /^Yes, this is / });
  const health = panel.getByTestId('panel-health');
  await confirm.or(health).first().waitFor({ timeout: WAIT_MS });
  if (await confirm.isVisible()) await confirm.click();
  await health.waitFor({ timeout: WAIT_MS });
  await panel.locator('tr[data-key]').first().waitFor({ timeout: WAIT_MS });
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.screenshot({ path: file });
  await page.close();
}

export async function panelPictures(
  context: BrowserContext,
  url: (path: string) => string,
  crmUrl: string,
  dir: string,
): Promise<string[]> {
  await addCrmSite(context, url, crmUrl);
  const written: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    const file = join(dir, `panel-${scheme}.png`);
    await shootPanel(context, crmUrl, scheme, file);
    written.push(file);
  }
  return written;
}
