// The embedded panel on a partner CRM page. Not in the manifest: the worker registers it for each site
// the user adds (scripting.registerContentScripts), so no other page ever runs it.
import { defineContentScript } from 'wxt/utils/define-content-script';
import { mountPanel } from '../components/embedded-panel/launcher.ts';
import { bridgePanel } from '../components/embedded-panel/page-bridge.ts';
import { askForTicket } from '../components/embedded-panel/ticket.ts';

export default defineContentScript({
  registration: 'runtime',
  // Empty on purpose: WXT would add a runtime script's matches to the required host permissions.
  matches: [],
  // WXT would post `<extension id>:embedded-panel:wxt:content-script-started` to the page: it names us.
  noScriptStartedPostMessage: true,
  async main() {
    // Run again on a page that has it (registered, and sent to the tabs already open at the browser's start).
    const page = globalThis as { listingsDeskPanel?: true };
    if (page.listingsDeskPanel) return;
    page.listingsDeskPanel = true;
    let hidden: boolean;
    try {
      ({ hidden } = await askForTicket());
    } catch {
      return; // the site was removed since this page loaded, or the worker refuses this page
    }
    // The panel's life is not tied to WXT's context, which a page can end (page-bridge.ts says why).
    bridgePanel(mountPanel({ showLauncher: !hidden }));
  },
});
