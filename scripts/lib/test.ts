// `npm test`: typecheck, lint, web-ext lint, then the unit, integration, OpenAPI conformance, Chromium, Firefox and package suites,
// one after the other (2 cores: running them together makes the browser tests flaky). Ends with one plain
// "N passed, N failed" line, because CI reads that line and not vitest's own summary.
// `npm test -- unit e2e` runs only the named steps; a name that is not a step is an error.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

interface Step {
  name: string;
  command: string[];
  /** Where vitest writes its JSON report; absent for single-check steps. */
  report?: string;
}

const resultsDir = 'test-results';
const only = process.argv.slice(2);
const vitest = (project: string): Step => ({
  name: project,
  report: join(resultsDir, `${project}.json`),
  command: [
    'vitest',
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${join(resultsDir, `${project}.json`)}`,
  ],
});
const allSteps: Step[] = [
  { name: 'typecheck', command: ['tsc', '--noEmit', '-p', '.'] },
  { name: 'lint', command: ['biome', 'ci', '--error-on-warnings', '.'] },
  { name: 'web-ext-lint', command: ['node', 'scripts/web-ext-lint.ts'] },
  vitest('unit'),
  vitest('integration'),
  vitest('openapi'),
  vitest('e2e'),
  vitest('firefox'),
  vitest('package'),
];
const names = allSteps.map((step) => step.name);
const unknown = only.filter((name) => !names.includes(name));
if (unknown.length > 0) {
  console.error(`npm test: no step called ${unknown.map((n) => `"${n}"`).join(', ')}. Steps: ${names.join(', ')}.`);
  process.exit(2);
}
const steps = allSteps.filter((step) => only.length === 0 || only.includes(step.name));
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

let passed = 0;
let failed = 0;
const lines: string[] = [];
for (const step of steps) {
  const started = Date.now();
  console.log(`\n── ${step.name} ──`);
  const [bin, ...args] = step.command;
  const executable = bin === 'node' ? process.execPath : join('node_modules', '.bin', bin!);
  const run = spawnSync(executable, args, { stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (!step.report) {
    if (run.status === 0) passed += 1;
    else failed += 1;
    lines.push(`${step.name}: ${run.status === 0 ? 'ok' : 'FAILED'} (${seconds} s)`);
    continue;
  }
  try {
    const report = JSON.parse(readFileSync(step.report, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numTotalTests: number;
      success: boolean;
    };
    passed += report.numPassedTests;
    // A suite that crashed before its tests ran still counts as a failure.
    const crashed = run.status !== 0 && report.numFailedTests === 0 ? 1 : 0;
    failed += report.numFailedTests + crashed;
    lines.push(
      `${step.name}: ${report.numPassedTests} passed, ${report.numFailedTests + crashed} failed of ${report.numTotalTests} (${seconds} s)`,
    );
  } catch {
    failed += 1;
    lines.push(`${step.name}: no report — the run crashed (exit ${run.status}) (${seconds} s)`);
  }
}

console.log(`\n${lines.join('\n')}`);
const summary = `${passed} passed, ${failed} failed`;
writeFileSync(join(resultsDir, 'summary.txt'), `${lines.join('\n')}\n${summary}\n`);
console.log(summary);
process.exit(failed === 0 ? 0 : 1);
