// The Inbox and the Connection section's "Requests this hour" with the sandbox stopped (like
// offline-screens.test.ts): each says the service cannot be reached, keeps what it held (the rows, the
// figures), and recovers on Try now once it is back (the lines lose their errors, the notes go).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../sandbox/server.ts';
import { axeLightAndDark, shoot } from './axe.ts';
import { deskForFile } from './fixture.ts';

// The sandbox keeps its state (the tokens above all) in a file, so the one started again knows the links.
const dir = mkdtempSync(join(tmpdir(), 'inbox-offline-'));
const dataFile = join(dir, 'sandbox.json');
const desk = deskForFile({ reset: 'never', sandbox: { dataFile } });
let restarted: RunningSandbox | undefined;

afterAll(async () => {
  await restarted?.close();
  rmSync(dir, { recursive: true, force: true });
});

test('Inbox and Requests this hour, service stopped: they say it cannot be reached, keep what they held, and recover on Try now', async () => {
  await desk.reset();
  const first = await desk.link('1001');
  const second = await desk.link('1003');
  const page = await desk.openOptions();
  await page.goto(desk.url('options.html#inbox'));
  const count = page.getByRole('status').filter({ hasText: /waiting suggestions match/ });
  const accountLine = (name: string) =>
    page.getByRole('list', { name: 'Accounts' }).getByRole('listitem').filter({ hasText: name });
  for (const a of [first, second]) {
    await expect
      .poll(() => accountLine(a.accountName).textContent(), { timeout: 30_000 })
      .toMatch(new RegExp(`^${a.accountName}: [1-9][\\d,]* waiting$`));
  }
  await expect.poll(() => count.textContent(), { timeout: 30_000 }).toMatch(/^[1-9][\d,]* of/);
  const held = await count.textContent();
  const grid = page.getByRole('grid', { name: 'Waiting suggestions of every account' });
  const firstRow = await grid.getByRole('row').nth(1).textContent();

  // Requests this hour, while the service answers: figures from its answers' headers.
  await page.goto(desk.url('options.html#connection'));
  const left = page.getByText(/^Requests left this hour: [\d,]+ of [\d,]+ · resets at/);
  await left.waitFor({ timeout: 30_000 });

  const { apiUrl, authUrl } = desk.sandbox;
  await desk.sandbox.close();

  // The Inbox: Refresh gets no answer; it says so, and what it held stays.
  await page.goto(desk.url('options.html#inbox'));
  await page.getByRole('button', { name: 'Refresh', exact: true }).click();
  const banner = page.getByRole('alert').filter({ hasText: 'The listings service cannot be reached' });
  await banner.waitFor({ timeout: 60_000 });
  const note = page.getByRole('status').filter({ hasText: 'The service can’t be reached' });
  await expect
    .poll(() => note.textContent(), { timeout: 30_000 })
    .toBe(
      'The service can’t be reached, so these are the suggestions as last fetched. A decision made now waits in the outbox and is sent when the service answers again.',
    );
  // One line an account, not a warning box each (the banner says the outage once); no "network": our name.
  for (const a of [first, second]) {
    await expect
      .poll(() => accountLine(a.accountName).textContent(), { timeout: 60_000 })
      .toMatch(
        new RegExp(
          `^${a.accountName}: [1-9][\\d,]* waiting as last fetched; not refreshed, the service can’t be reached\\. Listings Desk asks again at the next refresh; Refresh asks now\\.$`,
        ),
      );
  }
  expect(await page.getByRole('list', { name: 'Accounts' }).getByRole('alert').count()).toBe(0);
  expect(await count.textContent()).toBe(held);
  expect(await grid.getByRole('row').nth(1).textContent()).toBe(firstRow);
  await shoot(page, 'inbox-offline', { fullPage: true });
  expect(await axeLightAndDark(page)).toEqual([]);

  // Requests this hour: the figures it held, said to be from the service's last answer.
  await page.goto(desk.url('options.html#connection'));
  const stale = page.getByText('The service can’t be reached, so these figures are from its last answer.');
  await stale.waitFor({ timeout: 30_000 });
  // Nothing can answer now: the figures held stay, through a person's Update figures too.
  const figures = await left.textContent();
  await page.getByRole('button', { name: 'Update figures' }).click();
  await expect.poll(() => page.getByRole('button', { name: 'Update figures' }).getAttribute('aria-busy')).toBe(null);
  expect(await left.textContent()).toBe(figures);
  expect(await stale.isVisible()).toBe(true);
  await shoot(page, 'connection-offline', { fullPage: true });
  expect(await axeLightAndDark(page)).toEqual([]);

  // Back on the same ports, with the same state; Try now finds it at once.
  restarted = await startSandbox({
    port: Number(new URL(apiUrl).port),
    authPort: Number(new URL(authUrl).port),
    crmPort: false,
    dataFile,
  });
  await banner.getByRole('button', { name: 'Try now' }).click();
  await banner.waitFor({ state: 'detached', timeout: 30_000 });
  await stale.waitFor({ state: 'detached', timeout: 30_000 });
  await left.waitFor({ timeout: 30_000 });

  // The Inbox asks every account again: the lines lose their errors, the note goes.
  await page.goto(desk.url('options.html#inbox'));
  for (const a of [first, second]) {
    await expect
      .poll(() => accountLine(a.accountName).textContent(), { timeout: 60_000 })
      .toMatch(new RegExp(`^${a.accountName}: [1-9][\\d,]* waiting$`));
  }
  expect(await note.count()).toBe(0);
  expect(await count.textContent()).toBe(held);
}, 240_000);
