// Opt-in jobs in real Chromium against the sandbox (issue 10): a batch whose injected fault outlasts the
// client's retries is listed with its error and "Retry failed" sends it again; a job goes on with the
// options page closed. Each test has a browser of its own: desk.reset() empties storage under the
// worker, and a job an earlier test left in it would take this test's faults or do its work.
import { describe, expect, test } from 'vitest';
import { type Desk, deskForFile } from './fixture.ts';
import { chooseOptedOut, linkFresh, OPTIN_PATH, optedOutCount, PAIRS } from './listings-workspace-helpers.ts';

const FAULT_PAIRS = 12;

/** A browser of its own, account 1001 linked with 100 locations × 69 publishers. */
function ownDesk(): Desk {
  return deskForFile({
    reset: 'once',
    afterReset: async (desk) => {
      await desk.control.reset({ locationsPerAccount: 100 });
      await linkFresh(desk);
    },
  });
}

describe('a failed batch', () => {
  const desk = ownDesk();
  test('a batch failed by an injected fault is listed, and succeeds on Retry failed', async () => {
    // A few pairs: each failing request costs the client's whole retry policy (~5 s of backoff).
    const { page, pairs } = await chooseOptedOut(desk, FAULT_PAIRS);
    const summary = (await page.getByTestId('optin-summary').textContent()) ?? '';
    const requests = Number(summary.match(/in (\d+) requests?/)?.[1]);
    // A 500 for every attempt the policy makes (1 + 3 retries) of every request, whichever order the
    // concurrent requests take them in: each request fails for good.
    await desk.control.faults({ method: 'PUT', path: OPTIN_PATH, status: 500, count: 4 * requests });
    await page.getByRole('button', { name: `Opt in ${FAULT_PAIRS} listings` }).click();
    await page
      .getByRole('region', { name: 'Opt-in progress' })
      .getByText(/Opt-in finished with \d+ failed/)
      .waitFor({ timeout: 40_000 });
    const failed = page.locator('.lw-job__failed li');
    expect(await failed.count()).toBe(requests);
    expect(await failed.first().textContent()).toMatch(/^Request \d+ \(\d+ pairs\): \S+ \S/);
    expect(await optedOutCount(desk, pairs)).toBe(FAULT_PAIRS);
    await page.getByRole('button', { name: 'Retry failed' }).click();
    await page
      .getByRole('region', { name: 'Opt-in progress' })
      .getByText(`Opted in ${FAULT_PAIRS} listings`)
      .waitFor({ timeout: 40_000 });
    expect(await optedOutCount(desk, pairs)).toBe(0);
  });
});

describe('the page closed mid-job', () => {
  const desk = ownDesk();
  test('closing the options page mid-job does not stop it', async () => {
    const { page, pairs } = await chooseOptedOut(desk);
    await desk.control.latency(400);
    await page.getByRole('button', { name: `Opt in ${PAIRS} listings` }).click();
    await page.locator('.lw-job').waitFor();
    await page.close();
    await expect.poll(() => optedOutCount(desk, pairs), { timeout: 60_000, interval: 500 }).toBe(0);
    await desk.control.latency(0);
  });
});
