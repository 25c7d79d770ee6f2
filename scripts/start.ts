// `npm start`: the sandbox and a browser with the extension. Plain JavaScript on purpose (see scripts/package.json), so Node 20 says what to run instead.
require('./node-version.cjs')('npm start');
import('./lib/start.ts');
