// The Inbox in real Chromium against the sandbox (issue 24): three linked accounts, filtered by two
// accounts and one field, grouped, "Accept all N matching" with its preview, and a worker stopped while
// the batch is being sent: every decision reaches the service exactly once. Then axe and 320 px reflow.
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { fieldLabel } from '../../lib/shared/suggestion-words.ts';
import type { SandboxState } from '../../sandbox/model.ts';
import { axeLightAndDark, axeViolations, shoot } from './axe.ts';
import { deskForFile } from './fixture.ts';

type Requests = { requests: { method: string; path: string; status: number; tokenAccountId?: string }[] };

// Each test resets and links its accounts itself (linkThree).
const desk = deskForFile({ reset: 'never' });

async function linkThree() {
  await desk.reset();
  const first = await desk.link('1001');
  const second = await desk.link('1003');
  const third = await desk.link('1004');
  return [first, second, third];
}

async function openInbox(hash = '#inbox'): Promise<Page> {
  const page = await desk.openOptions();
  await page.goto(desk.url(`options.html${hash}`));
  await page.getByRole('heading', { name: 'Inbox', level: 1 }).waitFor();
  return page;
}

const countLine = (page: Page) => page.getByRole('status').filter({ hasText: /waiting suggestions match/ });

test('the inbox filters by two accounts and one field, groups, accepts all matching with a preview, and survives a worker stop mid-batch with every decision applied exactly once', async () => {
  const [first, second, third] = await linkThree();
  await desk.setUndoWindow(1_000);
  const page = await openInbox();
  // Every linked account's list is fetched on opening: each one's line shows its waiting count.
  const lines = page.getByRole('list', { name: 'Accounts' });
  for (const name of [second!.accountName, third!.accountName]) {
    await expect
      .poll(
        () =>
          lines
            .getByRole('listitem')
            .filter({ hasText: new RegExp(`^${name}: \\d+ waiting`) })
            .count(),
        {
          timeout: 30_000,
        },
      )
      .toBe(1);
  }
  // The accounts are picked by name in one box (30 accounts were 30 checkboxes).
  const accounts = page.getByRole('combobox', { name: 'Accounts' });
  await accounts.fill(second!.accountName);
  await accounts.press('Enter');
  await expect.poll(() => page.evaluate(() => location.hash), { timeout: 10_000 }).toContain('accounts=');
  await accounts.fill(third!.accountName);
  await accounts.press('Enter');
  // One field: the first the two accounts have.
  const field = page.getByRole('group', { name: 'Fields' }).getByRole('checkbox').first();
  await expect.poll(() => field.count(), { timeout: 10_000 }).toBe(1);
  // Named in words (issue 32): "Address, line 1"; the address and the sandbox say `address.line1`.
  const fieldWords = (await field.evaluate((box) => box.parentElement?.textContent ?? '')).replace(/ \(\d+\)$/, '');
  await field.check();
  await page.getByRole('checkbox', { name: 'Group by account, location and field' }).check();
  // A change's URL entry is written once its answer is drawn.
  await expect.poll(() => page.evaluate(() => location.hash), { timeout: 10_000 }).toContain('group=1');
  const hash = await page.evaluate(() => location.hash);
  expect(hash).toMatch(/accounts=.+,.+/);
  const fieldName = new URLSearchParams(hash.replace(/^#[^?]*\?/, '')).get('fields') ?? '';
  expect(fieldLabel(fieldName)).toBe(fieldWords);
  expect(hash).toContain('group=1');

  // Grouped: a header per account, every row of the two accounts and that field only.
  const grid = page.getByRole('grid', { name: 'Waiting suggestions of every account' });
  await expect
    .poll(() => grid.getByRole('rowheader', { name: new RegExp(`^${second!.accountName} \\d+ waiting$`) }).count())
    .toBe(1);
  await expect
    .poll(() => grid.getByRole('rowheader', { name: new RegExp(`^${third!.accountName} \\d+ waiting$`) }).count())
    .toBe(1);
  const matched = Number((await countLine(page).textContent())!.match(/^([\d,]+) of/)![1]!.replace(',', ''));
  expect(matched).toBeGreaterThan(0);
  // What the sandbox itself has waiting for those two accounts and that field: no row of the first account
  // or of another field is taken, and none of theirs is left out.
  const expected = (await desk.control.state<SandboxState>()).suggestions.filter(
    (s) => ['1003', '1004'].includes(s.accountId) && s.fieldName === fieldName && s.status === 'WAITING_ON_CUSTOMER',
  );
  expect(matched).toBe(expected.length);
  expect(await grid.getByRole('rowheader', { name: new RegExp(`^${first!.accountName} `) }).count()).toBe(0);
  const accountOf = new Map(expected.map((s) => [s.id, s.accountId]));
  await shoot(page, 'inbox-grouped', { fullPage: true });

  // Back undoes the last filter (grouping), the URL keeps the rest.
  await page.goBack();
  await expect.poll(() => page.evaluate(() => location.hash)).not.toContain('group=1');
  await expect
    .poll(() => page.getByRole('checkbox', { name: 'Group by account, location and field' }).isChecked())
    .toBe(false);
  await page.goForward();
  await expect
    .poll(() => page.getByRole('checkbox', { name: 'Group by account, location and field' }).isChecked())
    .toBe(true);

  // The ids the inbox will decide, as the worker holds them.
  const plan = await desk.ask('inbox.plan', {
    filters: { accounts: [second!.accountKey, third!.accountKey], fields: [fieldName] },
    decision: 'ACCEPTED',
  });
  if (!plan.ok) throw new Error(plan.error.message);
  expect(plan.value.suggestions).toBe(matched);
  const csv = await desk.ask('inbox.csv', {
    filters: { accounts: [second!.accountKey, third!.accountKey], fields: [fieldName] },
  });
  if (!csv.ok) throw new Error(csv.error.message);
  const ids = csv.value.csv
    .trim()
    .split('\r\n')
    .slice(1)
    .map((line) => line.slice(line.lastIndexOf(',') + 1));
  expect([...ids].sort()).toEqual([...accountOf.keys()].sort());

  // Slow answers, so the worker can be stopped while the batch is being sent.
  await desk.control.call('DELETE', 'requests');
  await desk.control.call('POST', 'latency', { ms: 700 });
  await page.getByRole('button', { name: `Accept all ${matched} matching` }).click();
  const dialog = page.getByRole('dialog', { name: `Accept ${matched} suggestion${matched === 1 ? '' : 's'}?` });
  await dialog.waitFor();
  expect(await dialog.textContent()).toContain(
    `${matched} suggestion${matched === 1 ? '' : 's'} in 2 accounts, ${matched} request${matched === 1 ? '' : 's'} to the service`,
  );
  await shoot(page, 'inbox-preview', { fullPage: true });
  await dialog.getByRole('button', { name: `Accept ${matched}` }).click();
  await page.getByRole('progressbar', { name: `Accepting ${matched} suggestions` }).waitFor({ timeout: 10_000 });
  await shoot(page, 'inbox-progress', { fullPage: true });

  const puts = async () => {
    const { requests } = await desk.control.call<Requests>('GET', 'requests');
    return requests.filter((r) => r.method === 'PUT');
  };
  // The first answer is in, the rest are not: stop the worker now.
  await expect.poll(async () => (await puts()).length, { timeout: 30_000, interval: 100 }).toBeGreaterThan(0);
  const before = (await puts()).filter((r) => r.status >= 200 && r.status < 300).length;
  const cdp = await desk.context.newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await cdp.detach().catch(() => undefined);
  await desk.control.call('POST', 'latency', { ms: 0 });
  // A person reopens the page; the outbox sends what the stopped worker had claimed or not yet sent.
  await page.reload();
  const applied = async () => {
    const ok = (await puts()).filter((r) => r.status >= 200 && r.status < 300);
    return ids.filter((id) => ok.some((r) => r.path.endsWith(`/${id}`))).length;
  };
  await expect.poll(applied, { timeout: 90_000, interval: 500 }).toBe(matched);
  expect(before).toBeLessThan(matched);
  // Exactly once: one accepted PUT per suggestion, and none for any other suggestion. (A PUT cut off by
  // the stop is logged with status 0: the service never answered it, and its re-send is the one applied.)
  const ok = (await puts()).filter((r) => r.status >= 200 && r.status < 300);
  expect(ok).toHaveLength(matched);
  for (const id of ids) expect(ok.filter((r) => r.path.endsWith(`/${id}`))).toHaveLength(1);
  // Each with its own account's token (the sandbox logs whose token a call carried).
  for (const r of ok) expect(r.tokenAccountId).toBe(accountOf.get(r.path.slice(r.path.lastIndexOf('/') + 1)));
  // The service agrees: none of them waits any more, and the inbox drops them.
  await expect.poll(() => countLine(page).textContent(), { timeout: 30_000 }).toMatch(/^0 of/);
}, 180_000);

test('an account that needs Relink is a line of its own, and the others’ suggestions are all there; axe and 320 px reflow', async () => {
  const [first, second] = await linkThree();
  // The sandbox forgets the first account's token: its next call answers 401.
  const dump = await desk.dumpStorage();
  const linked = (dump.local.linkedAccounts as { accountKey: string; needsRelink: boolean }[]).map((a) =>
    a.accountKey === first!.accountKey ? { ...a, needsRelink: true } : a,
  );
  const bridge = await desk.openOptions();
  await bridge.evaluate(
    (value) =>
      (
        globalThis as unknown as { chrome: { storage: { local: { set(v: object): Promise<void> } } } }
      ).chrome.storage.local.set({ linkedAccounts: value }),
    linked,
  );
  const page = await openInbox();
  const relink = page.getByRole('listitem').filter({ hasText: `${first!.accountName} needs to be linked again` });
  await relink.waitFor({ timeout: 20_000 });
  const lines = page.getByRole('list', { name: 'Accounts' });
  await expect
    .poll(
      () =>
        lines
          .getByRole('listitem')
          .filter({ hasText: new RegExp(`^${second!.accountName}: [1-9]`) })
          .count(),
      {
        timeout: 30_000,
      },
    )
    .toBe(1);
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'inbox', { fullPage: true });
  await page.setViewportSize({ width: 320, height: 640 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await shoot(page, 'inbox-320', { fullPage: true });
}, 120_000);

test('keys across accounts: j moves, a accepts a row of an account that is not the active one, u undoes it; History shows who resolved what and when', async () => {
  const [, second] = await linkThree();
  await desk.setUndoWindow(5_000);
  const page = await openInbox(`#inbox?accounts=${encodeURIComponent(second!.accountKey)}`);
  await expect.poll(() => countLine(page).textContent(), { timeout: 30_000 }).toMatch(/^[1-9]\d* of/);
  const grid = page.getByRole('grid', { name: 'Waiting suggestions of every account' });
  await grid.focus();
  await page.keyboard.press('j');
  const active = grid.locator('tr[data-active]');
  expect(await active.textContent()).toContain(second!.accountName);
  await page.keyboard.press('a');
  // The decision waits in the outbox of its own account, though another account is active.
  await expect.poll(() => grid.getByText('Will be sent: accepted').count(), { timeout: 10_000 }).toBe(1);
  expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('grid');
  await page.keyboard.press('u');
  await expect.poll(() => grid.getByText('Will be sent: accepted').count(), { timeout: 10_000 }).toBe(0);

  await page.getByRole('tab', { name: 'History' }).click();
  const table = page.getByRole('tabpanel').getByRole('table');
  await table.waitFor({ timeout: 30_000 });
  const accepted = table.getByRole('row').filter({ hasText: 'Accepted' }).first();
  await accepted.waitFor({ timeout: 30_000 });
  const cells = await accepted.getByRole('cell').allTextContents();
  expect(cells[1]).toBe(second!.accountName);
  // dateResolved as a person reads a date ("Nov 27", not 2026-11-27), with the service's in datetime; resolvedBy.
  expect(cells[5]).toMatch(/^[A-Z][a-z]{2} \d{1,2}(, \d{4})?$/);
  expect(await accepted.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}/);
  expect(cells[6]).not.toBe('—');
  expect(await page.evaluate(() => location.hash)).toContain('tab=history');
  // Nothing in a row is cut off: long cells wrap (an ellipsis hid locations and people from the keyboard).
  const clipped = () =>
    table
      .locator('td')
      .evaluateAll((cells) => cells.filter((c) => c.scrollWidth > c.clientWidth).map((c) => c.textContent));
  expect(await clipped()).toEqual([]);
  await shoot(page, 'inbox-history', { fullPage: true });
  // 320 px: the page does not scroll sideways (the table does, in its own box), and still nothing is cut off.
  await page.setViewportSize({ width: 320, height: 640 });
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
  expect(await clipped()).toEqual([]);
  await shoot(page, 'inbox-history-320', { fullPage: true });
}, 120_000);

test('nothing waiting: each filter group says so in words, not a bare heading; axe light and dark', async () => {
  await desk.reset();
  await desk.link('1001');
  await desk.setUndoWindow(500);
  const page = await openInbox();
  const reject = page.getByRole('button', { name: /^Reject all [1-9][\d,]* matching$/ });
  await reject.waitFor({ timeout: 30_000 });
  const matched = Number((await reject.textContent())!.replace(/\D/g, ''));
  await reject.click();
  const dialog = page.getByRole('dialog', { name: `Reject ${matched} suggestions?` });
  await dialog.getByRole('button', { name: `Reject ${matched}` }).click();
  await expect.poll(() => countLine(page).textContent(), { timeout: 60_000 }).toBe('0 of 0 waiting suggestions match');
  const fields = page.getByRole('group', { name: 'Fields' });
  await expect
    .poll(() => fields.textContent(), { timeout: 15_000 })
    .toBe('FieldsNo fields yet: they are listed when suggestions are waiting.');
  expect(await fields.getByRole('checkbox').count()).toBe(0);
  for (const [name, words] of [
    ['Locations', 'No locations yet: they can be picked when suggestions are waiting.'],
    ['Publishers', 'No publishers yet: they can be picked when suggestions are waiting.'],
  ] as const) {
    const box = page.getByRole('combobox', { name });
    const said = await box.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${said}"]`).textContent()).toBe(words);
  }
  expect(await axeLightAndDark(page)).toEqual([]);
  await shoot(page, 'inbox-nothing-waiting', { fullPage: true });
}, 150_000);

test('a decision not confirmed and one held back by a 429: the row says why in full (not cut), with Retry, Accept and Reject; Retry sends it', async () => {
  await desk.reset();
  await desk.link('1001');
  await desk.setUndoWindow(200);
  const page = await openInbox();
  await page.setViewportSize({ width: 1280, height: 900 });
  const grid = page.getByRole('grid', { name: 'Waiting suggestions of every account' });
  const rows = grid.locator('tbody tr[data-key]');
  await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThan(3);
  const keyOf = async (n: number) => (await rows.nth(n).getAttribute('data-key'))!;
  const [first, second] = [await keyOf(0), await keyOf(1)];
  const row = (key: string) => grid.locator(`tr[data-key="${key}"]`);
  const idOf = (key: string) => key.slice(key.indexOf(' ') + 1);
  /** Text of the row's note cut by its box: what a person cannot read. */
  const cut = (key: string) =>
    row(key).evaluate((tr) =>
      [...tr.querySelectorAll<HTMLElement>('.ib-cell')]
        .filter((cell) => cell.scrollHeight > cell.clientHeight + 1 || cell.scrollWidth > cell.clientWidth + 1)
        .filter((cell) => cell.matches('.ib-cell--note, .ib-cell--act'))
        .map(
          (cell) =>
            `${cell.className} ${cell.scrollWidth}x${cell.scrollHeight} in ${cell.clientWidth}x${cell.clientHeight}`,
        ),
    );

  // The next PUT answers 200 with a body cut off: the decision is not known to have gone.
  await desk.settleThenClearRequests(page);
  await desk.control.call('POST', 'malformed', { method: 'PUT', path: '/v2/accounts/' });
  await row(first).getByRole('button', { name: 'Accept' }).click();
  await expect
    .poll(() => row(first).textContent(), { timeout: 30_000 })
    .toContain('Listings Desk could not confirm this decision');
  expect(await row(first).getByRole('button').allTextContents()).toEqual(['Accept', 'Reject', 'Retry']);
  // The product's own name for it is not small print for support.
  expect(await row(first).textContent()).not.toContain('unconfirmed');
  expect(await cut(first)).toEqual([]);
  await shoot(page, 'inbox-not-confirmed-1280');
  await page.setViewportSize({ width: 320, height: 640 });
  await row(first).scrollIntoViewIfNeeded();
  expect(await cut(first)).toEqual([]);
  await shoot(page, 'inbox-not-confirmed-320');
  await page.setViewportSize({ width: 1280, height: 900 });
  await desk.control.call('DELETE', 'requests');
  await row(first).getByRole('button', { name: 'Retry' }).click();
  const sent = async (id: string) => {
    const { requests } = await desk.control.call<Requests>('GET', 'requests');
    return requests.some((r) => r.method === 'PUT' && r.path.endsWith(`/${id}`) && r.status < 300);
  };
  await expect.poll(() => sent(idOf(first)), { timeout: 30_000 }).toBe(true);

  // A 429 on the next PUT: the row says the decision waits for the service's limit, and until when.
  await desk.settleThenClearRequests(page);
  await desk.control.call('POST', 'rate-limit', { count: 1, resetInSeconds: 120 });
  await row(second).getByRole('button', { name: 'Accept' }).click();
  await expect
    .poll(() => row(second).textContent(), { timeout: 30_000 })
    .toMatch(/Held back: accepted.*Waiting for the service’s limit to reset at .+; Listings Desk will send it then\./);
  expect(await row(second).locator('small').textContent()).toContain('HTTP 429');
  expect(await cut(second)).toEqual([]);
  expect(await page.getByText('May be applied automatically soon').count()).toBe(0);
  expect(await axeLightAndDark(page)).toEqual([]);
  await shoot(page, 'inbox-held-back-1280');
  await page.setViewportSize({ width: 320, height: 640 });
  await row(second).scrollIntoViewIfNeeded();
  await shoot(page, 'inbox-held-back-320');
}, 150_000);
