// The embedded panel in real Chromium against what a hostile page does: a page script reaches neither the
// panel's DOM nor the extension, our content script can read nothing, a page that hides, covers or
// restyles the panel decides nothing, and the page hears nothing that names the extension.
import { describe, expect, test } from 'vitest';
import { attackPanel, panelDesk, poll } from './embedded-panel-helpers.ts';

const { desk, state, locationsWithSuggestions, addSiteThroughOptions, openRecord, togglePanel, panelFrame, ruleById } =
  panelDesk();

describe('the embedded panel on the demo CRM', () => {
  test('a page script gets nothing: not the panel’s DOM, not the extension, not a framed panel', async () => {
    await desk.link('1001');
    await addSiteThroughOptions();
    const [location] = await locationsWithSuggestions();
    const page = await openRecord(location!.id);
    await togglePanel(page);
    const panel = await panelFrame(page);
    await poll(() => panel.getByTestId('panel-proposal').count()).toBe(1);

    const reach = await page.evaluate(async (extensionId) => {
      const host = document.querySelector('listings-desk-panel');
      const framed = document.querySelectorAll('iframe').length;
      const runtime = (globalThis as { chrome?: { runtime?: { sendMessage?: unknown } } }).chrome?.runtime;
      let messaged = 'no runtime';
      if (typeof runtime?.sendMessage === 'function') {
        try {
          const send = runtime.sendMessage as (id: string, m: unknown) => Promise<unknown>;
          messaged = JSON.stringify(await send(extensionId, { desk: 'request', type: 'triage.view', input: {} }));
        } catch (error) {
          messaged = `refused: ${(error as Error).message}`;
        }
      }
      return {
        shadowRoot: host?.shadowRoot ?? null,
        text: host?.textContent ?? '',
        framed,
        messaged,
        frameText: (() => {
          try {
            return window.frames[0]?.document.body.textContent ?? 'no frame';
          } catch {
            return 'cross-origin';
          }
        })(),
      };
    }, desk.extensionId);
    expect(reach.shadowRoot).toBeNull();
    expect(reach.text).toBe('');
    expect(reach.framed).toBe(0);
    expect(reach.messaged).toMatch(/^(no runtime|refused)/);
    expect(['no frame', 'cross-origin']).toContain(reach.frameText);

    // The page frames panel.html itself (the dynamic URL would be unknown to it; even the real one acts on nothing).
    const attempt = await page.evaluate(async (src) => {
      const frame = document.createElement('iframe');
      frame.src = src;
      document.body.append(frame);
      await new Promise((resolve) => setTimeout(resolve, 500));
      return frame.isConnected;
    }, desk.url('panel.html'));
    expect(attempt).toBe(true);
    const framedByPage = page.frames().filter((f) => f.url().includes('/panel.html') && f !== panel);
    for (const frame of framedByPage) {
      await poll(() => frame.locator('body').textContent()).not.toContain('suggestion');
    }

    // A panel frame is not an extension page: it may not ask for connection settings or linking.
    const asked = await panel.evaluate(async () => {
      const api = (globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } })
        .chrome.runtime;
      const ask = (type: string) => api.sendMessage({ desk: 'request', type, input: {} });
      return {
        connection: await ask('connection.get'),
        link: await ask('accounts.link'),
        sites: await ask('panel.sites.list'),
        // Users are managed from the options page only (issue 11).
        users: await ask('users.list'),
      };
    });
    for (const reply of Object.values(asked)) expect(reply).toMatchObject({ ok: false, error: { code: 'forbidden' } });

    // panel.html opened by itself (no ticket, not framed by our content script) refuses to act.
    const alone = await desk.context.newPage();
    await alone.goto(desk.url('panel.html?ticket=made-up-by-a-page-0000000000'));
    await poll(() => alone.locator('body').textContent()).toContain(
      'This panel only works when Listings Desk opens it',
    );
  });

  test('our content script (in the page’s process) cannot read storage.local, and may ask for nothing but a ticket', async () => {
    await desk.link('1001');
    await addSiteThroughOptions();
    const [location] = await locationsWithSuggestions();
    const page = await openRecord(location!.id);
    // The content script's isolated world, reached through the DevTools protocol.
    const cdp = await page.context().newCDPSession(page);
    const contexts: { id: number; name: string; auxData?: { type?: string } }[] = [];
    cdp.on('Runtime.executionContextCreated', ({ context }) => contexts.push(context));
    await cdp.send('Runtime.enable');
    await poll(() => contexts.some((c) => c.auxData?.type === 'isolated' && c.name === 'Listings Desk'));
    const contextId = contexts.find((c) => c.auxData?.type === 'isolated' && c.name === 'Listings Desk')!.id;
    const run = async (expression: string) =>
      (await cdp.send('Runtime.evaluate', { expression, contextId, awaitPromise: true, returnByValue: true })).result
        .value as string;
    const storageRead = await run(
      'chrome.storage.local.get(null).then((v) => "read " + Object.keys(v).length + " keys", (e) => "refused: " + e.message)',
    );
    expect(storageRead).toMatch(/^refused: Access to storage is not allowed from this context/);
    const asked = await run(
      `chrome.runtime.sendMessage({ desk: 'request', type: 'triage.view', input: {} }).then((r) => JSON.stringify(r))`,
    );
    expect(JSON.parse(asked)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    // Nor may it manage users: a delete is refused before it reaches the service.
    const deleted = await run(
      `chrome.runtime.sendMessage({ desk: 'request', type: 'users.delete', input: { userId: 'hb-owner' } }).then((r) => JSON.stringify(r))`,
    );
    expect(JSON.parse(deleted)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    const { users } = await desk.control.state<{ users: { id: string }[] }>();
    expect(users.some((u) => u.id === 'hb-owner')).toBe(true);
    await cdp.detach();
  });

  test('a page that hides, dims, shrinks or covers the panel decides nothing, by click or by key (clickjacking)', async () => {
    await desk.link('1001');
    await addSiteThroughOptions();
    await ruleById();
    const [location] = await locationsWithSuggestions();
    const page = await openRecord(location!.id);
    await togglePanel(page);
    const panel = await panelFrame(page);
    const rows = panel.getByRole('feed').getByRole('article');
    await poll(() => rows.count()).toBeGreaterThan(1);
    // By id: the list may be drawn again in another order while the test runs.
    const [luredId, realId] = await Promise.all(
      [rows.nth(0), rows.nth(1)].map(async (row) => (await row.getAttribute('id'))!.replace(/^suggestion-/, '')),
    );
    const [lured, real] = [panel.locator(`#suggestion-${luredId}`), panel.locator(`#suggestion-${realId}`)];
    const accept = lured.getByRole('button', { name: 'Accept' });
    // Really visible, the panel acts: a trial click waits until the button takes pointer events.
    await accept.click({ trial: true });
    const actingAfter = await panel.evaluate(() => performance.now());
    const box = (await accept.boundingBox())!;
    const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const sight = panel.getByRole('status').filter({ hasText: /hiding or covering/ });

    const attacks: [string, { css: string; cover?: boolean }][] = [
      ['the host made transparent (the reported attack)', { css: 'listings-desk-panel { opacity: 0 !important; }' }],
      ['nearly transparent', { css: 'listings-desk-panel { opacity: 0.05 !important; }' }],
      ['an ancestor made transparent', { css: 'html { opacity: 0.5 !important; }' }],
      ['a filter', { css: 'listings-desk-panel { filter: opacity(0.02) !important; }' }],
      [
        'shrunk by a transform',
        {
          css: `listings-desk-panel { display: block !important; transform: scale(0.1) !important; transform-origin: ${at.x}px ${at.y}px; }`,
        },
      ],
      ['covered by an overlay clicks pass through', { css: '', cover: true }],
      [
        'clipped to its Accept button',
        {
          css: `listings-desk-panel { display: block !important; position: fixed !important; inset: 0 !important; clip-path: inset(${at.y - 15}px calc(100vw - ${at.x + 40}px) calc(100vh - ${at.y + 15}px) ${at.x - 40}px) !important; }`,
        },
      ],
      ['shrunk by CSS zoom', { css: 'listings-desk-panel { zoom: 0.1 !important; }' }],
      ['an ancestor shrunk by CSS zoom', { css: 'html { zoom: 0.3 !important; }' }],
    ];
    for (const [name, attack] of attacks) {
      // The list has focus, as for a decision by key.
      await lured.focus();
      await attackPanel(page, attack, at);
      await poll(() => sight.count(), { timeout: 10_000 }).toBe(1);
      await page.mouse.click(at.x, at.y);
      await page.keyboard.press('a');
      await attackPanel(page, null);
      await poll(() => sight.count(), { timeout: 10_000 }).toBe(0);
      // Focus that the pause took away is back where it was.
      await poll(() => lured.evaluate((row) => row === document.activeElement)).toBe(true);
      // Not "Accepted · Undo": the row still offers its decision.
      expect(await panel.locator(`#suggestion-${luredId}`).getByRole('button', { name: 'Accept' }).count(), name).toBe(
        1,
      );
    }

    // Seen again, the panel acts on a real key; decisions go out in order, so once this one has reached the
    // service any lured one would have too. (By key: a mouse click here, right after the page's last change,
    // was lost in 3 of 11 full runs at load 15-18, the row never showing Undo; cause not found.)
    await real.focus();
    await page.keyboard.press('r');
    await poll(() => real.getByRole('button', { name: 'Undo' }).count()).toBe(1);
    // 30 s: the outbox's undo window, then its send, on a machine shared with other builds.
    await poll(async () => (await state()).suggestions.find((x) => x.id === realId)?.status, {
      timeout: 30_000,
    }).toBe('REJECTED');
    expect((await state()).suggestions.find((x) => x.id === luredId)?.status).toBe('WAITING_ON_CUSTOMER');
    console.info(`panel acting ${Math.round(actingAfter)} ms after its frame started`);
  });

  test('the page hears nothing that names the extension, and a forged WXT event does not take the panel away', async () => {
    await desk.link('1001');
    await addSiteThroughOptions();
    const [first, second] = await locationsWithSuggestions();
    const tab = await desk.context.newPage();
    await tab.addInitScript(() => {
      const heard: string[] = [];
      (window as unknown as { heard: string[] }).heard = heard;
      addEventListener('message', (event) => heard.push(JSON.stringify(event.data) ?? String(event.data)), true);
    });
    const page = await openRecord(first!.id, tab);
    await togglePanel(page);
    const panel = await panelFrame(page);
    await poll(() => panel.getByTestId('panel-proposal').textContent()).toContain(first!.name);
    const heard = await page.evaluate(() => (window as unknown as { heard: string[] }).heard);
    expect(heard.filter((m) => m.includes(desk.extensionId) || m.includes('content-script-started'))).toEqual([]);

    // WXT's own signal that a newer copy of the script started, forged by a page that knows our public id.
    await page.evaluate((id) => {
      const detail = { contentScriptName: 'embedded-panel', messageId: 'forged' };
      document.dispatchEvent(new CustomEvent(`${id}:embedded-panel:wxt:content-script-started`, { detail }));
    }, desk.extensionId);
    expect(await page.locator('listings-desk-panel').count()).toBe(1);
    // It still follows client-side navigation, and the shortcut still closes and opens it.
    await page.getByRole('link', { name: 'Customers' }).click();
    await page.getByRole('link', { name: second!.name, exact: true }).click();
    await poll(() => panel.getByTestId('panel-proposal').textContent()).toContain(second!.name);
  });
});
