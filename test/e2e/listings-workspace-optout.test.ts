// Bulk opt-out from the listings workspace in real Chromium against the sandbox (issue 21): rows picked by
// keyboard, a confirmation that says what stops being sent, requests of at most 100 pairs holding only the
// selection, failed requests listed and sent again by "Retry failed"; and "Opt out all live matching".
import { expect, test } from 'vitest';
import { shoot } from './axe.ts';
import { deskForFile } from './fixture.ts';
import {
  idList,
  linkFresh,
  openWorkspace,
  pairKey,
  sandboxState,
  selectByKeyboard,
  settledCounts,
  waitLoaded,
} from './listings-workspace-helpers.ts';

const OPTOUT_PATH = '/v2/accounts/me/powerlistings/listings/optout';
const PICKED = 12;

const desk = deskForFile({ afterReset: linkFresh });

async function statusesOf(pairs: Set<string>): Promise<string[]> {
  const state = await sandboxState(desk);
  return state.listings
    .filter((l) => l.accountId === '1001' && pairs.has(pairKey(l.locationId, l.publisherId)))
    .map((l) => l.status);
}

async function optOutRequests() {
  const log = await desk.control.requests();
  return (log.requests as { method: string; path: string; status: number; query?: Record<string, string> }[]).filter(
    (r) => r.method === 'PUT' && r.path === OPTOUT_PATH,
  );
}

test('selected live rows: confirmation, requests of the selection only, Retry failed, statuses update', async () => {
  const page = await openWorkspace(desk, '#listings?status=LIVE');
  await waitLoaded(page);
  expect((await settledCounts(page)).matched).toBeGreaterThanOrEqual(PICKED);
  const pairs = await selectByKeyboard(page, PICKED);
  await desk.control.call('DELETE', 'requests');

  await page.getByRole('button', { name: 'Opt out selected' }).click();
  const dialog = page.getByRole('dialog', { name: 'Opt out listings' });
  await dialog.getByTestId('optin-summary').waitFor();
  const summary = (await dialog.getByTestId('optin-summary').textContent()) ?? '';
  expect(summary).toMatch(new RegExp(`^${PICKED} listings: \\d+ locations? × \\d+ publishers?, in \\d+ requests?\\.$`));
  expect(await dialog.getByRole('note').textContent()).toMatch(/stops sending these locations’ data/);
  const requests = Number(summary.match(/in (\d+) requests?/)?.[1]);
  // Every attempt the client's policy makes (1 + 3 retries) of every request fails: each fails for good.
  await desk.control.faults({ method: 'PUT', path: OPTOUT_PATH, status: 500, count: 4 * requests });
  await dialog.getByRole('button', { name: `Opt out ${PICKED} listings` }).click();

  await page
    .getByRole('region', { name: 'Opt-out progress' })
    .getByText(/Opt-out finished with \d+ failed requests?/)
    .waitFor({ timeout: 40_000 });
  expect(await page.locator('.lw-job__failed li').count()).toBe(requests);
  expect(await statusesOf(pairs)).toEqual(Array(PICKED).fill('LIVE'));

  await page.getByRole('button', { name: 'Retry failed' }).click();
  await page
    .getByRole('region', { name: 'Opt-out progress' })
    .getByText(`Opted out ${PICKED} listings`)
    .waitFor({ timeout: 40_000 });
  expect(await statusesOf(pairs)).toEqual(Array(PICKED).fill('OPTED_OUT'));
  // The sandbox saw only the selection, at most 100 pairs a request, each pair in one answered request.
  const answered = (await optOutRequests()).filter((r) => r.status === 200);
  const sent: string[] = [];
  for (const r of answered) {
    const locations = idList(r.query?.locationIds);
    const publishers = idList(r.query?.publisherIds);
    expect(locations.length * publishers.length).toBeLessThanOrEqual(100);
    for (const l of locations) for (const p of publishers) sent.push(pairKey(l, p));
  }
  expect(sent.sort()).toEqual([...pairs].sort());
  // The rows refreshed: the opted-out listings left the LIVE view.
  const liveNow = (await sandboxState(desk)).listings.filter((l) => l.accountId === '1001' && l.status === 'LIVE');
  await expect.poll(async () => (await settledCounts(page)).matched, { timeout: 20_000 }).toBe(liveNow.length);
  await expect.poll(async () => await page.locator('tr[aria-selected="true"]').count()).toBe(0);
});

test('"Opt out all live matching" opts out every live listing of the filtered location, and only those', async () => {
  const page = await openWorkspace(desk, '#listings?location=HB-001');
  await waitLoaded(page);
  const before = (await sandboxState(desk)).listings.filter((l) => l.accountId === '1001');
  const live = before.filter((l) => l.locationId === 'HB-001' && l.status === 'LIVE');
  expect(live.length).toBeGreaterThan(0);
  await settledCounts(page);
  await desk.control.call('DELETE', 'requests');

  await page.getByRole('button', { name: 'Opt out all live matching' }).click();
  const dialog = page.getByRole('dialog', { name: 'Opt out listings' });
  await dialog.getByTestId('optin-summary').waitFor();
  expect(await dialog.getByTestId('optin-summary').textContent()).toMatch(
    new RegExp(`^${live.length} listings?: 1 location × `),
  );
  await dialog.getByRole('button', { name: new RegExp(`^Opt out ${live.length} listings?$`) }).click();
  await page.getByText(new RegExp(`^Opted out ${live.length} listings?$`)).waitFor({ timeout: 40_000 });

  const after = (await sandboxState(desk)).listings.filter((l) => l.accountId === '1001');
  const was = new Map(before.map((l) => [l.id, l.status]));
  const changed = after.filter((l) => l.status !== was.get(l.id));
  expect(changed.map((l) => l.id).sort()).toEqual(live.map((l) => l.id).sort());
  expect(changed.every((l) => l.status === 'OPTED_OUT')).toBe(true);
  // The table shows the new statuses: no live row left for this location.
  await page.getByRole('checkbox', { name: 'Live' }).check();
  await expect.poll(async () => (await settledCounts(page)).matched, { timeout: 20_000 }).toBe(0);
});

test('a filter change unselects what it hides and says so; the opt-out dialog names the locations and publishers', async () => {
  const page = await openWorkspace(desk, '#listings?status=LIVE');
  await page.setViewportSize({ width: 1280, height: 900 });
  await waitLoaded(page);
  await selectByKeyboard(page, 3);
  // Another status let through: "3 selected" across a filter change would opt out rows the person no longer sees.
  await page.getByRole('group', { name: 'Status' }).getByRole('checkbox', { checked: true }).first().uncheck();
  await page
    .getByRole('status')
    .filter({ hasText: 'The filters changed, so the 3 selected listings were unselected.' })
    .waitFor({ timeout: 20_000 });
  expect(await page.getByText(/^\d+ selected$/).count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Opt out selected' }).isDisabled()).toBe(true);

  // One listing picked again: the dialog says which location and which publisher.
  await selectByKeyboard(page, 1);
  const picked = page.locator('tr[data-key][aria-selected="true"]');
  const cells = await picked.locator('td').allTextContents();
  await page.getByRole('button', { name: 'Opt out selected' }).click();
  const dialog = page.getByRole('dialog', { name: 'Opt out listings' });
  await dialog.getByTestId('optin-summary').waitFor();
  expect(await dialog.getByTestId('optin-summary').textContent()).toMatch(/^1 listing: 1 location × 1 publisher/);
  const named = await dialog.locator('dd').allTextContents();
  expect(cells[1]).toContain(named[0]);
  expect(cells[2]).toContain(named[1]);
  expect(named.every((n) => n.length > 0)).toBe(true);
  await shoot(page, 'optout-dialog-names-1280');
  await page.setViewportSize({ width: 320, height: 640 });
  await shoot(page, 'optout-dialog-names-320');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
}, 120_000);
