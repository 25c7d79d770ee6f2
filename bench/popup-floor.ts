// What Chromium itself costs the popup's paint figures on this machine: the same measure (a new tab,
// navigation start → Element Timing of one line) on a one-file extension page, and on one that first
// waits for a message to a one-line worker, with that worker running and stopped. The popup's targets
// (100 and 150 ms) are read against these: what is left above them is the product's own time.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchBenchDesk } from './bench-desk.ts';
import { type Figure, median } from './figure.ts';
import { paintedAt } from './popup.ts';

const OPENS = 11;
const LINE = '<p elementtiming="suggestion">A suggestion</p>';

function floorExtension(): string {
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
    const figure = (name: string, value: number): Figure => ({
      name: `popup floor: ${name} (median)`,
      value,
      unit: 'ms',
    });
    const running = async () => undefined;
    const warm = [
      figure('one-line extension page, worker running', await paints('static.html', running)),
      figure('one-line page after one message to a running one-line worker', await paints('ask.html', running)),
    ];
    const cdpPage = await context.newPage();
    const cdp = await context.newCDPSession(cdpPage);
    await cdp.send('ServiceWorker.enable');
    const stopped = async () => {
      await cdp.send('ServiceWorker.stopAllWorkers');
    };
    return [
      ...warm,
      figure('one-line extension page, worker stopped and no page open', await paints('static.html', stopped)),
      figure('one-line page after one message to a stopped one-line worker', await paints('ask.html', stopped)),
    ];
  } finally {
    await close();
    rmSync(extensionDir, { recursive: true, force: true });
  }
}
