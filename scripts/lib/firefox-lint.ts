// Mozilla's `web-ext lint` on a Firefox build, judged against the README: any error fails, and so does any
// warning whose code the README's "web-ext lint" table does not explain (a new warning is fixed or explained).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

export interface LintMessage {
  code: string;
  message: string;
  file?: string;
}

export interface LintOutcome {
  errors: LintMessage[];
  warnings: LintMessage[];
  /** Warnings whose code the README does not explain. */
  unexplained: LintMessage[];
}

/** The codes listed in the README table under the "web-ext lint" heading (rows that start with `| \`CODE\``). */
export function explainedWarningCodes(readme = readFileSync(join(root, 'README.md'), 'utf8')): Set<string> {
  const section = readme.split(/^#+ .*web-ext lint.*$/m)[1]?.split(/^#+ /m)[0] ?? '';
  return new Set([...section.matchAll(/^\|\s*`([A-Z_]+)`/gm)].map((m) => m[1]!));
}

export function lintFirefoxBuild(dir: string): LintOutcome {
  const run = spawnSync(
    join(root, 'node_modules/.bin/web-ext'),
    ['lint', '--source-dir', dir, '--output', 'json', '--no-config-discovery'],
    { cwd: root, encoding: 'utf8', env: { ...process.env, WEB_EXT_NO_UPDATE_CHECK: '1' } },
  );
  const start = run.stdout.indexOf('{');
  if (start < 0) throw new Error(`web-ext lint printed no report (exit ${run.status}):\n${run.stderr}`);
  const report = JSON.parse(run.stdout.slice(start)) as { errors: LintMessage[]; warnings: LintMessage[] };
  const explained = explainedWarningCodes();
  return {
    errors: report.errors,
    warnings: report.warnings,
    unexplained: report.warnings.filter((w) => !explained.has(w.code)),
  };
}
