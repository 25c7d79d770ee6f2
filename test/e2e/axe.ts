// axe-core in a page or frame of the built extension: the WCAG 2.0/2.1/2.2 A and AA rules, and what they
// found at critical or serious impact. Evaluated over CDP, so the extension pages' CSP (no inline script) does not block it.
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Critical and serious violations in `target`, one line per rule with the elements it names. */
export async function axeViolations(target: Page | Frame): Promise<AxeFinding[]> {
  const loaded = await target.evaluate(() => 'axe' in globalThis);
  if (!loaded) await target.evaluate(axeSource);
  return target.evaluate(async (tags) => {
    const axe = (globalThis as unknown as { axe: { run(c: unknown, o: unknown): Promise<AxeResults> } }).axe;
    interface AxeResults {
      violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[];
    }
    const results = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return results.violations
      .filter((v) => v.impact === 'critical' || v.impact === 'serious')
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
  }, AXE_TAGS);
}

/** With LISTINGS_DESK_SHOTS=DIR, a PNG of `page` light and dark, to look at what a test checked. */
export async function shoot(page: Page, name: string, { fullPage = false } = {}): Promise<void> {
  const dir = process.env.LISTINGS_DESK_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: join(dir, `${name}-${scheme}.png`), fullPage });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** axe-core's critical and serious findings in `page`, light and dark, one line each naming the scheme. */
export async function axeLightAndDark(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const v of await axeViolations(page)) found.push(`${colorScheme}: ${v.id} at ${v.targets.join(', ')}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return found;
}
