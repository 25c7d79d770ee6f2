// The sandbox stops while the extension is open (issue 26, "screens that never mislead"): no screen claims
// freshness, emptiness or progress it does not have, and queued decisions say they are queued.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Desk, launchDesk } from './fixture.ts';

/** Set to a folder to keep the screens these tests pass through (light and dark), for a person to look at. */
const SHOTS = process.env.LISTINGS_DESK_SHOTS;

async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: `${SHOTS}/${name}-${colorScheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: null });
}

let desk: Desk;

beforeAll(async () => {
  desk = await launchDesk();
});
afterAll(async () => {
  await desk?.close();
});

const rows = (page: Page) => page.getByRole('feed').getByRole('article');

test('popup, service stopped: the header says when it was updated and that the service cannot be reached; decisions say they are queued', async () => {
  await desk.reset();
  await desk.link();
  await desk.setUndoWindow(500);
  const popup = await desk.openPopup();
  await rows(popup).first().waitFor({ timeout: 30_000 });
  const fresh = popup.locator('.st-listhead__fresh');
  await expect.poll(() => fresh.textContent(), { timeout: 20_000 }).toContain('Updated');

  await desk.sandbox.close();
  const row = rows(popup).first();
  await row.getByRole('button', { name: 'Accept' }).click();
  const bar = popup.getByRole('region', { name: 'Decision pending' });
  // The PUT found no service: the row and the bar say the decision is queued, with no countdown.
  await expect
    .poll(() => row.textContent(), { timeout: 30_000 })
    .toContain('Queued: the service can’t be reached; Listings Desk keeps trying.');
  expect(await row.textContent()).not.toMatch(/try again in \d/);
  await expect.poll(() => bar.textContent(), { timeout: 10_000 }).toContain('Queued: the service can’t be reached');
  expect(await bar.textContent()).not.toMatch(/sending in|try again in \d/);
  // "Updated …" keeps when the list came, and says the service cannot be reached now.
  await expect
    .poll(() => fresh.textContent(), { timeout: 10_000 })
    .toMatch(/^Updated .+; the service can’t be reached$/);
  await shoot(popup, 'popup-offline');
});
