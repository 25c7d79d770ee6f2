// The OAuth token exchange on the API origin: an authorization code for an access token.
import type { SandboxApp, SandboxDeps } from '../deps.ts';
import { CODES, fail, plainJson } from '../envelope.ts';
import { mintToken, tokenResponse } from '../rules/tokens.ts';

export function register(app: SandboxApp, { store, config }: SandboxDeps): void {
  app.post('/oauth2/accesstoken', async (c) => {
    const type = c.req.header('content-type') ?? '';
    if (!type.includes('application/x-www-form-urlencoded')) {
      return fail(
        400,
        CODES.OAUTH_INVALID_REQUEST,
        'Content-Type must be application/x-www-form-urlencoded',
        'invalid_request',
      );
    }
    const form = new URLSearchParams(await c.req.text());
    const missing = ['grant_type', 'client_id', 'client_secret', 'code', 'redirect_uri'].find((n) => !form.get(n));
    if (missing)
      return fail(400, CODES.OAUTH_INVALID_REQUEST, `Missing required parameter: ${missing}`, 'invalid_request');
    if (form.get('grant_type') !== 'authorization_code') {
      return fail(
        400,
        CODES.OAUTH_UNSUPPORTED_GRANT,
        'grant_type must be authorization_code',
        'unsupported_grant_type',
      );
    }
    if (form.get('client_id') !== config.clientId || form.get('client_secret') !== config.apiKey) {
      return fail(401, CODES.OAUTH_INVALID_CLIENT, 'Invalid client credentials', 'invalid_client');
    }
    const code = store.state.authCodes.find((a) => a.code === form.get('code'));
    if (!code || code.used || code.clientId !== form.get('client_id')) {
      return fail(400, CODES.OAUTH_INVALID_GRANT, 'Invalid or already used authorization code', 'invalid_grant');
    }
    if (code.expiresAtMs <= store.nowMs()) {
      return fail(400, CODES.OAUTH_INVALID_GRANT, 'Authorization code expired', 'invalid_grant');
    }
    if (code.redirectUri !== form.get('redirect_uri')) {
      return fail(400, CODES.OAUTH_INVALID_GRANT, 'redirect_uri does not match the authorize request', 'invalid_grant');
    }
    const account = store.account(code.accountId);
    if (!account)
      return fail(400, CODES.OAUTH_INVALID_GRANT, 'The authorized account no longer exists', 'invalid_grant');
    code.used = true;
    const token = mintToken(store, account);
    const response = plainJson(tokenResponse(token, account));
    response.headers.set('cache-control', 'no-store');
    return response;
  });
}
