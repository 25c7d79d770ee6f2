// The floor under the popup's worker-stopped paint, measured in the same browser as the popup: the popup's own
// first frame (what its first script draws from the snapshot) saved as static HTML with its inline styles and no
// script at all, against a one-line page, each opened with the worker stopped. No page that must read the
// snapshot first (a script file: extension pages may not run inline scripts) can paint sooner than that frame.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, CDPSession } from 'playwright-core';
import { type Figure, median } from './figure.ts';
import { paintedAt } from './popup.ts';

const LINE = '<p elementtiming="suggestion">A suggestion</p>';

const floorName = (name: string) => `popup floor: ${name} (median)`;
export const FIRST_FRAME_FLOOR = floorName('its own first frame as static HTML (no script), worker stopped');
export const WARM_FIRST_FRAME_FLOOR = floorName('its own first frame as static HTML (no script), worker running');
const ONE_LINE = floorName('one-line page beside it, worker stopped');
const WARM_ONE_LINE = floorName('one-line page beside it, worker running');

/** Opens each page `opens` times, alternately, with the worker stopped before each (or not): each's median paint. */
async function pairedPaints(
  context: BrowserContext,
  cdp: CDPSession | null,
  urls: string[],
  opens: number,
): Promise<number[]> {
  const times = urls.map(() => [] as number[]);
  for (let i = 0; i < opens; i++) {
    for (const [k, url] of urls.entries()) {
      await cdp?.send('ServiceWorker.stopAllWorkers');
      const page = await context.newPage();
      await page.setViewportSize({ width: 400, height: 600 });
      await page.goto(url);
      times[k]!.push(await paintedAt(page));
      await page.close();
    }
  }
  return times.map((t) => Math.round(median(t)));
}

/**
 * `extensionDir` is the loaded extension's folder (a copy: two pages are written into it). The popup's snapshot
 * must be in storage.session already (the popup has been opened).
 */
export async function firstFrameFloorFigures(
  context: BrowserContext,
  cdp: CDPSession,
  extensionDir: string,
  extensionId: string,
  opens: number,
): Promise<Figure[]> {
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
  const pages = [url('one-line.html'), url('first-frame.html')];
  const [line, first] = await pairedPaints(context, cdp, pages, opens);
  // Running: the worker answers the CDP page's session meanwhile, as it does for the warm popup's opens.
  const [warmLine, warmFirst] = await pairedPaints(context, null, pages, opens);
  const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
  return [
    { name: ONE_LINE, value: line!, unit: 'ms' },
    { name: FIRST_FRAME_FLOOR, value: first!, unit: 'ms' },
    {
      name: 'popup floor: its own first frame as static HTML ÷ a one-line page, worker stopped',
      value: ratio(first!, line!),
      unit: '×',
    },
    { name: WARM_ONE_LINE, value: warmLine!, unit: 'ms' },
    { name: WARM_FIRST_FRAME_FLOOR, value: warmFirst!, unit: 'ms' },
    {
      name: 'popup floor: its own first frame as static HTML ÷ a one-line page, worker running',
      value: ratio(warmFirst!, warmLine!),
      unit: '×',
    },
  ];
}
