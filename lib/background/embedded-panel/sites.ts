// The sites the embedded panel is on. Each is three things kept in step: an entry here, a host
// permission the user granted, and a content script registered for that origin only.
import { browser } from 'wxt/browser';
import { DeskError } from '../../messaging/wire-error.ts';
import type { LocationRule } from '../../shared/embedded-panel/rules.ts';
import { permissionPattern } from '../../shared/embedded-panel/site-origin.ts';
import { defineItem } from '../../storage-item.ts';

export interface PanelSite {
  origin: string;
  hidden: boolean;
  rule: LocationRule | null;
  addedAt: number;
}

/** In storage.local, which only trusted contexts may read (see index.ts: setAccessLevel). */
export const panelSitesItem = defineItem<PanelSite[]>('local:panelSites', { fallback: [], version: 1 });

/** WXT builds entrypoints/embedded-panel.content.ts here; it is in no manifest, only registered at run time. */
export const CONTENT_SCRIPT_FILE = 'content-scripts/embedded-panel.js';
const SCRIPT_PREFIX = 'embedded-panel ';

export const scriptId = (origin: string) => `${SCRIPT_PREFIX}${origin}`;
export const originPattern = (origin: string) => `${origin}/*`;

export async function readSites(): Promise<PanelSite[]> {
  return panelSitesItem.getValue();
}

export async function findSite(origin: string): Promise<PanelSite | undefined> {
  return (await readSites()).find((site) => site.origin === origin);
}

/** Read at the time of every message: a site removed a moment ago no longer counts. */
export async function isAllowedPageOrigin(origin: string): Promise<boolean> {
  return (await findSite(origin)) !== undefined;
}

async function register(origin: string): Promise<void> {
  await unregister([origin]);
  await browser.scripting.registerContentScripts([
    {
      id: scriptId(origin),
      matches: [originPattern(origin)],
      js: [CONTENT_SCRIPT_FILE],
      runAt: 'document_idle',
      allFrames: false,
      persistAcrossSessions: true,
    },
  ]);
}

async function unregister(origins: string[]): Promise<void> {
  const ids = new Set(origins.map(scriptId));
  const registered = await browser.scripting.getRegisteredContentScripts();
  const present = registered.map((script) => script.id).filter((id) => ids.has(id));
  if (present.length > 0) await browser.scripting.unregisterContentScripts({ ids: present });
}

export async function addSite(origin: string, now = Date.now()): Promise<void> {
  const granted = await browser.permissions.contains({ origins: [permissionPattern(origin)] });
  if (!granted) {
    throw new DeskError({
      code: 'permission-missing',
      message: `Listings Desk may not read ${origin} yet: allow it when the browser asks, then add the site again.`,
    });
  }
  await register(origin);
  const sites = await readSites();
  if (!sites.some((site) => site.origin === origin)) {
    await panelSitesItem.setValue([...sites, { origin, hidden: false, rule: null, addedAt: now }]);
  }
}

export async function removeSite(origin: string): Promise<void> {
  await panelSitesItem.setValue((await readSites()).filter((site) => site.origin !== origin));
  await unregister([origin]);
  // Another site on the same host (another port) still needs it; a permission the manifest requires (the
  // loopback sandbox in development builds) cannot be given back.
  const host = permissionPattern(origin);
  if ((await readSites()).some((site) => permissionPattern(site.origin) === host)) return;
  await browser.permissions.remove({ origins: [host] }).catch(() => false);
}

export async function updateSite(origin: string, change: Partial<Pick<PanelSite, 'hidden' | 'rule'>>): Promise<void> {
  const sites = await readSites();
  if (!sites.some((site) => site.origin === origin)) {
    throw new DeskError({ code: 'not-found', message: `The panel is not on ${origin}: add the site first.` });
  }
  await panelSitesItem.setValue(sites.map((site) => (site.origin === origin ? { ...site, ...change } : site)));
}

/** At worker start: a registration for every site, none for a site that is gone (e.g. storage was cleared). */
export async function syncRegistrations(): Promise<void> {
  const sites = await readSites();
  const registered = await browser.scripting.getRegisteredContentScripts();
  const ours = registered.map((script) => script.id).filter((id) => id.startsWith(SCRIPT_PREFIX));
  const wanted = new Set(sites.map((site) => scriptId(site.origin)));
  const stale = ours.filter((id) => !wanted.has(id));
  if (stale.length > 0) await browser.scripting.unregisterContentScripts({ ids: stale });
  for (const site of sites) if (!ours.includes(scriptId(site.origin))) await register(site.origin);
}
