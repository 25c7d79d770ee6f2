// The embedded panel's background side: the sites it is on, the tickets that open a panel frame, what a
// panel may read (its page's location, that location's listings) and the shortcut that toggles it.

import type { Runtime } from 'webextension-polyfill';
import { browser } from 'wxt/browser';
import { PANEL_PATH } from '../../messaging/background.ts';
import type { PanelLocateView, PanelPinView, PanelSitesView } from '../../messaging/protocol/index.ts';
import type { Access } from '../../messaging/protocol/request.ts';
import { DeskError } from '../../messaging/wire-error.ts';
import type { TogglePanelMessage } from '../../shared/embedded-panel/page-messages.ts';
import type { LinkedAccount } from '../core/account-items.ts';
import type { DeskDeps } from '../core/deps.ts';
import { readAccounts, unknownAccountError } from '../core/linked-accounts.ts';
import { forgetPanelScopes, setPanelScope } from '../core/panel-scope.ts';
import { defineFeature } from '../feature.ts';
import { createLocator, locateDeps } from './locate.ts';
import { forgetPicks } from './search.ts';
import { addSite, findSite, type PanelSite, readSites, removeSite, syncRegistrations, updateSite } from './sites.ts';
import { claimTicket, forgetTab, issueTicket } from './tickets.ts';

export { isAllowedPageOrigin } from './sites.ts';
export { isClaimedPanel } from './tickets.ts';

export const TOGGLE_COMMAND = 'toggle-panel';

/** A pinned account as the options page shows it: said plainly when it can no longer be used. */
function pinView(pin: PanelSite['pin'], accounts: LinkedAccount[]): PanelPinView | null {
  if (!pin) return null;
  const account = accounts.find((a) => a.accountKey === pin.accountKey);
  const problem = !account
    ? `${pin.accountName} is no longer linked, so the panel finds nothing on this site. Choose another account, or every linked account.`
    : account.needsRelink || !account.apiOrigin
      ? `${account.accountName} needs Relink: until then the panel finds nothing on this site.`
      : null;
  return { accountKey: pin.accountKey, accountName: account?.accountName ?? pin.accountName, problem };
}

async function sitesView(): Promise<PanelSitesView> {
  const [commands, sites, { accounts }] = await Promise.all([
    browser.commands.getAll().catch(() => []),
    readSites(),
    readAccounts(),
  ]);
  const shortcut = commands.find((command) => command.name === TOGGLE_COMMAND)?.shortcut ?? '';
  return { sites: sites.map((site) => ({ ...site, pin: pinView(site.pin, accounts) })), shortcut };
}

/** A pin names a linked account, kept with its name so that an unlink later can still say whose it was. */
async function pinFor(origin: string, accountKey: string | null): Promise<PanelSite['pin']> {
  if (accountKey === null) return null;
  // Saving a rule again keeps its pin, even one whose account was unlinked since (the editor says so).
  const kept = (await findSite(origin))?.pin;
  if (kept?.accountKey === accountKey) return kept;
  const account = (await readAccounts()).accounts.find((a) => a.accountKey === accountKey);
  if (!account) throw unknownAccountError();
  return { accountKey, accountName: account.accountName };
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

/**
 * What this frame may read from now on: the located location of its account, nothing else. No location,
 * no scope: the worker serves no queue to a panel that has not found (or been told) its record's location.
 */
async function scoped(sender: Runtime.MessageSender, view: PanelLocateView): Promise<PanelLocateView> {
  const found = view.account && view.found;
  await setPanelScope(sender, found ? { accountKey: view.account!.accountKey, locationId: found.location.id } : null);
  return view;
}

/** The search reads every linked account's locations: only for the panel frame on a CRM record. */
function onlyPanelFrame(access: Access): void {
  if (access !== 'content') {
    throw new DeskError({ code: 'forbidden', message: 'Only the embedded panel searches locations this way.' });
  }
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
      'panel.sites.update': async ({ origin, hidden, rule, pinAccountKey }) => {
        await updateSite(origin, {
          ...(hidden === undefined ? {} : { hidden }),
          ...(rule === undefined ? {} : { rule }),
          ...(pinAccountKey === undefined ? {} : { pin: await pinFor(origin, pinAccountKey) }),
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
      'panel.locate': async (_input, { sender }) => scoped(sender, await locator.locate(sender)),
      'panel.search': async ({ query }, { access, sender }) => {
        onlyPanelFrame(access);
        return locator.search(sender, query);
      },
      'panel.pick': async ({ pick }, { access, sender }) => {
        onlyPanelFrame(access);
        return scoped(sender, await locator.pick(sender, pick));
      },
    },
    // Sites, rules and pins are not an account's (a pin to an unlinked account says so); only the
    // worker's in-memory location lists are.
    async forgetAccount(accountKey) {
      locator.forget(accountKey);
      return forgetPicks(accountKey);
    },
    start() {
      void closeLocalStorageToContentScripts();
      browser.runtime.onStartup.addListener(() => void closeLocalStorageToContentScripts());
      void syncRegistrations().catch(() => undefined);
      browser.tabs.onRemoved.addListener((tabId) => void Promise.all([forgetTab(tabId), forgetPanelScopes(tabId)]));
      browser.commands.onCommand.addListener((command, tab) => {
        if (command !== TOGGLE_COMMAND || tab?.id === undefined) return;
        const message: TogglePanelMessage = { desk: 'panel-toggle' };
        void browser.tabs.sendMessage(tab.id, message, { frameId: 0 }).catch(() => undefined);
      });
    },
  });
}
