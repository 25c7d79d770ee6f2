// The sandbox stops while the extension is open (issue 26, "screens that never mislead"): no screen claims
// freshness, emptiness or progress it does not have, and queued decisions say they are queued.
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { shoot } from './axe.ts';
import { deskForFile, launchDesk } from './fixture.ts';

const desk = deskForFile({ reset: 'never' });

const rows = (page: Page) => page.getByRole('feed').getByRole('article');

test('popup, service stopped: the header says when it was updated and that the service cannot be reached; decisions say they are queued', async () => {
  await desk.reset();
  await desk.link('1003');
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
  // Reopened with two accounts: the header says the service is away, at most one notice, in words: no "network", no
  // "needs-relink", no "sending in 0 s" (the window is over and nothing is counted down).
  await popup.reload();
  await rows(popup).first().waitFor({ timeout: 30_000 });
  await expect
    .poll(() => popup.locator('.st-listhead__fresh').textContent(), { timeout: 20_000 })
    .toContain('the service can’t be reached');
  expect(await popup.locator('.ui-notice').count()).toBeLessThanOrEqual(1);
  const text = (await popup.locator('body').textContent()) ?? '';
  expect(text).not.toMatch(/\bnetwork\b|needs-relink|sending in 0 s/);
  const notices = await popup
    .locator('.ui-notice')
    .evaluateAll((boxes) => boxes.reduce((sum, box) => sum + box.getBoundingClientRect().height, 0));
  expect(notices / (await popup.evaluate(() => innerHeight))).toBeLessThan(0.3);
  await shoot(popup, 'popup-offline', { fullPage: true });
  await popup.setViewportSize({ width: 320, height: 600 });
  await shoot(popup, 'popup-offline-320', { fullPage: true });
});

test('options, service stopped: Users, Listings and Provisioning say what failed, never "no roles", "not loaded yet" or "Loading…"', async () => {
  const offline = await launchDesk();
  try {
    await offline.reset();
    await offline.link();
    await offline.sandbox.close();
    const page = await offline.openOptions();
    const banner = page.getByRole('alert').filter({ hasText: 'The listings service cannot be reached' });

    // Users: the roles were never fetched, so the panel does not say the account has none.
    await page.goto(offline.url('options.html#users'));
    const usersFailed = page.getByRole('alert').filter({ hasText: 'Users and roles could not be loaded' });
    await usersFailed.waitFor({ timeout: 30_000 });
    const roles = page.getByRole('region', { name: 'Roles' });
    await expect.poll(() => roles.textContent()).toContain('The roles could not be loaded');
    expect(await page.textContent('body')).not.toMatch(/has no roles|0 users/);
    expect(await usersFailed.getByRole('button', { name: 'Retry' }).isVisible()).toBe(true);
    await banner.waitFor({ timeout: 30_000 });
    await shoot(page, 'users-offline', { fullPage: true });

    // Listings: the load failed, and the empty table says so and why, once the client's own retries of the
    // first page (~5 s) are spent: no page retries on top (they made it 51 s).
    await page.goto(offline.url('options.html#listings'));
    const empty = page.getByText('No listings shown: the load failed');
    await empty.waitFor({ timeout: 20_000 });
    expect(await page.textContent('body')).toMatch(/No listings shown: the load failed\s*Listings Desk couldn’t reach/);
    expect(await page.textContent('body')).not.toContain('not loaded yet');
    await shoot(page, 'listings-offline', { fullPage: true });

    // Provisioning: the accounts list failed; it says so and offers Retry instead of "Loading accounts…".
    await page.goto(offline.url('options.html#provisioning'));
    const accountsFailed = page.getByRole('alert').filter({ hasText: 'Could not load the accounts' });
    await accountsFailed.waitFor({ timeout: 60_000 });
    await expect.poll(() => page.getByText('Loading accounts…').count(), { timeout: 10_000 }).toBe(0);
    const retry = accountsFailed.getByRole('button', { name: 'Retry' });
    await retry.click();
    // Asked again (busy), then answered with the same failure: still no "Loading accounts…".
    await expect.poll(() => retry.getAttribute('aria-busy'), { timeout: 10_000 }).toBe('true');
    await expect.poll(() => retry.getAttribute('aria-busy'), { timeout: 60_000 }).toBe(null);
    expect(await accountsFailed.isVisible()).toBe(true);
    expect(await page.getByText('Loading accounts…').count()).toBe(0);
    await shoot(page, 'provisioning-offline', { fullPage: true });
  } finally {
    await offline.close();
  }
}, 240_000);
