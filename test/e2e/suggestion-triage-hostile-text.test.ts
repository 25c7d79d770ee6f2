// Suggestion rows with a real agency's text (issue 32), in real Chromium against the sandbox's hostile seed with
// three accounts linked: a 5,000-character account name without a space, a right-to-left override in an account's
// name and in suggested links. Every row stays inside its box, fields are named for people, a bidi control shows
// as what it is instead of turning `fdp.exe` into `exe.pdf`, and the product's words after a name keep their order.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { deskForFile } from './fixture.ts';

const SHOTS_DIR = process.env.LISTINGS_DESK_SHOTS ?? '/tmp/h32popup-shots';
const RLO = '\u202E';

const desk = deskForFile({});
const rows = (page: Page) => page.getByRole('feed').getByRole('article');

async function threeHostileAccounts(): Promise<Page> {
  await desk.control.reset({ hostile: true });
  const popup = await desk.openPopup();
  await desk.linkThroughUi({ page: popup, accountId: '1001' });
  await desk.link('1002');
  await desk.link('1003');
  await expect.poll(() => rows(popup).count(), { timeout: 30_000 }).toBeGreaterThan(3);
  await expect.poll(() => popup.getByRole('feed').getAttribute('aria-busy'), { timeout: 30_000 }).toBe('false');
  return popup;
}

/** Each element in `selector`'s boxes that reaches past its box's right or left edge, described. */
function outside(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const found: string[] = [];
    for (const box of document.querySelectorAll(selector)) {
      const edge = box.getBoundingClientRect();
      for (const el of box.querySelectorAll('*')) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0 || el.closest('.visually-hidden')) continue;
        if (r.right > edge.right + 1 || r.left < edge.left - 1)
          found.push(`${el.tagName}.${el.className} "${(el.textContent ?? '').slice(0, 30)}" ${r.left}–${r.right}`);
      }
    }
    return found;
  }, selector);
}

/** Where two words of one element's text are drawn: `first` left of `second` reads in order. */
function drawnInOrder(page: Page, selector: string, first: string, second: string): Promise<boolean[]> {
  return page.evaluate(
    ({ selector, first, second }) => {
      const leftOf = (el: Element, word: string): number | null => {
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const at = node.textContent!.indexOf(word);
          if (at < 0) continue;
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + word.length);
          return range.getBoundingClientRect().left;
        }
        return null;
      };
      return [...document.querySelectorAll(selector)].flatMap((el) => {
        const a = leftOf(el, first);
        const b = leftOf(el, second);
        return a === null || b === null ? [] : [a < b];
      });
    },
    { selector, first, second },
  );
}

describe('suggestion rows with hostile and unusual text', () => {
  test('the popup with three accounts: rows inside 400 px, fields named for people, bidi controls shown', async () => {
    const popup = await threeHostileAccounts();
    mkdirSync(SHOTS_DIR, { recursive: true });
    for (const scheme of ['light', 'dark'] as const) {
      await popup.emulateMedia({ colorScheme: scheme });
      await popup.screenshot({ path: `${SHOTS_DIR}/popup-hostile-400-${scheme}.png` });
    }
    await popup.emulateMedia({ colorScheme: null });
    // Every row: the feed draws a window of them, so it is scrolled a screen at a time to its end.
    const problems: string[] = [];
    const texts = new Map<string, string>();
    let longName: { width: number; height: number } | null = null;
    for (let end = false; !end; ) {
      for (const row of await rows(popup).all()) {
        const id = (await row.getAttribute('id'))!;
        if (texts.has(id)) continue;
        texts.set(id, (await row.textContent()) ?? '');
        problems.push(...(await outside(popup, `#${id}`)).map((p) => `${id}: ${p}`));
        // Accept and Reject whole inside the 400 px popup.
        for (const name of ['Accept', 'Reject']) {
          const box = await row.getByRole('button', { name, exact: true }).boundingBox();
          if (box && (box.x < 0 || box.x + box.width > 400))
            problems.push(`${id}: ${name} at ${box.x}–${box.x + box.width}`);
        }
        const account = row.locator('.st-row__account', { hasText: 'CedarDental' });
        if ((await account.count()) > 0) longName = await account.boundingBox();
      }
      // The last row drawn, scrolled into view, draws the next ones; the feed ends at the row of its set size.
      const last = rows(popup).last();
      const [at, size] = [await last.getAttribute('aria-posinset'), await last.getAttribute('aria-setsize')];
      end = at === size;
      if (!end) {
        await last.scrollIntoViewIfNeeded();
        await expect.poll(() => rows(popup).last().getAttribute('aria-posinset')).not.toBe(at);
      }
    }
    expect(texts.size).toBeGreaterThan(80);
    expect(problems).toEqual([]);
    expect(await popup.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(400);
    // The 5,000-character name wraps and is cut after three lines, not drawn 48,000 px wide.
    expect(longName).not.toBeNull();
    expect(longName!.width).toBeLessThanOrEqual(400);
    expect(longName!.height).toBeLessThan(60);

    // The filters' words whole: "All locations", not "All loca" (the text's width within the control's box).
    const cut = await popup.locator('.st-filters').evaluate((filters) => {
      const context = document.createElement('canvas').getContext('2d')!;
      return [...filters.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input, select')].flatMap((control) => {
        const style = getComputedStyle(control);
        context.font = style.font;
        const text =
          control instanceof HTMLSelectElement
            ? (control.selectedOptions[0]?.text ?? '')
            : control.value || control.placeholder;
        const room = control.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
        // A select's arrow takes ~20 px of its box.
        const needed = context.measureText(text).width + (control instanceof HTMLSelectElement ? 20 : 0);
        return needed > room ? [`${text}: ${Math.round(needed)} px in ${Math.round(room)}`] : [];
      });
    });
    expect(cut).toEqual([]);
    // Fields in words, never the service's names.
    const all = [...texts.values()].join('\n');
    expect(all).not.toMatch(/websiteUrl|address\.line1/);
    expect(all).toContain('Website');
    expect(all).toContain('Address, line 1');
    // The override in a suggested link is written out, never obeyed: the row reads "fdp.exe", as it is.
    const diffs = await popup.locator('.st-diff').allTextContents();
    expect(diffs.some((d) => d.includes(`evil.example/⟨RLO⟩fdp.exe`))).toBe(true);
    expect(diffs.filter((d) => d.includes(RLO))).toEqual([]);
    // Every row is measured, a screen at a time: 20–30 s alone, twice that on a loaded machine.
  }, 180_000);

  test('the Inbox at 320 px: a 5,000-character name wraps, and an override in a name leaves the words after it alone', async () => {
    await threeHostileAccounts();
    const options = await desk.openOptions();
    await options.setViewportSize({ width: 320, height: 800 });
    await options.goto(desk.url('options.html#inbox'));
    const lines = options.locator('.ib-account-line');
    await expect.poll(() => lines.count(), { timeout: 20_000 }).toBe(3);
    await expect
      .poll(() => options.getByRole('grid').locator('.ib-row').count(), { timeout: 20_000 })
      .toBeGreaterThan(2);
    mkdirSync(SHOTS_DIR, { recursive: true });
    for (const scheme of ['light', 'dark'] as const) {
      await options.emulateMedia({ colorScheme: scheme });
      await options.screenshot({ path: `${SHOTS_DIR}/inbox-hostile-320-${scheme}.png` });
    }
    expect(await options.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    // "Summit Outdoor Supply … ‮ylppus: 14 waiting": the count is drawn before "waiting", not after it.
    await expect.poll(() => lines.filter({ hasText: 'Summit' }).textContent()).toContain('waiting');
    expect(await drawnInOrder(options, '.ib-account-line', ':', 'waiting')).not.toContain(false);
    expect(await options.getByRole('grid').textContent()).not.toMatch(/websiteUrl|address\.line1/);
  });
});
