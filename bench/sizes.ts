// Gzip size of each built entrypoint: its HTML's scripts and styles plus every chunk they import.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Figure } from './figure.ts';

const POPUP_BUDGET_KB = 30;

function importsOf(file: string, code: string): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(/(?:import|from)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)) {
    found.add(normalize(join(dirname(file), match[1]!)));
  }
  // What Vite's import() loads with a chunk, styles included, is listed from the output root in __vite__mapDeps.
  const deps = /__vite__mapDeps=.*?\[([^\]]*)\]/.exec(code)?.[1] ?? '';
  for (const match of deps.matchAll(/"([^"]+\.(?:js|css))"/g)) found.add(normalize(match[1]!));
  return [...found];
}

function closure(outDir: string, roots: string[]): string[] {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const rel = queue.pop()!;
    if (seen.has(rel) || !existsSync(join(outDir, rel))) continue;
    seen.add(rel);
    if (rel.endsWith('.js')) queue.push(...importsOf(rel, readFileSync(join(outDir, rel), 'utf8')));
  }
  return [...seen];
}

function htmlAssets(html: string): string[] {
  const assets: string[] = [];
  for (const match of html.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="([^"]+\.(?:js|css))"/g)) {
    assets.push(normalize(match[1]!.replace(/^\//, '')));
  }
  return assets;
}

export function entrypointSizes(outDir: string): Figure[] {
  const figures: Figure[] = [];
  for (const name of readdirSync(outDir).sort()) {
    let files: string[] = [];
    if (name.endsWith('.html')) files = closure(outDir, htmlAssets(readFileSync(join(outDir, name), 'utf8')));
    else if (name.endsWith('.js')) files = closure(outDir, [name]);
    else if (name === 'content-scripts') {
      for (const script of readdirSync(join(outDir, name))) {
        figures.push(sizeFigure(`gzip: content-scripts/${script}`, outDir, [join(name, script)]));
      }
      continue;
    } else continue;
    const entry = name.replace(/\.(html|js)$/, '');
    const figure = sizeFigure(`gzip: ${entry} (JS + CSS)`, outDir, files);
    if (entry === 'popup') {
      figure.target = `≤ ${POPUP_BUDGET_KB} KB`;
      figure.pass = figure.value <= POPUP_BUDGET_KB;
    }
    figures.push(figure);
  }
  return figures;
}

function sizeFigure(name: string, outDir: string, files: string[]): Figure {
  const bytes = files.reduce((sum, file) => sum + gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length, 0);
  return { name, value: Math.round((bytes / 1024) * 10) / 10, unit: 'KB' };
}
