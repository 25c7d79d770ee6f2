// The popup's views in real Chromium against the sandbox: hostile publisher data, the health counts opening the
// options page, the single-key shortcuts setting (Preferences), and screenshots at 400×600 in light and dark.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { SandboxState } from '../../sandbox/model.ts';
import { deskForFile } from './fixture.ts';

const SUGGESTIONS_PATH = '/v2/accounts/me/powerlistings/publishersuggestions';
/** The worker's undo window in these tests (the test-only setting; the product's is 5 s). */
const UNDO_WINDOW_MS = 2_000;
/** The undo window plus ample time for the PUT on a busy machine. */
const AFTER_WINDOW_MS = UNDO_WINDOW_MS + 8_000;
/** Set to a folder (e.g. /tmp/shots) to keep screenshots of the popup. */
const SHOTS_DIR = process.env.LISTINGS_DESK_SHOTS;

const desk = deskForFile({ undoWindowMs: UNDO_WINDOW_MS });

const state = () => desk.control.state<SandboxState>();
const rows = (page: Page) => page.getByRole('feed').getByRole('article');

/** Decisions the worker still holds (in their undo window or being sent). */
async function workerPending(): Promise<number> {
  const reply = await desk.ask('triage.view', {});
  if (!reply.ok) throw new Error(`triage.view failed: ${reply.error.message}`);
  return reply.value.pending.length;
}

/** The page's background colour as [r, g, b] and its relative luminance (0 black … 1 white). */
async function pageBackground(page: Page): Promise<{ rgb: number[]; luminance: number }> {
  const color = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const rgb = (color.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
  const [r = 0, g = 0, b = 0] = rgb.map((c) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return { rgb, luminance: 0.2126 * r + 0.7152 * g + 0.0722 * b };
}

/** Ids of the rows shown, top to bottom (row ids are `suggestion-<id>`). */
async function shownIds(page: Page): Promise<string[]> {
  return (await rows(page).evaluateAll((els) => els.map((el) => el.id))).map((id) => id.replace(/^suggestion-/, ''));
}

/** Opens the popup, links Harbor Bakery Group through the UI and waits for the list. */
async function linkedPopup(accountId = '1001'): Promise<Page> {
  const popup = await desk.openPopup();
  await desk.linkThroughUi({ page: popup, accountId });
  await expect.poll(() => rows(popup).count(), { timeout: 15_000 }).toBeGreaterThan(5);
  // Let the refresh behind the first paint (list, publishers, health) finish before counting requests.
  await expect.poll(() => popup.getByRole('feed').getAttribute('aria-busy'), { timeout: 15_000 }).toBe('false');
  await expect.poll(() => popup.locator('.lh').getAttribute('aria-busy'), { timeout: 15_000 }).toBe('false');
  return popup;
}

describe("the popup's views", () => {
  test('hostile data: no script runs, markup shows as text, javascript: is never a link', async () => {
    await desk.control.reset({ hostile: true });
    const popup = await desk.openPopup();
    const dialogs: string[] = [];
    popup.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await desk.linkThroughUi({ page: popup, accountId: '1001' });
    await expect.poll(() => rows(popup).count(), { timeout: 15_000 }).toBeGreaterThan(5);
    await expect.poll(() => popup.getByRole('feed').getAttribute('aria-busy'), { timeout: 15_000 }).toBe('false');

    const feedText = (await popup.getByRole('feed').textContent()) ?? '';
    expect(feedText).toMatch(/<img src=x onerror=|<script>alert\("xss-script"\)<\/script>/);
    expect(await popup.locator('.st-feed script, .st-feed img, .st-feed svg').count()).toBe(0);
    const hrefs = await popup.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    // Besides publisher links (http/https only), only the health counts' links to this extension's options page.
    const ownOptions = desk.url('options.html');
    expect(hrefs.filter((h) => !/^https?:/i.test(h) && !h.startsWith(ownOptions))).toEqual([]);
    // Scroll everything into view: still nothing runs. Rather than sleep and hope a handler would have
    // fired by then, check there is none to fire: no element carries an inline event handler.
    const count = await rows(popup).count();
    for (let i = 0; i < count; i += 5) await rows(popup).nth(i).scrollIntoViewIfNeeded();
    const inlineHandlers = await popup.evaluate(() =>
      [...document.querySelectorAll('*')].flatMap((el) =>
        [...el.attributes].filter((a) => /^on/i.test(a.name)).map((a) => `${el.tagName} ${a.name}`),
      ),
    );
    expect(inlineHandlers).toEqual([]);
    expect(dialogs).toEqual([]);
    if (SHOTS_DIR) {
      mkdirSync(SHOTS_DIR, { recursive: true });
      await popup.getByRole('feed').evaluate((feed) => feed.scrollTo(0, 0));
      await popup.screenshot({ path: join(SHOTS_DIR, 'popup-hostile.png') });
    }

    // The options page's listings table, where listing URLs are hostile too.
    const options = await desk.context.newPage();
    options.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    // Fetched afresh: the worker may still hold an earlier test's listings of this account.
    await desk.ask('listings.load', { refresh: true });
    // The free text covers listing URLs: the hostile ones are the rows shown.
    await options.goto(desk.url('options.html#listings?q=javascript'));
    const table = options.locator('table.lw-grid');
    await table.locator('tr[data-key]').first().waitFor({ timeout: 15_000 });
    const tableHrefs = await table.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(tableHrefs.length).toBeGreaterThan(0);
    expect(tableHrefs.every((h) => /^https?:/i.test(h ?? ''))).toBe(true);
    expect(await table.textContent()).toMatch(/javascript:alert/i);
    expect(dialogs).toEqual([]);
  });

  test('health summary: counts by status, each opening the options page filtered to it', async () => {
    const popup = await linkedPopup();
    const health = popup.getByRole('region', { name: 'Listings' });
    const live = health.getByRole('link', { name: /^Live/ });
    const liveCount = Number((await live.locator('b').textContent())?.replace(/\D/g, ''));
    const expected = (await state()).listings.filter((l) => l.accountId === '1001' && l.status === 'LIVE').length;
    expect(liveCount).toBe(expected);
    // Fetched afresh: the worker may still hold an earlier test's listings of this account.
    await desk.ask('listings.load', { refresh: true });

    const opened = desk.context.waitForEvent('page');
    await live.click();
    const options = await opened;
    await options.waitForURL(/options\.html#listings\?status=LIVE$/);
    await options.locator('tr[data-key]').first().waitFor({ timeout: 15_000 });
    expect(await options.getByRole('checkbox', { name: 'Live' }).isChecked()).toBe(true);
    await expect
      .poll(() => options.getByTestId('matched-count').textContent(), { timeout: 15_000 })
      .toMatch(new RegExp(`^${new Intl.NumberFormat('en-US').format(expected)} of `));
    const statuses = await options.locator('tbody tr[data-key] td:nth-child(4)').allTextContents();
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(['Live']));
    if (SHOTS_DIR) {
      mkdirSync(SHOTS_DIR, { recursive: true });
      await options.setViewportSize({ width: 1280, height: 800 });
      await options.screenshot({ path: join(SHOTS_DIR, 'options-listings.png') });
    }
  });

  test('the options page can switch the single-key shortcuts off (WCAG 2.1.4), in Preferences, by keyboard', async () => {
    const popup = await linkedPopup();
    const options = await desk.openOptions();
    await options.goto(desk.url('options.html#accounts'));
    // From the top of the page: Tab to the Preferences section, Enter, Tab to the setting, Space.
    const preferences = options
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Preferences' });
    await preferences.waitFor();
    for (let tabs = 0; tabs < 20 && !(await preferences.evaluate((a) => a === document.activeElement)); tabs++) {
      await options.keyboard.press('Tab');
    }
    await options.keyboard.press('Enter');
    await expect.poll(() => options.evaluate(() => location.hash)).toBe('#preferences');
    await expect.poll(() => options.evaluate(() => document.activeElement?.textContent)).toBe('Preferences');
    const toggle = options.getByRole('checkbox', { name: 'Single-key shortcuts in the suggestion list' });
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await options.keyboard.press('Tab');
    await expect.poll(() => toggle.evaluate((box) => box === document.activeElement)).toBe(true);
    await options.keyboard.press('Space');
    await expect
      .poll(async () => (await desk.ask('triage.settings.get', {})).ok && (await desk.ask('triage.settings.get', {})))
      .toMatchObject({ value: { keyboardShortcuts: false } });

    await popup.reload();
    await expect.poll(() => rows(popup).count()).toBeGreaterThan(5);
    const [, second] = await shownIds(popup);
    await rows(popup).first().locator('.st-row__field').click();
    await popup.keyboard.press('a');
    await popup.keyboard.press('?');
    // Keys are handled in order: once ArrowDown (still on) has moved focus, 'a' and '?' were handled too.
    await popup.keyboard.press('ArrowDown');
    await expect.poll(() => popup.evaluate(() => document.activeElement?.id)).toBe(`suggestion-${second}`);
    expect(await popup.getByRole('region', { name: 'Decision pending' }).count()).toBe(0);
    expect(await popup.getByRole('dialog').count()).toBe(0);
    expect(await workerPending()).toBe(0);
  });

  test('screenshots at 400×600, light and dark', async () => {
    const popup = await linkedPopup();
    // A row pending, a row failed, a selection: the states a person sees most.
    await desk.control.faults({ method: 'PUT', path: SUGGESTIONS_PATH, status: 400, count: 1 });
    await rows(popup).nth(0).getByRole('button', { name: 'Reject' }).click();
    await rows(popup)
      .nth(0)
      .getByRole('alert')
      .waitFor({ timeout: AFTER_WINDOW_MS + 5_000 });
    // From here on the test stays inside this Accept's undo window, so the pending row shows: a long one.
    await desk.setUndoWindow(60_000);
    await rows(popup).nth(2).getByRole('button', { name: 'Accept' }).click();
    await rows(popup).nth(3).getByRole('checkbox').check();
    await rows(popup).nth(0).locator('.st-row__field').click();
    await popup.getByRole('feed').evaluate((feed) => feed.scrollTo(0, 0));
    expect(popup.viewportSize()).toEqual({ width: 400, height: 600 });

    // What the shots are for, checked before they are taken.
    await expect.poll(() => popup.getByRole('combobox', { name: 'Account' }).isVisible()).toBe(true);
    await expect.poll(() => popup.getByRole('region', { name: 'Listings' }).isVisible()).toBe(true);
    await expect.poll(() => rows(popup).first().isVisible()).toBe(true);
    await expect.poll(() => rows(popup).nth(0).getByRole('alert').textContent()).toMatch(/Couldn’t reject/);
    await expect.poll(() => rows(popup).nth(2).textContent()).toContain('Accepted');
    await expect.poll(() => rows(popup).nth(3).getByRole('checkbox').isChecked()).toBe(true);
    await expect.poll(() => popup.getByText('1 selected').isVisible()).toBe(true);
    await expect.poll(() => popup.getByRole('region', { name: 'Decision pending' }).isVisible()).toBe(true);

    const backgrounds: Record<string, { rgb: number[]; luminance: number }> = {};
    for (const scheme of ['light', 'dark'] as const) {
      await popup.emulateMedia({ colorScheme: scheme });
      backgrounds[scheme] = await pageBackground(popup);
      if (SHOTS_DIR) {
        mkdirSync(SHOTS_DIR, { recursive: true });
        await popup.screenshot({ path: join(SHOTS_DIR, `popup-${scheme}.png`) });
      }
    }
    // The theme follows the colour scheme: a light page in light, a dark one in dark.
    expect(backgrounds.light!.rgb).not.toEqual(backgrounds.dark!.rgb);
    expect(backgrounds.light!.luminance).toBeGreaterThan(0.8);
    expect(backgrounds.dark!.luminance).toBeLessThan(0.1);

    await popup.emulateMedia({ colorScheme: 'light' });
    await rows(popup).nth(0).locator('.st-row__field').click();
    await popup.keyboard.press('?');
    const help = popup.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.waitFor();
    expect(await help.textContent()).toContain('Accept');
    if (SHOTS_DIR) await popup.screenshot({ path: join(SHOTS_DIR, 'popup-help.png') });
  });
});
