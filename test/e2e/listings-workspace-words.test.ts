// What the service sent and said, shown in the user's words, in real Chromium against the sandbox: an
// account without a Listings subscription says why it has no listings (workspace and popup), the
// service's warning about a list shows as a calm note, a refused load reads as a sentence with the code
// small (never the client's "fetchAllListings: HTTP 403 — …"), and a listing without an id is shown.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { deskForFile } from './fixture.ts';
import { LOAD_TIMEOUT_MS, openWorkspace } from './listings-workspace-helpers.ts';

const LISTINGS_PATH = '/v2/accounts/me/powerlistings/listings';
const WHY = /no active Listings subscription or is not a production account/;
/** When set, each screen is also saved as PNG, light and dark, into this folder. */
const SHOTS = process.env.WORDS_SHOTS;

const desk = deskForFile();

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: join(SHOTS, `${name}-${scheme}.png`), fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('an account without a Listings subscription says why it has none, with the service’s warning as a note', async () => {
  // What the service answers without a Listings subscription (the sandbox's sub-account 1102, which
  // cannot be linked on its own): an empty list, here with a warning. Every listings call gets it.
  const warning = { code: 5012, type: 'WARNING', message: 'Listings data for this account is limited' };
  await desk.control.faults({
    method: 'GET',
    path: LISTINGS_PATH,
    status: 200,
    count: 50,
    body: { meta: { uuid: 'u-1', errors: [warning] }, response: { count: 0, listings: [] } },
  });
  await desk.link();
  const page = await openWorkspace(desk);
  const empty = page.getByRole('region', { name: 'The service sent no listings for this account' });
  await empty.waitFor({ timeout: LOAD_TIMEOUT_MS });
  expect(await empty.textContent()).toMatch(WHY);
  const note = page.getByRole('status').filter({ hasText: 'The service sent a note with this list' });
  await note.waitFor();
  expect(await note.textContent()).toContain('code 5012 · warning · “Listings data for this account is limited”');
  expect(await page.getByText('This account has no listings loaded').count()).toBe(0);
  await shoot(page, 'workspace-empty-account');

  const popup = await desk.openPopup();
  const health = popup.getByRole('region', { name: 'Listings' });
  await expect.poll(() => health.textContent(), { timeout: 15_000 }).toMatch(WHY);
  expect(await health.textContent()).toContain('The service returned no listings for this account.');
  await shoot(popup, 'popup-empty-account');
});

test('a refused load reads as a sentence with the code small, not the client’s operation name', async () => {
  await desk.link();
  await desk.control.faults({
    method: 'GET',
    path: LISTINGS_PATH,
    status: 403,
    // Every listings call is refused: the health summary's counts ask for listings too, and a single
    // refusal could land on one of them rather than on the workspace's load.
    count: 100,
    body: {
      meta: { uuid: 'u-2', errors: [{ code: 2005, type: 'FATAL_ERROR', message: 'Insufficient privileges' }] },
      response: {},
    },
  });
  const page = await openWorkspace(desk);
  const alert = page.getByRole('alert').filter({ hasText: 'Listings could not be loaded' }).first();
  await alert.waitFor({ timeout: LOAD_TIMEOUT_MS });
  const text = (await alert.textContent()) ?? '';
  expect(text).toContain('This account is not allowed to do this at the service');
  expect(text).toContain('code 2005 · HTTP 403 · “Insufficient privileges”');
  expect(text).not.toMatch(/fetchAllListings|listListings|HTTP 403 —/);
  await shoot(page, 'workspace-refused');
});

test('a listing the service sent without an id shows, with its status details, and can be selected', async () => {
  const unlocated = {
    locationId: 'HB-002',
    publisherId: 'BING',
    status: 'UNAVAILABLE',
    statusDetails: [{ code: 'ADDRESS', type: 'UNAVAILABLE_REASON', message: 'unable to locate your address' }],
  };
  const known = { id: 'YELP-HB-001', locationId: 'HB-001', publisherId: 'YELP', status: 'LIVE' };
  await desk.control.faults({
    method: 'GET',
    path: LISTINGS_PATH,
    status: 200,
    count: 50,
    body: { meta: { uuid: 'u-3', errors: [] }, response: { count: 2, listings: [known, unlocated] } },
  });
  await desk.link();
  const page = await openWorkspace(desk);
  const rows = page.locator('table.lw-grid tr[data-key]');
  await expect.poll(() => rows.count(), { timeout: LOAD_TIMEOUT_MS }).toBe(2);
  const row = page.locator('tr[data-key="@HB-002/BING"]');
  expect(await row.textContent()).toContain('unable to locate your address');
  await row.getByRole('checkbox').click();
  await page.getByText('1 selected').waitFor();
  expect(await row.getAttribute('aria-selected')).toBe('true');
  await shoot(page, 'workspace-listing-without-id');
});
