// Gzip size of each built entrypoint: what opening it loads (its HTML, its scripts and styles, every chunk they import,
// and what the HTML's own scripts import() at once), and apart, what its code import()s later on a key or a click.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Figure } from './figure.ts';

const POPUP_BUDGET_KB = 30;

function importsOf(file: string, code: string, dynamic: boolean): string[] {
  const found = new Set<string>();
  const pattern = dynamic
    ? /(?:\bimport|\bfrom)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g
    : /(?:\bimport|\bfrom)\s*["'](\.{1,2}\/[^"']+)["']/g;
  for (const match of code.matchAll(pattern)) found.add(normalize(join(dirname(file), match[1]!)));
  if (!dynamic) return [...found];
  // What Vite's import() loads with a chunk, styles included, is listed from the output root in __vite__mapDeps.
  const deps = /__vite__mapDeps=.*?\[([^\]]*)\]/.exec(code)?.[1] ?? '';
  for (const match of deps.matchAll(/"([^"]+\.(?:js|css))"/g)) found.add(normalize(match[1]!));
  return [...found];
}

/** Every file the roots load; import() is followed from the `running` roots only, or from every file with `later`. */
function closure(outDir: string, roots: string[], running: string[], later = false): string[] {
  const seen = new Set<string>();
  const queue = roots.map((file) => ({ file, root: running.includes(file) }));
  while (queue.length > 0) {
    const { file, root } = queue.pop()!;
    if (seen.has(file) || !existsSync(join(outDir, file))) continue;
    seen.add(file);
    if (!file.endsWith('.js')) continue;
    for (const next of importsOf(file, readFileSync(join(outDir, file), 'utf8'), root || later)) {
      queue.push({ file: next, root: false });
    }
  }
  return [...seen];
}

/** The HTML's scripts, its preloaded chunks and styles; `scripts` only the scripts it runs. */
function htmlAssets(html: string, only: 'all' | 'scripts' = 'all'): string[] {
  const assets: string[] = [];
  const tag =
    only === 'scripts'
      ? /<script\b[^>]*src="([^"]+\.js)"/g
      : /<(?:script|link)\b[^>]*(?:src|href)="([^"]+\.(?:js|css))"/g;
  for (const match of html.matchAll(tag)) assets.push(normalize(match[1]!.replace(/^\//, '')));
  return assets;
}

export function entrypointSizes(outDir: string): Figure[] {
  const figures: Figure[] = [];
  const names = readdirSync(outDir).sort();
  // A script a page loads (the popup's first script) is counted with that page, not as an entrypoint of its own.
  const pageScripts = new Set(
    names
      .filter((n) => n.endsWith('.html'))
      .flatMap((n) => htmlAssets(readFileSync(join(outDir, n), 'utf8'), 'scripts')),
  );
  for (const name of names) {
    if (pageScripts.has(name)) continue;
    let roots: string[] = [];
    let running: string[] = [];
    if (name.endsWith('.html')) {
      const html = readFileSync(join(outDir, name), 'utf8');
      // The page itself too: the popup's styles are inline in it.
      roots = [name, ...htmlAssets(html)];
      running = htmlAssets(html, 'scripts');
    } else if (name.endsWith('.js')) roots = running = [name];
    else if (name === 'content-scripts') {
      for (const script of readdirSync(join(outDir, name))) {
        figures.push(sizeFigure(`gzip: content-scripts/${script}`, outDir, [join(name, script)]));
      }
      continue;
    } else continue;
    const entry = name.replace(/\.(html|js)$/, '');
    const files = closure(outDir, roots, running);
    const figure = sizeFigure(`gzip: ${entry} (JS + CSS)`, outDir, files);
    if (entry === 'popup') {
      figure.target = `≤ ${POPUP_BUDGET_KB} KB`;
      figure.pass = figure.value <= POPUP_BUDGET_KB;
    }
    figures.push(figure);
    // E.g. the popup's help dialog: loaded on the first `?`, not by opening the popup.
    const opened = new Set(files);
    const onUse = closure(outDir, roots, running, true).filter((file) => !opened.has(file));
    if (onUse.length > 0) figures.push(sizeFigure(`gzip: ${entry}, loaded on first use (JS + CSS)`, outDir, onUse));
  }
  return figures;
}

function sizeFigure(name: string, outDir: string, files: string[]): Figure {
  const bytes = files.reduce((sum, file) => sum + gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length, 0);
  return { name, value: Math.round((bytes / 1024) * 10) / 10, unit: 'KB' };
}
