// The embedded panel from the browser's first second (issue 32), in real Chromium: a CRM page loaded as the
// browser starts, before the worker has run, gets the panel; a tab that was already open on the site when its
// registration came gets it too, once (it stayed without until reloaded).
import { expect, test } from 'vitest';
import { panelDesk, poll } from './embedded-panel-helpers.ts';
import { restartBrowser } from './worker-stop.ts';

const { desk, crm, locationsWithSuggestions, addSiteThroughOptions } = panelDesk();

const panels = (page: import('playwright-core').Page) => page.locator('listings-desk-panel');

test('a CRM page opened as the browser starts gets the panel, once', async () => {
  await desk.link('1001');
  await addSiteThroughOptions();
  const [location] = await locationsWithSuggestions();
  const again = await restartBrowser(desk);
  try {
    // At once: no wait for the worker, as a tab the browser restores or a link clicked in the first second.
    const page = again.pages()[0] ?? (await again.newPage());
    await page.goto(`${crm()}/customers/${location!.id}`);
    await poll(() => panels(page).count(), { timeout: 20_000 }).toBe(1);
    // Not twice: a registration that came after the tab and a script sent to it make one panel.
    await expect.poll(async () => panels(page).count(), { timeout: 3_000 }).toBe(1);
    await page.reload();
    await poll(() => panels(page).count(), { timeout: 20_000 }).toBe(1);
  } finally {
    await again.close();
  }
}, 120_000);
