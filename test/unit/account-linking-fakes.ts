// Two sandbox accounts and linking one of them the real way (identity flow, token exchange), for the
// account-linking unit tests.
import type { RequestContext } from '../../lib/messaging/background.ts';
import {
  allow,
  fakeIdentity,
  linkAccount,
  routedFetch,
  settleBadgeRefresh,
  tokenRoute,
  useExchange,
} from './desk-fakes.ts';

export const HARBOR = {
  access_token: 'sbx_harbor_secret_token_1',
  appSpecificAccountId: 'app-1001',
  accountName: 'Harbor Bakery Group',
};
export const SUMMIT = {
  access_token: 'sbx_summit_secret_token_2',
  appSpecificAccountId: 'app-1002',
  accountName: 'Summit Outdoor Supply',
};
export const context: RequestContext = { access: 'extension', sender: {} };
/** The default (sandbox) Connection's API origin: where linked tokens are bound in these tests. */
export const SANDBOX_ORIGIN = 'http://127.0.0.1:8787';
export const sandboxToken = (accountKey: string) => ({ accountKey, apiOrigin: SANDBOX_ORIGIN });

export async function linkWith(token: typeof HARBOR) {
  fakeIdentity(allow());
  const exchange = routedFetch(tokenRoute(token));
  useExchange({ fetch: exchange.fetch, retry: { retries: 0 } });
  const view = await linkAccount();
  await settleBadgeRefresh(view.accountKey);
  return { view, exchange };
}
