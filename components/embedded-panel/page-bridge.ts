// What the content script hears while its panel is on the page: the worker's toggle and page-reading
// asks (from the worker only, never the page), and the page's single-page navigation.
import type { Runtime } from 'webextension-polyfill';
import { browser } from 'wxt/browser';
import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { isPageMessage } from '../../lib/embedded-panel/page-messages.ts';
import type { PanelHandle } from './launcher.ts';
import { readPage } from './page-text.ts';

export function bridgePanel(ctx: ContentScriptContext, panel: PanelHandle): void {
  const fromWorker = (sender: Runtime.MessageSender) => sender.id === browser.runtime.id && !sender.tab;
  browser.runtime.onMessage.addListener((message: unknown, sender: Runtime.MessageSender) => {
    if (!fromWorker(sender) || !isPageMessage(message)) return undefined;
    if (message.desk === 'panel-toggle') {
      panel.toggle();
      return undefined;
    }
    return Promise.resolve(readPage(document, message.selector, panel.host));
  });
  // Single-page navigation: the Navigation API tells at once where there is one (pushState included);
  // WXT's location watcher (a 1 s poll) covers the rest. The panel asks once for a burst of nudges.
  const navigation = (window as { navigation?: EventTarget }).navigation;
  if (navigation) ctx.addEventListener(navigation, 'currententrychange', () => panel.pageChanged());
  ctx.addEventListener(window, 'wxt:locationchange', () => panel.pageChanged());
}
