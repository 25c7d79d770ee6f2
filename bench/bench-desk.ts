// The sandbox and headless Chromium with the built extension, as every browser figure needs them.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { requestMessage } from '../lib/messaging/protocol/envelope.ts';
import type { RequestInput, RequestType } from '../lib/messaging/protocol/index.ts';
import { type RunningSandbox, startSandbox } from '../sandbox/server.ts';
import { CHROME_PATH, extensionArgs } from '../scripts/lib/chromium.ts';
import { SandboxControl } from '../test/e2e/sandbox-control.ts';
import { sandboxConnection } from '../test/support/sandbox-connection.ts';

/** `alongside`: other unpacked extensions loaded in the same browser (a floor measured in the same launch). */
export async function launchBenchDesk(
  extensionDirOption: string | undefined,
  profilePrefix: string,
  alongside: string[] = [],
) {
  const extensionDir = resolve(extensionDirOption ?? '.output/chrome-mv3');
  if (!existsSync(join(extensionDir, 'manifest.json'))) throw new Error(`no built extension in ${extensionDir}`);
  const sandbox = await startSandbox({ port: 0, authPort: 0 });
  const profile = mkdtempSync(join(tmpdir(), profilePrefix));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROME_PATH,
    headless: true,
    // Both flags take a comma-separated list.
    args: extensionArgs([extensionDir, ...alongside.map((dir) => resolve(dir))].join(',')),
  });
  // The first extension's worker, not one loaded beside it.
  const first = (w: { url(): string }) => alongside.length === 0 || !/\/worker\.js$/.test(w.url());
  const worker =
    context.serviceWorkers().find(first) ?? (await context.waitForEvent('serviceworker', { predicate: first }));
  const close = async () => {
    await context.close().catch(() => undefined);
    await sandbox.close().catch(() => undefined);
    rmSync(profile, { recursive: true, force: true });
  };
  return { sandbox, context, worker, extensionId: new URL(worker.url()).host, close };
}

/** The sandbox's control API (`/__sandbox/*` on `apiUrl`): reset, quota, tokens, its request log. */
export function control<T = unknown>(
  apiUrl: string,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  return new SandboxControl(apiUrl).call<T>(method, path, body);
}

export type BenchReply = { ok: boolean; value?: Record<string, unknown>; error?: { message: string } };

/** Sends one request to the worker from an extension page, as the UI's ask() does. */
export function askFrom<K extends RequestType>(page: Page, type: K, input: RequestInput<K>): Promise<BenchReply> {
  return page.evaluate(
    (message) =>
      (
        globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }
      ).chrome.runtime.sendMessage(message),
    requestMessage(type, input),
  ) as Promise<BenchReply>;
}

/** A step of linking on a loaded machine (the sign-in window opening, the token exchange): generous, never a sleep. */
const LINK_STEP_MS = 180_000;

/**
 * Makes the sandbox the Connection, then links sandbox account 1001 (or `accountId`) the way a person does:
 * Link → the service's page → Allow. Answers the link's reply (the linked account).
 */
export async function linkSandboxAccount(
  context: BrowserContext,
  page: Page,
  sandbox: RunningSandbox,
  accountId?: string,
) {
  const saved = await askFrom(page, 'connection.save', sandboxConnection(sandbox));
  if (!saved.ok) throw new Error(`connection.save failed: ${saved.error?.message}`);
  return allowSandboxLink(context, page, sandbox, accountId);
}

/**
 * Links one sandbox account over the message path, as the e2e fixture's `link` does: 'accounts.link', then
 * the account chosen and Allow on the service's page. Chrome closes that window as soon as Allow redirects,
 * sometimes before Playwright's click returns: that is the flow's end once the sandbox has the decision.
 */
export async function allowSandboxLink(
  context: BrowserContext,
  page: Page,
  sandbox: RunningSandbox,
  accountId?: string,
) {
  const authOrigin = new URL(sandbox.authUrl).origin;
  const authPage = context.waitForEvent('page', {
    timeout: LINK_STEP_MS,
    predicate: (p) => !p.url().startsWith('chrome-extension://'),
  });
  // If the ask fails, that failure is the one to report, not the wait for a window that never opens.
  authPage.catch(() => undefined);
  const linked = askFrom(page, 'accounts.link', {});
  const auth = await authPage;
  try {
    await auth.waitForURL((u) => u.origin === authOrigin, { timeout: LINK_STEP_MS });
    if (accountId) {
      const select = auth.locator('select');
      if ((await select.count()) > 0) await select.first().selectOption(accountId, { timeout: LINK_STEP_MS });
      else await auth.locator(`input[type=radio][value="${accountId}"]`).check({ timeout: LINK_STEP_MS });
    }
    await auth.getByRole('button', { name: /allow/i }).click({ timeout: LINK_STEP_MS });
  } catch (error) {
    if (!auth.isClosed()) throw error;
    const { requests } = await control<{ requests: { method: string; path: string }[] }>(
      sandbox.apiUrl,
      'GET',
      'requests',
    );
    if (!requests.some((r) => r.method === 'POST' && r.path === '/oauth2/authorize'))
      throw new Error(`the sign-in window closed before Allow reached the sandbox: ${String(error)}`);
  }
  const reply = await linked;
  if (!reply.ok) throw new Error(`linking failed: ${reply.error?.message}`);
  return reply;
}
