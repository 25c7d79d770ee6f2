// Clearing the sandbox's request log once the extension has settled. A test that counts the requests an action
// makes clears the log first; background work still going then (linking's health counts, the refresh after a
// link, the inbox's lists) would land after the clear and be counted as the action's.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { SandboxControl } from './sandbox-control.ts';

export interface SettleOptions {
  /** How long the API must have had no call in flight and none new, by the sandbox's clock. */
  quietMs?: number;
  timeoutMs?: number;
  /** One more condition that must hold at the same time, e.g. a worker view answered and not refreshing. */
  until?: () => Promise<boolean>;
}

/** Long enough for the worker to send the next call of a chain after an answer, on a loaded 2-core machine. */
export const QUIET_MS = 750;

/** What is still busy, or '' once the page shows nothing busy and the API has been quiet for quietMs. */
async function busy(control: SandboxControl, page: Page | undefined, options: SettleOptions): Promise<string> {
  const quietMs = options.quietMs ?? QUIET_MS;
  if (page && !page.isClosed()) {
    const marked = await page
      .evaluate(() =>
        [...document.querySelectorAll('[aria-busy="true"]')].map(
          (el) => el.getAttribute('aria-label') ?? `${el.tagName.toLowerCase()}.${el.className}`,
        ),
      )
      .catch(() => []);
    if (marked.length > 0) return `the page shows busy: ${marked.join(', ')}`;
  }
  if (options.until && !(await options.until())) return 'the given condition does not hold yet';
  const { inFlight, quietForMs } = await control.activity();
  if (inFlight > 0) return `${inFlight} API call(s) in flight`;
  if (quietForMs < quietMs) return `the API was quiet for only ${quietForMs} ms`;
  return '';
}

/**
 * Waits until the page (when given) has no aria-busy="true" element, `until` holds, and the sandbox has had no
 * /v2 or /oauth2 call in flight and none new for quietMs; then clears the request log.
 *
 * With LISTINGS_DESK_E2E_SETTLE_LOG set it also clears at once, as the tests used to, and prints what landed
 * between that clear and the settled one: the calls an action's count would have taken for its own.
 */
export async function settleThenClear(
  control: SandboxControl,
  page?: Page,
  options: SettleOptions = {},
): Promise<void> {
  const report = Boolean(process.env.LISTINGS_DESK_E2E_SETTLE_LOG);
  if (report) await control.clearRequests();
  await expect
    .poll(() => busy(control, page, options), { timeout: options.timeoutMs ?? 30_000, interval: 50 })
    .toBe('');
  if (report) {
    const { requests } = await control.requests();
    const where = expect.getState().currentTestName ?? '';
    const calls = requests.map((r) => `${r.method} ${r.path}${r.query?.limit ? `?limit=${r.query.limit}` : ''}`);
    console.log(
      `[settle] ${where}: ${requests.length} call(s) after the early clear${calls.length ? `: ${calls.join('; ')}` : ''}`,
    );
  }
  await control.clearRequests();
}
