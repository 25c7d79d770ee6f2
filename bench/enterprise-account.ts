// An enterprise account in the built extension: 8,696 locations × 69 publishers = 600,024 listings.
// - a first fetch-all with the listings page open ÷ the same without it (the sandbox's quota lifted),
//   each ending when the worker reports every listing loaded; paired, alternating;
// - at the vendor's real quota (5,000 an hour, 6,001 pages needed): the requests sent after the first
//   quota 429, against those then in flight (the walk's concurrency less the one answered).
import type { BrowserContext, Page } from 'playwright-core';
import { askFrom, launchBenchDesk, linkSandboxAccount } from './bench-desk.ts';
import { type Figure, median } from './figure.ts';

const LOCATIONS = 8696;
const PAIRS = 2;
const RATIO_TARGET = 1.2;
/** fetchAllPages' default: pages in flight after the first. */
const CONCURRENCY = 4;

interface LoadView {
  state: string;
  loaded: number;
  total: number | null;
  incomplete: { missingPages: number } | null;
}

export interface EnterpriseBenchOptions {
  extensionDir?: string;
}

async function loadView(home: Page): Promise<LoadView> {
  const reply = await askFrom(home, 'listings.query', { offset: 0, limit: 0 });
  if (!reply.ok) throw new Error(`listings.query failed: ${reply.error?.message}`);
  return (reply.value as unknown as { load: LoadView }).load;
}

/** Until the worker's load has ended; asked from the popup page, which does not show the listings. */
async function loadEnded(home: Page): Promise<LoadView> {
  const deadline = Date.now() + 900_000;
  for (;;) {
    const load = await loadView(home);
    // 'empty': the page has not asked yet.
    if (load.state !== 'loading' && load.state !== 'empty') return load;
    if (Date.now() > deadline) throw new Error('the load did not end within 15 minutes');
    await home.waitForTimeout(100);
  }
}

export async function enterpriseAccountFigures(options: EnterpriseBenchOptions = {}): Promise<Figure[]> {
  const { sandbox, context, extensionId, close } = await launchBenchDesk(
    options.extensionDir,
    'listings-desk-bench-600k-',
  );
  const control = (path: string, body: unknown) =>
    fetch(`${sandbox.apiUrl}/__sandbox/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json() as Promise<Record<string, unknown>>);
  try {
    await control('reset', { locationsPerAccount: LOCATIONS });
    const home = await context.newPage();
    await home.goto(`chrome-extension://${extensionId}/popup.html`);

    /** A first load (an unlink empties the worker's table), timed until the worker says it ended. */
    const firstLoad = async (withPage: boolean): Promise<{ ms: number; load: LoadView }> => {
      const accounts = (await askFrom(home, 'accounts.list', {})).value as { accounts: { accountKey: string }[] };
      for (const a of accounts.accounts) await askFrom(home, 'accounts.unlink', { accountKey: a.accountKey });
      await linkSandboxAccount(context as BrowserContext, home, sandbox);
      // The listings page starts the load itself when it opens on an account with none loaded.
      const started = performance.now();
      let page: Page | undefined;
      if (withPage) {
        page = await context.newPage();
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.goto(`chrome-extension://${extensionId}/options.html#listings`);
      } else await askFrom(home, 'listings.load', { refresh: true });
      const load = await loadEnded(home);
      const ms = performance.now() - started;
      await page?.close();
      return { ms, load };
    };

    await control('quota', { perHour: 1_000_000, used: 0 });
    const ratios: number[] = [];
    let without = 0;
    let withPage = 0;
    for (let i = 0; i < PAIRS; i++) {
      const a = await firstLoad(false);
      const b = await firstLoad(true);
      if (a.load.loaded !== 600_024 || b.load.loaded !== 600_024) {
        throw new Error(`a load ended short: ${a.load.loaded}, ${b.load.loaded} of 600,024`);
      }
      without = a.ms;
      withPage = b.ms;
      ratios.push(b.ms / a.ms);
    }
    const ratio = median(ratios);

    // The vendor's quota: 5,000 requests this hour, of which the link and names take a few.
    await control('quota', { perHour: 5000, used: 0 });
    await fetch(`${sandbox.apiUrl}/__sandbox/requests`, { method: 'DELETE' });
    const capped = await firstLoad(false);
    const log = (await (await fetch(`${sandbox.apiUrl}/__sandbox/requests`)).json()) as {
      requests: { path: string; status: number }[];
    };
    const pages = log.requests.filter((r) => r.path.endsWith('/powerlistings/listings'));
    const first429 = pages.findIndex((r) => r.status === 429);
    const after = first429 < 0 ? 0 : pages.length - first429 - 1;
    const round = (v: number) => Math.round(v * 100) / 100;
    return [
      {
        name: `enterprise: first fetch-all of 600,024 listings, no page open (last pair)`,
        value: Math.round(without),
        unit: 'ms',
      },
      { name: 'enterprise: the same with the listings page open (last pair)', value: Math.round(withPage), unit: 'ms' },
      {
        name: `enterprise: fetch-all with the page open ÷ without (median of ${PAIRS} pairs)`,
        value: round(ratio),
        unit: '×',
        target: `≤ ${RATIO_TARGET}`,
        pass: ratio <= RATIO_TARGET,
      },
      {
        name: `enterprise: at the 5,000/h quota, requests after the first quota 429 (loaded ${capped.load.loaded.toLocaleString('en-US')})`,
        value: after,
        unit: 'requests',
        target: `≤ ${CONCURRENCY - 1} (in flight)`,
        pass: first429 >= 0 && after <= CONCURRENCY - 1,
      },
    ];
  } finally {
    await close();
  }
}
