// Modules in lib/, components/ and sandbox/ form no import cycle, type-only imports included: a cycle means two modules
// each need the other, so neither can be read, tested or moved alone (issue 22 untied the last four).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { expect, test } from 'vitest';
import { sourceFiles } from './source-files.ts';

// The sandbox too: it imports nothing from lib/, so it is a tree of its own, held to the same rule.
const ROOTS = ['lib', 'components', 'sandbox'];

/** Relative modules a file names in `import … from`, `export … from` or `import()`, resolved to files. */
function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const specs = [
    ...source.matchAll(/^\s*(?:import|export)\s[^'";]*?\sfrom\s+'(\.[^']+)'/gm),
    ...source.matchAll(/^\s*import\s+'(\.[^']+)'/gm),
    ...source.matchAll(/\bimport\(\s*'(\.[^']+)'\s*\)/g),
  ].map((m) => m[1]!);
  return specs.flatMap((spec) => {
    const base = resolve(dirname(file), spec);
    const found = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(
      (p) => existsSync(p) && statSync(p).isFile(),
    );
    return found ? [relative(process.cwd(), found)] : [];
  });
}

/** Each strongly connected group of two or more nodes (Tarjan), or a node importing itself. */
function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || graph.get(v)!.includes(v)) groups.push(group.sort());
    }
  };
  for (const f of graph.keys()) if (!index.has(f)) visit(f);
  return groups;
}

const files = ROOTS.flatMap(sourceFiles);
const imports = new Map(files.map((f) => [f, importsOf(f)]));

test('no module in lib/, components/ or sandbox/ reaches itself through its imports', () => {
  expect(files.length).toBeGreaterThan(100);
  expect(cycles(imports)).toEqual([]);
});

/** A folder without subfolders is one unit (a feature: components/account-linking); in a folder with
 * subfolders (lib/background) each file is its own unit beside them. */
function unitOf(file: string): string {
  const dir = dirname(file);
  const hasSubfolders = readdirSync(dir).some((name) => statSync(join(dir, name)).isDirectory());
  return hasSubfolders ? file : dir;
}

test('no feature folder reaches itself through another (badge.ts ⇄ suggestion-triage/ was such a knot)', () => {
  const units = new Map<string, Set<string>>();
  for (const [file, targets] of imports) {
    // Features live in lib/ and components/; the sandbox's folders (rules/, seed/) are not features.
    if (file.startsWith('sandbox')) continue;
    const from = unitOf(file);
    const edges = units.get(from) ?? new Set<string>();
    for (const target of targets) if (unitOf(target) !== from) edges.add(unitOf(target));
    units.set(from, edges);
  }
  expect(cycles(new Map([...units].map(([unit, edges]) => [unit, [...edges]])))).toEqual([]);
});
