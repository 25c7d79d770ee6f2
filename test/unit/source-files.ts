// The TypeScript sources under a folder, for the tests that read the code itself (import rules, cycles,
// formatters, storage keys).
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every .ts/.tsx file below `dir` (declaration files left out), as paths relative to where `dir` is. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}
