// The OAuth authorize page on the auth origin: an account chooser with Allow and Deny.
import { randomBytes } from 'node:crypto';
import type { SandboxApp, SandboxDeps } from '../deps.ts';
import { CODE_TTL_MS } from '../rules/tokens.ts';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * An absolute URL, without fragment or credentials, on an extension redirect domain
 * (https://<id>.chromiumapp.org/, https://<id>.extensions.allizom.org/) or on loopback.
 */
function allowedRedirect(raw: string | undefined): URL | undefined {
  if (!raw || raw !== raw.trim() || raw.includes('#')) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.username || url.password) return undefined;
  const host = url.hostname.toLowerCase();
  const extension = /^[a-z0-9-]+\.chromiumapp\.org$/.test(host) || /^[a-z0-9-]+\.extensions\.allizom\.org$/.test(host);
  if (url.protocol === 'https:' && extension) return url;
  if ((url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK.has(host)) return url;
  return undefined;
}

/** Appends with ? when the URI has no query string and with & when it has one. */
function appendParams(uri: string, params: Record<string, string>): string {
  const qs = new URLSearchParams(params).toString();
  const sep = !uri.includes('?') ? '?' : uri.endsWith('?') || uri.endsWith('&') ? '' : '&';
  return `${uri}${sep}${qs}`;
}

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2433;background:#f3f5f9}
header{background:#16325c;color:#fff;padding:14px 20px;font-weight:600;letter-spacing:.2px}
header small{display:block;font-weight:400;opacity:.75;font-size:12px}
main{max-width:430px;margin:18px auto;padding:0 16px}
.card{background:#fff;border:1px solid #dde3ee;border-radius:10px;padding:20px;box-shadow:0 1px 3px rgba(20,40,80,.06)}
h1{font-size:19px;margin:0 0 6px}
p{margin:0 0 12px}
ul{margin:0 0 16px;padding-left:20px}
li{margin:3px 0}
label{display:block;font-weight:600;margin:0 0 6px}
select{width:100%;padding:9px 10px;font:inherit;border:1px solid #b9c3d6;border-radius:6px;background:#fff;margin-bottom:16px}
.actions{display:flex;gap:10px;justify-content:flex-end}
button{font:inherit;font-weight:600;padding:9px 20px;border-radius:6px;border:1px solid #b9c3d6;background:#fff;color:#1d2433;cursor:pointer}
button.primary{background:#1a6dd6;border-color:#1a6dd6;color:#fff}
button:focus-visible,select:focus-visible{outline:3px solid #8cb8f0;outline-offset:1px}
.muted{color:#5b6578;font-size:13px}
.error{border-color:#e3a5a5;background:#fff6f6}
code{word-break:break-all}
`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><header>Listings Sandbox<small>Authorize an app to use your account</small></header><main>${body}</main></body></html>`;
}

// form-action is deliberately absent: the Allow/Deny POST must be free to 302 to the extension's redirect URI.
const PAGE_HEADERS = {
  'content-type': 'text/html; charset=UTF-8',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
};

function errorPage(message: string, status = 400): Response {
  const body = `<div class="card error"><h1>Authorization failed</h1><p>${escapeHtml(message)}</p><p class="muted">The app sent an invalid request, so you cannot be returned to it. Close this window and try again from the app.</p></div>`;
  return new Response(page('Authorization failed', body), { status, headers: PAGE_HEADERS });
}

function redirect(location: string): Response {
  return new Response(null, { status: 302, headers: { location, 'cache-control': 'no-store' } });
}

interface AuthorizeParams {
  clientId: string | undefined;
  redirectUri: string | undefined;
  responseType: string | undefined;
  state: string | undefined;
}

export function register(app: SandboxApp, { store, config }: SandboxDeps): void {
  const customerAccounts = () => store.state.accounts.filter((a) => !a.parentAccountId);

  /** A Response when the request cannot go on (error page or error redirect), else undefined. */
  const check = (p: AuthorizeParams): Response | undefined => {
    if (!p.clientId) return errorPage('Missing client_id.');
    if (p.clientId !== config.clientId) return errorPage('Unknown client_id: no app is registered with this id.');
    if (!p.redirectUri) return errorPage('Missing redirect_uri.');
    if (!allowedRedirect(p.redirectUri)) {
      return errorPage('The redirect_uri is not an absolute URL on one of the app\u2019s OAuth redirect domains.');
    }
    const withState = (params: Record<string, string>) =>
      p.state === undefined ? params : { ...params, state: p.state };
    if (!p.responseType) {
      return redirect(
        appendParams(
          p.redirectUri,
          withState({ error: 'invalid_request', error_description: 'Missing response_type' }),
        ),
      );
    }
    if (p.responseType !== 'code') {
      return redirect(
        appendParams(
          p.redirectUri,
          withState({ error: 'unsupported_response_type', error_description: 'Only response_type=code is supported' }),
        ),
      );
    }
    return undefined;
  };

  app.get('/oauth2/authorize', (c) => {
    const q = new URL(c.req.url).searchParams;
    const p: AuthorizeParams = {
      clientId: q.get('client_id') ?? undefined,
      redirectUri: q.get('redirect_uri') ?? undefined,
      responseType: q.get('response_type') ?? undefined,
      state: q.get('state') ?? undefined,
    };
    const stop = check(p);
    if (stop) return stop;
    const redirectHost = allowedRedirect(p.redirectUri)?.host ?? '';
    const hidden = (name: string, value: string | undefined) =>
      value === undefined ? '' : `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
    const options = customerAccounts()
      .map(
        (a) =>
          `<option value="${escapeHtml(a.accountId)}">${escapeHtml(a.accountName)} (${escapeHtml(a.accountId)})</option>`,
      )
      .join('');
    const body = `<form class="card" method="post" action="/oauth2/authorize">
<h1>${escapeHtml(config.appName)} wants access</h1>
<p>It will be able to:</p>
<ul><li>read your publishers and listings, and opt listings in or out</li><li>review and resolve publisher suggestions</li><li>manage users and their roles</li><li>add and cancel services</li></ul>
<label for="account">Account</label>
<select id="account" name="account_id">${options}</select>
${hidden('client_id', p.clientId)}${hidden('redirect_uri', p.redirectUri)}${hidden('response_type', p.responseType)}${hidden('state', p.state)}
<p class="muted">You will be returned to <code>${escapeHtml(redirectHost)}</code>.</p>
<div class="actions"><button type="submit" name="decision" value="deny">Deny</button><button type="submit" name="decision" value="allow" class="primary" autofocus>Allow</button></div>
</form>`;
    return new Response(page(`Authorize ${config.appName}`, body), { status: 200, headers: PAGE_HEADERS });
  });

  app.post('/oauth2/authorize', async (c) => {
    const form = await c.req.parseBody();
    const field = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : undefined);
    const p: AuthorizeParams = {
      clientId: field('client_id'),
      redirectUri: field('redirect_uri'),
      responseType: field('response_type'),
      state: field('state'),
    };
    const stop = check(p);
    if (stop) return stop;
    const redirectUri = p.redirectUri as string;
    const withState = (params: Record<string, string>) =>
      p.state === undefined ? params : { ...params, state: p.state };
    if (field('decision') !== 'allow') {
      return redirect(
        appendParams(
          redirectUri,
          withState({ error: 'access_denied', error_description: 'The customer did not authorize the app' }),
        ),
      );
    }
    const account = customerAccounts().find((a) => a.accountId === field('account_id'));
    if (!account) return errorPage('Choose one of the listed accounts.');
    const code = randomBytes(18).toString('base64url');
    store.state.authCodes.push({
      code,
      accountId: account.accountId,
      clientId: config.clientId,
      redirectUri,
      expiresAtMs: store.nowMs() + CODE_TTL_MS,
      used: false,
    });
    store.changed();
    return redirect(appendParams(redirectUri, withState({ code })));
  });

  app.get(
    '/',
    () =>
      new Response(
        page(
          'Listings Sandbox',
          '<div class="card"><h1>Listings Sandbox</h1><p>This origin serves <code>/oauth2/authorize</code>.</p></div>',
        ),
        {
          headers: PAGE_HEADERS,
        },
      ),
  );
}
