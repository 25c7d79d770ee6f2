// The embedded panel: the sites it is on (options page only), and what the panel frame on such a site
// may ask: which location the page is about, that location's listings. The content script itself may
// only ask for the one-time ticket that opens a panel frame ('page' access).
import { z } from 'zod';
import { checkSiteOrigin } from '../../shared/embedded-panel/site-origin.ts';
import { accountKey, lazy, request, safeId } from './request.ts';

export type MatchFieldView = 'id' | 'name' | 'phone' | 'address';

export interface PanelRuleView {
  kind: 'url' | 'selector';
  pattern: string;
  holds: MatchFieldView;
}

export interface PanelSiteView {
  /** e.g. https://acme.my.salesforce.com */
  origin: string;
  /** The launcher is not shown there; the keyboard shortcut still opens the panel. */
  hidden: boolean;
  rule: PanelRuleView | null;
  addedAt: number;
  /** The one linked account the panel matches this site's pages against; null: every linked account. */
  pin: PanelPinView | null;
  /** Set by the organisation's browser policy: it cannot be removed here. */
  managed?: true;
  /** Managed sites only: the user has allowed Listings Desk on its host. */
  allowed?: boolean;
}

export interface PanelPinView {
  accountKey: string;
  /** As it was when pinned: the account may have been unlinked since. */
  accountName: string;
  /** Why the pin cannot be used now (the account was unlinked, or needs Relink), in words; null when fine. */
  problem: string | null;
}

export interface PanelSitesView {
  sites: PanelSiteView[];
  /** The keyboard shortcut that toggles the panel, as the browser has it ('' when unset). */
  shortcut: string;
}

export interface PanelTicketView {
  /** Goes into the panel frame's URL; the frame trades it for 'content' access, once. */
  ticket: string;
  hidden: boolean;
}

export interface PanelLocationView {
  id: string;
  name: string;
  address: string;
  phone: string;
}

export interface PanelLocateView {
  site: string;
  /** The account of the location found (of any linked account), else the pinned or active one. */
  account: { accountKey: string; accountName: string; active: boolean } | null;
  rule: PanelRuleView | null;
  /**
   * 'rule': the site's rule named it; 'text': the page's text looks like it and the user should confirm;
   * 'picked': the user chose it for this record in the panel's search (remembered until the browser closes).
   */
  found: { location: PanelLocationView; how: 'rule' | 'text' | 'picked'; matchedOn: MatchFieldView[] } | null;
  /** Why nothing was found, in words (a rule that matched nothing, no locations, …); null when found. */
  problem: string | null;
}

export interface PanelSearchResultView {
  account: { accountKey: string; accountName: string; active: boolean };
  location: PanelLocationView;
}

export interface PanelSearchView {
  /** The best matches, at most 20; `total` says how many there are in all. */
  results: PanelSearchResultView[];
  total: number;
  /** Accounts that could not be searched (Relink, a list that could not be loaded), in words; null when none. */
  problem: string | null;
}

/** An origin the user types: scheme, host and optional port, nothing after. */
export const siteOrigin = lazy(() =>
  z
    .string()
    .max(300)
    .transform((value, context) => {
      const checked = checkSiteOrigin(value);
      if (checked.ok) return checked.origin;
      context.addIssue({ code: 'custom', message: checked.problem });
      return z.NEVER;
    }),
);

export const panelRule = lazy(() =>
  z
    .object({
      kind: z.enum(['url', 'selector']),
      pattern: z.string().trim().min(1, 'Enter a URL pattern or a CSS selector.').max(500),
      holds: z.enum(['id', 'name', 'phone', 'address']),
    })
    .strict(),
);

export const embeddedPanelProtocol = {
  'panel.sites.list': request<PanelSitesView>()('extension', () => z.object({}).strict()),
  /** The options page has asked for the host permission (a user gesture) before it sends this. */
  'panel.sites.add': request<PanelSitesView>()('extension', () => z.object({ origin: siteOrigin() }).strict()),
  'panel.sites.remove': request<PanelSitesView>()('extension', () => z.object({ origin: siteOrigin() }).strict()),
  'panel.sites.update': request<PanelSitesView>()('extension', () =>
    z
      .object({
        origin: siteOrigin(),
        hidden: z.boolean().optional(),
        rule: panelRule().nullable().optional(),
        /** Pin the site to one linked account; null: match every linked account. */
        pinAccountKey: accountKey().nullable().optional(),
      })
      .strict(),
  ),
  'panel.ticket': request<PanelTicketView>()('page', () => z.object({}).strict()),
  'panel.claim': request<{ claimed: true }>()('page', () => z.object({ ticket: z.string().min(20).max(100) }).strict()),
  'panel.locate': request<PanelLocateView>()('content', () => z.object({}).strict()),
  /** The panel frame only (its handler refuses extension pages): locations of the site's accounts. */
  'panel.search': request<PanelSearchView>()('content', () =>
    z
      .object({ query: z.string().trim().min(1, 'Type a name, address, phone number or store code.').max(100) })
      .strict(),
  ),
  /** The panel frame only: this record is that location (null: forget the choice); answers as panel.locate. */
  'panel.pick': request<PanelLocateView>()('content', () =>
    z
      .object({
        pick: z
          .object({ accountKey: accountKey(), locationId: safeId('location') })
          .strict()
          .nullable(),
      })
      .strict(),
  ),
} as const;
