// `npm run icons`: draws the extension's icons from the SVGs below with headless Chromium and writes
// the PNGs to public/icon/ (committed; run again only when the drawing changes).
//   icon-N.png            store and browser icon: a blue tile that reads on any background
//   toolbar-light-N.png   the toolbar glyph for light toolbars (dark ink)
//   toolbar-dark-N.png    the toolbar glyph for dark toolbars (light ink)
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROME_PATH } from './chromium.ts';

const outDir = resolve(import.meta.dirname, '../..', 'public', 'icon');

/** A listing card (three rows) with a check mark: the desk where suggestions are accepted. */
function glyph(ink: string, accent: string): string {
  return `
    <rect x="20" y="22" width="70" height="84" rx="10" fill="none" stroke="${ink}" stroke-width="10"/>
    <rect x="35" y="42" width="40" height="9" rx="4.5" fill="${ink}"/>
    <rect x="35" y="60" width="28" height="9" rx="4.5" fill="${ink}"/>
    <rect x="35" y="78" width="18" height="9" rx="4.5" fill="${ink}"/>
    <path d="M70 86 l13 13 l26 -30" fill="none" stroke="${accent}" stroke-width="12"
          stroke-linecap="round" stroke-linejoin="round"/>`;
}

const tile = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128">
  <rect x="4" y="4" width="120" height="120" rx="26" fill="#1d4ed8"/>
  <g transform="translate(6 0)">${glyph('#ffffff', '#86efac')}</g></svg>`;
const toolbarLight = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128">${glyph('#1f2937', '#15803d')}</svg>`;
const toolbarDark = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128">${glyph('#f3f4f6', '#4ade80')}</svg>`;

const drawings: [string, string, number[]][] = [
  ['icon', tile, [16, 32, 48, 128]],
  ['toolbar-light', toolbarLight, [16, 32]],
  ['toolbar-dark', toolbarDark, [16, 32]],
];

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage();
  for (const [name, svg, sizes] of drawings) {
    for (const size of sizes) {
      await page.setViewportSize({ width: size, height: size });
      await page.setContent(
        `<style>html,body{margin:0;background:transparent}img{display:block;width:${size}px;height:${size}px}</style>` +
          `<img src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}">`,
      );
      const file = join(outDir, `${name}-${size}.png`);
      await page.locator('img').screenshot({ path: file, omitBackground: true });
      console.log(`wrote ${file}`);
    }
  }
} finally {
  await browser.close();
}
