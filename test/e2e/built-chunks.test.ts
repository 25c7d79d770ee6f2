// The build's chunk groups (scripts/lib/popup-chunks.ts) decide what a cold worker and the popup's first
// module load; a pattern that drifts puts Preact and the UI in the worker's start, and no source test sees it.
// The worker is built apart, as one classic script (defineBackground without type: 'module').
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, inject, test } from 'vitest';
import { entrypointSizes } from '../../bench/sizes.ts';

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

test('the worker is one classic script with none of the pages’ UI in it', () => {
  const dir = inject('extensionDir');
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as {
    background: { service_worker: string; type?: string };
  };
  // Chrome starts a classic worker from the code cache it made at install; a module worker's files
  // are parsed again at every start (measured: ~30 ms of a cold popup's wait).
  expect(manifest.background).toEqual({ service_worker: 'background.js' });
  const worker = readFileSync(join(dir, 'background.js'), 'utf8');
  expect([...staticChunks(dir, worker)]).toEqual([]);
  // Preact's hooks and the pages' components belong to the pages only. The popup's first frame is the one
  // markup the worker builds (suggestion-triage/first-paint-tree.ts: plain nodes, no component).
  expect(worker).not.toMatch(/\b(lw-row|st-undo|lh__count)\b|__H/);
  expect(worker).toMatch(/\bst-row__title\b/);
  const ui = readFileSync(
    join(dir, 'chunks', readdirSync(join(dir, 'chunks')).find((f) => f.startsWith('shared-ui-'))!),
    'utf8',
  );
  expect(ui).toMatch(/\bst-row\b/);
});

test('the popup’s first module loads only the small first-ask chunk before it asks for rows', () => {
  const dir = inject('extensionDir');
  const html = readFileSync(join(dir, 'popup.html'), 'utf8');
  const entry = /<script type="module"[^>]*src="\/chunks\/([\w.-]+\.js)"/.exec(html)?.[1];
  expect(entry).toMatch(/^popup-/);
  const first = readFileSync(join(dir, 'chunks', entry!), 'utf8');
  // Rollup's 8-character hash may itself hold '-' or '_' (a build named first-ask--YiI28EI.js failed here).
  expect([...staticChunks(dir, first)].map((c) => c.replace(/-[\w-]{8}\.js$/, ''))).toEqual(['first-ask']);
});

test('popup.html holds the app’s styles inline, before its first script, a classic one that precedes every module', () => {
  const dir = inject('extensionDir');
  const html = readFileSync(join(dir, 'popup.html'), 'utf8');
  const entry = /<script type="module"[^>]*src="\/chunks\/([\w.-]+\.js)"/.exec(html)?.[1];
  const deps = /__vite__mapDeps=.*?\[([^\]]*)\]/.exec(readFileSync(join(dir, 'chunks', entry!), 'utf8'))?.[1] ?? '';
  // The styles import() would add are one name (scripts/lib/preload-app.ts, inlinePageStyles), the inline style's.
  const appStyles = [...new Set([...deps.matchAll(/"([^"]+\.css)"/g)].map((m) => `/${m[1]}`))];
  expect(appStyles).toHaveLength(1);
  const inline = [...html.matchAll(/<style data-href="([^"]+)">/g)].map((m) => m[1]);
  expect(inline).toEqual(appStyles);
  expect(html).not.toMatch(/<link rel="stylesheet"/);
  // Styles, then the first script (it draws with them), then the entry; no preload of the app's chunks.
  const order = [...html.matchAll(/<style data-href|<script(?: type="module")?[^>]*src="\/([^"]+)"/g)].map((m) =>
    m[0].startsWith('<style') ? 'styles' : m[1]!.replace(/-[\w-]{8}\.js$/, ''),
  );
  expect(order).toEqual(['styles', 'popup-first-paint.js', 'chunks/popup']);
  expect(html).not.toMatch(/modulepreload[^>]*(app|shared-ui)-/);
});

test('opening the popup loads no stylesheet, and not the parts it shows on first use', () => {
  const dir = inject('extensionDir');
  // The ≤ 30 KB budget is the bench's figure on the production build (`npm run bench`, bench/sizes.ts);
  // this e2e build is larger, so here only what the open loads and what it leaves for later.
  const sizes = entrypointSizes(dir);
  expect(sizes.find((f) => f.name === 'gzip: popup, loaded on first use (JS + CSS)')?.value).toBeGreaterThan(1);
  const html = readFileSync(join(dir, 'popup.html'), 'utf8');
  expect([...html.matchAll(/<link rel="stylesheet"/g)]).toHaveLength(0);
  const entry = /<script type="module"[^>]*src="\/chunks\/([\w.-]+\.js)"/.exec(html)![1]!;
  const code = readFileSync(join(dir, 'chunks', entry), 'utf8');
  // What the entry loads at once: its static imports, and the app it import()s (named in __vite__mapDeps).
  const opened = new Set(
    [...(/__vite__mapDeps=.*?\[([^\]]*)\]/.exec(code)?.[1] ?? '').matchAll(/"chunks\/([\w.-]+\.js)"/g)].map(
      (m) => m[1]!,
    ),
  );
  for (const chunk of [entry, ...opened]) {
    for (const next of staticChunks(dir, readFileSync(join(dir, 'chunks', chunk), 'utf8'))) opened.add(next);
  }
  const names = [...opened].map((c) => c.replace(/-[\w-]{8}\.js$/, ''));
  expect(names).toContain('shared-ui');
  expect(names).not.toContain('first-use-parts');
  // Nor the linking screens, an error's words or the progress bar: they load when first shown.
  const text = [...opened].map((chunk) => readFileSync(join(dir, 'chunks', chunk), 'utf8')).join('\n');
  expect(text).toContain('Skip to suggestions');
  for (const later of ['choose Allow there', 'The account was not linked', 'The service refused this', 'ui-progress']) {
    expect(text).not.toContain(later);
  }
});
