// The OAuth flow over plain HTTP: the authorize page's form, the callback, the code exchange.
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../lib/api/client.ts';
import { isApiError } from '../../lib/api/errors.ts';
import { buildAuthorizeUrl, exchangeCode, parseAuthCallback } from '../../lib/api/oauth.ts';
import { listRoles } from '../../lib/api/roles.ts';
import { FAST_RETRY, harnessPerFile } from './api-sandbox.ts';

const h = harnessPerFile();

const REDIRECT = 'https://abcdefghijklmnopabcdefghijklmnop.chromiumapp.org/cb';

/** Opens the authorize page and submits its form as the Allow or Deny button would; returns the redirect. */
async function authorize(
  decision: 'allow' | 'deny',
  { redirectUri = REDIRECT, accountId = '1002', state = 'st-123' } = {},
) {
  const url = buildAuthorizeUrl({ authUrl: h.sandbox.authUrl, clientId: h.sandbox.clientId, redirectUri, state });
  const page = await fetch(url);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('name="decision" value="allow"');
  expect(html).toContain('action="/oauth2/authorize"');
  const form = new URLSearchParams({
    client_id: h.sandbox.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    state,
    account_id: accountId,
    decision,
  });
  const answer = await fetch(new URL('/oauth2/authorize', h.sandbox.authUrl), {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  expect(answer.status).toBe(302);
  return answer.headers.get('location')!;
}

const exchangeConfig = () => ({
  baseUrl: h.sandbox.apiUrl,
  clientId: h.sandbox.clientId,
  apiKey: h.sandbox.apiKey,
  retry: FAST_RETRY,
});

describe('OAuth linking', () => {
  it('Allow gives a code that the exchange turns into a working token', async () => {
    const callback = parseAuthCallback(await authorize('allow'));
    expect(callback).toMatchObject({ kind: 'code', state: 'st-123' });
    if (callback.kind !== 'code') return;

    const { data } = await exchangeCode(exchangeConfig(), { code: callback.code, redirectUri: REDIRECT });
    expect(data).toMatchObject({ accountName: 'Summit Outdoor Supply', appSpecificAccountId: 'app-1002' });

    const client = new ApiClient({
      baseUrl: h.sandbox.apiUrl,
      apiKey: h.sandbox.apiKey,
      accessToken: data.access_token,
    });
    expect((await listRoles(client)).data).toEqual({ count: 0, roles: [] });
    const exchanges = (await h.requests()).filter((r) => r.path === '/oauth2/accesstoken');
    expect(exchanges).toEqual([{ method: 'POST', path: '/oauth2/accesstoken', status: 200 }]);
  });

  it('a redirect URI with a query gets the code appended with &', async () => {
    const redirectUri = `${REDIRECT}?from=options`;
    const location = await authorize('allow', { redirectUri, accountId: '1001' });
    expect(location.startsWith(`${redirectUri}&`)).toBe(true);
    const callback = parseAuthCallback(location);
    if (callback.kind !== 'code') throw new Error('expected a code');
    const { data } = await exchangeCode(exchangeConfig(), { code: callback.code, redirectUri });
    expect(data.accountName).toBe('Harbor Bakery Group');
  });

  it('Deny comes back as an access_denied error callback', async () => {
    expect(parseAuthCallback(await authorize('deny'))).toEqual({
      kind: 'error',
      error: 'access_denied',
      errorDescription: expect.any(String),
      state: 'st-123',
    });
  });

  it('an unsupported response type comes back as an error callback', async () => {
    const url = new URL(
      buildAuthorizeUrl({
        authUrl: h.sandbox.authUrl,
        clientId: h.sandbox.clientId,
        redirectUri: REDIRECT,
        state: 's',
      }),
    );
    url.searchParams.set('response_type', 'token');
    const answer = await fetch(url, { redirect: 'manual' });
    expect(parseAuthCallback(answer.headers.get('location')!)).toMatchObject({
      kind: 'error',
      error: 'unsupported_response_type',
      state: 's',
    });
  });

  it('a code used twice is refused once, with the code and key kept out of the error', async () => {
    const callback = parseAuthCallback(await authorize('allow'));
    if (callback.kind !== 'code') throw new Error('expected a code');
    await exchangeCode(exchangeConfig(), { code: callback.code, redirectUri: REDIRECT });
    await h.control('DELETE', 'requests');

    const error = await exchangeCode(exchangeConfig(), { code: callback.code, redirectUri: REDIRECT }).catch(
      (e: unknown) => e,
    );
    expect(isApiError(error)).toBe(true);
    if (!isApiError(error)) return;
    expect(error).toMatchObject({
      kind: 'http',
      status: 400,
      operation: 'exchangeCode',
      errors: [{ code: 2303, name: 'invalid_grant' }],
    });
    expect(JSON.stringify(error)).not.toContain(callback.code);
    expect(JSON.stringify(error)).not.toContain(h.sandbox.apiKey);
    expect(await h.requests()).toEqual([{ method: 'POST', path: '/oauth2/accesstoken', status: 400 }]);
  });

  it('a redirect URI that differs from the authorize call is refused', async () => {
    const callback = parseAuthCallback(await authorize('allow'));
    if (callback.kind !== 'code') throw new Error('expected a code');
    await expect(
      exchangeCode(exchangeConfig(), { code: callback.code, redirectUri: `${REDIRECT}/other` }),
    ).rejects.toMatchObject({
      status: 400,
      errors: [{ code: 2303 }],
    });
  });

  it('a wrong client secret is a 401', async () => {
    const callback = parseAuthCallback(await authorize('allow'));
    if (callback.kind !== 'code') throw new Error('expected a code');
    await expect(
      exchangeCode({ ...exchangeConfig(), apiKey: 'not-the-key' }, { code: callback.code, redirectUri: REDIRECT }),
    ).rejects.toMatchObject({ status: 401, errors: [{ code: 2302 }] });
  });
});
