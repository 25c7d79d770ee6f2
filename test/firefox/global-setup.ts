// Builds the Firefox extension once per run (`--mode e2e`, into .output/firefox-mv3-e2e) for test/firefox.
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

export default function setup() {
  execFileSync(
    process.execPath,
    [join(root, 'node_modules/wxt/bin/wxt.mjs'), 'build', '-b', 'firefox', '--mv3', '--mode', 'e2e'],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
}
