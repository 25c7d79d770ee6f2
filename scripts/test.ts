// `npm test`: every test step. Plain JavaScript on purpose (see scripts/package.json), so Node 20 says what to run instead.
require('./node-version.cjs')('npm test');
import('./lib/test.ts');
