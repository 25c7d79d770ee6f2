// The sites the embedded panel is on. Each is three things kept in step: an entry here, a host
// permission the user granted, and a content script registered for that origin only.
import { browser } from 'wxt/browser';
import { DeskError } from '../../messaging/wire-error.ts';
import type { LocationRule } from '../../shared/embedded-panel/rules.ts';
import { permissionPattern } from '../../shared/embedded-panel/site-origin.ts';
import { defineItem } from '../../storage-item.ts';
import { readManagedPolicy } from '../core/managed-policy.ts';

export interface PanelSite {
  origin: string;
  hidden: boolean;
  rule: LocationRule | null;
  /** The one account its pages are matched against (named as when pinned); absent or null: every linked one. */
  pin?: { accountKey: string; accountName: string } | null;
  addedAt: number;
  /** Put there by the organisation's browser policy (panelSites): the user cannot remove it. */
  managed?: true;
  /** Managed sites only: whether the user has allowed the host yet (a policy cannot grant it). */
  allowed?: boolean;
}

/** In storage.local, which only trusted contexts may read (see index.ts: setAccessLevel). */
export const panelSitesItem = defineItem<PanelSite[]>('local:panelSites', { fallback: [], version: 1 });

/** WXT builds entrypoints/embedded-panel.content.ts here; it is in no manifest, only registered at run time. */
export const CONTENT_SCRIPT_FILE = 'content-scripts/embedded-panel.js';
const SCRIPT_PREFIX = 'embedded-panel ';

export const scriptId = (origin: string) => `${SCRIPT_PREFIX}${origin}`;
export const originPattern = (origin: string) => `${origin}/*`;

/** The sites the user added (with the rules and hidden flags of managed ones, once changed), as stored. */
async function storedSites(): Promise<PanelSite[]> {
  return panelSitesItem.getValue();
}

/** The user's sites and the organisation's (docs/deployment.md, "Rollout in an agency"), each origin once. */
export async function readSites(): Promise<PanelSite[]> {
  const [stored, { panelSites }] = await Promise.all([storedSites(), readManagedPolicy()]);
  const managed = new Set(panelSites);
  const sites = stored.map((site) => (managed.has(site.origin) ? { ...site, managed: true as const } : site));
  for (const origin of panelSites) {
    if (!stored.some((site) => site.origin === origin)) {
      sites.push({ origin, hidden: false, rule: null, addedAt: 0, managed: true });
    }
  }
  return Promise.all(
    sites.map(async (site) =>
      site.managed
        ? {
            ...site,
            allowed: await browser.permissions
              .contains({ origins: [permissionPattern(site.origin)] })
              .catch(() => false),
          }
        : site,
    ),
  );
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
  await injectIntoOpenTabs(origin);
}

/**
 * A registration reaches pages loaded after it only: a tab already on the site (restored at the browser's
 * start, loaded before the worker ran, or open when the site was added) gets the script now. The script
 * mounts once per page however often it runs (entrypoints/embedded-panel.content.ts).
 */
async function injectIntoOpenTabs(origin: string): Promise<void> {
  const tabs = await browser.tabs.query({ url: originPattern(origin) }).catch(() => []);
  await Promise.all(
    tabs.map((tab) =>
      tab.id === undefined
        ? undefined
        : browser.scripting
            .executeScript({ target: { tabId: tab.id, frameIds: [0] }, files: [`/${CONTENT_SCRIPT_FILE}` as const] })
            .catch(() => undefined),
    ),
  );
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
  // A managed site needs no entry of its own: its host allowed, the registration was all it lacked.
  if ((await readSites()).some((site) => site.origin === origin)) return;
  await panelSitesItem.setValue([...(await storedSites()), { origin, hidden: false, rule: null, addedAt: now }]);
}

export async function removeSite(origin: string): Promise<void> {
  if ((await readManagedPolicy()).panelSites.includes(origin)) {
    throw new DeskError({
      code: 'managed-setting',
      message: `Your organisation put the panel on ${origin}, so it stays. Hide its launcher instead, or ask your IT team to remove the site.`,
    });
  }
  await panelSitesItem.setValue((await storedSites()).filter((site) => site.origin !== origin));
  await unregister([origin]);
  // Another site on the same host (another port) still needs it; a permission the manifest requires (the
  // loopback sandbox in development builds) cannot be given back.
  const host = permissionPattern(origin);
  if ((await readSites()).some((site) => permissionPattern(site.origin) === host)) return;
  await browser.permissions.remove({ origins: [host] }).catch(() => false);
}

export async function updateSite(
  origin: string,
  change: Partial<Pick<PanelSite, 'hidden' | 'rule' | 'pin'>>,
): Promise<void> {
  const sites = await readSites();
  if (!sites.some((site) => site.origin === origin)) {
    throw new DeskError({ code: 'not-found', message: `The panel is not on ${origin}: add the site first.` });
  }
  const stored = await storedSites();
  const current = sites.find((site) => site.origin === origin)!;
  const { managed: _managed, allowed: _allowed, ...changed } = { ...current, ...change };
  await panelSitesItem.setValue(
    stored.some((site) => site.origin === origin)
      ? stored.map((site) => (site.origin === origin ? changed : site))
      : [...stored, changed],
  );
}

/** At worker start: a registration for every site, none for a site that is gone (e.g. storage was cleared). */
export async function syncRegistrations(): Promise<void> {
  const sites = await readSites();
  const registered = await browser.scripting.getRegisteredContentScripts();
  const ours = registered.map((script) => script.id).filter((id) => id.startsWith(SCRIPT_PREFIX));
  const wanted = new Set(sites.map((site) => scriptId(site.origin)));
  const stale = ours.filter((id) => !wanted.has(id));
  if (stale.length > 0) await browser.scripting.unregisterContentScripts({ ids: stale });
  for (const site of sites) {
    // A managed site whose host the user has not allowed yet is registered once they allow it (addSite).
    if (site.managed && !site.allowed) continue;
    if (!ours.includes(scriptId(site.origin))) await register(site.origin);
  }
}
