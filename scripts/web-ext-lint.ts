// `npm run lint:firefox`: Mozilla's linter on the Firefox build. Plain JavaScript on purpose (see scripts/package.json), so Node 20 says what to run instead.
require('./node-version.cjs')('npm run lint:firefox');
import('./lib/web-ext-lint.ts');
