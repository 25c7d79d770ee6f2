// `npm run icons`: the icons in public/icon. Plain JavaScript on purpose (see scripts/package.json), so Node 20 says what to run instead.
require('./node-version.cjs')('npm run icons');
import('./lib/draw-icons.ts');
