// The embedded panel's e2e helpers on the sandbox's demo CRM, shared by embedded-panel.test.ts (what the
// panel does) and embedded-panel-isolation.test.ts (what a page cannot do to it or learn from it).
import type { Frame, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Location, SandboxState } from '../../sandbox/model.ts';
import { type Desk, deskForFile } from './fixture.ts';

export const UNDO_WINDOW_MS = 1_500;

/** expect.poll waits 1 s by default: too short on a busy 2-core machine for a worker round trip and a render. */
export const poll = <T>(check: () => T | Promise<T>, options: { timeout?: number } = {}) =>
  expect.poll(check, { timeout: 15_000, interval: 100, ...options });

/** Console lines in which the page's Content-Security-Policy refused something. */
export const cspViolations = new WeakMap<Page, string[]>();

/**
 * A CRM record in a new tab at 1280 px, its panel opened as the keyboard shortcut does. `prepare` runs before the
 * page loads (e.g. a listener the page would have).
 */
export async function openPanelOn(
  desk: Pick<Desk, 'context' | 'serviceWorker' | 'sandbox'>,
  locationId: string,
  prepare?: (page: Page) => Promise<unknown>,
): Promise<{ page: Page; panel: Frame }> {
  const page = await desk.context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await prepare?.(page);
  await page.goto(`${desk.sandbox.crmUrl}/customers/${locationId}`);
  await page.waitForSelector('listings-desk-panel', { state: 'attached' });
  await desk.serviceWorker.evaluate(async (url) => {
    const api = (globalThis as unknown as { chrome: typeof import('webextension-polyfill') }).chrome;
    const [tab] = await api.tabs.query({ url });
    await api.tabs.sendMessage(tab!.id!, { desk: 'panel-toggle' }, { frameId: 0 });
  }, page.url());
  let panel: Frame | undefined;
  await poll(() => {
    panel = page.frames().find((f) => f.url().includes('/panel.html'));
    return panel !== undefined;
  }).toBe(true);
  return { page, panel: panel! };
}

/** A request from inside the panel frame, over the real message path (its sender checks included). */
export function askFromPanel(panel: Frame, type: string, input: unknown) {
  return panel.evaluate(
    ([type, input]) =>
      (
        globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }
      ).chrome.runtime.sendMessage({ desk: 'request', type, input }),
    [type, input] as const,
  ) as Promise<{ ok: boolean; value?: unknown; error?: { code: string } }>;
}

/** This file's desk (launched in beforeAll, reset before each test) and the helpers that use it. */
export function panelDesk() {
  const desk = deskForFile({ undoWindowMs: UNDO_WINDOW_MS });
  const crm = () => desk.sandbox.crmUrl;
  const state = () => desk.control.state<SandboxState>();
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
    await options.getByLabel('Site', { exact: true }).fill(crm());
    await options.getByRole('button', { name: 'Add site' }).click();
    await poll(() => options.getByRole('button', { name: `Remove ${crm()}` }).count()).toBe(1);
    return options;
  }

  async function openRecord(locationId: string, page?: Page): Promise<Page> {
    const tab = page ?? (await desk.context.newPage());
    const violations: string[] = [];
    cspViolations.set(tab, violations);
    tab.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await tab.setViewportSize({ width: 1280, height: 800 });
    const response = await tab.goto(`${crm()}/customers/${locationId}`);
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
      origin: crm(),
      rule: { kind: 'url', pattern: '/customers/([^/?#]+)', holds: 'id' },
    });
    expect(reply.ok).toBe(true);
  }

  return {
    desk,
    crm,
    state,
    locationsWithSuggestions,
    listingsOf,
    addSiteThroughOptions,
    openRecord,
    togglePanel,
    panelFrame,
    ruleById,
  };
}

/** What a hostile page does to the panel's host: page CSS (a constructed sheet, which its own CSP allows), a
 *  lure drawn under the panel's Accept button, and for `cover` an overlay in the top layer that clicks pass
 *  through (pointer-events: none). `null` takes it all away again. */
export async function attackPanel(
  page: Page,
  attack: { css: string; cover?: boolean } | null,
  at?: { x: number; y: number },
) {
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
