// Code the pages and the worker both run has one home, lib/shared/ (with the message protocol); the API
// client (lib/api/) and the worker (lib/background/) are worker-only, so a page names nothing of theirs,
// not even a type: a page's type from lib/api is the protocol's view of it (issue 22).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { sourceFiles } from './source-files.ts';

/** The lib/ folders (or lib/ files) a file imports from, type-only imports included. */
function libImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)'[./]*\/?lib\/([\w-]+)/gm)].map((m) => m[1]!);
}

const WORKER_ONLY = ['api', 'background'];

test('pages import nothing from the worker-only lib/api and lib/background, not even a type', () => {
  // The worker's entry is the one entrypoint that is not a page.
  const pages = [...sourceFiles('components'), ...sourceFiles('entrypoints')].filter(
    (f) => f !== join('entrypoints', 'background.ts'),
  );
  expect(pages.length).toBeGreaterThan(100);
  const found = pages.flatMap((f) =>
    libImports(f)
      .filter((d) => WORKER_ONLY.includes(d))
      .map((d) => `${f} → lib/${d}`),
  );
  expect(found).toEqual([]);
});

test('lib/shared/ imports nothing from the worker, the client or the pages', () => {
  const shared = sourceFiles(join('lib', 'shared'));
  expect(shared.length).toBeGreaterThan(5);
  const found = shared.flatMap((f) =>
    [...readFileSync(f, 'utf8').matchAll(/from\s+'(\.[^']+)'/g)]
      .map((m) => m[1]!)
      .filter((spec) => /\/(api|background|components|messaging)\//.test(spec) || /^\.\.\/\.\.\/\.\.\//.test(spec))
      .map((spec) => `${f} → ${spec}`),
  );
  expect(found).toEqual([]);
});

test('the rule sees a page naming a worker-only type', () => {
  const line = "import type { SuggestionDecision } from '../../lib/api/suggestions.ts';";
  expect(
    [...line.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)'[./]*\/?lib\/([\w-]+)/gm)].map((m) => m[1]),
  ).toEqual(['api']);
});

/**
 * Modules still loose in lib/ (worker-only: its storage items); the list may only shrink. Moving it touches
 * the import line of twenty worker files that other work was changing at the time.
 */
const LOOSE_IN_LIB = new Set(['storage-item.ts']);

test('every module in lib/ lives in a named home: api/, background/, messaging/ or shared/', () => {
  const loose = readdirSync('lib').filter((name) => statSync(join('lib', name)).isFile());
  expect(loose.filter((name) => !LOOSE_IN_LIB.has(name))).toEqual([]);
  expect([...LOOSE_IN_LIB].filter((name) => !loose.includes(name))).toEqual([]);
  expect(readdirSync('lib').filter((name) => statSync(join('lib', name)).isDirectory())).toEqual([
    'api',
    'background',
    'messaging',
    'shared',
  ]);
});
