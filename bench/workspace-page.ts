// The listings workspace's page-side figures (the worker-side ones are in listings-workspace.ts), in headless Chromium with the built extension against a
// sandbox account of ~100,000 listings (1,450 locations × 69 publishers):
// - a filter (text, status, publisher) applied until the DOM shows its count: median;
// - options.html#listings: first row painted from the worker's cache;
// - table rows in the DOM while showing 100,000 listings;
// - the options page's JS heap with them loaded (after a forced GC).
import type { Page } from 'playwright-core';
import { launchBenchDesk, linkSandboxAccount } from './bench-desk.ts';
import { type Figure, median } from './figure.ts';

/** 1,450 locations × 69 publishers = 100,050 listings in account 1001. */
const LOCATIONS = 1450;
const FILTER_RUNS = 15;
const OPENS = 7;
const FILTER_TARGET_MS = 16;
const FIRST_ROWS_TARGET_MS = 300;
const DOM_ROWS_TARGET = 100;
const HEAP_TARGET_MB = 60;

export interface WorkspaceBenchOptions {
  extensionDir?: string;
}

/** Everything is loaded: the load bar says when the listings were fetched. */
export async function loaded(page: Page): Promise<void> {
  await page.waitForFunction(
    () => /listings, fetched/.test(document.querySelector('.lw-load__note')?.textContent ?? ''),
    undefined,
    {
      timeout: 600_000,
      polling: 500,
    },
  );
  await page.waitForSelector('tr[data-key]', { timeout: 60_000 });
}

/**
 * From the input (or change) event until the matched count on screen has changed and layout is done:
 * the page sees the new count only after the worker's answer, so this is the whole round trip. The
 * page stamps both ends itself; Playwright only types and clicks.
 *
 * Nothing of the harness runs in the page between the two stamps: each step's end is a promise the
 * page resolves (armed before the step), not a poll. A `waitForFunction` polled on every animation
 * frame, and `check()`'s read-back of the box after its click, ran on the page's main thread while the
 * answer waited for it (~7 ms of a 27 ms median). A person's click does neither.
 */
export async function filterTimes(page: Page): Promise<number[]> {
  await page.evaluate(() => {
    const w = globalThis as unknown as { benchFilter: BenchStep };
    interface BenchStep {
      start: number;
      before: string;
      done?: (ms: number) => void;
    }
    const count = () => document.querySelector('[data-testid="matched-count"]')?.textContent ?? '';
    const stamp = () => {
      if (w.benchFilter.start === 0) w.benchFilter.start = performance.now();
    };
    document.addEventListener('input', stamp, true);
    document.addEventListener('change', stamp, true);
    new MutationObserver(() => {
      const b = w.benchFilter;
      if (b.start === 0 || !b.done || count() === b.before) return;
      // Reading layout forces the style and layout of the commit that showed the new count.
      document.body.getBoundingClientRect();
      const end = performance.now();
      b.done(end - b.start);
      b.done = undefined;
    }).observe(document.body, { subtree: true, characterData: true, childList: true });
  });
  const search = page.getByRole('searchbox', { name: 'Search listings' });
  const live = page.getByRole('checkbox', { name: 'Live', exact: true });
  const steps = [
    () => search.fill('yelp'),
    () => search.fill(''),
    () => live.click(),
    () => live.click(),
    () => search.fill('google'),
    () => search.fill(''),
  ];
  const out: number[] = [];
  for (let i = 0; i < FILTER_RUNS; i++) {
    const done = page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const w = globalThis as unknown as { benchFilter: { start: number; before: string; done?: unknown } };
          w.benchFilter = {
            start: 0,
            before: document.querySelector('[data-testid="matched-count"]')?.textContent ?? '',
            done: resolve,
          };
        }),
    );
    await steps[i % steps.length]!();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`filter step ${i} did not change the count within 30 s`)), 30_000);
    });
    out.push(await Promise.race([done, late]).finally(() => clearTimeout(timer)));
  }
  return out;
}

/** One step of a filter: `prepare` runs first, outside the clock (focusing a field, typing a publisher's name). */
export interface FilterStep {
  prepare?: () => Promise<void>;
  act: () => Promise<void>;
}

/** Each round's words and publisher: other words each round, so no round repeats the answers of another. */
const ROUNDS = [
  { words: ['yelp', 'google', 'portland'], publisher: 'Yelp' },
  { words: ['bing', 'mission', 'fremont'], publisher: 'Tripadvisor' },
] as const;
export const FILTER_STEP_ROUNDS = ROUNDS.length;

/**
 * A person's filtering, step by step (issue 37's "listings filter → next frame" figure): words typed and
 * erased key by key, a status ticked and unticked, a publisher chosen and removed; 42 steps a round.
 */
export function filterSteps(page: Page, round: number): FilterStep[] {
  const { words, publisher } = ROUNDS[round % ROUNDS.length]!;
  const search = page.getByRole('searchbox', { name: 'Search listings' });
  const focusSearch = () => search.focus();
  const key = (k: string, prepare?: () => Promise<void>): FilterStep => ({
    prepare,
    act: () => page.keyboard.press(k),
  });
  const typeAndErase = (word: string): FilterStep[] => [
    ...[...word].map((c, i) => key(c, i === 0 ? focusSearch : undefined)),
    ...[...word].map(() => key('Backspace')),
  ];
  const click = (name: string): FilterStep => ({
    act: () => page.getByRole('checkbox', { name, exact: true }).click(),
  });
  const publishers = page.getByLabel('Publishers');
  return [
    ...typeAndErase(words[0]),
    click('Live'),
    ...typeAndErase(words[1]),
    click('Live'),
    { prepare: () => publishers.fill(publisher), act: () => publishers.press('Enter') },
    ...typeAndErase(words[2]),
    { act: () => page.getByRole('button', { name: `Remove ${publisher}` }).click() },
    click('Opted out'),
    click('Opted out'),
  ];
}

/**
 * Each step from its first input event (keydown, click, input or change, stamped by the page) until the
 * page shows its result, then until the next frame is painted: the count no longer marked busy (the view
 * asked for is drawn) and the table not showing an older filter's rows, then the next frame's
 * animation-frame callback and a task after it, as the other "next frame" figures. Nothing of the
 * harness runs in the page between the stamps; no GC is forced between steps.
 */
export async function filterToFrame(page: Page, steps: FilterStep[]): Promise<number[]> {
  await page.evaluate(() => {
    type Step = { start: number; done?: (ms: number) => void };
    const w = globalThis as unknown as { benchFrame?: Step };
    const stamp = () => {
      if (w.benchFrame && w.benchFrame.start === 0) w.benchFrame.start = performance.now();
    };
    for (const type of ['keydown', 'click', 'input', 'change']) document.addEventListener(type, stamp, true);
    const busy = (selector: string) => document.querySelector(selector)?.getAttribute('aria-busy') === 'true';
    new MutationObserver(() => {
      const b = w.benchFrame;
      if (!b || b.start === 0 || !b.done) return;
      if (busy('[data-testid="matched-count"]') || busy('[role="grid"]')) return;
      const done = b.done;
      b.done = undefined;
      requestAnimationFrame(() => setTimeout(() => done(performance.now() - b.start), 0));
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-busy'] });
  });
  const out: number[] = [];
  for (const [i, step] of steps.entries()) {
    await step.prepare?.();
    // Armed and awaited before the step: a key press sent at once could reach the page before the arming.
    await page.evaluate(() => {
      const w = globalThis as unknown as { benchFrame: unknown; benchFrameDone: Promise<number> };
      w.benchFrameDone = new Promise<number>((resolve) => {
        w.benchFrame = { start: 0, done: resolve };
      });
    });
    await step.act();
    const done = page.evaluate(() => (globalThis as unknown as { benchFrameDone: Promise<number> }).benchFrameDone);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`filter step ${i} was not drawn within 30 s`)), 30_000);
    });
    out.push(await Promise.race([done, late]).finally(() => clearTimeout(timer)));
  }
  return out;
}

export async function workspacePageFigures(options: WorkspaceBenchOptions = {}): Promise<Figure[]> {
  const { sandbox, context, extensionId, close } = await launchBenchDesk(
    options.extensionDir,
    'listings-desk-bench-lw-',
  );
  try {
    const optionsUrl = `chrome-extension://${extensionId}/options.html#listings`;
    await fetch(`${sandbox.apiUrl}/__sandbox/reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ locationsPerAccount: LOCATIONS }),
    });
    const home = await context.newPage();
    await home.goto(`chrome-extension://${extensionId}/popup.html`);
    await linkSandboxAccount(context, home, sandbox);

    // The first open fetches every listing into the worker's cache.
    const first = await context.newPage();
    await first.setViewportSize({ width: 1280, height: 800 });
    await first.goto(optionsUrl);
    await loaded(first);
    const total = await first.evaluate(
      () => document.querySelector('[data-testid="matched-count"]')?.textContent ?? '',
    );
    await first.close();

    const opens: number[] = [];
    for (let i = 0; i < OPENS; i++) {
      const page = await context.newPage();
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(optionsUrl);
      const handle = await page.waitForFunction(
        () => performance.getEntriesByName('first-listing-row-painted')[0]?.startTime,
        undefined,
        { timeout: 30_000 },
      );
      opens.push(Number(await handle.jsonValue()));
      await page.close();
    }

    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(optionsUrl);
    await loaded(page);
    const filters = await filterTimes(page);
    // Mid-list, where a list that kept every row in the DOM would be heaviest.
    await page.locator('.lw-scroll').evaluate((box) => {
      box.scrollTop = box.scrollHeight / 2;
    });
    await page.waitForFunction(
      () => document.querySelector('tr[data-key]') && !document.querySelector('tr.lw-row--pending'),
    );
    const domRows = await page.evaluate(() => document.querySelectorAll('tbody tr').length);
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    const heapMb = Math.round((heap.usedSize / 1024 / 1024) * 10) / 10;
    const filterMs = Math.round(median(filters) * 10) / 10;
    const firstMs = Math.round(median(opens));
    return [
      {
        name: `workspace: apply a filter to ${total.replace(/ listings$/, '')} (median)`,
        value: filterMs,
        unit: 'ms',
        target: `≤ ${FILTER_TARGET_MS} ms`,
        pass: filterMs <= FILTER_TARGET_MS,
      },
      {
        name: 'workspace: first rows of 100k listings from cache (median)',
        value: firstMs,
        unit: 'ms',
        target: `≤ ${FIRST_ROWS_TARGET_MS} ms`,
        pass: firstMs <= FIRST_ROWS_TARGET_MS,
      },
      {
        name: 'workspace: table rows in the DOM showing 100k',
        value: domRows,
        unit: 'rows',
        target: `≤ ${DOM_ROWS_TARGET}`,
        pass: domRows <= DOM_ROWS_TARGET,
      },
      {
        name: 'workspace: options page JS heap, 100k loaded',
        value: heapMb,
        unit: 'MB',
        target: `≤ ${HEAP_TARGET_MB} MB`,
        pass: heapMb <= HEAP_TARGET_MB,
      },
    ];
  } finally {
    await close();
  }
}
