// Which location a partner page is about: the site's rule if it has one, else the page's text against
// the active account's locations. The worker reads the page through the content script and matches
// here, so the account's locations never enter the partner page's process.
import type { Runtime } from 'webextension-polyfill';
import { browser } from 'wxt/browser';
import { isApiError } from '../../api/errors.ts';
import { getLocation } from '../../api/locations.ts';
import type { LocationView, PanelLocateView, PanelLocationView } from '../../messaging/protocol/index.ts';
import { toWireError } from '../../messaging/to-wire-error.ts';
import { DeskError } from '../../messaging/wire-error.ts';
import { matchPage, type PreparedLocations, prepareLocations } from '../../shared/embedded-panel/matcher.ts';
import type { PageSnapshot, ReadPageMessage } from '../../shared/embedded-panel/page-messages.ts';
import { captureFromUrl, locationFromCapture } from '../../shared/embedded-panel/rules.ts';
import { readAccounts } from '../core/linked-accounts.ts';
import { createLocations, type LocationsDeps, toLocationView } from '../locations.ts';
import { findSite } from './sites.ts';

export function toPanelLocation(location: LocationView): PanelLocationView {
  const region = [location.state, location.zip].filter(Boolean).join(' ');
  const address = [location.address, location.address2, location.city, region].filter(Boolean).join(', ');
  return { id: location.id, name: location.name || location.id, address, phone: location.phone };
}

export interface LocateDeps {
  /** Every location of the account (the listings workspace's locations directory), and when it was fetched. */
  /** `error`: why there are none (the directory could not be fetched), in words. */
  loadLocations: (accountKey: string) => Promise<{ fetchedAt: number; locations: PanelLocationView[]; error?: string }>;
  /** The account's locations only if already stored: a rule that holds an id fetches no list for it. */
  storedLocations: (accountKey: string) => Promise<PanelLocationView[] | undefined>;
  /** One location from the service by its id; null when the account has none with that id. */
  loadLocation: (accountKey: string, locationId: string) => Promise<PanelLocationView | null>;
  readPage: (tabId: number, message: ReadPageMessage) => Promise<PageSnapshot>;
  now: () => number;
}

export function locateDeps(deps: LocationsDeps): LocateDeps {
  const directory = createLocations(deps);
  return {
    loadLocations: async (accountKey) => {
      const stored = await directory.ensure(accountKey);
      if (stored) return { fetchedAt: stored.fetchedAt, locations: stored.locations.map(toPanelLocation) };
      const { error } = await directory.list(false);
      return { fetchedAt: 0, locations: [], error: error?.message ?? 'The service sent no locations.' };
    },
    storedLocations: async (accountKey) => (await directory.cached(accountKey))?.locations.map(toPanelLocation),
    loadLocation: async (accountKey, locationId) => {
      try {
        const { data } = await deps.withAccount((client) => getLocation(client, 'me', locationId), accountKey);
        return toPanelLocation(toLocationView(data, new Set()));
      } catch (error) {
        // Not found, or text that cannot be an id (the client refuses it before sending): no such location.
        if (isApiError(error) && (error.status === 404 || error.kind === 'invalid-input')) return null;
        throw error;
      }
    },
    readPage: (tabId, message) => browser.tabs.sendMessage(tabId, message, { frameId: 0 }) as Promise<PageSnapshot>,
    now: deps.now,
  };
}

const pageOrigin = (url: string | undefined) => {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
};

export function createLocator(deps: LocateDeps) {
  // Module memory on purpose: the folded list is rebuilt from the stored directory after a worker restart,
  // and whenever the directory was fetched again.
  const prepared = new Map<string, { fetchedAt: number; locations: PreparedLocations<PanelLocationView> }>();

  async function accountLocations(
    accountKey: string,
  ): Promise<{ locations: PreparedLocations<PanelLocationView>; error?: string }> {
    const { fetchedAt, locations, error } = await deps.loadLocations(accountKey);
    if (error) return { locations: prepareLocations([]), error };
    const cached = prepared.get(accountKey);
    if (cached && cached.fetchedAt === fetchedAt) return { locations: cached.locations };
    const fresh = prepareLocations(locations);
    prepared.set(accountKey, { fetchedAt, locations: fresh });
    return { locations: fresh };
  }

  /** The stored list when there is one (its match forgives case and punctuation), else the service by id. */
  async function locationById(accountKey: string, captured: string): Promise<PanelLocationView | null> {
    const stored = await deps.storedLocations(accountKey);
    const known = stored ? locationFromCapture(captured, 'id', stored) : null;
    return known ?? deps.loadLocation(accountKey, captured.trim());
  }

  async function locate(sender: Runtime.MessageSender): Promise<PanelLocateView> {
    const tabId = sender.tab?.id;
    const site = await findSite(pageOrigin(sender.tab?.url) ?? '');
    if (tabId === undefined || !site) {
      throw new DeskError({ code: 'forbidden', message: 'The panel is not on this site any more.' });
    }
    const { accounts, activeAccountKey } = await readAccounts();
    const active = accounts.find((a) => a.accountKey === activeAccountKey);
    const base = { site: site.origin, rule: site.rule, found: null };
    if (!active) return { ...base, account: null, problem: 'No account is linked to Listings Desk.' };
    const account = { accountKey: active.accountKey, accountName: active.accountName };
    const rule = site.rule;
    // A rule that holds an id needs one location, not the account's list (which may be thousands).
    const byId = rule?.holds === 'id';
    const [snapshot, { locations, error }] = await Promise.all([
      deps.readPage(tabId, { desk: 'panel-read-page', selector: rule?.kind === 'selector' ? rule.pattern : null }),
      byId
        ? { locations: prepareLocations<PanelLocationView>([]), error: undefined }
        : accountLocations(active.accountKey),
    ]);
    if (error) return { ...base, account, problem: `${active.accountName}’s locations could not be loaded: ${error}` };
    if (pageOrigin(snapshot.url) !== site.origin) {
      return { ...base, account, problem: 'The page moved to another site.' };
    }
    if (rule) {
      const captured = rule.kind === 'url' ? captureFromUrl(rule.pattern, snapshot.url) : snapshot.selected;
      if (captured === null) {
        const where = rule.kind === 'url' ? 'this page’s address' : (snapshot.selectorProblem ?? 'this page');
        return { ...base, account, problem: `The site’s rule found nothing in ${where}.` };
      }
      let location: PanelLocationView | null;
      try {
        location = byId
          ? await locationById(active.accountKey, captured)
          : locationFromCapture(captured, rule.holds, locations.locations);
      } catch (caught) {
        const { message } = toWireError(caught);
        return { ...base, account, problem: `The location “${captured.slice(0, 80)}” could not be loaded: ${message}` };
      }
      if (!location) {
        return {
          ...base,
          account,
          problem: `The rule read “${captured.slice(0, 80)}”: no single location has that ${rule.holds}.`,
        };
      }
      return { ...base, account, found: { location, how: 'rule', matchedOn: [rule.holds] }, problem: null };
    }
    const match = matchPage(snapshot.texts, locations);
    if (!match) {
      return {
        ...base,
        account,
        problem: `No single location of ${active.accountName} shows on this page. A rule in Listings Desk’s options (Embedded panel) can say where to look.`,
      };
    }
    return {
      ...base,
      account,
      found: { location: match.location, how: 'text', matchedOn: match.matchedOn },
      problem: null,
    };
  }

  /** Unlinking an account drops its prepared locations. */
  function forget(accountKey: string) {
    prepared.delete(accountKey);
  }

  return { locate, accountLocations, forget };
}
