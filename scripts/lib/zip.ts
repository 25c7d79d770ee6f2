// `npm run zip`: the store packages, always production builds (vendor hosts only, no sandbox defaults):
//   .output/listings-desk-<version>-chrome.zip, -firefox.zip and -sources.zip (the sources Firefox's store asks for).
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { storeWarnings } from './store-warnings.ts';

const root = resolve(import.meta.dirname, '../..');
const wxt = join(root, 'node_modules/wxt/bin/wxt.mjs');
// NODE_ENV=production: without it the JSX is compiled for development, carrying each file's absolute path.
const env = { ...process.env, NODE_ENV: 'production', LISTINGS_DESK_ENVIRONMENT: 'production' };
for (const browser of [[], ['-b', 'firefox', '--mv3']]) {
  execFileSync(process.execPath, [wxt, 'zip', ...browser], { cwd: root, stdio: 'inherit', env });
}
// Last, so they are not lost in the build's output.
for (const warning of storeWarnings(process.env)) console.error(`npm run zip: warning: ${warning}`);
