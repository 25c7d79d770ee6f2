// The popup's speed figures, in headless Chromium with the built extension against a local sandbox:
// - median time from popup.html's navigation start to the first suggestion painted from the cache;
// - network requests per triage decision (the PUT, and nothing else);
// - how long the word diff of long suggestion texts takes (reported, no target).
// The popup's gzip size is measured with every other entrypoint in bench/sizes.ts.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { wordDiff } from '../lib/shared/word-diff.ts';
import { launchBenchDesk, linkSandboxAccount } from './bench-desk.ts';
import { type Figure, median } from './figure.ts';
import { captureFirstFrame, firstFrameFloorFigures } from './popup-first-frame.ts';
import { floorExtension, floorIdIn, floorName, floorPaint, STOPPED_FLOOR, WARM_FLOOR } from './popup-floor.ts';

const OPENS = 21;
const COLD_OPENS = 7;
const DECISIONS = 5;
const FIRST_PAINT_TARGET_MS = 100;
const COLD_PAINT_TARGET_MS = 150;
export const KEY_FRAME_TARGET_MS = 4;
export const KEY_PAINTED_TARGET_MS = 16;
const KEY_PRESSES = 41;
/** Waiting suggestions in the popup for every figure but the requests per decision. */
const WAITING = 500;
const DIFF_RUNS = 11;

function timeDiff(before: string, after: string): number {
  const times: number[] = [];
  for (let i = 0; i < DIFF_RUNS; i++) {
    const started = performance.now();
    wordDiff(before, after);
    times.push(performance.now() - started);
  }
  return Math.round(median(times) * 10) / 10;
}

/**
 * The word diff's median time in its two worst shapes: texts just inside its LCS bound (every other
 * word changed, the full table filled) and long texts past it (3,000 words, shown as one replacement).
 */
export function wordDiffFigures(): Figure[] {
  const words = (n: number, tag: (i: number) => string) => Array.from({ length: n }, (_, i) => tag(i)).join(' ');
  // 250 words are 499 tokens a side: 249,001 cells, just under the 250,000 bound.
  const near = [words(250, (i) => `w${i}`), words(250, (i) => (i % 2 ? `w${i}` : `x${i}`))] as const;
  const far = [words(3000, (i) => `a${i % 7}w${i}`), words(3000, (i) => `b${i % 7}w${i}`)] as const;
  return [
    { name: 'word diff, 250 words every other changed (median)', value: timeDiff(...near), unit: 'ms' },
    { name: 'word diff, 3,000 words nothing shared (median)', value: timeDiff(...far), unit: 'ms' },
  ];
}

export interface PopupBenchOptions {
  /** A built chrome-mv3 folder; bench/run.ts builds .output/chrome-mv3 first. */
  extensionDir?: string;
}

async function openPopup(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  await page.setViewportSize({ width: 400, height: 600 });
  await page.goto(url);
  return page;
}

/** Waits until the popup's own refresh (list and health) has finished. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.querySelector('[role="feed"]')?.getAttribute('aria-busy') === 'false' &&
      document.querySelector('.lh')?.getAttribute('aria-busy') === 'false' &&
      document.querySelectorAll('[role="feed"] article').length > 0,
    undefined,
    { timeout: 60_000 },
  );
}

/**
 * When the first suggestion was painted, from the popup's navigation start (`performance.timeOrigin`):
 * the Element Timing entry of the first row's title (`elementtiming="suggestion"`), whose renderTime is
 * the frame that put it on screen. Playwright's page creation before the navigation is not counted.
 */
export async function paintedAt(page: Page): Promise<number> {
  return page.evaluate(
    (timeoutMs) =>
      new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no suggestion was painted')), timeoutMs);
        new PerformanceObserver((list, observer) => {
          const painted = list
            .getEntries()
            .filter((e) => (e as PerformanceEntry & { identifier: string }).identifier === 'suggestion')
            .map((e) => (e as PerformanceEntry & { renderTime: number }).renderTime || e.startTime);
          if (painted.length === 0) return;
          observer.disconnect();
          clearTimeout(timer);
          resolve(Math.min(...painted));
        }).observe({ type: 'element', buffered: true });
      }),
    10_000,
  );
}

/**
 * j and k alternately on the focused row, two ways. `work`: from the key event until its render has committed
 * and style and layout are done (forced): the frame's work, no frame waited for. `painted`: from the key event
 * until the next frame has been painted, read as a task after that frame's animation-frame callback; each press
 * comes at a random point between frames, as a person's does, so the wait for that frame is in it.
 */
export async function keyToFrame(page: Page): Promise<{ work: number; painted: number }> {
  await page.locator('[role="feed"] article').first().locator('.st-row__field').click();
  return keysToFrame(page);
}

/** `keyToFrame`'s presses on whatever the page has focused (the Inbox's grid uses it too). */
export async function keysToFrame(page: Page): Promise<{ work: number; painted: number }> {
  const [work, painted] = await page.evaluate(async (presses) => {
    const nextFrame = () => new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    const press = (i: number) =>
      (document.activeElement as HTMLElement).dispatchEvent(
        new KeyboardEvent('keydown', { key: i % 2 ? 'k' : 'j', bubbles: true, cancelable: true }),
      );
    const work: number[] = [];
    for (let i = 0; i < presses; i++) {
      await nextFrame();
      const started = performance.now();
      press(i);
      // Preact commits on a microtask; reading layout then forces the style and layout of that commit.
      await Promise.resolve();
      await Promise.resolve();
      document.activeElement?.getBoundingClientRect();
      work.push(performance.now() - started);
    }
    const painted: number[] = [];
    for (let i = 0; i < presses; i++) {
      await nextFrame();
      await new Promise((r) => setTimeout(r, Math.random() * 16));
      const started = performance.now();
      press(i);
      await nextFrame();
      painted.push(performance.now() - started);
    }
    return [work, painted];
  }, KEY_PRESSES);
  return { work: Math.round(median(work) * 100) / 100, painted: Math.round(median(painted) * 100) / 100 };
}

/** Long animation frames (> 50 ms) from one decision until its undo window has closed and it was sent. */
async function longFramesInUndoWindow(page: Page): Promise<number> {
  await page.evaluate(() => {
    const w = globalThis as unknown as { longFrames: number };
    w.longFrames = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.duration > 50) w.longFrames++;
    }).observe({ type: 'long-animation-frame' });
  });
  await page.keyboard.press('a');
  await page.waitForFunction(() => document.querySelector('.st-undo'), undefined, { timeout: 10_000 });
  await page.waitForFunction(() => !document.querySelector('.st-undo'), undefined, { timeout: 20_000 });
  await new Promise((r) => setTimeout(r, 500));
  return page.evaluate(() => (globalThis as unknown as { longFrames: number }).longFrames);
}

export async function popupFigures(options: PopupBenchOptions = {}): Promise<Figure[]> {
  // A copy: the first frame's floor (popup-first-frame.ts) writes two pages into the loaded extension.
  const extensionDir = mkdtempSync(join(tmpdir(), 'listings-desk-bench-ext-'));
  cpSync(resolve(options.extensionDir ?? '.output/chrome-mv3'), extensionDir, { recursive: true });
  // The one-line floors load beside it: the ratios divide figures of one launch, opens alternated.
  const floorDir = floorExtension();
  const { sandbox, context, extensionId, close } = await launchBenchDesk(extensionDir, 'listings-desk-bench-', [
    floorDir,
  ]);
  let firstFrame: Figure[] = [];
  try {
    const floorId = await floorIdIn(context);
    const popupUrl = `chrome-extension://${extensionId}/popup.html`;
    const control = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${sandbox.apiUrl}/__sandbox/${path}`, {
        method,
        headers: body ? { 'content-type': 'application/json' } : {},
        body: body ? JSON.stringify(body) : undefined,
      });
      return response.json() as Promise<Record<string, unknown>>;
    };

    // 500 waiting for account 1001 (7 suggestion fields per location, so 80 locations).
    await control('POST', 'reset', { locationsPerAccount: 80, waitingSuggestions: WAITING });
    const home = await openPopup(context, popupUrl);
    await linkSandboxAccount(context, home, sandbox);
    await home.close();

    // Warm the cache once, the way the first open of the day does.
    const warm = await openPopup(context, popupUrl);
    await settled(warm);
    await warm.close();

    const times: number[] = [];
    const warmFloor: number[] = [];
    await floorPaint(context, floorId, 'ask.html');
    for (let i = 0; i < OPENS; i++) {
      const page = await openPopup(context, popupUrl);
      times.push(await paintedAt(page));
      await settled(page);
      await page.close();
      warmFloor.push(await floorPaint(context, floorId, 'ask.html'));
    }

    // The worker stopped (as Chrome does after 30 s idle) before each open.
    const coldTimes: number[] = [];
    const cdpPage = await openPopup(context, 'about:blank');
    const cdp = await context.newCDPSession(cdpPage);
    await cdp.send('ServiceWorker.enable');
    const stoppedFloor: number[] = [];
    for (let i = 0; i < COLD_OPENS; i++) {
      await cdp.send('ServiceWorker.stopAllWorkers');
      const page = await openPopup(context, popupUrl);
      coldTimes.push(await paintedAt(page));
      await settled(page);
      await page.close();
      await cdp.send('ServiceWorker.stopAllWorkers');
      stoppedFloor.push(await floorPaint(context, floorId, 'static.html'));
    }
    const framePages = await captureFirstFrame(context, extensionDir, extensionId);
    firstFrame = await firstFrameFloorFigures(context, framePages, COLD_OPENS, () =>
      cdp.send('ServiceWorker.stopAllWorkers'),
    );
    await cdpPage.close();

    const keys = await openPopup(context, popupUrl);
    await settled(keys);
    const keyFrame = await keyToFrame(keys);
    const longFrames = await longFramesInUndoWindow(keys);
    await keys.close();
    // The worker is running (the keys' page used it), and no page is open: as the warm opens were.
    firstFrame.push(...(await firstFrameFloorFigures(context, framePages, COLD_OPENS, null)));

    await control('DELETE', 'requests');

    // Decisions from the keyboard; count every /v2 call from the first key press until all are sent.
    const page = await openPopup(context, popupUrl);
    await settled(page);
    await control('DELETE', 'requests');
    await page.locator('[role="feed"] article').first().locator('.st-row__field').click();
    for (let i = 0; i < DECISIONS; i++) await page.keyboard.press('a');
    await page.waitForFunction(() => !document.querySelector('.st-undo'), undefined, { timeout: 20_000 });
    const deadline = Date.now() + 15_000;
    let requests: { method: string; path: string }[] = [];
    while (Date.now() < deadline) {
      requests = (await control('GET', 'requests')).requests as typeof requests;
      if (requests.filter((r) => r.method === 'PUT').length >= DECISIONS) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    // A moment more, so a refetch after the decisions (which would be a regression) is counted too.
    await new Promise((r) => setTimeout(r, 1500));
    requests = (await control('GET', 'requests')).requests as typeof requests;
    const perDecision = requests.filter((r) => r.path.startsWith('/v2/')).length / DECISIONS;

    const firstPaint = Math.round(median(times) * 10) / 10;
    const coldPaint = Math.round(median(coldTimes) * 10) / 10;
    return [
      ...wordDiffFigures(),
      {
        name: `popup, ${WAITING} waiting, warm: navigation start → first suggestion painted (median)`,
        value: firstPaint,
        unit: 'ms',
        target: `≤ ${FIRST_PAINT_TARGET_MS} ms`,
        pass: firstPaint <= FIRST_PAINT_TARGET_MS,
      },
      {
        name: `popup, ${WAITING} waiting, worker stopped: navigation start → first suggestion painted (median)`,
        value: coldPaint,
        unit: 'ms',
        target: `≤ ${COLD_PAINT_TARGET_MS} ms`,
        pass: coldPaint <= COLD_PAINT_TARGET_MS,
      },
      {
        name: `popup, ${WAITING} rows: j/k key → render, style and layout done, no frame waited for (median)`,
        value: keyFrame.work,
        unit: 'ms',
        target: `≤ ${KEY_FRAME_TARGET_MS} ms`,
        pass: keyFrame.work <= KEY_FRAME_TARGET_MS,
      },
      {
        name: `popup, ${WAITING} rows: j/k key → next frame painted (median)`,
        value: keyFrame.painted,
        unit: 'ms',
        target: `≤ ${KEY_PAINTED_TARGET_MS} ms`,
        pass: keyFrame.painted <= KEY_PAINTED_TARGET_MS,
      },
      {
        name: `popup, ${WAITING} rows: long frames (> 50 ms) in one undo window`,
        value: longFrames,
        unit: '',
        target: '= 0',
        pass: longFrames === 0,
      },
      {
        name: 'popup: network requests per decision',
        value: perDecision,
        unit: 'req',
        target: '= 1',
        pass: perDecision === 1,
      },
      ...firstFrame,
      { name: floorName(WARM_FLOOR), value: Math.round(median(warmFloor)), unit: 'ms' },
      { name: floorName(STOPPED_FLOOR), value: Math.round(median(stoppedFloor)), unit: 'ms' },
    ];
  } finally {
    await close();
    rmSync(extensionDir, { recursive: true, force: true });
    rmSync(floorDir, { recursive: true, force: true });
  }
}

// `node bench/popup.ts` on its own prints the figures.
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const figure of await popupFigures()) console.log(figure);
}
