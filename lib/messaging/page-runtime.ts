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

let held: Promise<void> | null = null;

/**
 * Questions to the worker wait until `until` settles. The popup holds them while it paints the worker's
 * snapshot: a question wakes a stopped worker, whose start (compiling and running ~270 KB) then competes
 * with the page's own first frame for the same few cores.
 */
export function holdQuestions(until: Promise<unknown>): void {
  const hold = until.then(
    () => undefined,
    () => undefined,
  );
  held = hold;
  void hold.then(() => {
    if (held === hold) held = null;
  });
}

/** runtime.sendMessage, after any hold (holdQuestions); throws at once where there is no runtime. */
export function sendToWorker(message: unknown): Promise<unknown> {
  const runtime = pageRuntime();
  return held ? held.then(() => runtime.sendMessage(message)) : runtime.sendMessage(message);
}
