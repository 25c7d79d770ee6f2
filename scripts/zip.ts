// `npm run zip`: the store packages. Plain JavaScript on purpose (see scripts/package.json), so Node 20 says what to run instead.
require('./node-version.cjs')('npm run zip');
import('./lib/zip.ts');
