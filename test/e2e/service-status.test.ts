// The sandbox stops while the options page is open: one banner names the API address that does not answer
// and when Listings Desk tries again; Try now, once the service is back, takes it away.
import { afterAll, expect, test } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../sandbox/server.ts';
import { deskForFile } from './fixture.ts';

const desk = deskForFile({ reset: 'never' });
let restarted: RunningSandbox | undefined;

afterAll(async () => {
  await restarted?.close();
});

test('the service stopped mid-session: a banner names its address and the retry time; Try now clears it once it is back', async () => {
  await desk.reset();
  await desk.link();
  const page = await desk.openOptions();
  await page.goto(desk.url('options.html#listings'));
  const banner = page.getByRole('alert').filter({ hasText: 'The listings service cannot be reached' });
  // The account's listings loaded (the load bar then offers Refresh), while the service still answers.
  const load = page.getByRole('button', { name: 'Load all listings' });
  const refresh = page.getByRole('button', { name: 'Refresh', exact: true }).first();
  await load.or(refresh).first().waitFor({ timeout: 30_000 });
  // The workspace may start the load itself a moment after it shows the button; then the click finds none.
  if (await load.isVisible()) await load.click({ timeout: 5_000 }).catch(() => undefined);
  await refresh.waitFor({ timeout: 60_000 });
  expect(await banner.count()).toBe(0);

  const { apiUrl, authUrl } = desk.sandbox;
  await desk.sandbox.close();
  await refresh.click();
  // The refresh shows at once, though no page of it will come back.
  await page.getByRole('progressbar', { name: 'Loading listings' }).waitFor({ timeout: 10_000 });

  await banner.waitFor({ timeout: 30_000 });
  await expect
    .poll(() => banner.textContent(), { timeout: 10_000 })
    .toMatch(
      new RegExp(
        `gets no answer from ${apiUrl.replace(/[.]/g, '\\.')} \\(since [\\d:]+.*\\)\\. It tries again at [\\d:]+`,
      ),
    );
  // Words only: nothing answered, so there is no service code or status, and "network" is our own name.
  expect(await banner.textContent()).toMatch(/out of date\.\s*Try now/);
  expect(await banner.textContent()).not.toMatch(/\bnetwork\b/);
  expect(await banner.textContent()).not.toMatch(/access_token|api_key/);

  // The load has given up (its first page unanswered through the client's retries, ~5 s), so nothing of its
  // own reaches the service once it is back.
  await refresh.waitFor({ timeout: 30_000 });
  // Back on the same ports; Try now asks the worker to try at once.
  restarted = await startSandbox({
    port: Number(new URL(apiUrl).port),
    authPort: Number(new URL(authUrl).port),
    crmPort: false,
  });
  await banner.getByRole('button', { name: 'Try now' }).click();
  await banner.waitFor({ state: 'detached', timeout: 15_000 });
}, 120_000);
