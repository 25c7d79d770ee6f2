// `npm run readme-screenshots`: the README's two pictures, from a fresh sandbox. Plain JavaScript on purpose (see scripts/package.json), so Node 20 says what to run instead.
require('./node-version.cjs')('npm run readme-screenshots');
import('./lib/readme-screenshots.ts');
