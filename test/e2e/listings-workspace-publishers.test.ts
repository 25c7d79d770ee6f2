// The publishers directory in real Chromium against the sandbox (issue 21): an answer larger than
// storage.local's 10 MB quota is kept (IndexedDB) and shown, in the directory and as the table's names.
import { mkdirSync } from 'node:fs';
import { expect, test } from 'vitest';
import type { Publisher } from '../../sandbox/model.ts';
import { deskForFile } from './fixture.ts';
import { linkFresh, openWorkspace, sandboxState, settledCounts, waitLoaded } from './listings-workspace-helpers.ts';

const PUBLISHERS_PATH = '/v2/accounts/me/powerlistings/publishers';
const BIG = 10.5 * 1024 * 1024;

const desk = deskForFile({ reset: 'never' });

/** The sandbox's publishers, each with alternate brands enough to make the answer 10.5 MB. */
function bigAnswer(publishers: Publisher[]): { body: unknown; bytes: number } {
  const perPublisher = Math.ceil(BIG / publishers.length / 100);
  const response = publishers.map((p) => ({
    id: p.id,
    name: p.name,
    supportedCountries: p.supportedCountries,
    alternateBrands: Array.from({ length: perPublisher }, (_, i) => ({
      name: `${p.name} regional brand ${i}`,
      url: `https://brands.example.com/${p.id.toLowerCase()}/regional/${i}/listing-page`,
    })),
  }));
  const body = { meta: { uuid: '00000000-0000-4000-8000-000000000021', errors: [] }, response };
  return { body, bytes: JSON.stringify(body).length };
}

test('a 10.5 MB publishers answer is shown in the directory and names the table’s publishers', async () => {
  await desk.reset();
  const { publishers } = await sandboxState(desk);
  const { body, bytes } = bigAnswer(publishers);
  expect(bytes).toBeGreaterThan(BIG);
  // Every publishers call of this test gets the big answer.
  await desk.control.faults({ method: 'GET', path: PUBLISHERS_PATH, status: 200, body, count: 50 });
  await linkFresh(desk);

  const page = await openWorkspace(desk, '#listings?publisher=YELP');
  await waitLoaded(page);
  await settledCounts(page);
  // The table's rows name the publisher, which only the directory knows.
  await expect.poll(async () => page.locator('tr[data-key] td').nth(2).textContent(), { timeout: 30_000 }).toBe('Yelp');
  await page.getByRole('tab', { name: `Publishers (${publishers.length})` }).click();
  await page.getByText(`${publishers.length} of ${publishers.length} publishers`).waitFor({ timeout: 30_000 });
  await page.getByRole('searchbox', { name: 'Search publishers' }).fill('regional brand 7');
  await page.getByText(`${publishers.length} of ${publishers.length} publishers`).waitFor();
  expect(await page.getByText('Something went wrong').count()).toBe(0);
});

// Issue 32: all 13,951 rows of the directory were drawn at once (the page stopped answering for ~33 s).
test('13,951 publishers: the Publishers tab draws those in view, and scrolls to the last', async () => {
  await desk.reset();
  const { publishers } = await sandboxState(desk);
  const extra = Array.from({ length: 13_951 - publishers.length }, (_, i) => ({
    id: `REGIONAL${i}`,
    name: `Regional directory ${i}`,
    supportedCountries: ['US'],
    alternateBrands: [{ name: `Regional brand ${i}`, url: `https://brands.example.com/${i}` }],
  }));
  const response = [
    ...publishers.map((p) => ({
      id: p.id,
      name: p.name,
      supportedCountries: p.supportedCountries,
      alternateBrands: p.alternateBrands,
    })),
    ...extra,
  ];
  const body = { meta: { uuid: '00000000-0000-4000-8000-000000000032', errors: [] }, response };
  await desk.control.faults({ method: 'GET', path: PUBLISHERS_PATH, status: 200, body, count: 50 });
  // Another account than the first test's: its directory (kept in IndexedDB, which a reset keeps) is fetched now.
  await linkFresh(desk, '1002');

  const page = await openWorkspace(desk, '#listings');
  await waitLoaded(page);
  await page.getByRole('tab', { name: /^Publishers \(/ }).click();
  await page.getByText(`${response.length} of ${response.length} publishers`).waitFor({ timeout: 30_000 });
  const table = page.getByRole('table', { name: 'Publishers' });
  const drawn = () => table.locator('tbody tr').count();
  expect(await drawn()).toBeGreaterThan(5);
  expect(await drawn()).toBeLessThan(100);
  // The last by name, at the end of the scroll.
  const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  const last = response
    .map((p) => p.name)
    .sort(collator.compare)
    .at(-1)!;
  await table.locator('xpath=..').evaluate((box) => box.scrollTo(0, box.scrollHeight));
  await expect.poll(() => table.getByRole('cell', { name: last, exact: true }).count(), { timeout: 15_000 }).toBe(1);
  expect(await drawn()).toBeLessThan(100);
  // Looked at: the windowed directory at 400 and 320 px, light and dark.
  const shots = process.env.LISTINGS_DESK_SHOTS ?? '/tmp/h32popup-shots';
  mkdirSync(shots, { recursive: true });
  for (const width of [400, 320]) {
    await page.setViewportSize({ width, height: 800 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: `${shots}/publishers-${width}-${scheme}.png` });
    }
  }
  await page.emulateMedia({ colorScheme: null });
  // A search still looks at every publisher.
  await page.getByRole('searchbox', { name: 'Search publishers' }).fill('Regional brand 12345');
  await page.getByText(`1 of ${response.length} publishers`).waitFor();
  await expect
    .poll(() => table.getByRole('cell', { name: 'Regional directory 12345', exact: true }).count(), { timeout: 15_000 })
    .toBe(1);
}, 120_000);
