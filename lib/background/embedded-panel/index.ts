// The embedded panel's background side: the sites it is on, the tickets that open a panel frame, what a
// panel may read (its page's location, that location's listings) and the shortcut that toggles it.
import { browser } from 'wxt/browser';
import { PANEL_PATH } from '../../messaging/background.ts';
import type { PanelSitesView } from '../../messaging/protocol/index.ts';
import { DeskError } from '../../messaging/wire-error.ts';
import type { TogglePanelMessage } from '../../shared/embedded-panel/page-messages.ts';
import type { DeskDeps } from '../core/deps.ts';
import { defineFeature } from '../feature.ts';
import { createLocator, locateDeps } from './locate.ts';
import { addSite, findSite, readSites, removeSite, syncRegistrations, updateSite } from './sites.ts';
import { claimTicket, forgetTab, issueTicket } from './tickets.ts';

export { isAllowedPageOrigin } from './sites.ts';
export { isClaimedPanel } from './tickets.ts';

export const TOGGLE_COMMAND = 'toggle-panel';

async function sitesView(): Promise<PanelSitesView> {
  const commands = await browser.commands.getAll().catch(() => []);
  const shortcut = commands.find((command) => command.name === TOGGLE_COMMAND)?.shortcut ?? '';
  return { sites: await readSites(), shortcut };
}

interface AccessLevelArea {
  setAccessLevel?(options: { accessLevel: 'TRUSTED_CONTEXTS' }): Promise<void>;
}

/**
 * Content scripts can read storage.local by default, and they run in the partner page's process:
 * only trusted contexts (our pages and this worker) may read it. storage.session is trusted-only already.
 * Chrome only (the polyfill does not wrap it); Firefox's content scripts read storage.local regardless.
 */
async function closeLocalStorageToContentScripts(): Promise<void> {
  const local = (globalThis as { chrome?: { storage?: { local?: AccessLevelArea } } }).chrome?.storage?.local;
  await local?.setAccessLevel?.({ accessLevel: 'TRUSTED_CONTEXTS' }).catch(() => undefined);
}

export function embeddedPanelFeature(deps: DeskDeps) {
  const locator = createLocator(locateDeps(deps));
  return defineFeature({
    name: 'embedded-panel',
    handlers: {
      'panel.sites.list': () => sitesView(),
      'panel.sites.add': async ({ origin }) => {
        await addSite(origin);
        return sitesView();
      },
      'panel.sites.remove': async ({ origin }) => {
        await removeSite(origin);
        return sitesView();
      },
      'panel.sites.update': async ({ origin, hidden, rule }) => {
        await updateSite(origin, {
          ...(hidden === undefined ? {} : { hidden }),
          ...(rule === undefined ? {} : { rule }),
        });
        return sitesView();
      },
      'panel.ticket': async (_input, { sender }) => {
        // Only the content script on the site's top page; a panel frame asking for tickets is refused.
        const tabId = sender.tab?.id;
        const site = sender.url ? await findSite(new URL(sender.url).origin) : undefined;
        if (tabId === undefined || !site) {
          throw new DeskError({ code: 'forbidden', message: 'Only the page’s own panel may open.' });
        }
        return { ticket: await issueTicket(tabId), hidden: site.hidden };
      },
      'panel.claim': async ({ ticket }, { sender }) => {
        if (
          !sender.url ||
          new URL(sender.url).pathname !== PANEL_PATH ||
          !sender.url.startsWith(browser.runtime.getURL('/'))
        ) {
          throw new DeskError({ code: 'forbidden', message: 'Only the panel’s own page may claim a ticket.' });
        }
        await claimTicket(ticket, sender);
        return { claimed: true as const };
      },
      'panel.locate': (_input, { sender }) => locator.locate(sender),
    },
    // Sites and rules are not an account's; only the worker's in-memory location list is.
    async forgetAccount(accountKey) {
      locator.forget(accountKey);
      return [];
    },
    start() {
      void closeLocalStorageToContentScripts();
      browser.runtime.onStartup.addListener(() => void closeLocalStorageToContentScripts());
      void syncRegistrations().catch(() => undefined);
      browser.tabs.onRemoved.addListener((tabId) => void forgetTab(tabId));
      browser.commands.onCommand.addListener((command, tab) => {
        if (command !== TOGGLE_COMMAND || tab?.id === undefined) return;
        const message: TogglePanelMessage = { desk: 'panel-toggle' };
        void browser.tabs.sendMessage(tab.id, message, { frameId: 0 }).catch(() => undefined);
      });
    },
  });
}
