// Keyboard paths in the built extension (issue 25), as a keyboard-only user walks them: focus after each kind
// of triage decision (a row's button by Enter and by Space, the bulk bar, the last open one to Undo, Undo back
// to the list), Space selecting a row, the popup's skip button, focus after Delete user and after Cancel
// services, Escape in the embedded panel, and the tabs pattern of the Listings and Provisioning tabs.
import type { Frame, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { shoot } from './axe.ts';
import { deskForFile } from './fixture.ts';

// A long undo window: Undo stays on screen for the whole walk.
const desk = deskForFile({ undoWindowMs: 60_000 });

const poll = <T>(check: () => T | Promise<T>, timeout = 15_000) => expect.poll(check, { timeout, interval: 100 });

/** What has focus: its tag, id, text and accessible label, looked up through shadow roots but not frames. */
const focused = (page: Page | Frame) =>
  page.evaluate(() => {
    let el = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    return {
      tag: el?.tagName.toLowerCase() ?? '',
      id: el?.id ?? '',
      text: (el?.textContent ?? '').trim(),
      label: el?.getAttribute('aria-label') ?? '',
    };
  });

const rowIds = (page: Page) =>
  page
    .getByRole('feed')
    .getByRole('article')
    .evaluateAll((els) => els.map((el) => el.id));

describe('keyboard paths', () => {
  test('popup: skip to the list; after every decision focus goes to the next suggestion, then to Undo', async () => {
    await desk.control.call('POST', 'reset', { waitingSuggestions: 3 });
    await desk.link('1001');
    const popup = await desk.openPopup();
    await poll(() => popup.getByRole('feed').getByRole('article').count()).toBe(3);
    const [first, second, third] = await rowIds(popup);

    // The first tab stop skips the account, the health counts and the filters.
    await popup.keyboard.press('Tab');
    expect((await focused(popup)).text).toBe('Skip to suggestions');
    await shoot(popup, 'keyboard-popup-skip');
    await popup.keyboard.press('Enter');
    expect((await focused(popup)).id).toBe(first);

    // The row's checkbox is a tab stop; then Accept, pressed with Enter: focus goes to the next suggestion.
    await popup.keyboard.press('Tab');
    expect((await focused(popup)).label).toMatch(/^Select suggestion from /);
    await popup.keyboard.press('Tab');
    expect((await focused(popup)).text).toBe('Accept');
    await popup.keyboard.press('Enter');
    await poll(async () => (await focused(popup)).id).toBe(second);

    // Space on a row selects it (second and third); the bulk bar's Accept 2 leaves nothing open: the undo bar's
    // Undo takes focus, and undoing there brings focus back to the list's current suggestion.
    await popup.keyboard.press(' ');
    await popup.keyboard.press('ArrowDown');
    expect((await focused(popup)).id).toBe(third);
    await popup.keyboard.press(' ');
    await poll(() => popup.getByText('2 selected').count()).toBe(1);
    expect(await popup.locator(`#${second} input[type=checkbox]`).isChecked()).toBe(true);
    await popup.getByRole('button', { name: 'Accept 2' }).focus();
    await popup.keyboard.press('Enter');
    await poll(async () => (await focused(popup)).text).toBe('Undo');
    expect(await popup.evaluate(() => document.activeElement?.closest('section')?.getAttribute('aria-label'))).toBe(
      'Decision pending',
    );
    await popup.keyboard.press('Enter');
    await poll(async () => (await focused(popup)).id).toBe(third);
    await poll(() => popup.locator(`#${third}`).getByRole('button', { name: 'Reject' }).count()).toBe(1);

    // Reject pressed with Space: focus goes to the open one before it.
    await popup.keyboard.press('Tab');
    await popup.keyboard.press('Tab');
    await popup.keyboard.press('Tab');
    expect((await focused(popup)).text).toBe('Reject');
    await popup.keyboard.press(' ');
    await poll(async () => (await focused(popup)).id).toBe(second);

    // The last open one, rejected with the r key: its own Undo takes focus; Undo there returns focus to the row.
    await popup.keyboard.press('r');
    await poll(async () => (await focused(popup)).text).toBe('Undo');
    expect(await popup.evaluate(() => document.activeElement?.closest('article')?.id)).toBe(second);
    await popup.keyboard.press('Enter');
    await poll(async () => (await focused(popup)).id).toBe(second);
    await poll(() => popup.locator(`#${second}`).getByRole('button', { name: 'Reject' }).count()).toBe(1);
  });

  test('Users: after Delete user, focus goes to the row now in the deleted one’s place', async () => {
    await desk.link('1001');
    const page = await desk.openOptions();
    await page.goto(desk.url('options.html#users'));
    const names = page.getByRole('table', { name: 'Users' }).locator('tbody .ue-table__name');
    await poll(() => names.count()).toBeGreaterThan(2);
    const before = await names.allTextContents();
    const deleteButton = page.getByRole('button', { name: `Delete ${before[1]}`, exact: true });
    await deleteButton.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /^Delete / });
    const username = (await dialog.locator('.ue-confirm strong').textContent())!;
    await dialog.getByRole('textbox').fill(username);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await poll(() => names.count()).toBe(before.length - 1);
    await poll(async () => (await focused(page)).text).toBe(before[2]);
  });

  test('Users: a bulk delete puts focus on its outcome, then on the row after the deleted ones', async () => {
    await desk.link('1001');
    const page = await desk.openOptions();
    await page.goto(desk.url('options.html#users'));
    const names = page.getByRole('table', { name: 'Users' }).locator('tbody .ue-table__name');
    await poll(() => names.count()).toBeGreaterThan(3);
    const before = await names.allTextContents();
    await page.getByRole('checkbox', { name: `Select ${before[1]}`, exact: true }).check();
    await page.getByRole('checkbox', { name: `Select ${before[2]}`, exact: true }).check();
    await page.getByRole('button', { name: 'Delete…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete 2 users' });
    await dialog.getByRole('textbox').fill('2');
    await page.keyboard.press('Enter');
    await poll(async () => await focused(page)).toEqual(expect.objectContaining({ tag: 'h2', text: 'Delete 2 users' }));
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await poll(() => names.count()).toBe(before.length - 2);
    await poll(async () => (await focused(page)).text).toBe(before[3]);
  });

  test('Provisioning: once services are cancelled, focus is on the results’ heading', async () => {
    await desk.link('1001');
    const page = await desk.openOptions();
    await page.goto(desk.url('options.html#provisioning?view=services'));
    await page.getByLabel('Location', { exact: true }).selectOption('HB-002');
    await page.getByRole('table', { name: 'Services of the location' }).waitFor();
    // The location chosen stays chosen (the list's arrival once put the first location back).
    await poll(() => page.getByLabel('Location', { exact: true }).inputValue()).toBe('HB-002');
    await page.getByRole('button', { name: 'Cancel services…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel services at Harbor Bakery – Alberta Arts' });
    await dialog.getByRole('checkbox', { name: /^Listings Premium/ }).check();
    await dialog.getByLabel(/Type the location’s name/).fill('Harbor Bakery – Alberta Arts');
    // The button is enabled once the typed name is checked: Enter on it before then would do nothing.
    const cancel = dialog.getByRole('button', { name: 'Cancel service' });
    await poll(() => cancel.isEnabled()).toBe(true);
    await cancel.focus();
    await poll(async () => (await focused(page)).text).toBe('Cancel service');
    await page.keyboard.press('Enter');
    await page.getByRole('list', { name: 'Stopped services' }).waitFor({ timeout: 15_000 });
    await poll(async () => await focused(page)).toEqual(
      expect.objectContaining({ tag: 'h2', text: 'Services stopped at Harbor Bakery – Alberta Arts' }),
    );
  });

  test('the embedded panel: Escape inside it closes it and focus returns to the launcher', async () => {
    await desk.link('1001');
    const crm = desk.sandbox.crmUrl;
    const options = await desk.openOptions();
    await options.goto(desk.url('options.html#embedded-panel'));
    await options.getByLabel('Site', { exact: true }).fill(crm);
    await options.getByRole('button', { name: 'Add site' }).click();
    await poll(() => options.getByRole('button', { name: `Remove ${crm}` }).count()).toBe(1);
    const page = await desk.context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${crm}/customers/HB-001`);
    await page.waitForSelector('listings-desk-panel', { state: 'attached' });
    await page.mouse.click(1280 - 8, 800 * 0.4 + 40);
    let frame: Frame | undefined;
    await poll(() => {
      frame = page.frames().find((f) => f.url().includes('/panel.html'));
      return frame !== undefined;
    }).toBe(true);
    const iframe = await frame!.frameElement();
    await frame!.locator('main.panel').waitFor();
    await frame!.getByRole('button').first().focus();
    await page.keyboard.press('Escape');
    await poll(() => iframe.isVisible()).toBe(false);
    // Focus is in our closed shadow root (the page sees only its host), on the launcher: Enter opens the panel
    // again. Focus is then on the panel's Close, where Escape closes it and returns focus to the launcher again.
    expect((await focused(page)).tag).toBe('listings-desk-panel');
    await page.keyboard.press('Enter');
    await poll(() => iframe.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await poll(() => iframe.isVisible()).toBe(false);
    await page.keyboard.press('Enter');
    await poll(() => iframe.isVisible()).toBe(true);
  });

  test('tabs: the Listings/Publishers and Provisioning tabs are one tab stop, moved with arrows', async () => {
    await desk.link('1001');
    const page = await desk.openOptions();
    await page.goto(desk.url('options.html#listings'));
    const workspaceTabs = page.getByRole('tablist', { name: 'Workspace' }).getByRole('tab');
    await poll(() => workspaceTabs.count()).toBe(2);
    expect(await workspaceTabs.evaluateAll((tabs) => tabs.map((t) => (t as HTMLElement).tabIndex))).toEqual([0, -1]);
    await workspaceTabs.first().focus();
    await page.keyboard.press('ArrowRight');
    await poll(() => page.getByRole('tab', { name: /^Publishers/ }).getAttribute('aria-selected')).toBe('true');
    expect((await focused(page)).text).toMatch(/^Publishers/);
    await page.keyboard.press('ArrowRight');
    await poll(() => page.getByRole('tab', { name: 'Listings' }).getAttribute('aria-selected')).toBe('true');
    expect((await focused(page)).text).toBe('Listings');

    await page.goto(desk.url('options.html#provisioning?view=add'));
    const views = page.getByRole('tablist', { name: 'Provisioning views' }).getByRole('tab');
    await poll(() => views.count()).toBe(5);
    expect(await views.evaluateAll((tabs) => tabs.filter((t) => (t as HTMLElement).tabIndex === 0).length)).toBe(1);
    await page.getByRole('tab', { name: 'Add to locations' }).focus();
    await page.keyboard.press('ArrowRight');
    // The URL changes first, the tabs' render a moment later (a CI run read aria-selected in between): both awaited.
    await poll(() => page.url()).toBe(desk.url('options.html#provisioning?view=new'));
    await poll(() => page.getByRole('tab', { name: 'New locations' }).getAttribute('aria-selected')).toBe('true');
    await poll(async () => (await focused(page)).text).toBe('New locations');
    await page.keyboard.press('End');
    await poll(() => page.url()).toBe(desk.url('options.html#provisioning?view=tracker'));
    await poll(async () => (await focused(page)).text).toMatch(/^Tracker/);
    await page.keyboard.press('Home');
    await poll(() => page.url()).toBe(desk.url('options.html#provisioning?view=add'));
    await poll(async () => (await focused(page)).text).toBe('Add to locations');
    expect(await page.getByRole('tabpanel').count()).toBe(1);
  });
});
