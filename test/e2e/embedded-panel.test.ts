// The embedded panel in real Chromium, on the sandbox's demo CRM (its own loopback origin, strict CSP):
// adding the site, the panel naming the record's location with no rule and with a URL rule, following
// client-side navigation, triage from the panel, hiding it on a site, and removing the site (what a
// hostile page cannot do to it: embedded-panel-isolation.test.ts).
// The host permission: a development build requires the loopback hosts (the sandbox API lives there),
// so permissions.request for the CRM resolves at once without a prompt; the Add site path is the product's.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { attackPanel, cspViolations, panelDesk, poll } from './embedded-panel-helpers.ts';

const {
  desk,
  state,
  locationsWithSuggestions,
  listingsOf,
  addSiteThroughOptions,
  openRecord,
  togglePanel,
  panelFrame,
  ruleById,
} = panelDesk();
let crm: string;

beforeAll(() => {
  crm = desk.sandbox.crmUrl;
});

const SHOTS_DIR = process.env.LISTINGS_DESK_SHOTS ?? '/tmp/shots-panel';

/** The hostile seed, account 1001 linked, the CRM added with the rule that reads the id from the address. */
async function hostileSiteById(): Promise<void> {
  await desk.control.reset({ hostile: true });
  await desk.link('1001');
  await addSiteThroughOptions();
  await ruleById();
}

describe('the embedded panel on the demo CRM', () => {
  test('names the record’s location from its text, follows client-side navigation, and lists its listings', async () => {
    await desk.link('1001');
    await addSiteThroughOptions();
    const [first, second] = await locationsWithSuggestions();
    const page = await openRecord(first!.id);
    // The launcher at the page's edge (in a closed shadow root, so by where it is, as a user finds it).
    await page.mouse.click(1280 - 8, 800 * 0.4 + 40);
    const panel = await panelFrame(page);

    await poll(() => panel.getByTestId('panel-proposal').textContent()).toContain(first!.name);
    await poll(() => panel.getByTestId('panel-proposal').textContent()).toContain(first!.id);
    await panel.getByRole('button', { name: `Yes, this is ${first!.name}` }).click();
    await poll(() => panel.getByTestId('panel-health').textContent()).toMatch(/\d+ listings?/);
    await poll(() => panel.getByRole('feed').getByRole('article').count()).toBeGreaterThan(0);

    // The listings workspace's table, filtered to this location: its rows only, by publisher name.
    const expected = await listingsOf(first!.id);
    const table = panel.getByRole('grid', { name: 'Listings of this location' });
    await poll(() => table.getAttribute('aria-rowcount')).toBe(String(expected.count + 1));
    expect(await panel.getByTestId('panel-health').textContent()).toMatch(new RegExp(`^${expected.count} listings?`));
    const shown = await table.locator('tr[data-key] td:first-child').allTextContents();
    expect(shown.length).toBeGreaterThan(0);
    for (const name of shown) expect(expected.publisherNames).toContain(name);
    const heads = await table.locator('th').allTextContents();
    expect(heads.map((h) => h.replace(/[▲▼]/, ''))).toEqual(['Publisher', 'Status', 'Reasons', 'Listing']);
    // By status, descending ("Waiting on …" first): a long label takes a second line, never cut to a tooltip.
    const statusSort = table.locator('th', { hasText: 'Status' });
    await statusSort.getByRole('button').click();
    await statusSort.getByRole('button').click();
    await poll(() => table.locator('tr[data-key] .lw-status').first().textContent()).toMatch(/^Waiting on/);
    const fits = await table
      .locator('tr[data-key] td:has(> .lw-status)')
      .evaluateAll((tds) => tds.map((td) => td.scrollWidth <= td.clientWidth && td.scrollHeight <= td.clientHeight));
    expect(fits.every(Boolean)).toBe(true);
    await poll(() =>
      table.locator('tr[data-key] .lw-status').evaluateAll((ss) => ss.some((s) => s.getClientRects().length === 2)),
    ).toBe(true);

    // "Open in Listings Desk": the worker opens the options page filtered to the location (no link in the partner page).
    const opened = desk.context.waitForEvent('page');
    await panel.getByRole('button', { name: 'Open in Listings Desk' }).click();
    const options = await opened;
    await poll(() => options.url()).toBe(desk.url(`options.html#listings?location=${first!.id}`));
    await options.close();

    // Client-side: the CRM's list, then another record, without a reload.
    await page.getByRole('link', { name: 'Customers' }).click();
    await page.getByRole('link', { name: second!.name, exact: true }).click();
    await poll(() => page.url()).toBe(`${crm}/customers/${second!.id}`);
    await poll(() => panel.getByTestId('panel-location').textContent(), { timeout: 10_000 }).toBe(second!.name);
    // The strict CSP (default-src 'self', no inline styles, frame-src 'self') refused nothing of the panel's.
    expect(cspViolations.get(page)).toEqual([]);
  });

  test('with a URL rule the panel names the location at once; triage from the panel reaches the sandbox', async () => {
    await desk.link('1001');
    await addSiteThroughOptions();
    const reply = await desk.ask('panel.sites.update', {
      origin: crm,
      rule: { kind: 'url', pattern: '/customers/([^/?#]+)', holds: 'id' },
    });
    expect(reply.ok).toBe(true);
    const [location] = await locationsWithSuggestions();
    const page = await openRecord(location!.id);
    await togglePanel(page);
    const panel = await panelFrame(page);
    await poll(() => panel.getByTestId('panel-location').textContent()).toBe(location!.name);
    expect(await panel.getByTestId('panel-proposal').count()).toBe(0);

    const row = panel.getByRole('feed').getByRole('article').first();
    await poll(() => row.count()).toBe(1);
    const rowId = (await row.getAttribute('id'))!.replace(/^suggestion-/, '');
    const before = (await state()).suggestions.find((s) => s.id === rowId)!;
    expect(before.locationId).toBe(location!.id);
    await row.getByRole('button', { name: 'Accept' }).click();
    await poll(async () => (await state()).suggestions.find((s) => s.id === rowId)?.status, { timeout: 15_000 }).toBe(
      'ACCEPTED',
    );
  });

  test('on a long-named location with hostile text the panel’s rows stay inside it, at 380 and 320 px (issue 32)', async () => {
    await hostileSiteById();
    const [location] = (await locationsWithSuggestions()).sort((a, b) => b.name.length - a.name.length);
    const page = await openRecord(location!.id);
    await togglePanel(page);
    const panel = await panelFrame(page);
    const rows = panel.getByRole('feed').getByRole('article');
    await poll(() => rows.count()).toBeGreaterThan(0);
    await poll(() => panel.getByRole('feed').getAttribute('aria-busy')).toBe('false');
    mkdirSync(SHOTS_DIR, { recursive: true });
    for (const width of [1280, 320]) {
      await page.setViewportSize({ width, height: 800 });
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({ path: join(SHOTS_DIR, `panel-long-name-${width}-${scheme}.png`) });
      }
      // Every element of every row inside its row, and nothing wider than the panel's frame.
      const outside = await panel.evaluate(() => {
        const found: string[] = [];
        for (const row of document.querySelectorAll('[role="feed"] article')) {
          const edge = row.getBoundingClientRect();
          for (const el of row.querySelectorAll('*')) {
            const r = el.getBoundingClientRect();
            if (r.width === 0 || el.closest('.visually-hidden')) continue;
            if (r.right > edge.right + 1 || r.left < edge.left - 1)
              found.push(
                `${el.tagName}.${el.className} ${Math.round(r.left)}–${Math.round(r.right)} of ${Math.round(edge.right)}`,
              );
          }
        }
        if (document.documentElement.scrollWidth > innerWidth)
          found.push(`page ${document.documentElement.scrollWidth} px wide`);
        return found;
      });
      expect(outside).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: null });
  });

  test('hostile publisher data in the panel’s table stays text: a javascript: address is no link', async () => {
    await hostileSiteById();
    // The location with a script address among the fewest listings (all its rows fit in the panel's box).
    const s = await state();
    const ofAccount = s.listings.filter((l) => l.accountId === '1001');
    const perLocation = new Map<string, number>();
    for (const l of ofAccount) perLocation.set(l.locationId, (perLocation.get(l.locationId) ?? 0) + 1);
    const hostile = ofAccount
      .filter((l) => /^\s*javascript:/i.test(l.listingUrl))
      .sort((a, b) => perLocation.get(a.locationId)! - perLocation.get(b.locationId)!)[0]!;
    const page = await openRecord(hostile.locationId);
    await togglePanel(page);
    const panel = await panelFrame(page);
    const table = panel.getByRole('grid', { name: 'Listings of this location' });
    await poll(() => table.getAttribute('aria-rowcount')).toBe(String(perLocation.get(hostile.locationId)! + 1));
    await poll(() => table.locator('tbody').textContent()).toContain(hostile.listingUrl.trim());
    const hrefs = await table.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.every((href) => /^https?:\/\//.test(href))).toBe(true);
    expect(await table.locator('img, script, svg, iframe').count()).toBe(0);
  });

  test('hidden on a site: no launcher at the page’s edge, and the shortcut still opens the panel', async () => {
    await desk.link('1001');
    await addSiteThroughOptions();
    const [location] = await locationsWithSuggestions();
    /** What is at the launcher's place (right edge, 40% down): the panel's host element, or the CRM's own page. */
    const atLauncher = (page: Page) =>
      page.evaluate(() => document.elementFromPoint(innerWidth - 8, innerHeight * 0.4 + 40)?.tagName.toLowerCase());

    const shown = await openRecord(location!.id);
    await poll(() => atLauncher(shown)).toBe('listings-desk-panel');
    expect((await desk.ask('panel.sites.update', { origin: crm, hidden: true })).ok).toBe(true);
    await shown.close(); // togglePanel finds the tab by its address
    const hidden = await openRecord(location!.id);
    expect(await atLauncher(hidden)).not.toBe('listings-desk-panel');
    await togglePanel(hidden);
    const panel = await panelFrame(hidden);
    await poll(() => panel.getByTestId('panel-proposal').textContent()).toContain(location!.name);
  });

  test('removing the site removes the panel on reload', async () => {
    await desk.link('1001');
    const options = await addSiteThroughOptions();
    const [location] = await locationsWithSuggestions();
    const page = await openRecord(location!.id);
    const registered = () =>
      desk.serviceWorker.evaluate(async () => {
        const api = (globalThis as unknown as { chrome: typeof import('webextension-polyfill') }).chrome;
        return (await api.scripting.getRegisteredContentScripts()).map((script) => script.matches);
      });
    expect(await registered()).toEqual([[`${crm}/*`]]);
    await options.getByRole('button', { name: `Remove ${crm}` }).click();
    await poll(() => options.getByRole('button', { name: `Remove ${crm}` }).count()).toBe(0);
    expect(await registered()).toEqual([]);
    await page.reload();
    await page.getByRole('heading', { name: location!.name }).waitFor();
    // Nothing is registered for the CRM any more, so nothing can have been injected by the time it has loaded.
    await page.waitForLoadState('load');
    expect(await page.locator('listings-desk-panel').count()).toBe(0);
  });

  test('screenshots of the panel over the demo CRM, light and dark', async () => {
    mkdirSync(SHOTS_DIR, { recursive: true });
    await desk.link('1001');
    const options = await addSiteThroughOptions();
    for (const scheme of ['light', 'dark'] as const) {
      await options.emulateMedia({ colorScheme: scheme });
      await options.screenshot({ path: join(SHOTS_DIR, `options-embedded-panel-${scheme}.png`) });
    }
    const [location] = await locationsWithSuggestions();
    for (const scheme of ['light', 'dark'] as const) {
      const page = await desk.context.newPage();
      await page.emulateMedia({ colorScheme: scheme });
      await openRecord(location!.id, page);
      await togglePanel(page);
      const panel = await panelFrame(page);
      const confirm = panel.getByRole('button', { name: `Yes, this is ${location!.name}` });
      await confirm.waitFor();
      await page.screenshot({ path: join(SHOTS_DIR, `panel-proposal-${scheme}.png`) });
      await confirm.click();
      await poll(() => panel.getByTestId('panel-health').count()).toBe(1);
      await poll(() => panel.getByRole('feed').getByRole('article').count()).toBeGreaterThan(0);
      // The rows come first by publisher id; the names follow once the worker has them.
      const { publisherNames } = await listingsOf(location!.id);
      const firstPublisher = panel.locator('tr[data-key] td:first-child').first();
      await poll(() => firstPublisher.textContent()).toBeOneOf(publisherNames);
      await page.screenshot({ path: join(SHOTS_DIR, `panel-${scheme}.png`) });
      // The page covers the foot of the panel: its line says the panel is paused.
      await attackPanel(page, { css: '', cover: true }, { x: 1280 - 190, y: 760 });
      await poll(() =>
        panel
          .getByRole('status')
          .filter({ hasText: /hiding or covering/ })
          .count(),
      ).toBe(1);
      await page.screenshot({ path: join(SHOTS_DIR, `panel-paused-${scheme}.png`) });
      await page.close();
    }
  });
});
