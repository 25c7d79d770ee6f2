// `npm start -- --screenshots DIR`: the popup, every section of the options page and the embedded panel over
// the demo CRM, light and dark.
// Sections are read from the options page's own navigation, so a section added later is captured too.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { requestMessage } from '../../lib/messaging/protocol/envelope.ts';
import { panelPictures } from './screenshots-panel.ts';

const AUTH_TIMEOUT_MS = 20_000;

async function settle(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // Lets signals render and the first requests answer.
  await page.waitForTimeout(600);
}

/** Link account → the sandbox's authorize page → Allow, as a person would. */
async function linkFirstAccount(context: BrowserContext, popup: Page): Promise<void> {
  const authPage = context.waitForEvent('page', {
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

async function linkedAccountCount(page: Page): Promise<number> {
  const reply = (await page.evaluate(
    (message) =>
      (
        globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }
      ).chrome.runtime.sendMessage(message),
    requestMessage('accounts.list', {}),
  )) as { value?: { accounts: unknown[] } };
  return reply.value?.accounts.length ?? 0;
}

/** The section ids in the options page's navigation (#connection, #accounts, …). */
async function optionsSections(context: BrowserContext, url: (path: string) => string): Promise<string[]> {
  const page = await context.newPage();
  await page.goto(url('options.html'));
  const links = page.locator('nav[aria-label="Sections"] a');
  await links.first().waitFor();
  const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  await page.close();
  return hrefs.map((href) => href.replace(/^#/, '')).filter(Boolean);
}

async function shoot(context: BrowserContext, url: string, size: [number, number], scheme: string, file: string) {
  const page = await context.newPage();
  await page.emulateMedia({ colorScheme: scheme as 'light' | 'dark' });
  await page.setViewportSize({ width: size[0], height: size[1] });
  await page.goto(url);
  await settle(page);
  await page.screenshot({ path: file });
  await page.close();
}

export async function takeScreenshots(
  context: BrowserContext,
  url: (path: string) => string,
  dir: string,
  step: (text: string) => void,
  crmUrl = '',
): Promise<string[]> {
  mkdirSync(dir, { recursive: true });
  const written: string[] = [];
  const popup = await context.newPage();
  await popup.setViewportSize({ width: 400, height: 600 });
  await popup.goto(url('popup.html'));
  if ((await linkedAccountCount(popup)) === 0) {
    // The state a new user meets first: nothing linked yet.
    for (const scheme of ['light', 'dark']) {
      const file = join(dir, `popup-empty-${scheme}.png`);
      await shoot(context, url('popup.html'), [400, 600], scheme, file);
      written.push(file);
    }
    step('linking the first account (Harbor Bakery Group) through the sandbox');
    await linkFirstAccount(context, popup);
  }
  await popup.close();
  const sections = await optionsSections(context, url);
  for (const scheme of ['light', 'dark']) {
    const file = join(dir, `popup-${scheme}.png`);
    await shoot(context, url('popup.html'), [400, 600], scheme, file);
    written.push(file);
    for (const section of sections) {
      const sectionFile = join(dir, `options-${section}-${scheme}.png`);
      await shoot(context, url(`options.html#${section}`), [1280, 800], scheme, sectionFile);
      written.push(sectionFile);
    }
  }
  if (crmUrl) {
    step(`opening the embedded panel over the demo CRM ${crmUrl}`);
    written.push(...(await panelPictures(context, url, crmUrl, dir)));
  }
  written.push(...(await readmePictures(context, url, dir)));
  return written;
}

/**
 * The README's two pictures (light): the popup's triage list and the listings workspace with the account's
 * listings loaded. `npm run readme-screenshots` copies them to docs/, so the README shows the current build.
 */
async function readmePictures(context: BrowserContext, url: (path: string) => string, dir: string) {
  const popupFile = join(dir, 'readme-popup-triage.png');
  await shoot(context, url('popup.html'), [400, 600], 'light', popupFile);
  const page = await context.newPage();
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(url('options.html#listings'));
  const load = page.getByRole('button', { name: 'Load all listings' });
  if (await load.isVisible({ timeout: 10_000 }).catch(() => false)) await load.click();
  // Done when the fetch has finished (the button turns into Refresh) and rows are drawn.
  await page.getByRole('button', { name: 'Refresh' }).waitFor({ timeout: 60_000 });
  await page.getByRole('grid').getByRole('row').nth(5).waitFor({ timeout: 30_000 });
  await settle(page);
  const workspaceFile = join(dir, 'readme-listings-workspace.png');
  await page.screenshot({ path: workspaceFile });
  await page.close();
  return [popupFile, workspaceFile];
}
