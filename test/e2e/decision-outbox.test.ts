import { expect, test } from 'vitest';
import { shoot } from './axe.ts';
import { deskForFile } from './fixture.ts';
import { stopWorkerWithNoPageOpen } from './worker-stop.ts';

const RESET_S = 10;

const desk = deskForFile({ reset: 'never' });

async function view() {
  const reply = await desk.ask('triage.view', {});
  if (!reply.ok) throw new Error(`triage.view failed: ${reply.error.message}`);
  return reply.value;
}

type Requests = { requests: { method: string; path: string; status: number }[] };

test('a decision waiting on a 429 is sent after the reset, though the worker was stopped meanwhile', async () => {
  await desk.reset();
  await desk.link();
  const bridge = desk.context.pages().find((p) => p.url().endsWith('popup.html'));
  await bridge?.evaluate(() =>
    (
      globalThis as unknown as { chrome: { storage: { local: { set(v: object): Promise<void> } } } }
    ).chrome.storage.local.set({ triageUndoWindowMsForTests: 200 }),
  );
  await desk.ask('triage.view', { refresh: true, force: true });
  await expect.poll(async () => (await view()).suggestions.length, { timeout: 20_000 }).toBeGreaterThan(0);
  const { account, suggestions } = await view();
  const target = suggestions[0]!.id;

  // The 429 goes to the next /v2 call, whichever it is: linking's background calls must be over, or one of
  // them takes it and the decision goes through at once.
  await desk.settleThenClearRequests(bridge);
  await desk.control.call('POST', 'rate-limit', { count: 1, resetInSeconds: RESET_S });
  const decided = await desk.ask('triage.decide', {
    accountKey: account!.accountKey,
    suggestionIds: [target],
    decision: 'ACCEPTED',
  });
  expect(decided.ok).toBe(true);
  // The PUT was answered 429: the decision is queued again with its retry time, not failed.
  await expect.poll(async () => (await view()).pending[0]?.retryAt ?? null, { timeout: 20_000 }).not.toBeNull();
  const limitedAt = Date.now();
  expect((await view()).failures).toEqual([]);

  // The popup says what is happening, and offers no Undo for a decision already tried (issue 21, item 4).
  const popup = await desk.openPopup();
  const bar = popup.getByRole('region', { name: 'Decision pending' });
  await expect
    .poll(() => bar.textContent(), { timeout: 20_000 })
    .toMatch(/Accepted 1 suggestion · Waiting for the service’s limit to reset at .+; Listings Desk will send it then/);
  expect(await bar.textContent()).not.toMatch(/sending in/);
  expect(await bar.getByRole('button', { name: 'Undo' }).count()).toBe(0);
  await shoot(popup, 'rate-limit-wait');

  // No extension page stays open, and Chrome stops the worker.
  const { cdp } = await stopWorkerWithNoPageOpen(desk.context);

  const sentOk = async () => {
    const { requests } = await desk.control.call<Requests>('GET', 'requests');
    return requests.some((r) => r.method === 'PUT' && r.path.endsWith(`/${target}`) && r.status < 300);
  };
  // Within a minute of the reset.
  await expect.poll(sentOk, { timeout: (RESET_S + 60) * 1000, interval: 500 }).toBe(true);
  expect(Date.now() - limitedAt).toBeLessThan((RESET_S + 60) * 1000);
  // Settled in the worker too (its answer written, nothing pending), before the next test clears storage
  // under it: a round that writes after that clear would hand the next test this test's list.
  await expect.poll(async () => (await view()).pending.length, { timeout: 20_000 }).toBe(0);
  expect((await view()).suggestions.map((s) => s.id)).not.toContain(target);
  await cdp.detach().catch(() => undefined);
}, 120_000);

test('a 200 that cannot be read for a decision the service did not apply: "could not confirm", then Retry sends it', async () => {
  await desk.reset();
  await desk.link();
  await desk.setUndoWindow(200);
  const popup = await desk.openPopup();
  const first = popup.getByRole('article').first();
  await first.waitFor({ timeout: 20_000 });
  const id = (await first.getAttribute('id'))!.replace(/^suggestion-/, '');

  // The next PUT answers 200 with a body cut off mid-way, and never reaches the service's rules.
  await desk.control.call('POST', 'malformed', { method: 'PUT', path: '/v2/accounts/' });
  await first.getByRole('button', { name: 'Accept' }).click();
  const row = popup.locator(`#suggestion-${id}`);
  const alert = row.getByRole('alert');
  await expect.poll(() => alert.textContent(), { timeout: 20_000 }).toMatch(/could not confirm this decision/);
  expect(await alert.textContent()).toMatch(/still waiting/);
  await shoot(popup, 'could-not-confirm');

  await desk.control.call('DELETE', 'requests');
  await alert.getByRole('button', { name: 'Retry' }).click();
  const applied = async () => {
    const { requests } = await desk.control.call<Requests>('GET', 'requests');
    return requests.some((r) => r.method === 'PUT' && r.path.endsWith(`/${id}`) && r.status < 300);
  };
  await expect.poll(applied, { timeout: 20_000 }).toBe(true);
  await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(0);
}, 120_000);
