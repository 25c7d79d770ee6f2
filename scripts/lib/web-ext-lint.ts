// `npm run lint:firefox [-- DIR]`: web-ext lint on a Firefox build (default: a fresh `wxt build -b firefox --mv3`
// in .output/firefox-mv3); exits 1 on an error or on a warning the README does not explain.
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { type LintMessage, lintFirefoxBuild } from './firefox-lint.ts';

const root = resolve(import.meta.dirname, '../..');

function describe(m: LintMessage): string {
  return `${m.code} ${m.file ?? ''}: ${m.message}`;
}

{
  let dir = process.argv[2];
  if (!dir) {
    execFileSync(process.execPath, [join(root, 'node_modules/wxt/bin/wxt.mjs'), 'build', '-b', 'firefox', '--mv3'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    dir = join(root, '.output', 'firefox-mv3');
  }
  const outcome = lintFirefoxBuild(resolve(dir));
  for (const e of outcome.errors) console.error(`error    ${describe(e)}`);
  for (const w of outcome.warnings) {
    const note = outcome.unexplained.includes(w) ? 'NOT EXPLAINED in README.md' : 'explained in README.md';
    console.log(`warning  ${describe(w)} (${note})`);
  }
  console.log(
    `web-ext lint ${dir}: ${outcome.errors.length} errors, ${outcome.warnings.length} warnings (${outcome.unexplained.length} not explained)`,
  );
  process.exit(outcome.errors.length === 0 && outcome.unexplained.length === 0 ? 0 : 1);
}
