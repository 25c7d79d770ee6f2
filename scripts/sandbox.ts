// `npm run sandbox`: the API sandbox alone. Plain JavaScript on purpose (see scripts/package.json), so Node 20 says what to run instead.
require('./node-version.cjs')('npm run sandbox');
import('../sandbox/main.ts');
