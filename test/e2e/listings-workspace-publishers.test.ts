// The publishers directory in real Chromium against the sandbox (issue 21): an answer larger than
// storage.local's 10 MB quota is kept (IndexedDB) and shown, in the directory and as the table's names.
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
