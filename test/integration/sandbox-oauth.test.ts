import { describe, expect, it } from 'vitest';
import { call, control, expectErrorEnvelope, PUBLISHERS, raw, useSandbox } from './sandbox-http.ts';

const ctx = useSandbox();

const REDIRECT = 'https://abcdefghijklmnop.chromiumapp.org/cb';

function authorizeUrl(params: Record<string, string | undefined>): string {
  const url = new URL('/oauth2/authorize', ctx.sb.authUrl);
  const all = { client_id: ctx.sb.clientId, redirect_uri: REDIRECT, response_type: 'code', state: 's-123', ...params };
  for (const [k, v] of Object.entries(all)) if (v !== undefined) url.searchParams.set(k, v);
  return url.toString();
}

/** Submits the authorize form as the browser would after the customer clicks a button. */
async function decide(decision: 'allow' | 'deny', fields: Record<string, string | undefined> = {}) {
  const form = new URLSearchParams();
  const all = {
    client_id: ctx.sb.clientId,
    redirect_uri: REDIRECT,
    response_type: 'code',
    state: 's-123',
    account_id: '1001',
    decision,
    ...fields,
  };
  for (const [k, v] of Object.entries(all)) if (v !== undefined) form.set(k, v);
  return fetch(`${ctx.sb.authUrl}/oauth2/authorize`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
}

async function codeFor(accountId = '1001', redirectUri = REDIRECT): Promise<string> {
  const res = await decide('allow', { account_id: accountId, redirect_uri: redirectUri });
  expect(res.status).toBe(302);
  const code = new URL(res.headers.get('location') ?? '').searchParams.get('code');
  if (!code) throw new Error('no code in redirect');
  return code;
}

function exchange(fields: Record<string, string | undefined>) {
  const form = new URLSearchParams();
  const all = {
    grant_type: 'authorization_code',
    client_id: ctx.sb.clientId,
    client_secret: ctx.sb.apiKey,
    redirect_uri: REDIRECT,
    ...fields,
  };
  for (const [k, v] of Object.entries(all)) if (v !== undefined) form.set(k, v);
  return raw<{ access_token: string; appSpecificAccountId: string; accountName: string }>(
    `${ctx.sb.apiUrl}/oauth2/accesstoken`,
    { method: 'POST', body: form },
  );
}

describe('sandbox authorize page', () => {
  it('lives on the auth origin, separate from the API origin', async () => {
    expect(new URL(ctx.sb.authUrl).origin).not.toBe(new URL(ctx.sb.apiUrl).origin);
    expect(new URL(ctx.sb.authUrl).hostname).toBe('localhost');
    const onApi = await fetch(`${ctx.sb.apiUrl}/oauth2/authorize?client_id=${ctx.sb.clientId}`, { redirect: 'manual' });
    expect(onApi.status).toBe(404);
  });

  it('shows an account chooser and Allow / Deny buttons that post the form', async () => {
    const res = await fetch(authorizeUrl({}));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toMatch(/<form[^>]*method="post"[^>]*action="\/oauth2\/authorize"/);
    expect(html).toMatch(/<select[^>]*name="account_id"/);
    expect(html).toContain('Harbor Bakery Group');
    expect(html).toContain('Summit Outdoor Supply');
    expect(html).toMatch(/<button[^>]*name="decision"[^>]*value="allow"[^>]*>Allow<\/button>/);
    expect(html).toMatch(/<button[^>]*name="decision"[^>]*value="deny"[^>]*>Deny<\/button>/);
    expect(html).toContain('value="s-123"');
  });

  it('escapes everything it echoes', async () => {
    const evil = '"><script>alert(1)</script><img src=x onerror=alert(2)>';
    const res = await fetch(authorizeUrl({ state: evil, redirect_uri: `${REDIRECT}?x=${encodeURIComponent(evil)}` }));
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('shows an error page, never a redirect, for a bad client_id or redirect_uri', async () => {
    const bad = [
      { client_id: undefined },
      { client_id: 'someone-else' },
      { redirect_uri: undefined },
      { redirect_uri: '/relative/cb' },
      { redirect_uri: 'https://evil.example.com/cb' },
      { redirect_uri: 'https://abc.chromiumapp.org.evil.example.com/cb' },
      { redirect_uri: 'https://chromiumapp.org/cb' },
      { redirect_uri: 'http://abc.chromiumapp.org/cb' },
      { redirect_uri: 'javascript:alert(1)//abc.chromiumapp.org/' },
      { redirect_uri: `${REDIRECT}#frag` },
      { redirect_uri: 'https://user:pw@abc.chromiumapp.org/cb' },
    ];
    for (const params of bad) {
      const res = await fetch(authorizeUrl({ ...params, response_type: 'token' }), { redirect: 'manual' });
      expect(res.status, JSON.stringify(params)).toBe(400);
      expect(res.headers.get('location')).toBeNull();
      expect(await res.text()).toMatch(/Authorization failed/);
      const post = await decide('allow', params);
      expect(post.status, JSON.stringify(params)).toBe(400);
      expect(post.headers.get('location')).toBeNull();
    }
  });

  it('accepts chromiumapp.org, extensions.allizom.org and loopback redirect URIs', async () => {
    for (const uri of [
      'https://abcdefghijklmnop.chromiumapp.org/',
      'https://0123abcd.extensions.allizom.org/',
      'http://127.0.0.1:5555/callback',
      'http://localhost/callback',
    ]) {
      const res = await fetch(authorizeUrl({ redirect_uri: uri }));
      expect(res.status, uri).toBe(200);
    }
  });

  it('redirects with unsupported_response_type for a response_type other than code', async () => {
    const res = await fetch(authorizeUrl({ response_type: 'token' }), { redirect: 'manual' });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(location.searchParams.get('error')).toBe('unsupported_response_type');
    expect(location.searchParams.get('error_description')).toBeTruthy();
    expect(location.searchParams.get('state')).toBe('s-123');
  });

  it('Allow redirects with code and state, appending with ? or &', async () => {
    const plain = await decide('allow');
    expect(plain.status).toBe(302);
    const location = plain.headers.get('location') ?? '';
    expect(location.startsWith(`${REDIRECT}?code=`)).toBe(true);
    expect(new URL(location).searchParams.get('state')).toBe('s-123');

    const withQuery = await decide('allow', { redirect_uri: `${REDIRECT}?from=popup` });
    const l2 = withQuery.headers.get('location') ?? '';
    expect(l2.startsWith(`${REDIRECT}?from=popup&code=`)).toBe(true);
    expect(new URL(l2).searchParams.get('state')).toBe('s-123');

    const noState = await decide('allow', { state: undefined });
    expect(new URL(noState.headers.get('location') ?? '').searchParams.has('state')).toBe(false);
  });

  it('Deny redirects with access_denied, a description and the state', async () => {
    const res = await decide('deny', { redirect_uri: `${REDIRECT}?a=1` });
    expect(res.status).toBe(302);
    const location = res.headers.get('location') ?? '';
    expect(location.startsWith(`${REDIRECT}?a=1&error=access_denied`)).toBe(true);
    const params = new URL(location).searchParams;
    expect(params.get('error_description')).toBeTruthy();
    expect(params.get('state')).toBe('s-123');
    expect(params.has('code')).toBe(false);
  });
});

describe('sandbox token exchange', () => {
  it('trades a code for a token for the chosen account', async () => {
    const code = await codeFor('1002');
    const r = await exchange({ code });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      access_token: expect.any(String),
      appSpecificAccountId: 'app-1002',
      accountName: 'Summit Outdoor Supply',
    });
    const listings = await call<{ listings: { accountId: string }[] }>(
      ctx.sb,
      'GET',
      '/v2/accounts/me/powerlistings/listings',
      {
        token: r.body.access_token,
      },
    );
    expect(listings.status).toBe(200);
    expect(listings.body.response.listings[0]?.accountId).toBe('1002');
  });

  it('uses each code once', async () => {
    const code = await codeFor();
    expect((await exchange({ code })).status).toBe(200);
    const again = await exchange({ code });
    expect(expectErrorEnvelope(again, 400).name).toBe('invalid_grant');
  });

  it('requires the exact redirect_uri of the authorize call', async () => {
    const code = await codeFor('1001', `${REDIRECT}?x=1`);
    expectErrorEnvelope(await exchange({ code, redirect_uri: REDIRECT }), 400);
    expectErrorEnvelope(await exchange({ code, redirect_uri: `${REDIRECT}?x=1&y=2` }), 400);
    expect((await exchange({ code, redirect_uri: `${REDIRECT}?x=1` })).status).toBe(200);
  });

  it('refuses bad client credentials with 401 and a bad request with 400', async () => {
    const code = await codeFor();
    expectErrorEnvelope(await exchange({ code, client_secret: 'wrong' }), 401);
    expectErrorEnvelope(await exchange({ code, client_id: 'wrong' }), 401);
    expectErrorEnvelope(await exchange({ code, grant_type: 'password' }), 400);
    expectErrorEnvelope(await exchange({ code: undefined }), 400);
    expectErrorEnvelope(await exchange({ code: 'made-up' }), 400);
    const json = await raw(`${ctx.sb.apiUrl}/oauth2/accesstoken`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    });
    expectErrorEnvelope(json, 400);
    // None of those burned the code.
    expect((await exchange({ code })).status).toBe(200);
  });

  it('expires codes after 5 minutes of sandbox time', async () => {
    const code = await codeFor();
    await control(ctx.sb, 'POST', '/clock', { advanceMs: 5 * 60_000 + 1000 });
    const r = await exchange({ code });
    expect(expectErrorEnvelope(r, 400).message).toMatch(/expired/i);
  });

  it('gives a token that the API accepts until it is revoked', async () => {
    const { body } = await exchange({ code: await codeFor() });
    expect((await call(ctx.sb, 'GET', PUBLISHERS, { token: body.access_token })).status).toBe(200);
    await control(ctx.sb, 'POST', '/tokens/revoke', { access_token: body.access_token });
    expect((await call(ctx.sb, 'GET', PUBLISHERS, { token: body.access_token })).status).toBe(401);
  });
});
