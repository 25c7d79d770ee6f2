// Reflow (WCAG 1.4.10, issue 25): every options section, tab and Provisioning view fits 320 CSS px without the
// page scrolling sideways (the listings grid may scroll inside its own box), and Provisioning fits 640 px
// (200 % zoom of a 1280 px window). LISTINGS_DESK_SHOTS=DIR keeps a PNG of each, light and dark.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { deskForFile } from './fixture.ts';
import { linkFresh } from './listings-workspace-helpers.ts';

const SHOTS_DIR = process.env.LISTINGS_DESK_SHOTS;

const desk = deskForFile({ reset: 'once', afterReset: linkFresh });

/** The page's width beyond the viewport's, in CSS px, and the widest element sticking out (for the message). */
async function overflow(page: Page): Promise<{ by: number; widest: string }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    let widest = '';
    let right = width;
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const box = el.getBoundingClientRect();
      // Inside a box that scrolls by itself (the listings grid, a wide table) is not the page scrolling.
      if (box.right > right + 0.5 && !el.closest('.lw-scroll, .ui-table-scroll')) {
        right = box.right;
        widest = `${el.tagName.toLowerCase()}.${el.className} in ${el.parentElement?.tagName.toLowerCase()}.${el.parentElement?.className}`;
      }
    }
    return { by: document.documentElement.scrollWidth - width, widest };
  });
}

const SECTIONS: [hash: string, ready: (page: Page) => Promise<unknown>][] = [
  ['connection', (p) => p.getByRole('heading', { name: 'Connection', level: 1 }).waitFor()],
  [
    'accounts',
    (p) =>
      p
        .getByRole('button', { name: /unlink/i })
        .first()
        .waitFor(),
  ],
  [
    'inbox',
    (p) =>
      p
        .getByRole('status')
        .filter({ hasText: /[1-9][\d,]* of [\d,]+ waiting suggestions match/ })
        .waitFor(),
  ],
  ['inbox?tab=history', (p) => p.getByRole('table').first().waitFor({ timeout: 30_000 })],
  ['listings', (p) => p.locator('.lw-load__note', { hasText: 'fetched' }).waitFor({ timeout: 60_000 })],
  ['listings?tab=publishers', (p) => p.getByRole('tabpanel').getByRole('table').first().waitFor()],
  ['users', (p) => p.getByRole('table', { name: 'Users' }).waitFor()],
  ...['add', 'new', 'services', 'catalog', 'tracker'].map(
    (view) =>
      [`provisioning?view=${view}`, (p: Page) => p.getByRole('tab', { name: /Add to locations/ }).waitFor()] as [
        string,
        (page: Page) => Promise<unknown>,
      ],
  ),
  ['embedded-panel', (p) => p.getByLabel('Site', { exact: true }).waitFor()],
  ['preferences', (p) => p.getByRole('checkbox', { name: /^Single-key shortcuts/ }).waitFor()],
];

test('every options section fits 320 CSS px without scrolling sideways', async () => {
  const page = await desk.openOptions();
  await page.setViewportSize({ width: 320, height: 640 });
  const wide: string[] = [];
  for (const [hash, ready] of SECTIONS) {
    await page.goto(desk.url(`options.html#${hash}`));
    await ready(page);
    // Tables and lists fill in after the heading: let the page settle before measuring.
    await page.waitForLoadState('networkidle').catch(() => undefined);
    const { by, widest } = await overflow(page);
    if (by > 0) wide.push(`#${hash}: ${by} px too wide (${widest})`);
    if (SHOTS_DIR) {
      mkdirSync(SHOTS_DIR, { recursive: true });
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({
          path: join(SHOTS_DIR, `reflow-320-${hash.replace(/\W+/g, '-')}-${scheme}.png`),
          fullPage: true,
        });
      }
      await page.emulateMedia({ colorScheme: 'light' });
    }
  }
  expect(wide).toEqual([]);
}, 180_000);

test('Provisioning fits 640 CSS px (200 % zoom)', async () => {
  const page = await desk.openOptions();
  await page.setViewportSize({ width: 640, height: 800 });
  const wide: string[] = [];
  for (const view of ['add', 'new', 'services', 'catalog', 'tracker']) {
    await page.goto(desk.url(`options.html#provisioning?view=${view}`));
    await page.getByRole('tab', { name: /Add to locations/ }).waitFor();
    const { by, widest } = await overflow(page);
    if (by > 0) wide.push(`${view}: ${by} px too wide (${widest})`);
  }
  expect(wide).toEqual([]);
}, 90_000);
