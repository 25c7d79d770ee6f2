// Account linking in real Chromium against the sandbox: Allow, Deny, a closed window, a tampered state,
// two accounts and switching, unlinking, no plaintext token in any storage area, and a revoked token → Relink.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { AUTH_TIMEOUT_MS, deskForFile } from './fixture.ts';

const desk = deskForFile();

const accountSelect = (page: Page) => page.getByRole('combobox', { name: 'Account' }).first();

/**
 * Linking starts work in the background: the badge's count, and the popup's triage list, health counts and the
 * names its rows show. This waits until the worker says each has been fetched and none is refreshing, the
 * badge's count has been answered, and the sandbox has no request in flight, so later request counts belong to
 * what the test does next.
 */
async function linkingSettled() {
  type Logged = { method: string; path: string; status: number; query?: Record<string, string> };
  await expect
    .poll(
      async () => {
        const requests = (await desk.control.requests()).requests as Logged[];
        const badgeAnswered = requests.some(
          (r) => r.path.endsWith('/publishersuggestions') && r.query?.limit === '1' && r.status !== 0,
        );
        // The sandbox logs a request as it arrives, with status 0 until it answers.
        const inFlight = requests.some((r) => r.status === 0);
        const views = await Promise.all([
          desk.ask('triage.view', {}),
          desk.ask('health.summary', {}),
          desk.ask('locations.list', {}),
          desk.ask('publishers.directory', {}),
        ]);
        const settled = views.every((v) => v.ok && v.value.fetchedAt !== null && !v.value.refreshing);
        return badgeAnswered && !inFlight && settled;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}

async function expectActiveAccount(page: Page, name: string) {
  // With more than one account linked the popup's switcher adds each one's waiting count (issue 24).
  await expect
    .poll(
      async () => (await accountSelect(page).locator('option:checked').textContent())?.replace(/ \(\d+ waiting\)$/, ''),
      { timeout: 10_000 },
    )
    .toBe(name);
}

describe('account linking', () => {
  test('Link account in the popup, Allow → the account name is shown', async () => {
    const popup = await desk.openPopup();
    const auth = await desk.waitForAuthPage(() => popup.getByRole('button', { name: 'Link account' }).click());
    expect(new URL(auth.url()).pathname).toBe('/oauth2/authorize');
    const authorize = new URL(auth.url()).searchParams;
    expect(authorize.get('client_id')).toBe(desk.sandbox.clientId);
    expect(authorize.get('redirect_uri')).toBe(desk.redirectUri);
    expect(authorize.get('response_type')).toBe('code');
    expect(authorize.get('state')?.length).toBeGreaterThanOrEqual(22); // ≥ 128 bits in base64url

    await desk.decide(auth, 'allow', '1001');
    await expect
      .poll(() => popup.getByTestId('linked-confirmation').textContent(), { timeout: 10_000 })
      .toContain('Harbor Bakery Group');
    await expectActiveAccount(popup, 'Harbor Bakery Group');

    const reply = await desk.ask('accounts.list', {});
    expect(reply.ok && reply.value.accounts.map((a) => [a.accountName, a.appSpecificAccountId])).toEqual([
      ['Harbor Bakery Group', 'app-1001'],
    ]);
    // The manifest's http://127.0.0.1/* and http://localhost/* cover the sandbox's random ports.
    const covered = await popup.evaluate(
      (origins) =>
        (
          globalThis as unknown as { chrome: { permissions: { contains(p: { origins: string[] }): Promise<boolean> } } }
        ).chrome.permissions.contains({ origins }),
      [`${desk.sandbox.apiUrl}/*`, `${desk.sandbox.authUrl}/*`],
    );
    expect(covered).toBe(true);
    // The state was single-use: nothing pending is left behind.
    const storage = await desk.dumpStorage();
    expect(storage.local.pendingAuthStates ?? []).toEqual([]);
  });

  test('Deny → "access was denied", nothing stored', async () => {
    const options = await desk.openOptions();
    const auth = await desk.waitForAuthPage(() => options.getByRole('button', { name: 'Link account' }).click());
    await desk.decide(auth, 'deny');
    const alert = options.getByRole('alert').filter({ hasText: 'not linked' });
    await expect.poll(() => alert.textContent(), { timeout: 10_000 }).toMatch(/access was denied/i);
    const reply = await desk.ask('accounts.list', {});
    expect(reply.ok && reply.value.accounts).toEqual([]);
    const storage = await desk.dumpStorage();
    expect(storage.local.tokenVault ?? {}).toEqual({});
  });

  test('closing the sign-in window → "Linking cancelled"', async () => {
    const options = await desk.openOptions();
    const auth = await desk.waitForAuthPage(() => options.getByRole('button', { name: 'Link account' }).click());
    await auth.close();
    const alert = options.getByRole('alert').filter({ hasText: 'not linked' });
    await expect.poll(() => alert.textContent(), { timeout: AUTH_TIMEOUT_MS }).toContain('Linking cancelled');
    const reply = await desk.ask('accounts.list', {});
    expect(reply.ok && reply.value.accounts).toEqual([]);
  });

  test('the window closed while Allow is on its way → "Linking cancelled" in words, nothing linked', async () => {
    const options = await desk.openOptions();
    const auth = await desk.waitForAuthPage(() => options.getByRole('button', { name: 'Link account' }).click());
    // The sandbox holds every answer 3 s from here, so the window can be closed while Allow's answer loads.
    await desk.control.call('POST', 'latency', { ms: 3_000 });
    try {
      // Playwright's click waits for the navigation it started: the window is closed meanwhile, as a person would.
      const deciding = desk.decide(auth, 'allow', '1001');
      await expect
        .poll(async () =>
          (await desk.control.requests()).requests.some((r) => r.method === 'POST' && r.path === '/oauth2/authorize'),
        )
        .toBe(true);
      await auth.close();
      // The helper takes a window closed under its click as the flow's end (the sandbox has the decision).
      await deciding;
      const alert = options.getByRole('alert').filter({ hasText: 'not linked' });
      await expect
        .poll(() => alert.textContent(), { timeout: AUTH_TIMEOUT_MS })
        .toContain('Linking cancelled: the sign-in window closed before linking finished, so nothing was linked.');
      expect(await alert.textContent()).not.toContain('Check the auth URL');
    } finally {
      await desk.control.call('POST', 'latency', { ms: 0 });
    }
    const reply = await desk.ask('accounts.list', {});
    expect(reply.ok && reply.value.accounts).toEqual([]);
    expect(await desk.control.tokens()).toEqual([]);
  });

  test('a tampered state is refused and nothing is linked', async () => {
    const options = await desk.openOptions();
    const auth = await desk.waitForAuthPage(() => options.getByRole('button', { name: 'Link account' }).click());
    // The authorize page carries the state in its form; change it before Allow, as an attacker's page would.
    await auth.locator('input[name="state"]').evaluate((input: HTMLInputElement) => {
      input.value = 'forged-state-value-0123456789';
    });
    await desk.decide(auth, 'allow', '1001');
    const alert = options.getByRole('alert').filter({ hasText: 'not linked' });
    await expect.poll(() => alert.textContent(), { timeout: 10_000 }).toMatch(/state mismatch/i);
    const reply = await desk.ask('accounts.list', {});
    expect(reply.ok && reply.value.accounts).toEqual([]);
    // The code was never exchanged: the sandbox minted no token.
    expect(await desk.control.tokens()).toEqual([]);
  });

  test('two accounts: switch between them, then unlink one', async () => {
    const options = await desk.openOptions();
    await desk.linkThroughUi({ page: options, accountId: '1001' });
    await expect
      .poll(() => options.getByRole('row', { name: /Harbor Bakery Group/ }).count(), { timeout: 10_000 })
      .toBe(1);
    await desk.linkThroughUi({ page: options, accountId: '1002' });
    await expect
      .poll(() => options.getByRole('row', { name: /Summit Outdoor Supply/ }).count(), { timeout: 10_000 })
      .toBe(1);
    await expectActiveAccount(options, 'Summit Outdoor Supply');

    // Switch in the popup's switcher…
    const popup = await desk.openPopup();
    await expectActiveAccount(popup, 'Summit Outdoor Supply');
    // The option a person reads: the name, and (across accounts) its waiting count.
    const harbor = await accountSelect(popup)
      .locator('option')
      .filter({ hasText: /^Harbor Bakery Group/ })
      .textContent();
    await accountSelect(popup).selectOption({ label: harbor! });
    await expectActiveAccount(popup, 'Harbor Bakery Group');
    // …and the options page follows.
    await expectActiveAccount(options, 'Harbor Bakery Group');
    let reply = await desk.ask('accounts.list', {});
    expect(reply.ok && reply.value.activeAccountKey).toBe('app-1001');

    // Each account keeps its own name, app-specific id and link time.
    expect(reply.ok && reply.value.accounts.map((a) => a.appSpecificAccountId).sort()).toEqual([
      'app-1001',
      'app-1002',
    ]);
    expect(reply.ok && reply.value.accounts.every((a) => a.linkedAt > 0)).toBe(true);

    // Unlink the active account: its token goes, the other becomes active.
    await options.getByRole('button', { name: 'Unlink Harbor Bakery Group' }).click();
    await options.getByRole('button', { name: 'Confirm unlink of Harbor Bakery Group' }).click();
    await expect
      .poll(() => options.getByRole('row', { name: /Harbor Bakery Group/ }).count(), { timeout: 10_000 })
      .toBe(0);
    reply = await desk.ask('accounts.list', {});
    expect(reply.ok && reply.value.accounts.map((a) => a.accountKey)).toEqual(['app-1002']);
    expect(reply.ok && reply.value.activeAccountKey).toBe('app-1002');
    const storage = await desk.dumpStorage();
    expect(Object.keys(storage.local.tokenVault as object)).toEqual(['app-1002']);
  });

  test('after linking, no storage area holds the plaintext token; IndexedDB holds only the CryptoKey', async () => {
    const popup = await desk.openPopup();
    await desk.linkThroughUi({ page: popup, accountId: '1001' });
    await expectActiveAccount(popup, 'Harbor Bakery Group');
    const linked = await desk.link('1002');
    expect(linked.accountName).toBe('Summit Outdoor Supply');
    const tokens = (await desk.control.tokens()).map((t) => t.access_token);
    expect(tokens).toHaveLength(2);

    const storage = await desk.dumpStorage();
    const everything = JSON.stringify(storage);
    expect(Object.keys(storage.local.tokenVault as object).sort()).toEqual(['app-1001', 'app-1002']); // sealed tokens…
    const idb = await desk.dumpIndexedDb();
    expect(idb.entries).toHaveLength(1);
    expect(idb.entries[0]).toMatchObject({ database: 'listings-desk-vault', kind: 'CryptoKey', extractable: false });
    const reply = await desk.ask('accounts.list', {});
    for (const token of tokens) {
      expect(token.length).toBeGreaterThan(10);
      expect(everything).not.toContain(token); // …but never a plaintext token, in local, sync or session
      expect(JSON.stringify(idb)).not.toContain(token);
      expect(JSON.stringify(reply)).not.toContain(token); // nor in what a UI receives
    }
  });

  test('a revoked token → "needs relinking" and Relink links it again', async () => {
    const popup = await desk.openPopup();
    await desk.linkThroughUi({ page: popup, accountId: '1001' });
    await expectActiveAccount(popup, 'Harbor Bakery Group');
    await linkingSettled();
    const [token] = await desk.control.tokens();
    await desk.control.revokeToken(token!.access_token);
    await desk.settleThenClearRequests(popup);

    const badge = await desk.ask('badge.refresh', {});
    expect(badge.ok).toBe(false);
    expect(!badge.ok && badge.error.code).toBe('needs-relink');
    // A 401 is never retried: exactly one API call.
    const log = await desk.control.requests();
    expect(log.requests.filter((r) => r.path.startsWith('/v2'))).toHaveLength(1);

    const relink = popup.getByRole('button', { name: 'Relink Harbor Bakery Group' });
    await expect.poll(() => relink.count(), { timeout: 10_000 }).toBe(1);
    const auth = await desk.waitForAuthPage(() => relink.click());
    await desk.decide(auth, 'allow', '1001');
    await expect.poll(() => relink.count(), { timeout: 10_000 }).toBe(0);
    const reply = await desk.ask('accounts.list', {});
    expect(reply.ok && reply.value.accounts.map((a) => a.needsRelink)).toEqual([false]);
    const refreshed = await desk.ask('badge.refresh', {});
    expect(refreshed.ok && refreshed.value.count).toBeGreaterThan(0);
  });

  test('a link started in the popup that closed: denied, or a failed exchange, is shown when the popup reopens', async () => {
    // The harness keeps a popup.html open to send requests from; an open popup would show (and consume) the
    // outcome at once, so it waits on a blank page meanwhile.
    const bridges = desk.context.pages().filter((p) => p.url().startsWith(desk.url('')));
    await Promise.all(bridges.map((p) => p.goto('about:blank')));
    try {
      for (const ending of ['deny', 'exchange-fails'] as const) {
        if (ending === 'exchange-fails') {
          await desk.control.faults({ method: 'POST', path: '/oauth2/accesstoken', status: 500, count: 10 });
        }
        const popup = await desk.openPopup();
        const auth = await desk.waitForAuthPage(() => popup.getByRole('button', { name: 'Link account' }).click());
        await popup.close(); // as Chrome closes it when the sign-in window takes focus
        await desk.decide(auth, ending === 'deny' ? 'deny' : 'allow', ending === 'deny' ? undefined : '1001');

        const reopened = await desk.openPopup();
        const alert = reopened.getByRole('alert').filter({ hasText: 'not linked' });
        await expect
          .poll(() => alert.textContent(), { timeout: 15_000 })
          .toMatch(ending === 'deny' ? /access was denied/i : /did not hand out an access token/);
        // Shown once: the worker forgets it, so the next page does not show it again.
        await expect
          .poll(async () => {
            const reply = await desk.ask('accounts.linkingOutcome', {}, reopened);
            return reply.ok && reply.value.outcome;
          })
          .toBeNull();
        await reopened.close();
      }
    } finally {
      await Promise.all(bridges.map((p) => p.goto(desk.url('popup.html'))));
    }
  });
});
