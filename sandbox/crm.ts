// A small demo CRM on its own loopback origin, for the embedded panel: a customer list and one record
// page per seeded location (name, address, phone, the way a CRM shows them), client-side navigation
// between records, and a strict Content-Security-Policy (no inline scripts or styles, frames from itself only).
import { Hono } from 'hono';
import type { Location } from './model.ts';
import type { Store } from './store.ts';

export const CRM_CSP = "default-src 'self'; frame-src 'self'; base-uri 'none'; form-action 'self'";

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** How this CRM writes a street: words spelled out, as people type them into CRMs. */
const SPELLED: Record<string, string> = {
  St: 'Street',
  Blvd: 'Boulevard',
  Ave: 'Avenue',
  Rd: 'Road',
  NW: 'NW',
  NE: 'NE',
  SE: 'SE',
};
export function crmStreet(line1: string): string {
  return line1
    .split(' ')
    .map((word) => SPELLED[word] ?? word)
    .join(' ');
}

/** 503.555.0142: another way of writing the service's (503) 555-0142. */
export function crmPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 10 ? `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6)}` : phone;
}

export interface CrmRecord {
  id: string;
  customer: string;
  name: string;
  street: string;
  city: string;
  phone: string;
  owner: string;
}

function toRecord(location: Location, accountName: string, index: number): CrmRecord {
  const a = location.address;
  return {
    id: location.id,
    customer: accountName,
    name: location.name,
    street: [crmStreet(a.line1), a.line2].filter(Boolean).join(', '),
    city: `${a.city}, ${a.region} ${a.postalCode}`,
    phone: crmPhone(location.phone),
    owner: ['Dana Whitfield', 'Luis Ortega', 'Mei Chen'][index % 3]!,
  };
}

function records(store: Store): CrmRecord[] {
  const names = new Map(store.state.accounts.map((a) => [a.accountId, a.accountName]));
  return store.state.locations.map((l, i) => toRecord(l, names.get(l.accountId) ?? l.accountId, i));
}

export function recordHtml(record: CrmRecord): string {
  const e = escapeHtml;
  return `<article class="record"><p class="crumbs"><a href="/" data-nav>Customers</a> › ${e(record.customer)}</p>
<h1>${e(record.name)}</h1>
<dl><dt>Address</dt><dd>${e(record.street)}<br>${e(record.city)}</dd>
<dt>Phone</dt><dd>${e(record.phone)}</dd><dt>Account owner</dt><dd>${e(record.owner)}</dd>
<dt>Stage</dt><dd>Renewal · Q1</dd></dl>
<section class="notes"><h2>Notes</h2><p>Called about opening hours over the holidays. Follow up next week.</p></section></article>`;
}

export function listHtml(all: CrmRecord[]): string {
  const e = escapeHtml;
  const rows = all
    .map(
      (r) =>
        `<tr><td><a href="/customers/${encodeURIComponent(r.id)}" data-nav>${e(r.name)}</a></td><td>${e(r.customer)}</td><td>${e(r.owner)}</td></tr>`,
    )
    .join('');
  return `<h1>Customers</h1><table><thead><tr><th>Name</th><th>Account</th><th>Owner</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · Demo CRM</title><link rel="stylesheet" href="/crm.css"><script src="/crm.js" defer></script></head>
<body><header class="top">Demo CRM <small>sandbox</small></header><main id="view">${body}</main></body></html>`;
}

const CSS = `body{margin:0;font:14px/1.4 system-ui,sans-serif;color:#1d2530;background:#f3f5f8}
.top{background:#22304a;color:#fff;padding:10px 20px;font-weight:600}.top small{opacity:.7;font-weight:400;margin-left:6px}
main{max-width:880px;margin:20px auto;padding:0 20px}table{width:100%;border-collapse:collapse;background:#fff}
th,td{text-align:left;padding:6px 10px;border-bottom:1px solid #e1e5eb}a{color:#1f5fae}
.record{background:#fff;padding:16px 20px;border:1px solid #e1e5eb;border-radius:6px}dl{display:grid;grid-template-columns:140px 1fr;gap:6px 12px}
dt{color:#5c6878}dd{margin:0}.crumbs{color:#5c6878;margin:0}
@media (prefers-color-scheme: dark){body{background:#12161c;color:#e3e7ec}.record,table{background:#1b2028;border-color:#2c333d}
th,td{border-color:#2c333d}a{color:#8db1ff}dt,.crumbs{color:#9aa4b2}}`;

/** Client-side navigation: links marked data-nav load the record as JSON and push the address. */
const JS = `(() => {
  const view = document.getElementById('view');
  async function show(path, push) {
    const res = await fetch('/api' + (path === '/' ? '/customers' : path));
    if (!res.ok) { location.href = path; return; }
    const data = await res.json();
    view.innerHTML = data.html;
    document.title = data.title + ' · Demo CRM';
    if (push) history.pushState(null, '', path);
  }
  document.addEventListener('click', (event) => {
    const link = event.target.closest && event.target.closest('a[data-nav]');
    if (!link || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    show(new URL(link.href).pathname, true);
  });
  addEventListener('popstate', () => show(location.pathname, false));
})();`;

export function createCrmApp(store: Store): Hono {
  const app = new Hono();
  app.use('*', async (c, next) => {
    await next();
    c.res.headers.set('content-security-policy', CRM_CSP);
    c.res.headers.set('cache-control', 'no-store');
  });
  const find = (id: string) => records(store).find((r) => r.id === id);
  app.get('/', (c) => c.html(page('Customers', listHtml(records(store)))));
  app.get('/customers/:id', (c) => {
    const record = find(c.req.param('id'));
    return record
      ? c.html(page(record.name, recordHtml(record)))
      : c.html(page('Not found', '<h1>No such customer</h1>'), 404);
  });
  app.get('/api/customers', (c) => c.json({ title: 'Customers', html: listHtml(records(store)) }));
  app.get('/api/customers/:id', (c) => {
    const record = find(c.req.param('id'));
    return record
      ? c.json({ title: record.name, html: recordHtml(record), record })
      : c.json({ error: 'not found' }, 404);
  });
  app.get('/crm.css', (c) => c.body(CSS, 200, { 'content-type': 'text/css; charset=utf-8' }));
  app.get('/crm.js', (c) => c.body(JS, 200, { 'content-type': 'text/javascript; charset=utf-8' }));
  return app;
}
