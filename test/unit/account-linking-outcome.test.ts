// How a link ends when nobody may be waiting for it: the redirect's error text is never echoed, and the
// last outcome is kept until a page has shown it.
import { beforeEach, describe, expect, test } from 'vitest';
import { linkingOutcomeItem } from '../../lib/background/linking-outcome.ts';
import type { RequestContext } from '../../lib/messaging/background.ts';
import { DeskError } from '../../lib/messaging/wire-error.ts';
import {
  allow,
  deny,
  fakeIdentity,
  resetDesk,
  routedFetch,
  settleBadgeRefresh,
  testLinking,
  tokenRoute,
  useExchange,
} from './desk-fakes.ts';

const accountLinkingHandlers = testLinking().handlers;

const context: RequestContext = { access: 'extension', sender: {} };
const HARBOR = {
  access_token: 'sbx_harbor_token_1',
  appSpecificAccountId: 'app-1001',
  accountName: 'Harbor Bakery Group',
};
const ATTEMPT = 'attempt-0123456789';
const HOSTILE = 'Your account is locked <b>now</b>: call +1 555 0100 or visit https://evil.example/fix';

async function linkFailure(attemptId?: string): Promise<DeskError> {
  const error = await accountLinkingHandlers['accounts.link']({ attemptId }, context).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(DeskError);
  return error as DeskError;
}

beforeEach(resetDesk);

describe('the sign-in redirect’s error text is never shown', () => {
  test.each([
    ['invalid_scope', /invalid scope/],
    ['server_error', /failed on the service’s side/],
    ['temporarily_unavailable', /try again in a few minutes/],
    ['unauthorized_client', /Check the client ID/],
    ['invalid_request', /malformed/],
    ['access_denied', /access was denied/i],
  ])('%s → our own words, without error_description', async (code, words) => {
    fakeIdentity(deny(code, HOSTILE));
    const error = await linkFailure();
    expect(error.code).toBe(code);
    expect(error.message).toMatch(words);
    expect(error.message).not.toMatch(/locked|evil|555|<b>/);
  });

  test('an unknown code is named only when it looks like one; nothing else from the URL is echoed', async () => {
    fakeIdentity(deny('account_locked', HOSTILE));
    let error = await linkFailure();
    expect(error.code).toBe('auth-refused');
    expect(error.message).toContain('“account_locked”');
    expect(error.message).not.toMatch(/evil|555|<b>/);

    fakeIdentity(deny('Visit https://evil.example now', HOSTILE));
    error = await linkFailure();
    expect(error.code).toBe('auth-refused');
    expect(error.message).toBe('The service stopped the linking. Nothing was linked.');
  });
});

describe('the last linking outcome is kept until seen', () => {
  test('a denied link is kept with its reason; only its own id dismisses it', async () => {
    fakeIdentity(deny());
    await linkFailure(ATTEMPT);
    const { outcome } = await accountLinkingHandlers['accounts.linkingOutcome']({}, context);
    expect(outcome).toMatchObject({ id: ATTEMPT, relink: false, account: null, error: { code: 'access_denied' } });
    expect(outcome?.error?.message).toMatch(/access was denied/i);

    const other = await accountLinkingHandlers['accounts.dismissLinkingOutcome']({ id: 'another-attempt-1' }, context);
    expect(other.dismissed).toBe(false);
    expect(await linkingOutcomeItem.getValue()).not.toBeNull();
    const own = await accountLinkingHandlers['accounts.dismissLinkingOutcome']({ id: ATTEMPT }, context);
    expect(own.dismissed).toBe(true);
    expect((await accountLinkingHandlers['accounts.linkingOutcome']({}, context)).outcome).toBeNull();
  });

  test('a failed token exchange is kept too, and a success names the account', async () => {
    fakeIdentity(allow());
    useExchange({ fetch: routedFetch(() => new Response('', { status: 500 })).fetch, retry: { retries: 0 } });
    await linkFailure();
    expect((await linkingOutcomeItem.getValue())?.error?.code).toBe('exchange-failed');

    useExchange({ fetch: routedFetch(tokenRoute(HARBOR)).fetch, retry: { retries: 0 } });
    const view = await accountLinkingHandlers['accounts.link']({}, context);
    await settleBadgeRefresh(view.accountKey);
    expect(await linkingOutcomeItem.getValue()).toMatchObject({
      account: { accountKey: 'app-1001', accountName: 'Harbor Bakery Group' },
      error: null,
    });
    expect(JSON.stringify(await linkingOutcomeItem.getValue())).not.toContain(HARBOR.access_token);
  });
});
