// The embedded panel in real Chromium, on the sandbox's demo CRM (its own loopback origin, strict CSP):
// adding the site, the panel naming the record's location with no rule and with a URL rule, following
// client-side navigation, triage from the panel, what a page script can reach, and removing the site.
// The host permission: a development build requires the loopback hosts (the sandbox API lives there),
// so permissions.request for the CRM resolves at once without a prompt; the Add site path is the product's.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Location, SandboxState } from '../../sandbox/model.ts';
import { deskForFile } from './fixture.ts';

const UNDO_WINDOW_MS = 1_500;
const SHOTS_DIR = process.env.LISTINGS_DESK_SHOTS ?? '/tmp/shots-panel';

const desk = deskForFile({ undoWindowMs: UNDO_WINDOW_MS });
let crm: string;

beforeAll(() => {
  crm = desk.sandbox.crmUrl;
});

const state = () => desk.control.state<SandboxState>();

/** expect.poll waits 1 s by default: too short on a busy 2-core machine for a worker round trip and a render. */
const poll = <T>(check: () => T | Promise<T>, options: { timeout?: number } = {}) =>
  expect.poll(check, { timeout: 15_000, interval: 100, ...options });

/** Account 1001's locations that have suggestions waiting on the customer, most first. */
async function locationsWithSuggestions(): Promise<Location[]> {
  const s = await state();
  const waiting = new Map<string, number>();
  for (const x of s.suggestions) {
    if (x.accountId === '1001' && x.status === 'WAITING_ON_CUSTOMER') {
      waiting.set(x.locationId, (waiting.get(x.locationId) ?? 0) + 1);
    }
  }
  return s.locations
    .filter((l) => l.accountId === '1001' && waiting.has(l.id))
    .sort((a, b) => waiting.get(b.id)! - waiting.get(a.id)!);
}

/** What the sandbox holds for one location of account 1001: its listings' count and publishers' names. */
async function listingsOf(locationId: string): Promise<{ count: number; publisherNames: string[] }> {
  const s = await state();
  const listings = s.listings.filter((l) => l.accountId === '1001' && l.locationId === locationId);
  const names = new Map(s.publishers.map((p) => [p.id, p.name]));
  return { count: listings.length, publisherNames: listings.map((l) => names.get(l.publisherId) ?? l.publisherId) };
}

async function addSiteThroughOptions(): Promise<Page> {
  const options = await desk.openOptions();
  await options.goto(desk.url('options.html#embedded-panel'));
  await options.getByLabel('Site', { exact: true }).fill(crm);
  await options.getByRole('button', { name: 'Add site' }).click();
  await poll(() => options.getByRole('button', { name: `Remove ${crm}` }).count()).toBe(1);
  return options;
}

/** Console lines in which the page's Content-Security-Policy refused something. */
const cspViolations = new WeakMap<Page, string[]>();

async function openRecord(locationId: string, page?: Page): Promise<Page> {
  const tab = page ?? (await desk.context.newPage());
  const violations: string[] = [];
  cspViolations.set(tab, violations);
  tab.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await tab.setViewportSize({ width: 1280, height: 800 });
  const response = await tab.goto(`${crm}/customers/${locationId}`);
  expect(response?.headers()['content-security-policy']).toContain("default-src 'self'");
  await tab.waitForSelector('listings-desk-panel', { state: 'attached' });
  return tab;
}

/** What the keyboard shortcut does: the worker tells the page's content script to toggle the panel. */
async function togglePanel(page: Page): Promise<void> {
  await desk.serviceWorker.evaluate(async (url) => {
    const api = (globalThis as unknown as { chrome: typeof import('webextension-polyfill') }).chrome;
    const [tab] = await api.tabs.query({ url });
    await api.tabs.sendMessage(tab!.id!, { desk: 'panel-toggle' }, { frameId: 0 });
  }, page.url());
}

async function panelFrame(page: Page): Promise<Frame> {
  let found: Frame | undefined;
  await poll(() => {
    found = page.frames().find((f) => f.url().includes('/panel.html'));
    return found !== undefined;
  }).toBe(true);
  return found!;
}

/** The site's rule: the record's address holds the location id, so the panel names it at once. */
async function ruleById(): Promise<void> {
  const reply = await desk.ask('panel.sites.update', {
    origin: crm,
    rule: { kind: 'url', pattern: '/customers/([^/?#]+)', holds: 'id' },
  });
  expect(reply.ok).toBe(true);
}

/** What a hostile page does to the panel's host: page CSS (a constructed sheet, which its own CSP allows), a
 *  lure drawn under the panel's Accept button, and for `cover` an overlay in the top layer that clicks pass
 *  through (pointer-events: none). `null` takes it all away again. */
async function attackPanel(page: Page, attack: { css: string; cover?: boolean } | null, at?: { x: number; y: number }) {
  await page.evaluate(
    ({ attack, at }) => {
      const w = window as unknown as { attackSheet?: CSSStyleSheet; lure?: HTMLElement; cover?: HTMLElement };
      if (!w.attackSheet) {
        w.attackSheet = new CSSStyleSheet();
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, w.attackSheet];
        w.lure = document.createElement('div');
        w.lure.className = 'lure';
        w.lure.textContent = 'Claim your prize';
        document.body.append(w.lure);
        w.cover = document.createElement('div');
        w.cover.className = 'cover';
        w.cover.setAttribute('popover', 'manual');
        w.cover.textContent = 'Claim your prize';
        document.body.append(w.cover);
      }
      const place = at ? `left: ${at.x - 80}px; top: ${at.y - 20}px;` : '';
      const lure = `.lure, .cover { position: fixed; ${place} margin: 0; width: 160px; height: 40px; border: 0; background: gold; color: #000; font: bold 16px system-ui; pointer-events: none; }`;
      w.attackSheet.replaceSync(attack ? `${lure}\n${attack.css}` : '.lure { display: none; }');
      if (attack?.cover) w.cover!.showPopover();
      else if (w.cover!.matches(':popover-open')) w.cover!.hidePopover();
    },
    { attack, at },
  );
}

describe('the embedded panel on the demo CRM', () => {
  test('names the record’s location from its text, follows client-side navigation, and lists its listings', async () => {
    await desk.link('1001');
    await addSiteThroughOptions();
    const [first, second] = await locationsWithSuggestions();
    const page = await openRecord(first!.id);
    // The launcher at the page's edge (in a closed shadow root, so by where it is, as a user finds it).
    await page.mouse.click(1280 - 8, 800 * 0.4 + 40);
    const panel = await panelFrame(page);

    await poll(() => panel.getByTestId('panel-proposal').textContent()).toContain(first!.name);
    await poll(() => panel.getByTestId('panel-proposal').textContent()).toContain(first!.id);
    await panel.getByRole('button', { name: `Yes, this is ${first!.name}` }).click();
    await poll(() => panel.getByTestId('panel-health').textContent()).toMatch(/\d+ listings?/);
    await poll(() => panel.getByRole('feed').getByRole('article').count()).toBeGreaterThan(0);

    // The listings workspace's table, filtered to this location: its rows only, by publisher name.
    const expected = await listingsOf(first!.id);
    const table = panel.getByRole('grid', { name: 'Listings of this location' });
    await poll(() => table.getAttribute('aria-rowcount')).toBe(String(expected.count + 1));
    expect(await panel.getByTestId('panel-health').textContent()).toMatch(new RegExp(`^${expected.count} listings?`));
    const shown = await table.locator('tr[data-key] td:first-child').allTextContents();
    expect(shown.length).toBeGreaterThan(0);
    for (const name of shown) expect(expected.publisherNames).toContain(name);
    const heads = await table.locator('th').allTextContents();
    expect(heads.map((h) => h.replace(/[▲▼]/, ''))).toEqual(['Publisher', 'Status', 'Reasons', 'Listing']);
    // By status, descending ("Waiting on …" first): a long label takes a second line, never cut to a tooltip.
    const statusSort = table.locator('th', { hasText: 'Status' });
    await statusSort.getByRole('button').click();
    await statusSort.getByRole('button').click();
    await poll(() => table.locator('tr[data-key] .lw-status').first().textContent()).toMatch(/^Waiting on/);
    const fits = await table
      .locator('tr[data-key] td:has(> .lw-status)')
      .evaluateAll((tds) => tds.map((td) => td.scrollWidth <= td.clientWidth && td.scrollHeight <= td.clientHeight));
    expect(fits.every(Boolean)).toBe(true);
    await poll(() =>
      table.locator('tr[data-key] .lw-status').evaluateAll((ss) => ss.some((s) => s.getClientRects().length === 2)),
    ).toBe(true);

    // "Open in Listings Desk": the worker opens the options page filtered to the location (no link in the partner page).
    const opened = desk.context.waitForEvent('page');
    await panel.getByRole('button', { name: 'Open in Listings Desk' }).click();
    const options = await opened;
    await poll(() => options.url()).toBe(desk.url(`options.html#listings?location=${first!.id}`));
    await options.close();

    // Client-side: the CRM's list, then another record, without a reload.
    await page.getByRole('link', { name: 'Customers' }).click();
    await page.getByRole('link', { name: second!.name, exact: true }).click();
    await poll(() => page.url()).toBe(`${crm}/customers/${second!.id}`);
    await poll(() => panel.getByTestId('panel-location').textContent(), { timeout: 10_000 }).toBe(second!.name);
    // The strict CSP (default-src 'self', no inline styles, frame-src 'self') refused nothing of the panel's.
    expect(cspViolations.get(page)).toEqual([]);
  });

  test('with a URL rule the panel names the location at once; triage from the panel reaches the sandbox', async () => {
    await desk.link('1001');
    await addSiteThroughOptions();
    const reply = await desk.ask('panel.sites.update', {
      origin: crm,
      rule: { kind: 'url', pattern: '/customers/([^/?#]+)', holds: 'id' },
    });
    expect(reply.ok).toBe(true);
    const [location] = await locationsWithSuggestions();
    const page = await openRecord(location!.id);
    await togglePanel(page);
    const panel = await panelFrame(page);
    await poll(() => panel.getByTestId('panel-location').textContent()).toBe(location!.name);
    expect(await panel.getByTestId('panel-proposal').count()).toBe(0);

    const row = panel.getByRole('feed').getByRole('article').first();
    await poll(() => row.count()).toBe(1);
    const rowId = (await row.getAttribute('id'))!.replace(/^suggestion-/, '');
    const before = (await state()).suggestions.find((s) => s.id === rowId)!;
    expect(before.locationId).toBe(location!.id);
    await row.getByRole('button', { name: 'Accept' }).click();
    await poll(async () => (await state()).suggestions.find((s) => s.id === rowId)?.status, { timeout: 15_000 }).toBe(
      'ACCEPTED',
    );
  });

  test('hostile publisher data in the panel’s table stays text: a javascript: address is no link', async () => {
    await desk.control.reset({ hostile: true });
    await desk.link('1001');
    await addSiteThroughOptions();
    const reply = await desk.ask('panel.sites.update', {
      origin: crm,
      rule: { kind: 'url', pattern: '/customers/([^/?#]+)', holds: 'id' },
    });
    expect(reply.ok).toBe(true);
    // The location with a script address among the fewest listings (all its rows fit in the panel's box).
    const s = await state();
    const ofAccount = s.listings.filter((l) => l.accountId === '1001');
    const perLocation = new Map<string, number>();
    for (const l of ofAccount) perLocation.set(l.locationId, (perLocation.get(l.locationId) ?? 0) + 1);
    const hostile = ofAccount
      .filter((l) => /^\s*javascript:/i.test(l.listingUrl))
      .sort((a, b) => perLocation.get(a.locationId)! - perLocation.get(b.locationId)!)[0]!;
    const page = await openRecord(hostile.locationId);
    await togglePanel(page);
    const panel = await panelFrame(page);
    const table = panel.getByRole('grid', { name: 'Listings of this location' });
    await poll(() => table.getAttribute('aria-rowcount')).toBe(String(perLocation.get(hostile.locationId)! + 1));
    await poll(() => table.locator('tbody').textContent()).toContain(hostile.listingUrl.trim());
    const hrefs = await table.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.every((href) => /^https?:\/\//.test(href))).toBe(true);
    expect(await table.locator('img, script, svg, iframe').count()).toBe(0);
  });

  test('a page script gets nothing: not the panel’s DOM, not the extension, not a framed panel', async () => {
    await desk.link('1001');
    await addSiteThroughOptions();
    const [location] = await locationsWithSuggestions();
    const page = await openRecord(location!.id);
    await togglePanel(page);
    const panel = await panelFrame(page);
    await poll(() => panel.getByTestId('panel-proposal').count()).toBe(1);

    const reach = await page.evaluate(async (extensionId) => {
      const host = document.querySelector('listings-desk-panel');
      const framed = document.querySelectorAll('iframe').length;
      const runtime = (globalThis as { chrome?: { runtime?: { sendMessage?: unknown } } }).chrome?.runtime;
      let messaged = 'no runtime';
      if (typeof runtime?.sendMessage === 'function') {
        try {
          const send = runtime.sendMessage as (id: string, m: unknown) => Promise<unknown>;
          messaged = JSON.stringify(await send(extensionId, { desk: 'request', type: 'triage.view', input: {} }));
        } catch (error) {
          messaged = `refused: ${(error as Error).message}`;
        }
      }
      return {
        shadowRoot: host?.shadowRoot ?? null,
        text: host?.textContent ?? '',
        framed,
        messaged,
        frameText: (() => {
          try {
            return window.frames[0]?.document.body.textContent ?? 'no frame';
          } catch {
            return 'cross-origin';
          }
        })(),
      };
    }, desk.extensionId);
    expect(reach.shadowRoot).toBeNull();
    expect(reach.text).toBe('');
    expect(reach.framed).toBe(0);
    expect(reach.messaged).toMatch(/^(no runtime|refused)/);
    expect(['no frame', 'cross-origin']).toContain(reach.frameText);

    // The page frames panel.html itself (the dynamic URL would be unknown to it; even the real one acts on nothing).
    const attempt = await page.evaluate(async (src) => {
      const frame = document.createElement('iframe');
      frame.src = src;
      document.body.append(frame);
      await new Promise((resolve) => setTimeout(resolve, 500));
      return frame.isConnected;
    }, desk.url('panel.html'));
    expect(attempt).toBe(true);
    const framedByPage = page.frames().filter((f) => f.url().includes('/panel.html') && f !== panel);
    for (const frame of framedByPage) {
      await poll(() => frame.locator('body').textContent()).not.toContain('suggestion');
    }

    // A panel frame is not an extension page: it may not ask for connection settings or linking.
    const asked = await panel.evaluate(async () => {
      const api = (globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } })
        .chrome.runtime;
      const ask = (type: string) => api.sendMessage({ desk: 'request', type, input: {} });
      return {
        connection: await ask('connection.get'),
        link: await ask('accounts.link'),
        sites: await ask('panel.sites.list'),
        // Users are managed from the options page only (issue 11).
        users: await ask('users.list'),
      };
    });
    for (const reply of Object.values(asked)) expect(reply).toMatchObject({ ok: false, error: { code: 'forbidden' } });

    // panel.html opened by itself (no ticket, not framed by our content script) refuses to act.
    const alone = await desk.context.newPage();
    await alone.goto(desk.url('panel.html?ticket=made-up-by-a-page-0000000000'));
    await poll(() => alone.locator('body').textContent()).toContain(
      'This panel only works when Listings Desk opens it',
    );
  });

  test('our content script (in the page’s process) cannot read storage.local, and may ask for nothing but a ticket', async () => {
    await desk.link('1001');
    await addSiteThroughOptions();
    const [location] = await locationsWithSuggestions();
    const page = await openRecord(location!.id);
    // The content script's isolated world, reached through the DevTools protocol.
    const cdp = await page.context().newCDPSession(page);
    const contexts: { id: number; name: string; auxData?: { type?: string } }[] = [];
    cdp.on('Runtime.executionContextCreated', ({ context }) => contexts.push(context));
    await cdp.send('Runtime.enable');
    await poll(() => contexts.some((c) => c.auxData?.type === 'isolated' && c.name === 'Listings Desk'));
    const contextId = contexts.find((c) => c.auxData?.type === 'isolated' && c.name === 'Listings Desk')!.id;
    const run = async (expression: string) =>
      (await cdp.send('Runtime.evaluate', { expression, contextId, awaitPromise: true, returnByValue: true })).result
        .value as string;
    const storageRead = await run(
      'chrome.storage.local.get(null).then((v) => "read " + Object.keys(v).length + " keys", (e) => "refused: " + e.message)',
    );
    expect(storageRead).toMatch(/^refused: Access to storage is not allowed from this context/);
    const asked = await run(
      `chrome.runtime.sendMessage({ desk: 'request', type: 'triage.view', input: {} }).then((r) => JSON.stringify(r))`,
    );
    expect(JSON.parse(asked)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    // Nor may it manage users: a delete is refused before it reaches the service.
    const deleted = await run(
      `chrome.runtime.sendMessage({ desk: 'request', type: 'users.delete', input: { userId: 'hb-owner' } }).then((r) => JSON.stringify(r))`,
    );
    expect(JSON.parse(deleted)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    const { users } = await desk.control.state<{ users: { id: string }[] }>();
    expect(users.some((u) => u.id === 'hb-owner')).toBe(true);
    await cdp.detach();
  });

  test('hidden on a site: no launcher at the page’s edge, and the shortcut still opens the panel', async () => {
    await desk.link('1001');
    await addSiteThroughOptions();
    const [location] = await locationsWithSuggestions();
    /** What is at the launcher's place (right edge, 40% down): the panel's host element, or the CRM's own page. */
    const atLauncher = (page: Page) =>
      page.evaluate(() => document.elementFromPoint(innerWidth - 8, innerHeight * 0.4 + 40)?.tagName.toLowerCase());

    const shown = await openRecord(location!.id);
    await poll(() => atLauncher(shown)).toBe('listings-desk-panel');
    expect((await desk.ask('panel.sites.update', { origin: crm, hidden: true })).ok).toBe(true);
    await shown.close(); // togglePanel finds the tab by its address
    const hidden = await openRecord(location!.id);
    expect(await atLauncher(hidden)).not.toBe('listings-desk-panel');
    await togglePanel(hidden);
    const panel = await panelFrame(hidden);
    await poll(() => panel.getByTestId('panel-proposal').textContent()).toContain(location!.name);
  });

  test('a page that hides, dims, shrinks or covers the panel decides nothing, by click or by key (clickjacking)', async () => {
    await desk.link('1001');
    await addSiteThroughOptions();
    await ruleById();
    const [location] = await locationsWithSuggestions();
    const page = await openRecord(location!.id);
    await togglePanel(page);
    const panel = await panelFrame(page);
    const rows = panel.getByRole('feed').getByRole('article');
    await poll(() => rows.count()).toBeGreaterThan(1);
    // By id: the list may be drawn again in another order while the test runs.
    const [luredId, realId] = await Promise.all(
      [rows.nth(0), rows.nth(1)].map(async (row) => (await row.getAttribute('id'))!.replace(/^suggestion-/, '')),
    );
    const [lured, real] = [panel.locator(`#suggestion-${luredId}`), panel.locator(`#suggestion-${realId}`)];
    const accept = lured.getByRole('button', { name: 'Accept' });
    // Really visible, the panel acts: a trial click waits until the button takes pointer events.
    await accept.click({ trial: true });
    const actingAfter = await panel.evaluate(() => performance.now());
    const box = (await accept.boundingBox())!;
    const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const sight = panel.getByRole('status').filter({ hasText: /hiding or covering/ });

    const attacks: [string, { css: string; cover?: boolean }][] = [
      ['the host made transparent (the reported attack)', { css: 'listings-desk-panel { opacity: 0 !important; }' }],
      ['nearly transparent', { css: 'listings-desk-panel { opacity: 0.05 !important; }' }],
      ['an ancestor made transparent', { css: 'html { opacity: 0.5 !important; }' }],
      ['a filter', { css: 'listings-desk-panel { filter: opacity(0.02) !important; }' }],
      [
        'shrunk by a transform',
        {
          css: `listings-desk-panel { display: block !important; transform: scale(0.1) !important; transform-origin: ${at.x}px ${at.y}px; }`,
        },
      ],
      ['covered by an overlay clicks pass through', { css: '', cover: true }],
      [
        'clipped to its Accept button',
        {
          css: `listings-desk-panel { display: block !important; position: fixed !important; inset: 0 !important; clip-path: inset(${at.y - 15}px calc(100vw - ${at.x + 40}px) calc(100vh - ${at.y + 15}px) ${at.x - 40}px) !important; }`,
        },
      ],
      ['shrunk by CSS zoom', { css: 'listings-desk-panel { zoom: 0.1 !important; }' }],
      ['an ancestor shrunk by CSS zoom', { css: 'html { zoom: 0.3 !important; }' }],
    ];
    for (const [name, attack] of attacks) {
      // The list has focus, as for a decision by key.
      await lured.focus();
      await attackPanel(page, attack, at);
      await poll(() => sight.count(), { timeout: 10_000 }).toBe(1);
      await page.mouse.click(at.x, at.y);
      await page.keyboard.press('a');
      await attackPanel(page, null);
      await poll(() => sight.count(), { timeout: 10_000 }).toBe(0);
      // Focus that the pause took away is back where it was.
      await poll(() => lured.evaluate((row) => row === document.activeElement)).toBe(true);
      // Not "Accepted · Undo": the row still offers its decision.
      expect(await panel.locator(`#suggestion-${luredId}`).getByRole('button', { name: 'Accept' }).count(), name).toBe(
        1,
      );
    }

    // Seen again, the panel acts on a real key; decisions go out in order, so once this one has reached the
    // service any lured one would have too. (By key: a mouse click here, right after the page's last change,
    // was lost in 3 of 11 full runs at load 15-18, the row never showing Undo; cause not found.)
    await real.focus();
    await page.keyboard.press('r');
    await poll(() => real.getByRole('button', { name: 'Undo' }).count()).toBe(1);
    // 30 s: the outbox's undo window, then its send, on a machine shared with other builds.
    await poll(async () => (await state()).suggestions.find((x) => x.id === realId)?.status, {
      timeout: 30_000,
    }).toBe('REJECTED');
    expect((await state()).suggestions.find((x) => x.id === luredId)?.status).toBe('WAITING_ON_CUSTOMER');
    console.info(`panel acting ${Math.round(actingAfter)} ms after its frame started`);
  });

  test('the page hears nothing that names the extension, and a forged WXT event does not take the panel away', async () => {
    await desk.link('1001');
    await addSiteThroughOptions();
    const [first, second] = await locationsWithSuggestions();
    const tab = await desk.context.newPage();
    await tab.addInitScript(() => {
      const heard: string[] = [];
      (window as unknown as { heard: string[] }).heard = heard;
      addEventListener('message', (event) => heard.push(JSON.stringify(event.data) ?? String(event.data)), true);
    });
    const page = await openRecord(first!.id, tab);
    await togglePanel(page);
    const panel = await panelFrame(page);
    await poll(() => panel.getByTestId('panel-proposal').textContent()).toContain(first!.name);
    const heard = await page.evaluate(() => (window as unknown as { heard: string[] }).heard);
    expect(heard.filter((m) => m.includes(desk.extensionId) || m.includes('content-script-started'))).toEqual([]);

    // WXT's own signal that a newer copy of the script started, forged by a page that knows our public id.
    await page.evaluate((id) => {
      const detail = { contentScriptName: 'embedded-panel', messageId: 'forged' };
      document.dispatchEvent(new CustomEvent(`${id}:embedded-panel:wxt:content-script-started`, { detail }));
    }, desk.extensionId);
    expect(await page.locator('listings-desk-panel').count()).toBe(1);
    // It still follows client-side navigation, and the shortcut still closes and opens it.
    await page.getByRole('link', { name: 'Customers' }).click();
    await page.getByRole('link', { name: second!.name, exact: true }).click();
    await poll(() => panel.getByTestId('panel-proposal').textContent()).toContain(second!.name);
  });

  test('removing the site removes the panel on reload', async () => {
    await desk.link('1001');
    const options = await addSiteThroughOptions();
    const [location] = await locationsWithSuggestions();
    const page = await openRecord(location!.id);
    const registered = () =>
      desk.serviceWorker.evaluate(async () => {
        const api = (globalThis as unknown as { chrome: typeof import('webextension-polyfill') }).chrome;
        return (await api.scripting.getRegisteredContentScripts()).map((script) => script.matches);
      });
    expect(await registered()).toEqual([[`${crm}/*`]]);
    await options.getByRole('button', { name: `Remove ${crm}` }).click();
    await poll(() => options.getByRole('button', { name: `Remove ${crm}` }).count()).toBe(0);
    expect(await registered()).toEqual([]);
    await page.reload();
    await page.getByRole('heading', { name: location!.name }).waitFor();
    // Nothing is registered for the CRM any more, so nothing can have been injected by the time it has loaded.
    await page.waitForLoadState('load');
    expect(await page.locator('listings-desk-panel').count()).toBe(0);
  });

  test('screenshots of the panel over the demo CRM, light and dark', async () => {
    mkdirSync(SHOTS_DIR, { recursive: true });
    await desk.link('1001');
    const options = await addSiteThroughOptions();
    for (const scheme of ['light', 'dark'] as const) {
      await options.emulateMedia({ colorScheme: scheme });
      await options.screenshot({ path: join(SHOTS_DIR, `options-embedded-panel-${scheme}.png`) });
    }
    const [location] = await locationsWithSuggestions();
    for (const scheme of ['light', 'dark'] as const) {
      const page = await desk.context.newPage();
      await page.emulateMedia({ colorScheme: scheme });
      await openRecord(location!.id, page);
      await togglePanel(page);
      const panel = await panelFrame(page);
      const confirm = panel.getByRole('button', { name: `Yes, this is ${location!.name}` });
      await confirm.waitFor();
      await page.screenshot({ path: join(SHOTS_DIR, `panel-proposal-${scheme}.png`) });
      await confirm.click();
      await poll(() => panel.getByTestId('panel-health').count()).toBe(1);
      await poll(() => panel.getByRole('feed').getByRole('article').count()).toBeGreaterThan(0);
      // The rows come first by publisher id; the names follow once the worker has them.
      const { publisherNames } = await listingsOf(location!.id);
      const firstPublisher = panel.locator('tr[data-key] td:first-child').first();
      await poll(() => firstPublisher.textContent()).toBeOneOf(publisherNames);
      await page.screenshot({ path: join(SHOTS_DIR, `panel-${scheme}.png`) });
      // The page covers the foot of the panel: its line says the panel is paused.
      await attackPanel(page, { css: '', cover: true }, { x: 1280 - 190, y: 760 });
      await poll(() =>
        panel
          .getByRole('status')
          .filter({ hasText: /hiding or covering/ })
          .count(),
      ).toBe(1);
      await page.screenshot({ path: join(SHOTS_DIR, `panel-paused-${scheme}.png`) });
      await page.close();
    }
  });
});
