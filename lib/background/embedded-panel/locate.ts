// Which location a partner page is about, and whose: the site's rule if it has one, else the page's text,
// against every linked account's locations (a partner CRM holds many customers' records) or the one
// account the site is pinned to. The worker reads the page through the content script and matches here,
// so no account's locations enter the partner page's process.
import type { Runtime } from 'webextension-polyfill';
import { browser } from 'wxt/browser';
import { isApiError } from '../../api/errors.ts';
import { getLocation } from '../../api/locations.ts';
import type {
  LocationView,
  MatchFieldView,
  PanelLocateView,
  PanelLocationView,
  PanelSearchView,
} from '../../messaging/protocol/index.ts';
import { toWireError } from '../../messaging/to-wire-error.ts';
import { DeskError } from '../../messaging/wire-error.ts';
import { matchPage } from '../../shared/embedded-panel/matcher.ts';
import type { PageSnapshot, ReadPageMessage } from '../../shared/embedded-panel/page-messages.ts';
import { captureFromUrl, locationFromCapture } from '../../shared/embedded-panel/rules.ts';
import type { LinkedAccount } from '../core/account-items.ts';
import { readAccounts } from '../core/linked-accounts.ts';
import { createLocations, type LocationsDeps, toLocationView } from '../locations.ts';
import { type AccountLocation, createAccountLists } from './account-lists.ts';
import { pickFor, rememberPick, searchLocations } from './search.ts';
import { findSite, type PanelSite } from './sites.ts';

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
  /** Tests: how long a page waits for an account's list being fetched (LIST_WAIT_MS). */
  listWaitMs?: number;
}

export function locateDeps(deps: LocationsDeps): LocateDeps {
  const directory = createLocations(deps);
  return {
    loadLocations: async (accountKey) => {
      const stored = await directory.ensure(accountKey);
      if (stored) return { fetchedAt: stored.fetchedAt, locations: stored.locations.map(toPanelLocation) };
      // This account's own fetch error, whichever account is active.
      return { fetchedAt: 0, locations: [], error: directory.error(accountKey)?.message ?? 'The service sent none.' };
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

const needsRelink = (account: LinkedAccount) => account.needsRelink || !account.apiOrigin;
const accountOf = (account: LinkedAccount, activeKey: string | null) => ({
  accountKey: account.accountKey,
  accountName: account.accountName,
  active: account.accountKey === activeKey,
});
const withoutAccount = ({ accountKey: _key, ...location }: AccountLocation): PanelLocationView => location;
const names = (accounts: readonly LinkedAccount[]) => accounts.map((a) => a.accountName).join(', ');

/** The accounts a site's pages are matched against: the pinned one, else every linked one (active first). */
function accountsFor(site: PanelSite, accounts: LinkedAccount[], activeKey: string | null) {
  if (site.pin) {
    const pinned = accounts.find((a) => a.accountKey === site.pin!.accountKey);
    if (!pinned) {
      return {
        problem: `This site is pinned to ${site.pin.accountName}, which is no longer linked. Choose another account for it in Listings Desk’s options (Embedded panel).`,
      };
    }
    if (needsRelink(pinned)) {
      return {
        shown: pinned,
        problem: `${pinned.accountName} needs Relink before the panel can find its locations: choose Relink in Listings Desk.`,
      };
    }
    return { shown: pinned, candidates: [pinned], skipped: [] };
  }
  const active = accounts.find((a) => a.accountKey === activeKey) ?? accounts[0]!;
  const ordered = [active, ...accounts.filter((a) => a !== active)];
  const candidates = ordered.filter((a) => !needsRelink(a));
  if (candidates.length === 0) {
    return {
      shown: active,
      problem: 'Every linked account needs Relink before the panel can find locations: choose Relink in Listings Desk.',
    };
  }
  return { shown: active, candidates, skipped: ordered.filter(needsRelink) };
}

export function createLocator(deps: LocateDeps) {
  // Module memory on purpose: the merged list is rebuilt from the stored directories after a worker
  // restart, and whenever one of them was fetched again.
  const accountLists = createAccountLists(deps);

  /**
   * A rule that holds an id: the kept lists first (no request), then the service by id for the first
   * account (the active or pinned one), then the lists of the accounts that have none kept yet.
   */
  async function locationById(candidates: LinkedAccount[], captured: string): Promise<AccountLocation[]> {
    const stored = await Promise.all(
      candidates.map(async (a) => ({ account: a, locations: await deps.storedLocations(a.accountKey) })),
    );
    const known = stored.flatMap(({ account, locations }) => {
      const found = locations ? locationFromCapture(captured, 'id', locations) : null;
      return found ? [{ ...found, accountKey: account.accountKey }] : [];
    });
    if (known.length > 0) return known;
    const first = candidates[0]!;
    const fetched = await deps.loadLocation(first.accountKey, captured.trim());
    if (fetched) return [{ ...fetched, accountKey: first.accountKey }];
    const unkept = stored.filter((s) => !s.locations && s.account !== first).map((s) => s.account);
    if (unkept.length === 0) return [];
    const { prepared } = await accountLists.lists(unkept);
    return prepared.locations.filter((l) => locationFromCapture(captured, 'id', [l]) !== null);
  }

  /** The site of the panel's tab and the accounts its pages are matched against; refused off a site. */
  async function panelContext(sender: Runtime.MessageSender) {
    const tabId = sender.tab?.id;
    const site = await findSite(pageOrigin(sender.tab?.url) ?? '');
    if (tabId === undefined || !site) {
      throw new DeskError({ code: 'forbidden', message: 'The panel is not on this site any more.' });
    }
    const { accounts, activeAccountKey } = await readAccounts();
    const chosen = accounts.length > 0 ? accountsFor(site, accounts, activeAccountKey) : null;
    // The record the panel shows: the tab's address as the browser has it, not as the page says.
    return { tabId, site, record: sender.tab!.url!, accounts, activeAccountKey, chosen };
  }

  /** A location of one of the candidates, from its kept list (the search read it from there). */
  async function pickedLocation(candidates: LinkedAccount[], accountKey: string, locationId: string) {
    const owner = candidates.find((a) => a.accountKey === accountKey);
    const location = owner && (await deps.storedLocations(accountKey))?.find((l) => l.id === locationId);
    return owner && location ? { owner, location } : null;
  }

  async function locate(sender: Runtime.MessageSender): Promise<PanelLocateView> {
    const { tabId, site, record, accounts, activeAccountKey, chosen } = await panelContext(sender);
    const base = { site: site.origin, rule: site.rule, found: null };
    if (accounts.length === 0 || !chosen) {
      return { ...base, account: null, problem: 'No account is linked to Listings Desk.' };
    }
    const shown = chosen.shown ? accountOf(chosen.shown, activeAccountKey) : null;
    if (!chosen.candidates) return { ...base, account: shown, problem: chosen.problem };
    const { candidates, skipped } = chosen;
    // The user's own choice for this record comes first, while its account is still searched.
    const pick = await pickFor(record);
    const picked = pick && (await pickedLocation(candidates, pick.accountKey, pick.locationId));
    if (picked) {
      return {
        ...base,
        account: accountOf(picked.owner, activeAccountKey),
        found: { location: picked.location, how: 'picked', matchedOn: [] },
        problem: null,
      };
    }
    const rule = site.rule;
    // A rule that holds an id needs one location, not the accounts' lists (which may be thousands).
    const byId = rule?.holds === 'id';
    const [snapshot, lists] = await Promise.all([
      deps.readPage(tabId, { desk: 'panel-read-page', selector: rule?.kind === 'selector' ? rule.pattern : null }),
      byId ? null : accountLists.lists(candidates),
    ]);
    if (lists && lists.failed.length === candidates.length) {
      const [{ account, error }] = lists.failed as [(typeof lists.failed)[number]];
      return { ...base, account: shown, problem: `${account.accountName}’s locations could not be loaded: ${error}` };
    }
    if (pageOrigin(snapshot.url) !== site.origin) {
      return { ...base, account: shown, problem: 'The page moved to another site.' };
    }
    const found = (location: AccountLocation, how: 'rule' | 'text', matchedOn: MatchFieldView[]) => {
      const owner = candidates.find((a) => a.accountKey === location.accountKey)!;
      return {
        ...base,
        account: accountOf(owner, activeAccountKey),
        found: { location: withoutAccount(location), how, matchedOn },
        problem: null,
      };
    };
    // What was not searched, said after "not found": a match may be in an account that could not be read.
    const unsearched = [
      skipped.length > 0 ? ` ${names(skipped)} needs Relink, so its locations were not searched.` : '',
      lists && lists.failed.length > 0
        ? ` ${names(lists.failed.map((f) => f.account))}: locations could not be loaded.`
        : '',
    ].join('');
    const whose = candidates.length === 1 ? candidates[0]!.accountName : `your ${candidates.length} linked accounts`;
    if (rule) {
      const captured = rule.kind === 'url' ? captureFromUrl(rule.pattern, snapshot.url) : snapshot.selected;
      if (captured === null) {
        const where = rule.kind === 'url' ? 'this page’s address' : (snapshot.selectorProblem ?? 'this page');
        return { ...base, account: shown, problem: `The site’s rule found nothing in ${where}.` };
      }
      let fits: AccountLocation[];
      try {
        fits = byId
          ? await locationById(candidates, captured)
          : lists!.prepared.locations.filter((l) => locationFromCapture(captured, rule.holds, [l]) !== null);
      } catch (caught) {
        const { message } = toWireError(caught);
        return {
          ...base,
          account: shown,
          problem: `The location “${captured.slice(0, 80)}” could not be loaded: ${message}`,
        };
      }
      if (fits.length !== 1) {
        const several = new Set(fits.map((l) => l.accountKey)).size > 1;
        return {
          ...base,
          account: shown,
          problem: several
            ? `The rule read “${captured.slice(0, 80)}”: locations of more than one account have that ${rule.holds}. Pin the site to one account in Listings Desk’s options (Embedded panel).`
            : `The rule read “${captured.slice(0, 80)}”: no single location of ${whose} has that ${rule.holds}.${unsearched}`,
        };
      }
      return found(fits[0]!, 'rule', [rule.holds]);
    }
    const match = matchPage(snapshot.texts, lists!.prepared);
    if (!match) {
      return {
        ...base,
        account: shown,
        problem: `No single location of ${whose} shows on this page. A rule in Listings Desk’s options (Embedded panel) can say where to look.${unsearched}`,
      };
    }
    return found(match.location, 'text', match.matchedOn);
  }

  /** The panel's search box: locations of every account the site's pages are matched against. */
  async function search(sender: Runtime.MessageSender, query: string): Promise<PanelSearchView> {
    const { chosen, activeAccountKey } = await panelContext(sender);
    if (!chosen?.candidates) {
      return { results: [], total: 0, problem: chosen?.problem ?? 'No account is linked to Listings Desk.' };
    }
    const { candidates, skipped } = chosen;
    const lists = await accountLists.lists(candidates);
    const { results, total } = searchLocations(lists.prepared.locations, query);
    const unsearched = [
      skipped.length > 0 ? `${names(skipped)} needs Relink, so its locations were not searched.` : '',
      lists.failed.length > 0 ? `${names(lists.failed.map((f) => f.account))}: locations could not be loaded.` : '',
    ]
      .filter(Boolean)
      .join(' ');
    return {
      results: results.map((l) => ({
        account: accountOf(candidates.find((a) => a.accountKey === l.accountKey)!, activeAccountKey),
        location: withoutAccount(l),
      })),
      total,
      problem: unsearched || null,
    };
  }

  /** The user says which location this record is (null: none, look again); then located as usual. */
  async function pick(
    sender: Runtime.MessageSender,
    chosenPick: { accountKey: string; locationId: string } | null,
  ): Promise<PanelLocateView> {
    const { record, chosen } = await panelContext(sender);
    if (chosenPick) {
      // Only a location the search could have offered: of an account this site's pages are matched against.
      const known =
        chosen?.candidates && (await pickedLocation(chosen.candidates, chosenPick.accountKey, chosenPick.locationId));
      if (!known) {
        throw new DeskError({
          code: 'forbidden',
          message: 'That location is not one the panel can show on this site. Search again.',
        });
      }
    }
    await rememberPick(record, chosenPick);
    return locate(sender);
  }

  /** Unlinking an account drops its locations from the merged lists. */
  function forget(accountKey: string) {
    accountLists.forget(accountKey);
  }

  return { locate, search, pick, forget };
}
