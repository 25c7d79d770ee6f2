// The floor under the popup's paint, measured in the same browser as the popup: the popup's own first frame (what
// its first script draws from the snapshot) saved as static HTML with its inline styles and no script at all,
// against a one-line page, each opened as the popup is, with the worker stopped and running. No page that must read
// the snapshot first (a script file: extension pages may not run inline scripts) can paint sooner than that frame.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { type Figure, median } from './figure.ts';
import { paintedAt } from './popup.ts';

const LINE = '<p elementtiming="suggestion">A suggestion</p>';

const floorName = (name: string) => `popup floor: ${name} (median)`;
export const FIRST_FRAME_FLOOR = floorName('its own first frame as static HTML (no script), worker stopped');
export const WARM_FIRST_FRAME_FLOOR = floorName('its own first frame as static HTML (no script), worker running');
const ONE_LINE = floorName('one-line page beside it, worker stopped');
const WARM_ONE_LINE = floorName('one-line page beside it, worker running');

/**
 * Writes the popup's first frame as static HTML, and a one-line page, into `extensionDir` (the loaded extension's
 * folder, a copy): their URLs. The popup's snapshot must be in storage.session already (the popup has been opened).
 */
export async function captureFirstFrame(
  context: BrowserContext,
  extensionDir: string,
  extensionId: string,
): Promise<[string, string]> {
  const url = (file: string) => `chrome-extension://${extensionId}/${file}`;
  const popup = await context.newPage();
  await popup.setViewportSize({ width: 400, height: 600 });
  // popup.html without its module: the first script's frame stays, nothing replaces it.
  const html = readFileSync(join(extensionDir, 'popup.html'), 'utf8');
  writeFileSync(
    join(extensionDir, 'first-frame-capture.html'),
    html.replace(/<script type="module"[^>]*><\/script>/, ''),
  );
  await popup.goto(url('first-frame-capture.html'));
  await popup.waitForSelector('[data-first-paint] article', { state: 'attached', timeout: 10_000 });
  const frame = await popup.evaluate(
    () => `${document.querySelector('style')?.outerHTML ?? ''}</head>${document.body.outerHTML}`,
  );
  await popup.close();
  writeFileSync(
    join(extensionDir, 'first-frame.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Listings Desk</title>${frame}</html>`,
  );
  writeFileSync(
    join(extensionDir, 'one-line.html'),
    `<!doctype html><meta charset="utf-8"><title>floor</title>${LINE}`,
  );
  return [url('one-line.html'), url('first-frame.html')];
}

/**
 * The one-line page and the first frame (captureFirstFrame()), each opened `opens` times, alternately, as the
 * popup's own opens are: with `stopWorker` before each (beside the CDP page that stops it), or, without it, with
 * the worker running and no other page open.
 */
export async function firstFrameFloorFigures(
  context: BrowserContext,
  pages: [string, string],
  opens: number,
  stopWorker: (() => Promise<unknown>) | null,
): Promise<Figure[]> {
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < opens; i++) {
    for (const [k, url] of pages.entries()) {
      await stopWorker?.();
      const page = await context.newPage();
      await page.setViewportSize({ width: 400, height: 600 });
      await page.goto(url);
      times[k]!.push(await paintedAt(page));
      await page.close();
    }
  }
  const [line, first] = times.map((t) => Math.round(median(t)));
  const state = stopWorker ? 'worker stopped' : 'worker running';
  return [
    { name: stopWorker ? ONE_LINE : WARM_ONE_LINE, value: line!, unit: 'ms' },
    { name: stopWorker ? FIRST_FRAME_FLOOR : WARM_FIRST_FRAME_FLOOR, value: first!, unit: 'ms' },
    {
      name: `popup floor: its own first frame as static HTML ÷ a one-line page, ${state}`,
      value: Math.round((first! / line!) * 100) / 100,
      unit: '×',
    },
  ];
}
