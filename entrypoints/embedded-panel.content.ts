// The embedded panel on a partner CRM page. Not in the manifest: the worker registers it for each site
// the user adds (scripting.registerContentScripts), so no other page ever runs it.
import type { Runtime } from 'webextension-polyfill';
import { browser } from 'wxt/browser';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { mountPanel } from '../components/embedded-panel/launcher.ts';
import { readPage } from '../components/embedded-panel/page-text.ts';
import { askForTicket } from '../components/embedded-panel/ticket.ts';
import { isPageMessage } from '../lib/embedded-panel/page-messages.ts';

export default defineContentScript({
  registration: 'runtime',
  // Empty on purpose: WXT would add a runtime script's matches to the required host permissions.
  matches: [],
  async main(ctx) {
    let hidden: boolean;
    try {
      ({ hidden } = await askForTicket());
    } catch {
      return; // the site was removed since this page loaded, or the worker refuses this page
    }
    const panel = mountPanel({ showLauncher: !hidden });
    ctx.onInvalidated(() => panel.remove());

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
  },
});
