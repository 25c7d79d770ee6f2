// axe-core (WCAG 2.0/2.1/2.2 A and AA rules) over every screen and state of the built extension, light and
// dark: the popup (no account, suggestions, help, undo bar, nothing to triage), every options section and
// tab, the user editor, the opt-in and opt-out confirmations, the cancel-services dialog, and the panel frame on the
// demo CRM. Not one critical or serious violation. LISTINGS_DESK_SHOTS=DIR keeps a PNG of each state.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { type AxeFinding, axeViolations } from './axe.ts';
import { deskForFile } from './fixture.ts';
import { linkFresh, selectByKeyboard, waitLoaded } from './listings-workspace-helpers.ts';

const SHOTS_DIR = process.env.LISTINGS_DESK_SHOTS;

// A long undo window, so the undo bar stays while it is audited.
const desk = deskForFile({ undoWindowMs: 60_000 });

const poll = <T>(check: () => T | Promise<T>, timeout = 15_000) => expect.poll(check, { timeout, interval: 100 });

/** Audits `target` in light and dark; findings carry the state's name so a failure says where. */
async function audit(page: Page, state: string, target: Page | Frame = page): Promise<string[]> {
  const found: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const violations: AxeFinding[] = await axeViolations(target);
    for (const v of violations)
      found.push(`${state} (${scheme}): ${v.impact} ${v.id}: ${v.help} at ${v.targets.join(', ')}`);
    if (SHOTS_DIR) {
      mkdirSync(SHOTS_DIR, { recursive: true });
      await page.screenshot({
        path: join(SHOTS_DIR, `axe-${state.replace(/\W+/g, '-')}-${scheme}.png`),
        fullPage: true,
      });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return found;
}

const rows = (page: Page | Frame) => page.getByRole('feed').getByRole('article');

describe('axe-core: 0 critical and 0 serious violations, light and dark', () => {
  test('popup: no account, suggestions, help, undo bar', async () => {
    const found: string[] = [];
    const popup = await desk.openPopup();
    await popup.getByRole('button', { name: 'Link account' }).waitFor();
    found.push(...(await audit(popup, 'popup no account')));

    await desk.link('1001');
    await popup.reload();
    await poll(() => rows(popup).count()).toBeGreaterThan(5);
    await poll(() => popup.getByRole('feed').getAttribute('aria-busy')).toBe('false');
    found.push(...(await audit(popup, 'popup suggestions')));

    await rows(popup).first().focus();
    await popup.keyboard.press('?');
    await popup.getByRole('dialog').waitFor();
    found.push(...(await audit(popup, 'popup help')));
    await popup.keyboard.press('Escape');
    await poll(() => popup.getByRole('dialog').count()).toBe(0);

    await rows(popup).first().getByRole('button', { name: 'Accept' }).click();
    await popup.getByRole('button', { name: 'Undo', exact: true }).last().waitFor();
    found.push(...(await audit(popup, 'popup undo bar')));
    expect(found).toEqual([]);
  });

  test('popup: nothing to triage', async () => {
    await desk.control.call('POST', 'reset', { waitingSuggestions: 0 });
    await desk.link('1001');
    const popup = await desk.openPopup();
    await popup.getByRole('heading', { name: 'Nothing to triage' }).waitFor({ timeout: 15_000 });
    expect(await audit(popup, 'popup nothing to triage')).toEqual([]);
  });

  test('every options section and tab, the user editor, opt-in and cancel-services dialogs', async () => {
    const found: string[] = [];
    const page = await desk.openOptions();
    await page.goto(desk.url('options.html#connection'));
    await page.getByRole('heading', { name: 'Connection', level: 1 }).waitFor();
    found.push(...(await audit(page, 'options connection')));
    await page.goto(desk.url('options.html#accounts'));
    await page.getByRole('button', { name: 'Link account' }).first().waitFor();
    found.push(...(await audit(page, 'options accounts, none linked')));

    await linkFresh(desk);
    await page.goto(desk.url('options.html#accounts'));
    await page
      .getByRole('button', { name: /unlink/i })
      .first()
      .waitFor();
    found.push(...(await audit(page, 'options accounts')));

    await page.goto(desk.url('options.html#inbox?group=1'));
    await page.getByRole('rowheader').first().waitFor({ timeout: 30_000 });
    found.push(...(await audit(page, 'options inbox, grouped')));
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByRole('tabpanel').getByRole('table').waitFor({ timeout: 30_000 });
    found.push(...(await audit(page, 'options inbox history')));

    await page.goto(desk.url('options.html#listings?status=OPTED_OUT'));
    await waitLoaded(page);
    found.push(...(await audit(page, 'options listings')));
    await selectByKeyboard(page, 2);
    await page.getByRole('button', { name: 'Opt in selected' }).click();
    await page.getByRole('dialog', { name: 'Opt in listings' }).getByTestId('optin-summary').waitFor();
    found.push(...(await audit(page, 'options opt-in confirmation')));
    await page.keyboard.press('Escape');
    await page.goto(desk.url('options.html#listings?status=LIVE'));
    await waitLoaded(page);
    await page.getByRole('button', { name: 'Opt out all live matching' }).click();
    await page.getByRole('dialog', { name: 'Opt out listings' }).getByTestId('optin-summary').waitFor();
    found.push(...(await audit(page, 'options opt-out confirmation')));
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: /^Publishers/ }).click();
    await page.getByRole('tabpanel').getByRole('table').first().waitFor();
    found.push(...(await audit(page, 'options listings publishers tab')));

    await page.goto(desk.url('options.html#users'));
    await page.getByRole('heading', { name: /^Users of / }).waitFor();
    await page.getByRole('table').first().waitFor();
    found.push(...(await audit(page, 'options users')));
    await page.getByRole('button', { name: 'New user' }).click();
    await page.getByRole('dialog').waitFor();
    found.push(...(await audit(page, 'options user editor')));
    await page.keyboard.press('Escape');

    for (const view of ['add', 'new', 'services', 'catalog', 'tracker']) {
      await page.goto(desk.url(`options.html#provisioning?view=${view}`));
      await page
        .getByRole('button', { name: /Bakery|Harbor/ })
        .first()
        .waitFor();
      await page.getByRole('heading').last().waitFor();
      if (view === 'services') {
        await page.getByLabel('Location', { exact: true }).selectOption('HB-002');
        await page.getByRole('table', { name: 'Services of the location' }).waitFor();
      }
      found.push(...(await audit(page, `options provisioning ${view}`)));
      if (view === 'services') {
        await page.getByRole('button', { name: 'Cancel services…' }).click();
        await page.getByRole('dialog').waitFor();
        found.push(...(await audit(page, 'options cancel-services dialog')));
        await page.keyboard.press('Escape');
      }
    }

    await page.goto(desk.url('options.html#embedded-panel'));
    await page.getByLabel('Site', { exact: true }).waitFor();
    found.push(...(await audit(page, 'options embedded panel')));

    await page.goto(desk.url('options.html#preferences'));
    await page.getByRole('checkbox', { name: /^Single-key shortcuts/ }).waitFor();
    found.push(...(await audit(page, 'options preferences')));
    expect(found).toEqual([]);
  }, 180_000);

  test('the panel frame on the demo CRM', async () => {
    await desk.link('1001');
    const crm = desk.sandbox.crmUrl;
    const options = await desk.openOptions();
    await options.goto(desk.url('options.html#embedded-panel'));
    await options.getByLabel('Site', { exact: true }).fill(crm);
    await options.getByRole('button', { name: 'Add site' }).click();
    await poll(() => options.getByRole('button', { name: `Remove ${crm}` }).count()).toBe(1);
    const reply = await desk.ask('panel.sites.update', {
      origin: crm,
      rule: { kind: 'url', pattern: '/customers/([^/?#]+)', holds: 'id' },
    });
    expect(reply.ok).toBe(true);
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
    await poll(() => rows(frame!).count()).toBeGreaterThan(0);
    await frame!.getByRole('grid').waitFor();
    expect(await audit(page, 'panel frame', frame)).toEqual([]);
  });
});
