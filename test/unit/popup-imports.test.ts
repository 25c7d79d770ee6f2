// The popup paints sooner without zod: every module it loads takes only types from the protocol, and its
// values from the schema-free protocol/envelope.ts (the schemas cost 25 KB gzip and ~150 ms of first paint).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { expect, test } from 'vitest';

const PROTOCOL = resolve('lib/messaging/protocol');
/** An `import … from '<package>'` that is not `import type`. */
const VALUE_IMPORT_OF = (pkg: RegExp) => new RegExp(`^import (?!type )[^;]*from '(${pkg.source})`, 'm');

/** Every module reachable from `entry` through value imports (type-only imports are erased). */
function valueImports(entry: string): Map<string, string[]> {
  const seen = new Map<string, string[]>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    const source = readFileSync(file, 'utf8');
    const targets: string[] = [];
    // The entry loads the app with import(): follow that too.
    for (const match of source.matchAll(/\bimport\('(\.[^']+\.tsx?)'\)/g)) {
      const target = resolve(dirname(file), match[1]!);
      if (existsSync(target)) targets.push(target);
    }
    for (const match of source.matchAll(/^import\s+(type\s+)?([^'"]*?)\s*from\s+'(\.[^']+)';/gms)) {
      const [, typeOnly, names = '', spec = ''] = match;
      const onlyTypes =
        typeOnly ||
        (/^\{[^}]*\}$/.test(names.trim()) &&
          names
            .replace(/[{}\s]/g, '')
            .split(',')
            .filter(Boolean)
            .every((n) => n.startsWith('type')));
      if (onlyTypes || !/\.tsx?$/.test(spec)) continue;
      const target = resolve(dirname(file), spec);
      if (existsSync(target)) targets.push(target);
    }
    seen.set(file, targets);
    for (const target of targets) visit(target);
  };
  visit(resolve(entry));
  return seen;
}

test('nothing the popup loads imports a value from the protocol other than protocol/envelope.ts', () => {
  const modules = valueImports(join('entrypoints', 'popup', 'main.ts'));
  expect(modules.size).toBeGreaterThan(10);
  const schemaModules = [...modules.keys()].filter((m) => m.startsWith(PROTOCOL) && !m.endsWith('envelope.ts'));
  expect(schemaModules).toEqual([]);
  expect([...modules.keys()].some((m) => m.endsWith('protocol/envelope.ts'))).toBe(true);
});

test('the popup entry asks for the first rows before it loads Preact or the polyfill', () => {
  const entry = valueImports(join('entrypoints', 'popup', 'main.ts'));
  const first = [...entry.get(resolve('entrypoints/popup/main.ts'))!];
  // Statically, the entry reaches only small schema-free modules; the app comes through import().
  const reached = new Set<string>();
  const visit = (file: string) => {
    if (reached.has(file)) return;
    reached.add(file);
    for (const next of entry.get(file) ?? []) if (!next.endsWith('app.tsx')) visit(next);
  };
  for (const file of first) if (!file.endsWith('app.tsx')) visit(file);
  const sources = [...reached].map((f) => readFileSync(f, 'utf8')).join('\n');
  expect(sources).not.toMatch(VALUE_IMPORT_OF(/preact|@preact\/signals|wxt\/browser|webextension-polyfill/));
  expect(first.some((f) => f.endsWith('app.tsx'))).toBe(true);
});

test("the popup does without webextension-polyfill (3 KB gzip): pages use the browser's own runtime", () => {
  const modules = [...valueImports(join('entrypoints', 'popup', 'main.ts')).keys()];
  const withPolyfill = modules.filter((file) =>
    VALUE_IMPORT_OF(/wxt\/browser|webextension-polyfill/).test(readFileSync(file, 'utf8')),
  );
  expect(withPolyfill).toEqual([]);
});

test('the popup does without the @preact/signals adapter (~1.5 KB gzip): its components read signals through useValue', () => {
  const modules = [...valueImports(join('entrypoints', 'popup', 'main.ts')).keys()];
  // signals-core is the signals themselves; the adapter is what re-renders a component that reads `.value`.
  const withAdapter = modules.filter((file) => VALUE_IMPORT_OF(/@preact\/signals'/).test(readFileSync(file, 'utf8')));
  expect(withAdapter.map((file) => file.replace(`${resolve('.')}/`, ''))).toEqual([]);
});
