// What the content script hears while its panel is on the page: the worker's toggle and page-reading
// asks (from the worker only, never the page), and the page's single-page navigation.
// Its life is its own, not WXT's ContentScriptContext: that context ends on a document event whose name
// (`<extension id>:embedded-panel:wxt:content-script-started`) any page knowing our public id can dispatch,
// and it announces client-side navigation with window events of such names. Only one copy of this script
// ever runs in a document (registered per site, never injected again), so nothing needs that event.
import type { Runtime } from 'webextension-polyfill';
import { browser } from 'wxt/browser';
import { isPageMessage } from '../../lib/shared/embedded-panel/page-messages.ts';
import type { PanelHandle } from './launcher.ts';
import { readPage } from './page-text.ts';

/** How often the address is compared where the Navigation API is missing, and the extension's presence checked. */
const POLL_MS = 1_000;

export function bridgePanel(panel: PanelHandle): void {
  const life = new AbortController();
  const fromWorker = (sender: Runtime.MessageSender) => sender.id === browser.runtime.id && !sender.tab;
  const onMessage = (message: unknown, sender: Runtime.MessageSender) => {
    if (!fromWorker(sender) || !isPageMessage(message)) return undefined;
    if (message.desk === 'panel-toggle') {
      panel.toggle();
      return undefined;
    }
    return Promise.resolve(readPage(document, message.selector, panel.host));
  };
  browser.runtime.onMessage.addListener(onMessage);

  // Single-page navigation: the Navigation API tells at once where there is one (pushState included);
  // the poll covers the rest. The panel asks once for a burst of nudges.
  let lastUrl = location.href;
  const moved = () => {
    if (location.href === lastUrl) return;
    lastUrl = location.href;
    panel.pageChanged();
  };
  const navigation = (window as { navigation?: EventTarget }).navigation;
  navigation?.addEventListener('currententrychange', moved, { signal: life.signal });
  // An updated or removed extension leaves this script behind without a runtime: take the panel away.
  const poll = setInterval(() => {
    if (browser.runtime?.id === undefined) {
      life.abort();
      return;
    }
    moved();
  }, POLL_MS);
  life.signal.addEventListener('abort', () => {
    clearInterval(poll);
    panel.remove();
  });
}
