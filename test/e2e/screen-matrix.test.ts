// The screen matrix (issue 32): every screen (the popup, each options section and tab, the user editor and the
// cancel-services dialog, the panel on the demo CRM) with 1, 3 and 30 linked accounts, names of 60 characters, a
// 403 account, a revoked one and a stopped service, at 320, 400 and 1280 px, light and dark. On each: nothing wider
// than the page or its box (every button inside the box that holds it), no text cut by its container (an ellipsis
// only where the whole text is in its title), no internal name or code outside small print, and axe clean.
// One browser per account configuration; widths and schemes change on the same page. The PNGs are kept in
// test-results/screens/<configuration>/ to look at.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { axeViolations } from './axe.ts';
import { type Desk, deskForFile, launchDesk } from './fixture.ts';

const WIDTHS = [320, 400, 1280] as const;
const HEIGHT = 700;
const SCREENS_DIR = join(import.meta.dirname, '../../test-results/screens');

/**
 * Words a person must never read outside small print: field and code names of the interface, the product's
 * own variables, error kinds, and HTTP codes said as such.
 */
const INTERNAL = [
  /\bwebsiteUrl\b/,
  /\baddress\.line[12]\b/,
  /\baddress\.(city|region|postalCode)\b/,
  /\b(displayAddress|featuredMessage|paymentOptions|hoursText)\b/,
  /LISTINGS_DESK_\w+/,
  /(^|[·:(|]\s*)network\b/im,
  /\bneeds-relink\b/,
  /\bHTTP\s?\d{3}\b/,
  /\b(status|code)\s\d{3}\b/i,
];

interface Problem {
  kind: string;
  where: string;
  detail: string;
}

/**
 * Runs in the page (or the panel's frame): every element, shadow roots included, checked for what sticks out of
 * the page or of the box that clips it, for text cut short, and for internal names outside <small>.
 */
function layoutProblems(internal: string[]): Problem[] {
  const patterns = internal.map((source) => {
    const [, body, flags] = /^\/(.*)\/(\w*)$/s.exec(source)!;
    return new RegExp(body!, flags);
  });
  const problems: Problem[] = [];
  const all: Element[] = [];
  const walk = (root: Document | ShadowRoot) => {
    for (const el of root.querySelectorAll('*')) {
      all.push(el);
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  walk(document);
  const parentOf = (el: Element): Element | null =>
    el.parentElement ?? ((el.getRootNode() as ShadowRoot).host as Element | undefined) ?? null;
  const nameOf = (el: Element) => {
    const label =
      el.getAttribute('aria-label') ?? (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60) ?? '';
    const cls = typeof el.className === 'string' && el.className ? `.${el.className.split(/\s+/)[0]}` : '';
    return `<${el.tagName.toLowerCase()}${cls}> "${label}"`;
  };
  /** Visually hidden on purpose (screen-reader text): a 1 px box or a clip. */
  const srOnly = (el: Element, rect: DOMRect) => {
    const style = getComputedStyle(el);
    return (rect.width <= 1 && rect.height <= 1) || style.clip !== 'auto' || style.clipPath !== 'none';
  };
  const shown = (el: Element) =>
    (el as HTMLElement).checkVisibility?.({ checkOpacity: true, checkVisibilityCSS: true }) !== false;
  const clips = (style: CSSStyleDeclaration) =>
    ['hidden', 'clip'].includes(style.overflowX) || ['hidden', 'clip'].includes(style.overflowY);
  const scrolls = (style: CSSStyleDeclaration) =>
    ['auto', 'scroll'].includes(style.overflowX) || ['auto', 'scroll'].includes(style.overflowY);
  const ownText = (el: Element) =>
    [...el.childNodes]
      .filter((n) => n.nodeType === Node.TEXT_NODE)
      .map((n) => n.textContent ?? '')
      .join('')
      .trim();

  /** An element's text as seen: screen-reader words (a <del>'s "removed: ") are not on screen. */
  const seenText = (el: Element): string =>
    [...el.childNodes]
      .map((n) =>
        n.nodeType === Node.TEXT_NODE
          ? (n.textContent ?? '')
          : n instanceof Element && !srOnly(n, n.getBoundingClientRect())
            ? seenText(n)
            : '',
      )
      .join('');
  const words = (text: string) => text.split(/\s+/).filter(Boolean);
  /**
   * The whole text is in `whole`: as one run, or (a line-clamped diff, whose title says the change as its new
   * and its old text) every word of it.
   */
  const holds = (whole: string, text: string, clamped: boolean) => {
    const flat = text.replace(/\s+/g, ' ').trim();
    if (!flat) return false;
    if (whole.replace(/\s+/g, ' ').includes(flat)) return true;
    const said = new Set(words(whole));
    return clamped && words(flat).every((word) => said.has(word));
  };
  const clamped = (style: CSSStyleDeclaration) => style.webkitLineClamp !== 'none';

  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth + 1) {
    problems.push({
      kind: 'page wider than the window',
      where: 'page',
      detail: `${root.scrollWidth} > ${root.clientWidth} px`,
    });
  }
  const viewportWidth = root.clientWidth;
  for (const el of all) {
    if (!shown(el)) continue;
    const rect = el.getBoundingClientRect();
    if (rect.width === 0 && rect.height === 0) continue;
    if (srOnly(el, rect)) continue;
    const control = el.matches('button, a[href], input, select, textarea, [role="button"], [role="tab"]');
    const text = ownText(el);
    if (!control && !text) continue;
    // Inside a box that scrolls sideways on purpose (a wide table), the page's edge is not its limit.
    let scroller = false;
    let clipSeen = false;
    for (let up = parentOf(el); up && up !== root; up = parentOf(up)) {
      const style = getComputedStyle(up);
      if (scrolls(style)) {
        scroller = true;
        break;
      }
      if (clipSeen || !clips(style) || srOnly(up, up.getBoundingClientRect())) continue;
      clipSeen = true;
      const box = up.getBoundingClientRect();
      if (rect.right > box.right + 1 || rect.left < box.left - 1 || rect.bottom > box.bottom + 1) {
        // A box that ends its text in "…" on purpose (an ellipsis or a line clamp), with the whole text in a
        // title, is not a cut: the same rule as for the box's own text below, applied to what it holds.
        const whole = `${up.getAttribute('title') ?? ''} ${el.getAttribute('title') ?? ''}`;
        const ends = style.textOverflow === 'ellipsis' || clamped(style);
        if (!(ends && holds(whole, seenText(el), clamped(style)))) {
          problems.push({
            kind: control ? 'control cut by its box' : 'text cut by its box',
            where: nameOf(el),
            detail: `${Math.round(rect.left)}–${Math.round(rect.right)} px in a box of ${Math.round(box.left)}–${Math.round(box.right)} (${nameOf(up)})`,
          });
        }
      }
    }
    if (!scroller && (rect.right > viewportWidth + 1 || rect.left < -1)) {
      problems.push({
        kind: control ? 'control off the page' : 'text off the page',
        where: nameOf(el),
        detail: `${Math.round(rect.left)}–${Math.round(rect.right)} px in a ${viewportWidth} px page`,
      });
    }
    if (text) {
      const style = getComputedStyle(el);
      const cut = el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
      if (cut && clips(style) && el.clientWidth > 0) {
        // An ellipsis is allowed only where the whole text can be read (its title).
        const whole = el.getAttribute('title') ?? '';
        const ellipsis = style.textOverflow === 'ellipsis' || clamped(style);
        if (!(ellipsis && holds(whole, clamped(style) ? seenText(el) : text, clamped(style)))) {
          problems.push({
            kind: ellipsis ? 'text cut with an ellipsis and no title' : 'text cut by its own box',
            where: nameOf(el),
            detail: `${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight}`,
          });
        }
      }
      const inSmall = (() => {
        for (let up: Element | null = el; up; up = parentOf(up)) if (up.tagName === 'SMALL') return true;
        return false;
      })();
      if (!inSmall) {
        for (const pattern of patterns) {
          const found = pattern.exec(text);
          if (found)
            problems.push({ kind: 'internal name outside small print', where: nameOf(el), detail: found[0].trim() });
        }
      }
    }
  }
  // One line per place and kind: a long list repeats the same fault on every row.
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.kind}|${p.where.replace(/"[^"]*"/, '')}|${p.detail.replace(/[\d–]+/g, '#')}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A screen: how to get there on `page`, and the page or frame to check. */
interface Screen {
  name: string;
  open(page: Page): Promise<Page | Frame | undefined>;
  /** Undoes what open() changed beyond the page, after the screen is checked. */
  close?(): Promise<void>;
}

/** Checks `screen` at every width (layout) and scheme (axe and the picture); each finding says where. */
async function checkScreen(desk: Desk, page: Page, config: string, screen: Screen, found: string[]): Promise<void> {
  await page.setViewportSize({ width: 1280, height: HEIGHT });
  await page.emulateMedia({ colorScheme: 'light' });
  const target = (await screen.open(page)) ?? page;
  const dir = join(SCREENS_DIR, config);
  mkdirSync(dir, { recursive: true });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT });
    // Two frames: the new width's layout is done before it is measured.
    await target.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    for (const p of await target.evaluate(layoutProblems, INTERNAL.map(String))) {
      found.push(`${config} · ${screen.name} · ${width} px: ${p.kind}: ${p.where} (${p.detail})`);
    }
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: join(dir, `${screen.name.replace(/\W+/g, '-')}-${width}-${scheme}.png`) });
      if (width !== 400) continue;
      for (const v of await axeViolations(target)) {
        found.push(
          `${config} · ${screen.name} · ${scheme}: axe ${v.impact} ${v.id}: ${v.help} at ${v.targets.slice(0, 3).join(', ')}`,
        );
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
  }
  void desk;
}

const section = (desk: Desk, name: string, hash: string, ready: (page: Page) => Promise<unknown>): Screen => ({
  name,
  async open(page) {
    await page.goto(desk.url(`options.html#${hash}`));
    await ready(page);
    return undefined;
  },
});

/** The popup, every options section and tab, the user editor and the cancel-services dialog. */
function screensOf(desk: Desk): Screen[] {
  const heading = (name: string | RegExp) => (page: Page) =>
    page.getByRole('heading', { name, level: 1 }).waitFor({ timeout: 30_000 });
  const screens: Screen[] = [
    {
      name: 'popup',
      async open(page) {
        await page.goto(desk.url('popup.html'));
        await page.locator('main, [role="feed"]').first().waitFor({ timeout: 30_000 });
        await page
          .getByRole('feed')
          .getByRole('article')
          .first()
          .waitFor({ timeout: 15_000 })
          .catch(() => undefined);
        return undefined;
      },
    },
    section(desk, 'connection', 'connection', heading('Connection')),
    section(desk, 'accounts', 'accounts', heading('Accounts')),
    section(desk, 'inbox', 'inbox', async (page) => {
      await heading('Inbox')(page);
      await page
        .getByRole('rowheader')
        .first()
        .waitFor({ timeout: 15_000 })
        .catch(() => undefined);
    }),
    section(desk, 'inbox-history', 'inbox', async (page) => {
      await heading('Inbox')(page);
      await page.getByRole('tab', { name: 'History' }).click();
      await page.getByRole('tabpanel').waitFor();
    }),
    section(desk, 'listings', 'listings', async (page) => {
      await heading('Listings')(page);
      await page
        .locator('tbody tr')
        .first()
        .waitFor({ timeout: 15_000 })
        .catch(() => undefined);
    }),
    section(desk, 'listings-publishers', 'listings', async (page) => {
      await heading('Listings')(page);
      await page.getByRole('tab', { name: /^Publishers/ }).click();
      await page.getByRole('tabpanel').waitFor();
    }),
    section(desk, 'users', 'users', async (page) => {
      await heading(/^Users/)(page);
      await page
        .getByRole('table')
        .first()
        .waitFor({ timeout: 15_000 })
        .catch(() => undefined);
    }),
    section(desk, 'user-editor', 'users', async (page) => {
      await heading(/^Users/)(page);
      await page.getByRole('button', { name: 'New user' }).click();
      await page.getByRole('dialog').waitFor();
    }),
    ...['add', 'new', 'services', 'catalog', 'tracker'].map((view) =>
      section(desk, `provisioning-${view}`, `provisioning?view=${view}`, async (page) => {
        await heading('Provisioning')(page);
        await page.getByRole('heading').last().waitFor();
      }),
    ),
    cancelServicesScreen(desk, heading('Provisioning')),
    section(desk, 'embedded-panel', 'embedded-panel', heading('Embedded panel')),
    section(desk, 'preferences', 'preferences', heading('Preferences')),
  ];
  return screens;
}

/**
 * The cancel-services dialog, opened from the bakery account (1001): the last-linked account is the active one,
 * and in the 3-account configuration it is revoked (Provisioning rightly says its accounts cannot be loaded), in
 * the 30-account one it has no services (Cancel services… rightly stays disabled). The active account is put back
 * after, so the screens checked next see their configuration.
 */
function cancelServicesScreen(desk: Desk, ready: (page: Page) => Promise<unknown>): Screen {
  let before: string | null = null;
  const activate = async (accountKey: string) => {
    const done = await desk.ask('accounts.activate', { accountKey });
    if (!done.ok) throw new Error(`accounts.activate: ${done.error.message}`);
  };
  return {
    name: 'cancel-services-dialog',
    async open(page) {
      const list = await desk.ask('accounts.list', {});
      if (!list.ok) throw new Error(`accounts.list: ${list.error.message}`);
      before = list.value.activeAccountKey;
      const bakery = list.value.accounts.find((a) => a.appSpecificAccountId === 'app-1001');
      if (!bakery) throw new Error('account 1001 is not linked');
      if (bakery.accountKey !== before) await activate(bakery.accountKey);
      await page.goto(desk.url('options.html#provisioning?view=services'));
      await ready(page);
      await page.getByLabel('Location', { exact: true }).waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Cancel services…' }).click({ timeout: 30_000 });
      await page.getByRole('dialog').waitFor();
      return undefined;
    },
    async close() {
      if (before) await activate(before);
    },
  };
}

/** The panel over the demo CRM's record of `customer`, opened by its launcher; the frame is what is checked. */
function panelScreen(desk: Desk, customer: string): Screen {
  return {
    name: `panel-${customer}`,
    async open(page) {
      const crm = desk.sandbox.crmUrl;
      const added = await desk.ask('panel.sites.add', { origin: crm });
      if (!added.ok) throw new Error(`panel.sites.add: ${added.error.message}`);
      await desk.ask('panel.sites.update', {
        origin: crm,
        rule: { kind: 'url', pattern: '/customers/([^/?#]+)', holds: 'id' },
      });
      await page.goto(`${crm}/customers/${customer}`);
      await page.waitForSelector('listings-desk-panel', { state: 'attached', timeout: 30_000 });
      await page.mouse.click(1280 - 8, HEIGHT * 0.4 + 40);
      let frame: Frame | undefined;
      await expect
        .poll(
          () => {
            frame = page.frames().find((f) => f.url().includes('/panel.html'));
            return frame !== undefined;
          },
          { timeout: 30_000 },
        )
        .toBe(true);
      await frame!.locator('body *').first().waitFor({ timeout: 30_000 });
      return frame;
    },
  };
}

async function runMatrix(desk: Desk, config: string, screens: Screen[]): Promise<string[]> {
  const found: string[] = [];
  const page = await desk.context.newPage();
  for (const screen of screens) {
    const started = performance.now();
    try {
      await checkScreen(desk, page, config, screen, found);
      // Where the matrix's minutes go, to keep it inside the test run's time.
      console.log(`${config} · ${screen.name}: checked in ${Math.round(performance.now() - started)} ms`);
    } catch (error) {
      // A screen that cannot be opened is a finding, never a silent skip.
      found.push(`${config} · ${screen.name}: could not be opened: ${(error as Error).message.split('\n')[0]}`);
      // What it showed instead, to see why.
      await page
        .screenshot({ path: join(SCREENS_DIR, config, `${screen.name.replace(/\W+/g, '-')}-not-opened.png`) })
        .catch(() => undefined);
    } finally {
      await screen.close?.();
    }
  }
  await page.close();
  return found;
}

// The file's own desk is the first configuration's; the others need a sandbox seeded otherwise (3 accounts with
// the usual names, 30 accounts), so each is a second desk beside it, launched afresh.
const longNamesDesk = deskForFile({ reset: 'once', sandbox: { longNames: true } });
const desks: Desk[] = [];
afterAll(async () => {
  for (const desk of desks) await desk.close().catch(() => undefined);
});

async function deskWith(options: Parameters<typeof launchDesk>[0]): Promise<Desk> {
  const desk = await launchDesk(options);
  desks.push(desk);
  await desk.reset();
  return desk;
}

describe('screen matrix', () => {
  test('1 account, names of 60 characters; then the service stopped', async () => {
    const desk = longNamesDesk;
    await desk.link('1001');
    const found = await runMatrix(desk, '1-account-long-names', [...screensOf(desk), panelScreen(desk, 'HB-001')]);
    await desk.sandbox.close();
    found.push(
      ...(await runMatrix(
        desk,
        'service-stopped',
        screensOf(desk).filter((s) => ['popup', 'inbox', 'listings', 'users', 'provisioning-add'].includes(s.name)),
      )),
    );
    console.log(found.join('\n'));
    expect(found).toEqual([]);
  }, 600_000);

  test('3 accounts: one answers 403, one revoked', async () => {
    const desk = await deskWith({});
    await desk.link('1001');
    await desk.link('1003');
    await desk.link('1004');
    await desk.control.call('POST', 'forbidden', { accountId: '1003' });
    const revoked = (await desk.control.tokens()).find((t) => t.accountId === '1004' && !t.revoked);
    if (revoked) await desk.control.revokeToken(revoked.access_token);
    const found = await runMatrix(desk, '3-accounts-403-revoked', [...screensOf(desk), panelScreen(desk, 'HB-001')]);
    console.log(found.join('\n'));
    expect(found).toEqual([]);
  }, 600_000);

  test('30 accounts, names of 60 characters', async () => {
    // Linking 30 accounts is most of this test's time (each link fetches the account): ~4 min at load 20.
    const desk = await deskWith({ sandbox: { accounts: 30, longNames: true } });
    const linking = performance.now();
    for (let n = 1; n <= 30; n++) await desk.link(n === 1 ? '1001' : n === 2 ? '1002' : String(1000 + n));
    console.log(`30 accounts linked in ${Math.round(performance.now() - linking)} ms`);
    const found = await runMatrix(desk, '30-accounts-long-names', screensOf(desk));
    console.log(found.join('\n'));
    expect(found).toEqual([]);
  }, 1_200_000);
});
