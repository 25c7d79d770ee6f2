// What axe-core does not measure (issue 25), read from the built extension's computed styles, light and dark:
// a field's border against its background (3:1, WCAG 1.4.11), the listings grid's current row while the grid
// has focus (a focus ring of 3:1 on the row itself), and the indeterminate progress bar under reduced motion.
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { shoot } from './axe.ts';
import { deskForFile } from './fixture.ts';
import { linkFresh, waitLoaded } from './listings-workspace-helpers.ts';

const desk = deskForFile({ reset: 'once', afterReset: linkFresh });

/** WCAG contrast of two computed colours, each blended over the page's background when translucent. */
function contrastIn(page: Page, selector: string, pair: 'border' | 'outline'): Promise<number> {
  return page.evaluate(
    ([sel, which]) => {
      const el = document.querySelector<HTMLElement>(sel!)!;
      const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
      const lum = (c: number[]) => {
        const [r, g, b] = c.map((v) => {
          const s = v / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      };
      /** The first opaque background at or above `node`. */
      const background = (node: Element | null): string => {
        for (let n = node; n; n = n.parentElement) {
          const bg = getComputedStyle(n).backgroundColor;
          if (bg !== 'rgba(0, 0, 0, 0)' && bg !== 'transparent') return bg;
        }
        return getComputedStyle(document.body).backgroundColor;
      };
      const style = getComputedStyle(el);
      const fore = which === 'border' ? style.borderTopColor : style.outlineColor;
      // The border sits on what surrounds the field; the row's ring sits on the row.
      const back = which === 'border' ? background(el.parentElement) : background(el);
      const [a, b] = [lum(rgb(fore)), lum(rgb(back))];
      return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    },
    [selector, pair] as const,
  );
}

test('fields’ borders reach 3:1 against their background, light and dark', async () => {
  const page = await desk.openOptions();
  await page.goto(desk.url('options.html#users'));
  await page.getByRole('table', { name: 'Users' }).waitFor();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await contrastIn(page, '.ui-input', 'border'), `search field, ${scheme}`).toBeGreaterThanOrEqual(3);
    expect(await contrastIn(page, '.ui-select', 'border'), `role filter, ${scheme}`).toBeGreaterThanOrEqual(3);
  }
});

test('the listings grid’s current row carries a focus ring of 3:1 while the grid has focus', async () => {
  const page = await desk.openOptions();
  await page.goto(desk.url('options.html#listings'));
  await waitLoaded(page);
  await page.getByRole('grid').focus();
  await page.keyboard.press('ArrowDown');
  const active = 'tr[data-active][data-key]';
  await page.locator(active).waitFor();
  await shoot(page, 'seeing-listings-current-row');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await page.locator(active).evaluate((tr) => getComputedStyle(tr).outlineStyle)).toBe('solid');
    expect(await page.locator(active).evaluate((tr) => Number.parseFloat(getComputedStyle(tr).outlineWidth))).toBe(2);
    expect(await contrastIn(page, active, 'outline'), `current row, ${scheme}`).toBeGreaterThanOrEqual(3);
  }
  // Focus elsewhere: no ring (the accent bar stays as the place marker).
  await page.getByRole('tab', { name: 'Listings' }).focus();
  expect(await page.locator(active).evaluate((tr) => getComputedStyle(tr).outlineStyle)).toBe('none');
});

test('the indeterminate progress bar stands still with prefers-reduced-motion', async () => {
  const page = await desk.openOptions();
  await page.goto(desk.url('options.html#listings'));
  await page.getByRole('tab', { name: 'Listings' }).waitFor();
  // The bar's own markup, as ProgressBar draws it while nothing says how far along it is.
  const animation = () =>
    page.evaluate(() => {
      const bar = document.createElement('div');
      bar.className = 'ui-progress';
      bar.dataset.indeterminate = '';
      const track = document.createElement('div');
      track.className = 'ui-progress__track';
      const fill = document.createElement('div');
      fill.className = 'ui-progress__fill';
      track.append(fill);
      bar.append(track);
      document.body.append(bar);
      const name = getComputedStyle(bar.querySelector('.ui-progress__fill')!).animationName;
      bar.remove();
      return name;
    });
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  expect(await animation()).toBe('ui-slide');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await animation()).toBe('none');
});
