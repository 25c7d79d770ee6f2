// The build's chunk groups (scripts/lib/popup-chunks.ts) decide what a cold worker and the popup's first
// module load; a pattern that drifts puts Preact and the UI in the worker's start, and no source test sees it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, inject, test } from 'vitest';

/** Every chunk a built module's source reaches through static imports (not import()), by file name. */
function staticChunks(extensionDir: string, source: string, seen = new Set<string>()): Set<string> {
  for (const match of source.matchAll(/(?:from|import)\s*"\.\/(?:chunks\/)?([\w.-]+\.js)"/g)) {
    const chunk = match[1]!;
    if (seen.has(chunk)) continue;
    seen.add(chunk);
    staticChunks(extensionDir, readFileSync(join(extensionDir, 'chunks', chunk), 'utf8'), seen);
  }
  return seen;
}

test('the worker loads no chunk of the pages’ UI (Preact, components)', () => {
  const dir = inject('extensionDir');
  const chunks = [...staticChunks(dir, readFileSync(join(dir, 'background.js'), 'utf8'))];
  expect(chunks.length).toBeGreaterThan(0);
  expect(chunks.filter((c) => /^(shared-ui|app|popup|options|panel)-/.test(c))).toEqual([]);
});

test('the popup’s first module loads only the small first-ask chunk before it asks for rows', () => {
  const dir = inject('extensionDir');
  const html = readFileSync(join(dir, 'popup.html'), 'utf8');
  const entry = /<script type="module"[^>]*src="\/chunks\/([\w.-]+\.js)"/.exec(html)?.[1];
  expect(entry).toMatch(/^popup-/);
  const first = readFileSync(join(dir, 'chunks', entry!), 'utf8');
  expect([...staticChunks(dir, first)].map((c) => c.replace(/-[\w]+\.js$/, ''))).toEqual(['first-ask']);
});

test('popup.html loads the app’s styles itself, in the order import() would add them', () => {
  const dir = inject('extensionDir');
  const html = readFileSync(join(dir, 'popup.html'), 'utf8');
  const entry = /<script type="module"[^>]*src="\/chunks\/([\w.-]+\.js)"/.exec(html)?.[1];
  const deps = /__vite__mapDeps=.*?\[([^\]]*)\]/.exec(readFileSync(join(dir, 'chunks', entry!), 'utf8'))?.[1] ?? '';
  const appStyles = [...deps.matchAll(/"([^"]+\.css)"/g)].map((m) => `/${m[1]}`);
  expect(appStyles.length).toBeGreaterThan(0);
  // Linked by the page, the styles load alongside the scripts; left to import(), only once the entry has run.
  const linked = [...html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
  expect(linked).toEqual(appStyles);
});
