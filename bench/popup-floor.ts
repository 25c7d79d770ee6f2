// What Chromium itself costs the popup's paint figures on this machine: the same measure (a new tab,
// navigation start → Element Timing of one line) on a one-file extension page, and on one that first
// waits for a message to a one-line worker, with that worker running and stopped. The popup's targets
// (100 and 150 ms) are read against these: what is left above them is the product's own time, and
// popupRatioFigures() divides the popup's by them (both measured in one `npm run bench`).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { launchBenchDesk } from './bench-desk.ts';
import { type Figure, median } from './figure.ts';
import { paintedAt } from './popup.ts';
import { FIRST_FRAME_FLOOR, WARM_FIRST_FRAME_FLOOR } from './popup-first-frame.ts';

const OPENS = 11;
/** The popup's first paint may take this much longer than Chromium's own floor for the same wait. */
const RATIO_TARGET = 1.25;
const LINE = '<p elementtiming="suggestion">A suggestion</p>';

/** A one-file extension: its pages are the floors, its worker (worker.js) answers one message. */
export function floorExtension(): string {
  const dir = mkdtempSync(join(tmpdir(), 'listings-desk-floor-ext-'));
  const files: Record<string, string> = {
    'manifest.json': JSON.stringify({
      manifest_version: 3,
      name: 'Paint floor',
      version: '1',
      background: { service_worker: 'worker.js' },
    }),
    'worker.js': 'chrome.runtime.onMessage.addListener((message, sender, reply) => { reply({ rows: 1 }); });',
    'static.html': `<!doctype html><meta charset="utf-8"><title>floor</title>${LINE}`,
    'ask.html': '<!doctype html><meta charset="utf-8"><title>floor</title><script type="module" src="ask.js"></script>',
    'ask.js': `chrome.runtime.sendMessage({ rows: 1 }).then(() => document.body.insertAdjacentHTML('beforeend', '${LINE}'));`,
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

export const floorName = (name: string) => `popup floor: ${name} (median)`;
/** What a warm popup cannot beat: a page that waits for one message to a running worker. */
export const WARM_FLOOR = 'one-line page after one message to a running one-line worker';
/** What a popup painting from storage.session cannot beat: the page alone, opened as the popup is. */
export const STOPPED_FLOOR = 'one-line extension page, worker stopped and no page open';

/**
 * The popup's first-paint medians over the floors measured in the same run: the worker-stopped paint over
 * the page alone (the snapshot needs no worker), the warm paint over the page plus one message.
 */
export function popupRatioFigures(figures: Figure[]): Figure[] {
  const value = (part: string) => figures.find((f) => f.name.includes(part))?.value;
  const ratio = (name: string, popup: string, floor: string): Figure[] => {
    const [p, f] = [value(popup), value(floor.startsWith('popup floor: ') ? floor : floorName(floor))];
    if (p === undefined || f === undefined || f <= 0) return [];
    const r = Math.round((p / f) * 100) / 100;
    return [{ name, value: r, unit: '×', target: `≤ ${RATIO_TARGET}`, pass: r <= RATIO_TARGET }];
  };
  return [
    ...ratio(
      'popup, worker stopped: first suggestion painted ÷ the page-alone floor',
      'worker stopped: navigation start → first suggestion painted',
      STOPPED_FLOOR,
    ),
    // No target: what is left above the floor no page that reads the snapshot first can beat.
    ...ratio(
      'popup, worker stopped: first suggestion painted ÷ its own first frame as static HTML (no script)',
      'worker stopped: navigation start → first suggestion painted',
      FIRST_FRAME_FLOOR,
    ).map(({ target: _t, pass: _p, ...figure }) => figure),
    ...ratio(
      'popup, warm: first suggestion painted ÷ its own first frame as static HTML (no script)',
      'warm: navigation start → first suggestion painted',
      WARM_FIRST_FRAME_FLOOR,
    ).map(({ target: _t, pass: _p, ...figure }) => figure),
    ...ratio(
      'popup, warm: first suggestion painted ÷ the warm floor (page + one message)',
      'warm: navigation start → first suggestion painted',
      WARM_FLOOR,
    ),
  ];
}

/** The floor extension's id in a browser launched with it beside the product (launchBenchDesk's `alongside`). */
export async function floorIdIn(context: BrowserContext): Promise<string> {
  const floor = (w: { url(): string }) => w.url().endsWith('/worker.js');
  const worker =
    context.serviceWorkers().find(floor) ?? (await context.waitForEvent('serviceworker', { predicate: floor }));
  return new URL(worker.url()).host;
}

/**
 * One open of a floor page (`static.html`, or `ask.html`: one message first) in the popup's own browser,
 * opened as the popup is: its one line's paint from navigation start. The popup's opens alternate with these.
 */
export async function floorPaint(context: BrowserContext, floorId: string, file: string): Promise<number> {
  const page = await context.newPage();
  await page.setViewportSize({ width: 400, height: 600 });
  await page.goto(`chrome-extension://${floorId}/${file}`);
  const painted = await paintedAt(page);
  await page.close();
  return painted;
}

/** A floor opened in another browser launch than the popup: `node bench/popup-floor.ts`, not the ratios. */
export async function popupFloorFigures(): Promise<Figure[]> {
  const extensionDir = floorExtension();
  const { context, extensionId, close } = await launchBenchDesk(extensionDir, 'listings-desk-bench-floor-');
  try {
    // As in bench/popup.ts: warm opens with no other page open, stopped-worker opens beside the CDP page.
    const paints = async (file: string, stopWorker: () => Promise<void>) => {
      const times: number[] = [];
      for (let i = 0; i < OPENS; i++) {
        await stopWorker();
        const page = await context.newPage();
        await page.setViewportSize({ width: 400, height: 600 });
        await page.goto(`chrome-extension://${extensionId}/${file}`);
        times.push(await paintedAt(page));
        await page.close();
      }
      return Math.round(median(times));
    };
    const figure = (name: string, value: number): Figure => ({ name: floorName(name), value, unit: 'ms' });
    const running = async () => undefined;
    const warm = [
      figure('one-line extension page, worker running', await paints('static.html', running)),
      figure(WARM_FLOOR, await paints('ask.html', running)),
    ];
    const cdpPage = await context.newPage();
    const cdp = await context.newCDPSession(cdpPage);
    await cdp.send('ServiceWorker.enable');
    const stopped = async () => {
      await cdp.send('ServiceWorker.stopAllWorkers');
    };
    return [
      ...warm,
      figure(STOPPED_FLOOR, await paints('static.html', stopped)),
      figure('one-line page after one message to a stopped one-line worker', await paints('ask.html', stopped)),
    ];
  } finally {
    await close();
    rmSync(extensionDir, { recursive: true, force: true });
  }
}
