// What a CRM site is: an origin the user types (scheme, host, optional port, nothing after), https, or
// http on this computer. Plain code, so the options page checks it without loading the protocol's zod.

export type SiteOriginCheck = { ok: true; origin: string } | { ok: false; problem: string };

export function checkSiteOrigin(text: string): SiteOriginCheck {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { ok: false, problem: 'Enter an origin such as https://acme.my.salesforce.com.' };
  }
  const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    return { ok: false, problem: 'The panel goes on https:// sites (or http:// on this computer).' };
  }
  if (url.pathname !== '/' || url.search || url.hash || url.username || url.password) {
    return { ok: false, problem: `Enter the origin only: ${url.origin}` };
  }
  return { ok: true, origin: url.origin };
}

/** Chrome grants host access per host, any port: the permission asked for and given back. */
export function permissionPattern(origin: string): string {
  const { protocol, hostname } = new URL(origin);
  return `${protocol}//${hostname}/*`;
}
