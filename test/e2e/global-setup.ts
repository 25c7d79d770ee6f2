// Builds the extension once per e2e run and hands its folder to every test file (inject('extensionDir')).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    extensionDir: string;
  }
}

const root = resolve(import.meta.dirname, '../..');

function sleep(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Other helpers may run e2e at the same moment: one build at a time, then each run copies its own. */
function withBuildLock<T>(run: () => T): T {
  const lock = join(root, '.output', '.e2e-build-lock');
  mkdirSync(join(root, '.output'), { recursive: true });
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock older than two minutes belongs to a run that died.
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 120_000)
        rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error('Timed out waiting for another e2e build to finish.');
      sleep(200);
    }
  }
  try {
    return run();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

export default function setup(project: TestProject) {
  const extensionDir = mkdtempSync(join(tmpdir(), 'listings-desk-ext-'));
  withBuildLock(() => {
    if (!process.env.LISTINGS_DESK_E2E_SKIP_BUILD) {
      // `--mode e2e` builds into .output/chrome-mv3-e2e, away from `npm run build` and `npm start`.
      execFileSync(process.execPath, [join(root, 'node_modules/wxt/bin/wxt.mjs'), 'build', '--mode', 'e2e'], {
        cwd: root,
        stdio: ['ignore', 'ignore', 'inherit'],
      });
    }
    cpSync(join(root, '.output', 'chrome-mv3-e2e'), extensionDir, { recursive: true });
  });
  project.provide('extensionDir', extensionDir);
  return () => rmSync(extensionDir, { recursive: true, force: true });
}
