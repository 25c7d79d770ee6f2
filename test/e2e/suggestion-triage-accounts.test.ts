// The popup across accounts (issue 24) in real Chromium against the sandbox: three accounts linked, every
// account's suggestions in one list; a decision of the second account (not the active one) reaches the
// sandbox on that account, with its token; undo across accounts; the badge's total; one account revoked (401) says
// Relink while the others still triage.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { SandboxState } from '../../sandbox/model.ts';
import { axeViolations } from './axe.ts';
import { deskForFile } from './fixture.ts';

const SUGGESTIONS_PATH = '/v2/accounts/me/powerlistings/publishersuggestions';
// Long enough that Accept, the bar and Undo fit in it on a busy 2-core machine (2 s did not, now and then).
const UNDO_WINDOW_MS = 6_000;
const AFTER_WINDOW_MS = UNDO_WINDOW_MS + 10_000;
const NAMES: Record<string, string> = {
  '1001': 'Harbor Bakery Group',
  '1002': 'Summit Outdoor Supply',
  '1003': 'Cedar Dental',
};

const desk = deskForFile({ undoWindowMs: UNDO_WINDOW_MS });

const state = () => desk.control.state<SandboxState>();
const feed = (page: Page) => page.getByRole('feed');
const rows = (page: Page) => feed(page).getByRole('article');

async function waiting(accountIds: string[]): Promise<number> {
  return (await state()).suggestions.filter(
    (s) => accountIds.includes(s.accountId) && s.status === 'WAITING_ON_CUSTOMER',
  ).length;
}

async function badgeText(): Promise<string> {
  return desk.serviceWorker.evaluate(() =>
    (
      globalThis as unknown as { chrome: { action: { getBadgeText(d: object): Promise<string> } } }
    ).chrome.action.getBadgeText({}),
  );
}

async function putsFor(id: string) {
  const { requests } = await desk.control.requests();
  return requests.filter((r) => r.method === 'PUT' && r.path === `${SUGGESTIONS_PATH}/${id}`);
}

/** The account names the shown rows carry, top to bottom. */
async function rowAccounts(page: Page): Promise<string[]> {
  return rows(page).evaluateAll((els) => els.map((el) => el.querySelector('.st-row__account')?.textContent ?? ''));
}

/** Shows only these accounts' suggestions, through the account filter, as a person does. */
async function showOnly(page: Page, accountName: string) {
  await page.getByText('All accounts', { exact: true }).click();
  for (const name of Object.values(NAMES)) {
    const box = page.getByRole('checkbox', { name: new RegExp(`^${name}`) });
    if ((await box.isChecked()) !== (name === accountName)) await box.click();
  }
  await page.keyboard.press('Escape');
  await expect
    .poll(() => rowAccounts(page), { timeout: 15_000 })
    .toSatisfy((names: string[]) => names.length > 0 && names.every((n) => n === accountName));
}

async function threeAccountsPopup(): Promise<Page> {
  const popup = await desk.openPopup();
  await desk.linkThroughUi({ page: popup, accountId: '1001' });
  await desk.link('1002');
  await desk.link('1003');
  // Every account's waiting suggestions: the feed counts them all (it windows what it draws).
  const total = await waiting(['1001', '1002', '1003']);
  await expect.poll(() => rows(popup).first().getAttribute('aria-setsize'), { timeout: 30_000 }).toBe(String(total));
  await expect.poll(() => feed(popup).getAttribute('aria-busy'), { timeout: 30_000 }).toBe('false');
  return popup;
}

describe('suggestion triage across accounts', () => {
  test('three accounts in one list; a decision goes to its own account; undo across accounts; the badge totals them', async () => {
    const popup = await threeAccountsPopup();
    // Oldest first across accounts, each row naming its own (the setsize above counts all three's).
    const shown = await rowAccounts(popup);
    expect(shown.length).toBeGreaterThan(3);
    expect(shown.every((n) => Object.values(NAMES).includes(n))).toBe(true);
    const dates = await rows(popup).evaluateAll((els) => els.map((el) => el.querySelector('time')?.dateTime ?? ''));
    expect(dates).toEqual([...dates].sort());
    // The switcher shows each account's waiting count.
    const switcher = popup.getByRole('combobox', { name: 'Account' });
    for (const id of ['1001', '1002', '1003']) {
      await expect
        .poll(() => switcher.locator('option').allTextContents())
        .toContain(`${NAMES[id]} (${await waiting([id])} waiting)`);
    }
    // axe-core (WCAG 2.2 AA) on the list across accounts and on its open account filter, light and dark (issue 25).
    const found: string[] = [];
    for (const filterOpen of [false, true]) {
      if (filterOpen) await popup.getByText('All accounts', { exact: true }).click();
      for (const scheme of ['light', 'dark'] as const) {
        await popup.emulateMedia({ colorScheme: scheme });
        for (const v of await axeViolations(popup))
          found.push(`filter ${filterOpen ? 'open' : 'closed'} (${scheme}): ${v.id} at ${v.targets.join(', ')}`);
      }
    }
    await popup.emulateMedia({ colorScheme: null });
    await popup.keyboard.press('Escape');
    expect(found).toEqual([]);

    // One of the second account's, by keyboard: accept, then undo it (whichever account is active).
    await showOnly(popup, NAMES['1002']!);
    const first = rows(popup).first();
    const id = (await first.getAttribute('id'))!.replace(/^suggestion-/, '');
    expect((await state()).suggestions.find((s) => s.id === id)?.accountId).toBe('1002');
    // Across accounts: the second account is not the active one, whose token alone the old popup used.
    const linked = await desk.ask('accounts.list', {});
    if (!linked.ok) throw new Error(linked.error.message);
    const activeName = linked.value.accounts.find((a) => a.accountKey === linked.value.activeAccountKey)?.accountName;
    expect(activeName).toBeDefined();
    expect(activeName).not.toBe(NAMES['1002']);
    await first.getByRole('button', { name: 'Accept' }).click();
    const bar = popup.getByRole('region', { name: 'Decision pending' });
    await expect.poll(() => bar.textContent()).toContain('Accepted 1 suggestion of Summit Outdoor Supply');
    await bar.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => first.getByRole('button', { name: 'Accept' }).count()).toBe(1);
    // Undone in the worker too: nothing is held for it, so nothing will be sent. The row shows undone before
    // the worker's answer, so the worker is asked until it says so.
    const pendingInWorker = async () => {
      const view = await desk.ask('triage.view', {});
      return view.ok ? view.value.pending.map((p) => p.suggestionId) : null;
    };
    await expect.poll(pendingInWorker).toEqual([]);
    expect(await putsFor(id)).toEqual([]);

    // Accepted again, and left to go: one PUT, answered 200, and the sandbox has it accepted on 1002.
    await first.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => putsFor(id), { timeout: AFTER_WINDOW_MS }).toHaveLength(1);
    // With its own account's token: the sandbox logs whose token the PUT carried.
    expect((await putsFor(id))[0]).toMatchObject({ status: 200, tokenAccountId: '1002' });
    const decided = (await state()).suggestions.find((s) => s.id === id)!;
    expect([decided.accountId, decided.status]).toEqual(['1002', 'ACCEPTED']);

    // The badge counts every account's waiting suggestions.
    const total = await waiting(['1001', '1002', '1003']);
    await expect.poll(badgeText, { timeout: 20_000 }).toBe(String(total));
  });

  test('every account’s rows name their location, and the location filter takes a name (issue 32)', async () => {
    const popup = await threeAccountsPopup();
    const s = await state();
    const linkedIds = ['1001', '1002', '1003'];
    const locations = s.locations.filter((l) => linkedIds.includes(l.accountId));
    const nameOf = (id: string) => {
      const l = locations.find((x) => x.id === id)!;
      return `${l.name}, ${l.address.city}`;
    };
    // Every drawn row names its location, the active account's or not (ids showed for the others).
    const named = async () =>
      rows(popup).evaluateAll((els) =>
        els.map((el) => [el.querySelector('.st-row__location')?.textContent ?? '', el.id] as const),
      );
    const waitingRows = s.suggestions.filter(
      (x) => linkedIds.includes(x.accountId) && x.status === 'WAITING_ON_CUSTOMER',
    );
    const locationOfRow = new Map(waitingRows.map((x) => [`suggestion-${x.id.replace(/[^\w-]/g, '_')}`, x.locationId]));
    await expect
      .poll(async () => (await named()).filter(([text, id]) => text !== nameOf(locationOfRow.get(id)!)), {
        timeout: 20_000,
      })
      .toEqual([]);
    // Those of an account that is not the active one (the last linked) too.
    await showOnly(popup, NAMES['1002']!);
    await expect
      .poll(async () => (await named()).filter(([text, id]) => text !== nameOf(locationOfRow.get(id)!)), {
        timeout: 20_000,
      })
      .toEqual([]);

    // Its city, as a person types it ("Kirkland"), when only this location is there; else its name.
    const byCity = new Map<string, number>();
    for (const l of locations) byCity.set(l.address.city, (byCity.get(l.address.city) ?? 0) + 1);
    const target = locations.find((l) => l.id === waitingRows.find((x) => x.accountId === '1002')!.locationId)!;
    const typed = byCity.get(target.address.city) === 1 ? target.address.city : target.name;
    const box = popup.getByRole('combobox', { name: 'Location' });
    await box.fill(typed);
    await box.press('Enter');
    const expected = waitingRows.filter((x) => x.locationId === target.id).length;
    await expect
      .poll(async () => (await named()).map(([text]) => text), { timeout: 20_000 })
      .toEqual(Array(expected).fill(nameOf(target.id)));
    // The box shows the location's name, not its id.
    expect(await box.inputValue()).toBe(nameOf(target.id));
  });

  test('one account revoked (401): it says Relink, and the others still triage', async () => {
    const popup = await threeAccountsPopup();
    // The open's own refresh settles first: a Refresh pressed while a list's fetch (sent with the old token) is
    // in flight shares that fetch, and would see its 200, not the revoked token's 401 (noted in issue 37's note).
    await desk.settleThenClearRequests(popup);
    const tokens = await desk.control.tokens();
    // The second account, not the active one (the switcher speaks for that one).
    const summit = tokens.find((t) => t.accountId === '1002' && !t.revoked)!;
    await desk.control.revokeToken(summit.access_token);
    await popup.getByRole('button', { name: 'Refresh suggestions' }).click();

    const notice = popup.getByRole('alert').filter({ hasText: 'Summit Outdoor Supply needs relinking' });
    await expect.poll(() => notice.count(), { timeout: 20_000 }).toBe(1);
    // Its Relink button loads on first use (account-linking/first-use.ts), a moment after the notice's words.
    await expect
      .poll(() => notice.getByRole('button', { name: 'Relink Summit Outdoor Supply' }).count(), { timeout: 10_000 })
      .toBe(1);
    // Its rows are gone; the other two accounts' remain, and a decision still reaches the sandbox.
    const total = await waiting(['1001', '1003']);
    await expect.poll(() => rows(popup).first().getAttribute('aria-setsize'), { timeout: 20_000 }).toBe(String(total));
    expect(await rowAccounts(popup)).not.toContain('Summit Outdoor Supply');
    const first = rows(popup).first();
    const id = (await first.getAttribute('id'))!.replace(/^suggestion-/, '');
    await first.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => putsFor(id), { timeout: AFTER_WINDOW_MS }).toHaveLength(1);
    expect((await state()).suggestions.find((s) => s.id === id)?.status).toBe('ACCEPTED');
  });

  test('a bulk accept across two accounts has one progress bar over both accounts’ parts, going to all of them sent', async () => {
    await desk.setUndoWindow(1_000);
    const popup = await desk.openPopup();
    await desk.linkThroughUi({ page: popup, accountId: '1001' });
    await desk.link('1003');
    const total = await waiting(['1001', '1003']);
    await expect.poll(() => rows(popup).first().getAttribute('aria-setsize'), { timeout: 30_000 }).toBe(String(total));
    await expect.poll(() => feed(popup).getAttribute('aria-busy'), { timeout: 30_000 }).toBe('false');
    await popup.getByRole('checkbox', { name: 'Select all shown' }).check();
    await popup.getByRole('button', { name: `Accept ${total}` }).click();
    // One bar for the whole decision (both accounts' batches), not the first account's part alone.
    const bar = popup.getByRole('progressbar', { name: `Accepting ${total} suggestions` });
    await bar.waitFor({ timeout: 30_000 });
    expect(await bar.getAttribute('aria-valuemax')).toBe(String(total));
    expect(await popup.getByRole('progressbar').count()).toBe(1);
    await expect
      .poll(() => bar.getAttribute('aria-valuetext'), { timeout: 60_000 })
      .toBe(`Accepted: ${total} of ${total} sent`);
    expect(await bar.getAttribute('aria-valuenow')).toBe(String(total));
    expect(await waiting(['1001', '1003'])).toBe(0);
  }, 120_000);
});
