import { z } from 'zod';
import { type Access, accountKey, empty, lazy, request } from './request.ts';

/** A linked account as the UI sees it: never its token. Keyed by appSpecificAccountId (stable). */
export interface LinkedAccountView {
  accountKey: string;
  accountName: string;
  appSpecificAccountId: string;
  linkedAt: number;
  needsRelink: boolean;
  apiOrigin?: string | null;
  otherEnvironment?: boolean;
}

export interface AccountsView {
  accounts: LinkedAccountView[];
  activeAccountKey: string | null;
}

/** Names one Link/Relink attempt, so the page that started it can mark its outcome seen. */
const attemptId = lazy(() => z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Use 8–64 letters, digits, - or _.'));

/** How the last Link or Relink ended: kept by the worker until a page shows it. */
export interface LinkingOutcomeView {
  /** The attempt's id, chosen by the page that started it (or by the worker). */
  id: string;
  relink: boolean;
  finishedAt: number;
  /** Set when an account was linked; names come from the service and are shown as text. */
  account: { accountKey: string; accountName: string } | null;
  /** Set when nothing was linked: the redacted reason, as every reply carries it. */
  error: { code: string; message: string } | null;
}

export const accountLinkingProtocol = {
  'accounts.list': request<AccountsView>()('content', empty),
  'accounts.link': request<LinkedAccountView>()('extension', () =>
    z.object({ attemptId: attemptId().optional() }).strict(),
  ),
  'accounts.relink': request<LinkedAccountView>()('extension', () =>
    z.object({ accountKey: accountKey(), attemptId: attemptId().optional() }).strict(),
  ),
  'accounts.linkingOutcome': request<{ outcome: LinkingOutcomeView | null }>()('extension', empty),
  'accounts.dismissLinkingOutcome': request<{ dismissed: boolean }>()('extension', () =>
    z.object({ id: attemptId() }).strict(),
  ),
  'accounts.unlink': request<AccountsView>()('extension', () => z.object({ accountKey: accountKey() }).strict()),
  'accounts.activate': request<AccountsView>()('content', () => z.object({ accountKey: accountKey() }).strict()),
} as const;

export interface AccountLinkingEvents {
  'accounts.changed': AccountsView;
  /** A Link or Relink ended; pages other than the one that started it show it. */
  'accounts.linkingOutcome': LinkingOutcomeView;
}

/** Who may hear each event: the embedded panel sees accounts, never how a link ended. */
export const accountLinkingEventAccess = {
  'accounts.changed': 'content',
  'accounts.linkingOutcome': 'extension',
} as const satisfies Record<keyof AccountLinkingEvents, Access>;
