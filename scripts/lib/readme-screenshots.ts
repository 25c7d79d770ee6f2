// `npm run readme-screenshots`: runs `npm start -- --screenshots` against a fresh sandbox (its seed data, free
// ports) and copies the README's two pictures into docs/, so they show the current build.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'listings-desk-readme-'));
try {
  execFileSync(
    process.execPath,
    ['scripts/start.ts', '--port', '0', '--data', join(work, 'sandbox.json'), '--screenshots', join(work, 'shots')],
    { cwd: root, stdio: 'inherit' },
  );
  mkdirSync(join(root, 'docs'), { recursive: true });
  for (const name of ['readme-popup-triage.png', 'readme-listings-workspace.png']) {
    const target = join(root, 'docs', name.replace(/^readme-/, ''));
    copyFileSync(join(work, 'shots', name), target);
    console.log(`  updated ${target}`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
