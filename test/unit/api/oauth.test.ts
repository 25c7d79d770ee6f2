import { describe, expect, it } from 'vitest';
import { isApiError } from '../../../lib/api/errors.ts';
import { buildAuthorizeUrl, exchangeCode, parseAuthCallback } from '../../../lib/api/oauth.ts';
import { fakeFetch, transportError } from './fake-fetch.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('buildAuthorizeUrl', () => {
  it('points at /oauth2/authorize on the auth host with every parameter encoded', () => {
    const url = new URL(
      buildAuthorizeUrl({
        authUrl: 'https://auth.example.test/',
        clientId: 'client-1',
        redirectUri: 'https://abc.chromiumapp.org/cb?x=1&y=2',
        state: 's t&ate',
      }),
    );
    expect(url.origin + url.pathname).toBe('https://auth.example.test/oauth2/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'client-1',
      redirect_uri: 'https://abc.chromiumapp.org/cb?x=1&y=2',
      state: 's t&ate',
      response_type: 'code',
    });
    expect(url.search).not.toContain('https://');
  });
});

describe('parseAuthCallback', () => {
  it('reads code and state appended with ?', () => {
    expect(parseAuthCallback('https://abc.chromiumapp.org/cb?code=C1&state=S1')).toEqual({
      kind: 'code',
      code: 'C1',
      state: 'S1',
    });
  });

  it('reads code and state appended with & after the redirect URI query, even if that query reuses a name', () => {
    expect(parseAuthCallback('https://abc.chromiumapp.org/cb?state=mine&x=1&code=C2&state=S2')).toEqual({
      kind: 'code',
      code: 'C2',
      state: 'S2',
    });
  });

  it('reads an error callback in both forms', () => {
    expect(
      parseAuthCallback('https://abc.chromiumapp.org/cb?error=access_denied&error_description=User+said+no&state=S'),
    ).toEqual({
      kind: 'error',
      error: 'access_denied',
      errorDescription: 'User said no',
      state: 'S',
    });
    expect(parseAuthCallback('https://abc.chromiumapp.org/cb?x=1&error=unsupported_response_type&state=S')).toEqual({
      kind: 'error',
      error: 'unsupported_response_type',
      errorDescription: undefined,
      state: 'S',
    });
  });

  it.each([
    ['not a URL', 'not a url at all'],
    ['no code and no error', 'https://abc.chromiumapp.org/cb?state=S'],
    ['an empty code', 'https://abc.chromiumapp.org/cb?code=&state=S'],
  ])('throws a typed error for %s, without echoing the address', (_name, url) => {
    let thrown: unknown;
    try {
      parseAuthCallback(url);
    } catch (error) {
      thrown = error;
    }
    expect(isApiError(thrown) && thrown.kind === 'unusable-response' && thrown.operation === 'parseAuthCallback').toBe(
      true,
    );
    expect(String((thrown as Error).message)).not.toContain('chromiumapp');
  });
});

describe('exchangeCode', () => {
  const config = {
    baseUrl: 'https://api.example.test',
    clientId: 'client-1',
    apiKey: 'KEY-9',
    retry: { backoffMs: [0], jitter: 0 },
  };
  const redirectUri = 'https://abc.chromiumapp.org/cb';

  it('posts the form to /oauth2/accesstoken and returns the token response', async () => {
    const fake = fakeFetch(json({ access_token: 'T1', appSpecificAccountId: 55, accountName: 'Harbor Bakery Group' }));
    const result = await exchangeCode({ ...config, fetch: fake.fetch }, { code: 'C1', redirectUri });
    expect(result.data).toEqual({ access_token: 'T1', appSpecificAccountId: '55', accountName: 'Harbor Bakery Group' });
    const request = fake.requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('https://api.example.test/oauth2/accesstoken');
    expect(request.headers.get('content-type')).toContain('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(fake.bodies[0]))).toEqual({
      client_id: 'client-1',
      client_secret: 'KEY-9',
      code: 'C1',
      redirect_uri: redirectUri,
      grant_type: 'authorization_code',
    });
  });

  it('maps an OAuth error answer to an ApiError without the code or the key, and does not re-send the code', async () => {
    const fake = fakeFetch(
      json({ error: 'invalid_grant', error_description: 'code C1 was already used (KEY-9)' }, 400),
    );
    const error = await exchangeCode({ ...config, fetch: fake.fetch }, { code: 'C1', redirectUri }).catch(
      (e: unknown) => e,
    );
    expect(isApiError(error)).toBe(true);
    if (!isApiError(error)) return;
    expect(error).toMatchObject({ kind: 'http', status: 400, operation: 'exchangeCode' });
    expect(error.errors[0]).toMatchObject({ name: 'invalid_grant' });
    expect(JSON.stringify(error)).not.toMatch(/C1|KEY-9/);
    expect(fake.requests).toHaveLength(1);
  });

  it('does not re-send after a 5xx, but does after a transport error', async () => {
    const fiveHundred = fakeFetch(json({}, 502));
    await expect(
      exchangeCode({ ...config, fetch: fiveHundred.fetch }, { code: 'C1', redirectUri }),
    ).rejects.toMatchObject({ status: 502 });
    expect(fiveHundred.requests).toHaveLength(1);

    const flaky = fakeFetch(
      transportError(),
      json({ access_token: 'T1', appSpecificAccountId: 'a', accountName: 'n' }),
    );
    expect((await exchangeCode({ ...config, fetch: flaky.fetch }, { code: 'C1', redirectUri })).data.access_token).toBe(
      'T1',
    );
    expect(flaky.requests).toHaveLength(2);
  });

  it('rejects an answer without an access token as unusable', async () => {
    const fake = fakeFetch(json({ accountName: 'x', appSpecificAccountId: '1' }));
    await expect(exchangeCode({ ...config, fetch: fake.fetch }, { code: 'C1', redirectUri })).rejects.toMatchObject({
      kind: 'unusable-response',
    });
  });
});
