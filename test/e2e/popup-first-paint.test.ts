// The popup with its worker stopped (as Chrome stops it after 30 s idle): the rows come from the worker's
// first-paint snapshot in storage.session at once, marked busy, and the live list replaces them when the
// worker has started. Then unlink: the snapshot is gone with the account.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { FIRST_PAINT_ATTR } from '../../lib/messaging/first-paint.ts';
import { deskForFile } from './fixture.ts';
import { stopWorkerWithNoPageOpen } from './worker-stop.ts';

const WAITING = 60;
/** The snapshot's rows (SNAPSHOT_ROWS in first-paint-snapshot.ts): a list of 60 shows 12 rows' set size until live. */
const SNAPSHOT_ROWS = 12;
/** Set to a folder (e.g. /tmp/shots) to keep screenshots of the popup painted from the snapshot. */
const SHOTS_DIR = process.env.LISTINGS_DESK_SHOTS;

const desk = deskForFile({ afterReset: (d) => d.control.call('POST', 'reset', { waitingSuggestions: WAITING }) });

/** Every state of the list the page showed, from its first script on: rows' set size and the list's busy flag. */
async function recordList(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: { setSize: string | null; busy: string | null }[] = [];
    (globalThis as unknown as { listStates: typeof seen }).listStates = seen;
    new MutationObserver(() => {
      const feed = document.querySelector('[role="feed"]');
      const row = feed?.querySelector('article');
      if (!feed || !row) return;
      const state = { setSize: row.getAttribute('aria-setsize'), busy: feed.getAttribute('aria-busy') };
      const last = seen.at(-1);
      if (last?.setSize !== state.setSize || last?.busy !== state.busy) seen.push(state);
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
}

/**
 * The page's first question to the worker (which starts a stopped one): whether the snapshot's rows were in
 * the page by then, and whether a frame had been drawn with them.
 */
async function recordFirstQuestion(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = globalThis as unknown as {
      firstQuestion: { rows: boolean; framed: boolean } | null;
      chrome?: { runtime?: { sendMessage(m: unknown): Promise<unknown> } };
    };
    w.firstQuestion = null;
    let framed = false;
    const seen = new MutationObserver(() => {
      if (!document.querySelector('[role="feed"] article')) return;
      seen.disconnect();
      requestAnimationFrame(() => {
        framed = true;
      });
    });
    seen.observe(document, { subtree: true, childList: true });
    const runtime = w.chrome?.runtime;
    if (!runtime) return;
    const send = runtime.sendMessage.bind(runtime);
    runtime.sendMessage = (message: unknown) => {
      w.firstQuestion ??= { rows: Boolean(document.querySelector('[role="feed"] article')), framed };
      return send(message);
    };
  });
}

interface PlainDomStages {
  /** The entry's plain-DOM rows, when first seen: how many, whether inert, the first five titles' tops. */
  plain: { rows: number; inert: boolean; focusable: number; tops: number[] } | null;
  /** The first state without them: whether the app's first row is focusable, and its first five titles' tops. */
  live: { rows: number; focusable: boolean; tops: number[] } | null;
  /** Most lists a screen reader could read at once (not inert, not hidden). */
  mostFeedsHeard: number;
}

/** Records the plain-DOM stage, the app's swap, and how many lists were exposed at any moment. */
async function recordPlainDom(page: Page): Promise<void> {
  await page.addInitScript((attr) => {
    const stages: PlainDomStages = { plain: null, live: null, mostFeedsHeard: 0 };
    (globalThis as unknown as { plainDom: PlainDomStages }).plainDom = stages;
    const tops = (root: ParentNode) =>
      [...root.querySelectorAll('.st-row__title')].slice(0, 5).map((title) => title.getBoundingClientRect().top);
    new MutationObserver(() => {
      const heard = [...document.querySelectorAll('[role="feed"]')].filter(
        (feed) => !feed.closest('[inert]') && getComputedStyle(feed).visibility !== 'hidden',
      );
      stages.mostFeedsHeard = Math.max(stages.mostFeedsHeard, heard.length);
      const plain = document.querySelector(`#app [${attr}]`) as HTMLElement | null;
      if (plain && !stages.plain && plain.querySelector('article')) {
        stages.plain = {
          rows: plain.querySelectorAll('article').length,
          inert: plain.inert,
          focusable: plain.querySelectorAll('[tabindex="0"], a[href], button:not([disabled]), input').length,
          tops: tops(plain),
        };
      }
      const app = document.getElementById('app');
      if (stages.plain && !stages.live && !plain && app?.querySelector('article')) {
        stages.live = {
          rows: app.querySelectorAll('article').length,
          focusable: app.querySelector('article')?.getAttribute('tabindex') === '0',
          tops: tops(app),
        };
      }
    }).observe(document, { subtree: true, childList: true, attributes: true });
  }, FIRST_PAINT_ATTR);
}

const listStates = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { listStates: { setSize: string; busy: string }[] }).listStates);

/** Opens the popup once and waits until its view has written the snapshot. */
async function snapshotWritten(accountKey: string): Promise<string[]> {
  const first = await desk.openPopup();
  const feed = first.getByRole('feed');
  await expect.poll(() => feed.getAttribute('aria-busy'), { timeout: 20_000 }).toBe('false');
  await expect
    .poll(async () => (await desk.dumpStorage(first)).session.triageFirstPaint, { timeout: 10_000 })
    .toBeTruthy();
  const session = (await desk.dumpStorage(first)).session;
  const snapshot = session.triageFirstPaint as { suggestions: { id: string }[]; account: { accountKey: string } };
  expect(snapshot.account.accountKey).toBe(accountKey);
  expect(snapshot.suggestions).toHaveLength(SNAPSHOT_ROWS);
  expect(JSON.stringify(session)).not.toMatch(/token/i);
  const ids = await feed.getByRole('article').evaluateAll((els) => els.slice(0, 3).map((el) => el.id));
  await first.close();
  return ids;
}

async function openRecordedPopup(): Promise<Page> {
  const popup = await desk.context.newPage();
  await popup.setViewportSize({ width: 400, height: 600 });
  await recordList(popup);
  await recordFirstQuestion(popup);
  await popup.goto(desk.url('popup.html'));
  return popup;
}

const pendingInWorker = async (from: Page) => {
  const reply = await desk.ask('triage.view', {}, from);
  return reply.ok ? reply.value.pending.map((p) => p.suggestionId) : null;
};

test('worker busy: the snapshot is painted first, a key on it waits, the live list replaces it and the key acts', async () => {
  const account = await desk.link('1001');
  const firstIds = await snapshotWritten(account.accountKey);
  // The worker's thread held for 6 s (a long task): it cannot answer the popup meanwhile.
  const held = desk.serviceWorker.evaluate(() => {
    const end = Date.now() + 6000;
    while (Date.now() < end);
  });
  const popup = await openRecordedPopup();
  const rows = popup.getByRole('feed').getByRole('article');
  await expect.poll(() => rows.count(), { timeout: 3_000 }).toBeGreaterThan(3);
  // The entry's plain-DOM rows first (inert), then the app's own, still the snapshot's while the worker is held.
  await expect.poll(() => popup.locator(`#app [${FIRST_PAINT_ATTR}]`).count(), { timeout: 3_000 }).toBe(0);
  expect(await listStates(popup)).toEqual([{ setSize: String(SNAPSHOT_ROWS), busy: 'true' }]);
  expect(await rows.evaluateAll((els) => els.slice(0, 3).map((el) => el.id))).toEqual(firstIds);
  if (SHOTS_DIR) {
    await popup.screenshot({ path: join(SHOTS_DIR, 'popup-snapshot-light.png') });
    await popup.emulateMedia({ colorScheme: 'dark' });
    await popup.screenshot({ path: join(SHOTS_DIR, 'popup-snapshot-dark.png') });
    await popup.emulateMedia({ colorScheme: 'light' });
  }
  // Accept from the keyboard on the snapshot: nothing shows as decided, the list still says it is loading.
  const target = firstIds[0]!.replace(/^suggestion-/, '');
  await rows.first().focus();
  await popup.keyboard.press('a');
  await expect(rows.first().getByRole('button', { name: 'Undo' }).count()).resolves.toBe(0);

  await held;
  await expect.poll(() => rows.first().getAttribute('aria-setsize'), { timeout: 20_000 }).toBe(String(WAITING));
  expect((await listStates(popup))[0]).toEqual({ setSize: String(SNAPSHOT_ROWS), busy: 'true' });
  // Made once the live list came: exactly the one suggestion.
  await expect.poll(() => pendingInWorker(popup), { timeout: 10_000 }).toEqual([target]);
}, 120_000);

test('worker stopped: the popup paints rows before it asks the worker anything, then the live list; unlink removes the snapshot', async () => {
  const account = await desk.link('1001');
  const firstIds = await snapshotWritten(account.accountKey);

  // No extension page open, and the worker stopped.
  const { cdp } = await stopWorkerWithNoPageOpen(desk.context);

  const popup = await openRecordedPopup();
  const rows = popup.getByRole('feed').getByRole('article');
  await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(3);
  await expect.poll(() => popup.getByRole('feed').getAttribute('aria-busy'), { timeout: 20_000 }).toBe('false');
  await expect.poll(() => rows.first().getAttribute('aria-setsize'), { timeout: 20_000 }).toBe(String(WAITING));
  // Whichever came first (the snapshot, unless the worker started before the app ran), the same rows lead.
  expect((await listStates(popup)).at(-1)).toEqual({ setSize: String(WAITING), busy: 'false' });
  expect(await rows.evaluateAll((els) => els.slice(0, 3).map((el) => el.id))).toEqual(firstIds);
  // The worker was started by a question sent only once the snapshot's rows were drawn, not by the entry.
  expect(await popup.evaluate(() => (globalThis as unknown as { firstQuestion: unknown }).firstQuestion)).toEqual({
    rows: true,
    framed: true,
  });

  await desk.ask('accounts.unlink', { accountKey: account.accountKey }, popup);
  await expect.poll(async () => (await desk.dumpStorage(popup)).session.triageFirstPaint ?? null).toBeNull();
  await cdp.detach().catch(() => undefined);
}, 120_000);

test('worker stopped: the entry draws the snapshot as inert plain DOM, the app swaps in the same rows in place, and the keys work', async () => {
  const account = await desk.link('1001');
  const firstIds = await snapshotWritten(account.accountKey);
  const { cdp } = await stopWorkerWithNoPageOpen(desk.context);

  const popup = await desk.context.newPage();
  await popup.setViewportSize({ width: 400, height: 600 });
  await recordPlainDom(popup);
  await popup.goto(desk.url('popup.html'));
  const stages = () => popup.evaluate(() => (globalThis as unknown as { plainDom: PlainDomStages }).plainDom);
  await expect.poll(async () => (await stages()).live, { timeout: 20_000 }).not.toBeNull();
  const seen = await stages();
  // Drawn by the entry: the snapshot's rows, inert (nothing to focus or read twice), then the app's in their place.
  expect(seen.plain).toMatchObject({ rows: SNAPSHOT_ROWS, inert: true });
  expect(seen.live).toMatchObject({ focusable: true, tops: seen.plain!.tops });
  expect(seen.plain!.tops).toHaveLength(5);
  expect(seen.mostFeedsHeard).toBe(1);

  // The live list from the keyboard: skip to it, move down, accept; the worker has the decision.
  const feed = popup.getByRole('feed');
  await expect.poll(() => feed.getAttribute('aria-busy'), { timeout: 20_000 }).toBe('false');
  await popup.keyboard.press('Tab');
  expect(await popup.evaluate(() => document.activeElement?.textContent)).toBe('Skip to suggestions');
  await popup.keyboard.press('Enter');
  expect(await popup.evaluate(() => document.activeElement?.id)).toBe(firstIds[0]);
  await popup.keyboard.press('j');
  expect(await popup.evaluate(() => document.activeElement?.id)).toBe(firstIds[1]);
  await popup.keyboard.press('a');
  await expect
    .poll(() => pendingInWorker(popup), { timeout: 10_000 })
    .toEqual([firstIds[1]!.replace(/^suggestion-/, '')]);
  await cdp.detach().catch(() => undefined);
}, 120_000);
