// Shared steps of the listings workspace's browser tests: open the workspace of a linked account and
// wait for its listings; read the count and rows the page shows.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { SandboxState } from '../../sandbox/model.ts';
import type { Desk } from './fixture.ts';

export const LOAD_TIMEOUT_MS = 60_000;
export const OPTIN_PATH = '/v2/accounts/me/powerlistings/listings/optin';
/** Opt-in pairs chosen by the bulk tests: more than one request's 100. */
export const PAIRS = 150;

/**
 * Links account 1001 and fetches its listings afresh: desk.reset() empties storage, but the worker
 * keeps an earlier test's listings of the same account in memory until told to refresh.
 */
export async function linkFresh(desk: Desk, accountId?: string): Promise<void> {
  await desk.link(accountId);
  const started = await desk.ask('listings.load', { refresh: true });
  if (!started.ok) throw new Error(`listings.load failed: ${started.error.message}`);
  const deadline = Date.now() + LOAD_TIMEOUT_MS;
  for (;;) {
    const reply = await desk.ask('listings.query', { offset: 0, limit: 0 });
    if (reply.ok && reply.value.load.state === 'loaded') break;
    if (Date.now() > deadline) throw new Error('the listings did not load');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await desk.ask('health.summary', { refresh: true });
}

export async function openWorkspace(desk: Desk, hash = '#listings'): Promise<Page> {
  const page = await desk.openOptions();
  await page.goto(desk.url(`options.html${hash}`));
  return page;
}

/** Every listing is in: the load bar says when they were fetched, and the table shows rows. */
export async function waitLoaded(page: Page): Promise<void> {
  await page.locator('.lw-load__note', { hasText: 'fetched' }).waitFor({ timeout: LOAD_TIMEOUT_MS });
}

/** The "N of M listings" line, as numbers once it has settled on the current filters. */
export async function counts(page: Page): Promise<{ matched: number; total: number }> {
  const text = (await page.getByTestId('matched-count').textContent()) ?? '';
  const [matched, total] = text.replace(/,/g, '').match(/\d+/g)?.map(Number) ?? [];
  return { matched: matched ?? -1, total: total ?? -1 };
}

/** Waits until no answer is pending and returns the count. */
export async function settledCounts(page: Page): Promise<{ matched: number; total: number }> {
  await page.waitForFunction(
    () =>
      document.querySelector('[role="grid"]')?.getAttribute('aria-busy') !== 'true' &&
      // A change not drawn yet (its rows on their way) marks the count busy.
      document.querySelector('[data-testid="matched-count"]')?.getAttribute('aria-busy') !== 'true' &&
      /\d/.test(document.querySelector('[data-testid="matched-count"]')?.textContent ?? ''),
  );
  return counts(page);
}

export interface ShownRow {
  location: string;
  publisher: string;
  status: string;
  details: string;
  listing: string;
}

export async function shownRows(page: Page): Promise<ShownRow[]> {
  return page.locator('tr[data-key]').evaluateAll((trs) =>
    trs.map((tr) => {
      const cells = [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '');
      return { location: cells[1]!, publisher: cells[2]!, status: cells[3]!, details: cells[4]!, listing: cells[5]! };
    }),
  );
}

export const sandboxState = (desk: Desk) => desk.control.state<SandboxState>();

/** The interface's list parameter: `[A,B,C]`. */
export const idList = (param: string | undefined) =>
  (param ?? '')
    .replace(/^\[|\]$/g, '')
    .split(',')
    .filter(Boolean);

export const pairKey = (locationId: string, publisherId: string) => `${locationId}|${publisherId}`;

/** Selects the first `n` rows by keyboard (x, ArrowDown) and returns their location|publisher pairs. */
export async function selectByKeyboard(page: Page, n: number): Promise<Set<string>> {
  await page.getByRole('grid').focus();
  const pairs = await page.evaluate(async (count) => {
    const grid = document.querySelector<HTMLElement>('[role="grid"]')!;
    const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    const out: string[] = [];
    const press = (key: string) => grid.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
    for (let i = 0; i < count; i++) {
      let row = document.querySelector('tr[data-active][data-key]');
      while (!row) {
        await frame();
        row = document.querySelector('tr[data-active][data-key]');
      }
      const cells = row.querySelectorAll('td');
      // Each cell's title names the row and ends with its id: "<name> (location HB-001)", "<name> (publisher YELP)".
      const idIn = (cell: Element) => /\((?:location|publisher) ([^)]*)\)$/.exec(cell.getAttribute('title') ?? '')?.[1];
      const location = idIn(cells[1]!);
      const publisher = idIn(cells[2]!);
      out.push(`${location}|${publisher}`);
      press('x');
      await frame();
      press('ArrowDown');
      await frame();
    }
    return out;
  }, n);
  await page.getByText(`${n} selected`).waitFor();
  return new Set(pairs);
}

export async function optInRequests(desk: Desk) {
  const log = await desk.control.requests();
  return (log.requests as { method: string; path: string; status: number; query?: Record<string, string> }[]).filter(
    (r) => r.method === 'PUT' && r.path === OPTIN_PATH,
  );
}

export async function optedOutCount(desk: Desk, pairs: Set<string>): Promise<number> {
  const state = await sandboxState(desk);
  return state.listings.filter(
    (l) => l.accountId === '1001' && l.status === 'OPTED_OUT' && pairs.has(pairKey(l.locationId, l.publisherId)),
  ).length;
}

export async function chooseOptedOut(desk: Desk, n = PAIRS): Promise<{ page: Page; pairs: Set<string> }> {
  const page = await openWorkspace(desk, '#listings?status=OPTED_OUT');
  await waitLoaded(page);
  expect((await settledCounts(page)).matched).toBeGreaterThanOrEqual(n);
  const pairs = await selectByKeyboard(page, n);
  expect(pairs.size).toBe(n);
  await desk.control.call('DELETE', 'requests');
  await page.getByRole('button', { name: 'Opt in selected' }).click();
  const dialog = page.getByRole('dialog', { name: 'Opt in listings' });
  await dialog.getByTestId('optin-summary').waitFor();
  expect(await dialog.getByTestId('optin-summary').textContent()).toMatch(
    new RegExp(`^${n} listings: \\d+ locations? × \\d+ publishers?, in \\d+ requests?\\.$`),
  );
  expect(await dialog.getByRole('note').textContent()).toMatch(/enterprise/i);
  return { page, pairs };
}
