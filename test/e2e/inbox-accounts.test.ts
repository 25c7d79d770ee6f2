import { expect, test } from 'vitest';
import { axeLightAndDark, shoot } from './axe.ts';
import { deskForFile } from './fixture.ts';

const desk = deskForFile();
const SUGGESTIONS_PATH = '/v2/accounts/me/powerlistings/publishersuggestions';
type Requests = { requests: { method: string; path: string; status: number }[] };

async function okPutOf(id: string): Promise<number> {
  const { requests } = await desk.control.call<Requests>('GET', 'requests');
  return requests.filter((r) => r.method === 'PUT' && r.path === `${SUGGESTIONS_PATH}/${id}` && r.status === 200)
    .length;
}

async function waitingOf(accountIds: string[]): Promise<string[]> {
  const state = await desk.control.call<{ suggestions: { id: string; accountId: string; status: string }[] }>(
    'GET',
    'state',
  );
  return state.suggestions
    .filter((s) => accountIds.includes(s.accountId) && s.status === 'WAITING_ON_CUSTOMER')
    .map((s) => s.id);
}

async function resolvedOf(accountIds: string[]): Promise<number> {
  const state = await desk.control.call<{ suggestions: { accountId: string; status: string }[] }>('GET', 'state');
  return state.suggestions.filter((s) => accountIds.includes(s.accountId) && s.status !== 'WAITING_ON_CUSTOMER').length;
}

async function suggestionStatus(id: string): Promise<string | undefined> {
  const state = await desk.control.call<{ suggestions: { id: string; status: string }[] }>('GET', 'state');
  return state.suggestions.find((s) => s.id === id)?.status;
}

test('one account answers 403: the Inbox and the popup say so in words with its code, and the other two still list and triage', async () => {
  const first = await desk.link('1001');
  const second = await desk.link('1003');
  const refused = await desk.link('1004');
  await desk.setUndoWindow(1_000);
  await desk.control.call('POST', 'forbidden', { accountId: '1004' });

  // The Inbox: Refresh asks every account again; the refused one's line says what, what next, and its code.
  const page = await desk.openOptions();
  await page.goto(desk.url('options.html#inbox'));
  await page.getByRole('heading', { name: 'Inbox', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Refresh', exact: true }).click();
  const line = page
    .getByRole('list', { name: 'Accounts' })
    .getByRole('listitem')
    .filter({ hasText: `${refused.accountName}: its suggestions could not be` });
  await line.waitFor({ timeout: 30_000 });
  const words = await line.textContent();
  expect(words).toContain('Listings Desk asks again at the next refresh');
  expect(words).toContain('The service refused access to this account’s suggestions');
  expect(words).toContain('Ask an administrator of the account for access, or relink it as a user who has it');
  expect(await line.locator('small').textContent()).toMatch(/^code 2005 · HTTP 403 · “Insufficient privileges/);
  expect(words).not.toMatch(/HTTP 403 —|fetchAll|listSuggestions/);
  // The other two are counted and listed.
  for (const a of [first, second]) {
    await expect
      .poll(
        () =>
          page
            .getByRole('listitem')
            .filter({ hasText: new RegExp(`^${a.accountName}: [1-9][\\d,]* waiting`) })
            .count(),
        {
          timeout: 30_000,
        },
      )
      .toBe(1);
  }
  await shoot(page, 'inbox-403', { fullPage: true });
  expect(await axeLightAndDark(page)).toEqual([]);

  // A row of the second account, accepted from the Inbox: the sandbox has it.
  await page.goto(desk.url(`options.html#inbox?accounts=${encodeURIComponent(second.accountKey)}`));
  const grid = page.getByRole('grid', { name: 'Waiting suggestions of every account' });
  const row = grid.getByRole('row').filter({ hasText: second.accountName }).first();
  await row.waitFor({ timeout: 30_000 });
  const csv = await desk.ask('inbox.csv', { filters: { accounts: [second.accountKey] } });
  if (!csv.ok) throw new Error(csv.error.message);
  const firstLine = csv.value.csv.trim().split('\r\n')[1]!;
  const inboxId = firstLine.slice(firstLine.lastIndexOf(',') + 1);
  await row.getByRole('button', { name: 'Accept' }).click();
  await expect.poll(() => okPutOf(inboxId), { timeout: 30_000 }).toBe(1);
  expect(await suggestionStatus(inboxId)).toBe('ACCEPTED');

  // The popup: the refused account is said above the list, the others' rows are there and a decision goes.
  const popup = await desk.openPopup();
  const notice = popup.getByRole('alert').filter({ hasText: refused.accountName });
  await notice.waitFor({ timeout: 30_000 });
  expect(await notice.textContent()).toContain('The service refused access to this account’s suggestions');
  expect(await notice.locator('small').textContent()).toMatch(/^code 2005 · HTTP 403/);
  const rows = popup.getByRole('feed').getByRole('article');
  const ofFirst = rows.filter({ hasText: first.accountName }).first();
  await ofFirst.waitFor({ timeout: 30_000 });
  const popupId = (await ofFirst.getAttribute('id'))!.replace(/^suggestion-/, '');
  await shoot(popup, 'popup-403', { fullPage: true });
  await ofFirst.getByRole('button', { name: 'Accept' }).click();
  await expect.poll(() => okPutOf(popupId), { timeout: 30_000 }).toBe(1);
  expect(await suggestionStatus(popupId)).toBe('ACCEPTED');
}, 150_000);

test('Accept all matching across two accounts: one progress bar over both accounts’ batches, going to 100 %', async () => {
  await desk.link('1001');
  await desk.link('1003');
  await desk.setUndoWindow(1_000);
  const page = await desk.openOptions();
  await page.goto(desk.url('options.html#inbox'));
  const count = page.getByRole('status').filter({ hasText: /waiting suggestions match/ });
  const total = (await waitingOf(['1001', '1003'])).length;
  await expect
    .poll(() => count.textContent(), { timeout: 30_000 })
    .toMatch(new RegExp(`^${total.toLocaleString('en-US')} of`));
  await page.getByRole('button', { name: `Accept all ${total} matching` }).click();
  const dialog = page.getByRole('dialog', { name: `Accept ${total} suggestions?` });
  expect(await dialog.textContent()).toContain(`${total} suggestions in 2 accounts`);
  await dialog.getByRole('button', { name: `Accept ${total}` }).click();
  const bar = page.getByRole('progressbar', { name: `Accepting ${total} suggestions` });
  await bar.waitFor({ timeout: 10_000 });
  expect(await bar.getAttribute('aria-valuemax')).toBe(String(total));
  expect(await page.getByRole('progressbar').count()).toBe(1);
  await expect.poll(() => bar.getAttribute('aria-valuenow'), { timeout: 90_000 }).toBe(String(total));
  expect(await bar.getAttribute('aria-valuetext')).toBe(`${total} of ${total} sent`);
  await expect.poll(() => page.getByText(`${total} accepted.`).count(), { timeout: 10_000 }).toBe(1);
  await shoot(page, 'inbox-bulk-done', { fullPage: true });
  expect(await waitingOf(['1001', '1003'])).toEqual([]);

  // History: every account's resolved suggestions, past one page (the seed's 27 and these), a page at a time.
  const resolved = await resolvedOf(['1001', '1003']);
  expect(resolved).toBeGreaterThan(100);
  await page.getByRole('tab', { name: 'History' }).click();
  const shown = page
    .getByRole('tabpanel')
    .getByRole('status')
    .filter({ hasText: /resolved suggestions/ });
  await expect
    .poll(() => shown.textContent(), { timeout: 30_000 })
    .toBe(`Showing 1–100 of ${resolved} resolved suggestions, newest first.`);
  const table = page.getByRole('tabpanel').getByRole('table');
  expect(await table.getByRole('row').count()).toBe(101);
  const accountsShown = new Set(await table.locator('tbody td:nth-child(2)').allTextContents());
  expect(accountsShown.size).toBe(2);
  await shoot(page, 'inbox-history-paged', { fullPage: true });
  expect(await axeLightAndDark(page)).toEqual([]);
  // By keyboard: Older, and focus stays on it though it is the last page now.
  const older = page.getByRole('button', { name: 'Older' });
  await older.focus();
  await page.keyboard.press('Enter');
  await expect
    .poll(() => shown.textContent(), { timeout: 30_000 })
    .toBe(`Showing 101–${resolved} of ${resolved} resolved suggestions, newest first.`);
  expect(await older.getAttribute('aria-disabled')).toBe('true');
  expect(await older.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.getByRole('button', { name: 'Newer' }).click();
  await expect
    .poll(() => shown.textContent(), { timeout: 30_000 })
    .toBe(`Showing 1–100 of ${resolved} resolved suggestions, newest first.`);
}, 150_000);
