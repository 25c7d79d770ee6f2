// The sandbox's demo CRM for the embedded panel: its own origin, a strict CSP on every answer, a list and
// one record page per seeded location, and the JSON its client-side navigation loads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxState } from '../../sandbox/model.ts';
import { type RunningSandbox, startSandbox } from '../../sandbox/server.ts';

let sandbox: RunningSandbox;
let state: SandboxState;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, authPort: 0 });
  state = (await (await fetch(`${sandbox.apiUrl}/__sandbox/state`)).json()) as SandboxState;
});
afterAll(() => sandbox?.close());

describe('the demo CRM', () => {
  it('is a third loopback origin on a free port when the API’s is 0', () => {
    const origins = new Set([sandbox.apiUrl, sandbox.authUrl, sandbox.crmUrl].map((u) => new URL(u).origin));
    expect(origins.size).toBe(3);
    expect(sandbox.crmUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(new URL(sandbox.crmUrl).port).not.toBe('8789');
  });

  it('serves every page, script and style with a strict CSP and no inline script or style', async () => {
    for (const path of ['/', `/customers/${state.locations[0]!.id}`, '/crm.js', '/crm.css', '/api/customers']) {
      const response = await fetch(`${sandbox.crmUrl}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-security-policy')).toBe(
        "default-src 'self'; frame-src 'self'; base-uri 'none'; form-action 'self'",
      );
      const body = await response.text();
      if (path === '/' || path.startsWith('/customers/')) {
        expect(body).not.toMatch(/<script>|<style|style=/);
      }
    }
  });

  it('shows a record as a CRM does: the name, the street spelled out, the phone in another format', async () => {
    const location = state.locations.find((l) => l.address.line1.endsWith(' St'))!;
    const html = await (await fetch(`${sandbox.crmUrl}/customers/${encodeURIComponent(location.id)}`)).text();
    expect(html).toContain(`<h1>${location.name}</h1>`);
    expect(html).toContain(location.address.line1.replace(/ St$/, ' Street'));
    const digits = location.phone.replace(/\D/g, '');
    expect(html).toContain(`${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6)}`);
    const json = (await (await fetch(`${sandbox.crmUrl}/api/customers/${encodeURIComponent(location.id)}`)).json()) as {
      title: string;
      html: string;
    };
    expect(json.title).toBe(location.name);
    expect(json.html).toContain(`<h1>${location.name}</h1>`);
  });

  it('lists every seeded location, links marked for client-side navigation, and answers 404 for others', async () => {
    const html = await (await fetch(`${sandbox.crmUrl}/`)).text();
    expect(html.match(/<a href="\/customers\/[^"]+" data-nav>/g)?.length).toBe(state.locations.length);
    expect((await fetch(`${sandbox.crmUrl}/customers/NOPE-1`)).status).toBe(404);
    expect((await fetch(`${sandbox.crmUrl}/api/customers/NOPE-1`)).status).toBe(404);
  });

  it('can be left out', async () => {
    const bare = await startSandbox({ port: 0, authPort: 0, crmPort: false });
    try {
      expect(bare.crmUrl).toBe('');
    } finally {
      await bare.close();
    }
  });
});
