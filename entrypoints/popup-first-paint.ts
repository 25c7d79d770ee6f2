// The popup's first script: classic, not a module, and first in popup.html's head (entrypoints/popup/index.html),
// so it reads the worker's snapshot while the page is still parsing and draws it before any module has run:
// module scripts wait for the whole page and its other modules, ~60 ms later on a stopped-worker open.
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { paintSnapshot } from '../components/popup/first-paint-script.ts';

export default defineUnlistedScript(() => {
  paintSnapshot();
});
