// The runtime API of the browser the page runs in, without webextension-polyfill (~3 KB gzip of the popup's
// 30 KB budget). A page's messaging needs only what Chrome MV3's `chrome` and Firefox's `browser` both give:
// promise-returning sendMessage, onMessage listeners that return nothing, connect, id and getURL. The worker
// keeps the polyfill. Read on each call, so tests' fake browser (a global) is what they get.
import type { Runtime } from 'webextension-polyfill';

interface PageApi {
  runtime?: Runtime.Static;
}

export function pageRuntime(): Runtime.Static {
  const api = globalThis as { browser?: PageApi; chrome?: PageApi };
  // Chrome may define an incomplete `browser`; WXT's own `wxt/browser` makes the same choice.
  const runtime = api.browser?.runtime?.id ? api.browser.runtime : api.chrome?.runtime;
  if (!runtime) throw new Error('No extension runtime in this context.');
  return runtime;
}
