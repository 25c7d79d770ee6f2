// The embedded panel on a CRM record of a customer no linked account holds (issue 32): no queue (the worker
// refuses one), what it looked for, and a search across the linked accounts to pick the record's location,
// by keyboard; the pick shows that location's suggestions with its account, and the page learns nothing.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { SandboxState } from '../../sandbox/model.ts';
import { axeViolations } from './axe.ts';
import { askFromPanel, openPanelOn } from './embedded-panel-helpers.ts';
import { deskForFile } from './fixture.ts';

const SHOTS_DIR = process.env.LISTINGS_DESK_SHOTS ?? '/tmp/h32panel-shots';

const desk = deskForFile({ sandbox: { accounts: 3 } });
const state = () => desk.control.state<SandboxState>();
const poll = <T>(check: () => T | Promise<T>, options: { timeout?: number } = {}) =>
  expect.poll(check, { timeout: 15_000, interval: 100, ...options });

/** The record's panel; everything the page's window is sent is kept (a hostile page listens so). */
const openPanel = (locationId: string) =>
  openPanelOn(desk, locationId, (page) =>
    page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { seenByPage: string[] }).seenByPage = seen;
      addEventListener('message', (event) => seen.push(JSON.stringify(event.data)), true);
    }),
  );

/** Elements of the panel wider than its page, or sticking out of the search's result buttons. */
const overflowing = (panel: Frame) =>
  panel.evaluate(() => {
    const found: string[] = [];
    for (const box of document.querySelectorAll('.panel-search__result, .panel__location')) {
      const edge = box.getBoundingClientRect();
      for (const el of box.querySelectorAll('*')) {
        const r = el.getBoundingClientRect();
        if (r.width > 0 && (r.right > edge.right + 1 || r.left < edge.left - 1))
          found.push(`${el.tagName}.${el.className} ${Math.round(r.left)}–${Math.round(r.right)}`);
      }
    }
    if (document.documentElement.scrollWidth > innerWidth)
      found.push(`page ${document.documentElement.scrollWidth} px wide in ${innerWidth}`);
    return found;
  });

describe('the embedded panel on a record no linked account holds', () => {
  test('searches the linked accounts by keyboard, and the pick shows that location’s suggestions', async () => {
    const harbor = await desk.link('1001');
    const second = await desk.link('1002');
    // The second account is active: the location picked is the first's, and the panel says whose.
    expect((await desk.ask('accounts.activate', { accountKey: second.accountKey })).ok).toBe(true);
    const options = await desk.openOptions();
    await options.goto(desk.url('options.html#embedded-panel'));
    await options.getByLabel('Site', { exact: true }).fill(desk.sandbox.crmUrl);
    await options.getByRole('button', { name: 'Add site' }).click();
    await poll(() => options.getByRole('button', { name: `Remove ${desk.sandbox.crmUrl}` }).count()).toBe(1);

    const s = await state();
    // A record of the unlinked account 1003 that shares no phone or street with a linked one's (the seed's
    // accounts share some phone numbers, and the panel then proposes that location by its phone).
    const linked = s.locations.filter((l) => l.accountId === '1001' || l.accountId === '1002');
    const stranger = s.locations.find(
      (l) => l.accountId === '1003' && !linked.some((o) => o.phone === l.phone || o.address.line1 === l.address.line1),
    )!;
    const kirkland = s.locations.find((l) => l.accountId === '1001' && l.name.includes('Kirkland'))!;
    const waiting = s.suggestions.filter((x) => x.locationId === kirkland.id && x.status === 'WAITING_ON_CUSTOMER');
    expect(waiting.length).toBeGreaterThan(0);

    const { page, panel } = await openPanel(stranger.id);
    await poll(() => panel.getByTestId('panel-no-match').textContent()).toContain('Looked for');
    expect(await panel.getByRole('feed').count()).toBe(0);
    expect(await panel.getByRole('button', { name: 'Accept' }).count()).toBe(0);
    // The worker serves no queue to a panel without a location, whatever the panel asks.
    expect(await askFromPanel(panel, 'triage.view', {})).toMatchObject({ ok: false, error: { code: 'forbidden' } });

    mkdirSync(SHOTS_DIR, { recursive: true });
    const box = panel.getByRole('searchbox', { name: 'Find this customer’s location' });
    // The panel takes keys once the person has seen it for a moment (in-view.ts): until then it is inert.
    await poll(() => box.evaluate((el) => el.closest('[inert]') === null)).toBe(true);
    await box.focus();
    await page.keyboard.type('Kirkland');
    expect(await box.inputValue()).toBe('Kirkland');
    const results = panel.getByRole('list', { name: 'Locations found' }).getByRole('button');
    await poll(() => results.first().textContent()).toContain(kirkland.name);
    expect(await panel.getByTestId('panel-search-status').textContent()).toMatch(/locations? ha(s|ve) “Kirkland”/);
    expect(await results.first().textContent()).toContain(harbor.accountName);
    for (const width of [400, 320]) {
      await page.setViewportSize({ width, height: 800 });
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({ path: join(SHOTS_DIR, `panel-search-${width}-${scheme}.png`) });
        expect(await axeViolations(panel)).toEqual([]);
      }
      expect(await overflowing(panel)).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light' });

    // Down into the results, Enter on the first.
    await page.keyboard.press('ArrowDown');
    await poll(() => results.first().evaluate((b) => b === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await poll(() => panel.getByTestId('panel-location').textContent()).toBe(kirkland.name);
    expect(await panel.getByTestId('panel-location').evaluate((h) => h === document.activeElement)).toBe(true);
    expect(await panel.getByTestId('panel-picked').count()).toBe(1);
    expect(await panel.getByText('Not your active account in Listings Desk').textContent()).toContain(
      harbor.accountName,
    );
    const rows = panel.getByRole('feed').getByRole('article');
    await poll(() => rows.count()).toBe(waiting.length);
    const ids = await rows.evaluateAll((all) => all.map((r) => r.id.replace(/^suggestion-/, '')));
    expect(new Set(ids)).toEqual(new Set(waiting.map((x) => x.id)));
    for (const width of [400, 320]) {
      await page.setViewportSize({ width, height: 800 });
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({ path: join(SHOTS_DIR, `panel-picked-${width}-${scheme}.png`) });
        expect(await axeViolations(panel)).toEqual([]);
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });

    // The page heard nothing of it, and shows none of it.
    const heard = await page.evaluate(() => (window as unknown as { seenByPage: string[] }).seenByPage.join('\n'));
    expect(heard).not.toContain('Kirkland');
    expect(await page.content()).not.toContain(kirkland.name);

    // The record keeps its pick while the browser runs: opened again, it is that location at once.
    await page.close();
    const again = await openPanel(stranger.id);
    await poll(() => again.panel.getByTestId('panel-location').textContent()).toBe(kirkland.name);
    // Undone: the search is back, and the queue is gone.
    await again.panel.getByRole('button', { name: 'Choose another location' }).click();
    await poll(() => again.panel.getByTestId('panel-no-match').count()).toBe(1);
    await poll(() => again.panel.getByRole('searchbox').evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await again.panel.getByRole('feed').count()).toBe(0);
  });
});
