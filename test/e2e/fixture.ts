// The browser-test harness: a sandbox on free ports, Chromium with the built extension, and helpers.
// One Desk per test file (deskForFile: launched before its tests, closed after), `desk.reset()` before each test
// (fresh sandbox, empty extension storage).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page, type Worker } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { requestMessage } from '../../lib/messaging/protocol/envelope.ts';
import type { LinkedAccountView, Reply, RequestInput, RequestType } from '../../lib/messaging/protocol/index.ts';
import { type RunningSandbox, type SandboxOptions, startSandbox } from '../../sandbox/server.ts';
import { CHROME_PATH, extensionArgs } from '../../scripts/lib/chromium.ts';
import { sandboxConnection } from '../support/sandbox-connection.ts';
import { SandboxControl } from './sandbox-control.ts';
import { type SettleOptions, settleThenClear } from './settle.ts';

export { CHROME_PATH } from '../../scripts/lib/chromium.ts';
export { SandboxControl } from './sandbox-control.ts';

/** launchWebAuthFlow never resolves on a wrong redirect, so every wait on the auth window is bounded. */
export const AUTH_TIMEOUT_MS = 15_000;

export interface LaunchOptions {
  sandbox?: SandboxOptions;
  /** Defaults to the folder global-setup built. */
  extensionDir?: string;
  headless?: boolean;
  /** Point the extension's connection settings at the sandbox (default true). */
  connect?: boolean;
  /** The worker's undo window for this run (the test-only setting), set again after every reset. */
  undoWindowMs?: number;
}

export interface StorageDump {
  local: Record<string, unknown>;
  sync: Record<string, unknown>;
  session: Record<string, unknown>;
}

export interface IndexedDbDump {
  databases: string[];
  /** Every value of every object store, described without its secret parts. */
  entries: { database: string; store: string; key: string; kind: string; extractable?: boolean; text: string }[];
}

export interface Desk {
  context: BrowserContext;
  extensionId: string;
  serviceWorker: Worker;
  sandbox: RunningSandbox;
  control: SandboxControl;
  /** Clears the request log once `page` shows nothing busy and the sandbox has been quiet (settle.ts). */
  settleThenClearRequests(page?: Page, options?: SettleOptions): Promise<void>;
  /** chrome-extension://<id>/<path> */
  url(path: string): string;
  /** The redirect URI the extension registers: https://<id>.chromiumapp.org/oauth2 */
  redirectUri: string;
  /** popup.html in a 400×600 tab. */
  openPopup(): Promise<Page>;
  /** options.html in a 1280×800 tab. */
  openOptions(): Promise<Page>;
  /** Sends a protocol request from an extension page: the real message path, sender checks included. */
  ask<K extends RequestType>(type: K, input: RequestInput<K>, from?: Page): Promise<Reply<K>>;
  /** Runs `trigger` (e.g. a click on "Link account") and returns the OAuth window it opens. */
  waitForAuthPage(trigger: () => Promise<unknown>, timeout?: number): Promise<Page>;
  /** Clicks Allow or Deny on the sandbox's authorize page (optionally choosing an account first). */
  decide(authPage: Page, decision: 'allow' | 'deny', accountId?: string): Promise<void>;
  /** Links an account through the UI: Link account → authorize page → Allow. Returns the page used. */
  linkThroughUi(options?: { page?: Page; accountId?: string; button?: string | RegExp }): Promise<Page>;
  /** Links an account without any UI: 'accounts.link' over the message path, then Allow. Resolves with the account. */
  link(accountId?: string): Promise<LinkedAccountView>;
  /** chrome.storage.local/sync/session as seen from an extension page. */
  dumpStorage(from?: Page): Promise<StorageDump>;
  /** The extension origin's IndexedDB contents. */
  dumpIndexedDb(from?: Page): Promise<IndexedDbDump>;
  /** Sets the worker's test-only undo window (null: the product's 5 s), from the service worker. */
  setUndoWindow(ms: number | null): Promise<void>;
  /** Sandbox back to its seed, extension storage emptied, connection pointed at the sandbox, extra pages closed. */
  reset(): Promise<void>;
  /** The browser profile folder; it stays after closeBrowser() so a test can read what was left on disk. */
  profileDir: string;
  /** Closes Chromium only (the profile and the sandbox stay until close()). */
  closeBrowser(): Promise<void>;
  close(): Promise<void>;
}

/** Every Desk this file launched and has not closed: a failed test reports what their pages showed. */
const liveDesks = new Set<Desk>();

// A failure in CI leaves only its log: print what each open page showed, so a flaky failure can be read there.
afterEach(async (context) => {
  if (context.task.result?.state !== 'fail') return;
  for (const desk of liveDesks) {
    for (const page of desk.context.pages()) {
      const text = await page
        .evaluate(() => document.body?.innerText ?? '')
        .catch((error: unknown) => `(unreadable: ${String(error)})`);
      console.error(`[page at failure] ${page.url()}\n${text.slice(0, 2000)}`);
    }
    const storage = await desk.dumpStorage().catch(() => null);
    if (storage) {
      const session = storage.session as Record<string, unknown>;
      console.error(
        `[storage at failure] local: ${Object.keys(storage.local).join(', ')}; session: ${Object.keys(session).join(', ')}`,
      );
      console.error(`[storage at failure] revision ${JSON.stringify(storage.local.triageRevision ?? null)}`);
    }
  }
});

async function launchContext(extensionDir: string, headless: boolean) {
  const userDataDir = mkdtempSync(join(tmpdir(), 'listings-desk-profile-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROME_PATH,
    headless,
    // The assertions read numbers as English writes them ("4,200 of 11,040"); pages follow this language.
    locale: 'en-US',
    args: extensionArgs(extensionDir),
  });
  return { context, userDataDir };
}

export async function launchDesk(options: LaunchOptions = {}): Promise<Desk> {
  const extensionDir = options.extensionDir ?? inject('extensionDir');
  const sandbox = await startSandbox({ port: 0, authPort: 0, ...options.sandbox });
  const control = new SandboxControl(sandbox.apiUrl);
  let launched: Awaited<ReturnType<typeof launchContext>>;
  try {
    launched = await launchContext(extensionDir, options.headless ?? true);
  } catch (error) {
    await sandbox.close();
    throw error;
  }
  const { context, userDataDir } = launched;
  const serviceWorker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const extensionId = new URL(serviceWorker.url()).host;
  const url = (path: string) => `chrome-extension://${extensionId}/${path.replace(/^\/+/, '')}`;

  // An extension page that stays open: requests and storage dumps are evaluated in it.
  let bridge: Page | undefined;
  const bridgePage = async () => {
    if (!bridge || bridge.isClosed()) {
      bridge = await context.newPage();
      await bridge.goto(url('popup.html'));
    }
    return bridge;
  };
  // The persistent context opens with one blank tab; it becomes the bridge.
  const initial = context.pages()[0];
  if (initial) {
    bridge = initial;
    await bridge.goto(url('popup.html'));
  }

  const ask = async <K extends RequestType>(type: K, input: RequestInput<K>, from?: Page): Promise<Reply<K>> => {
    const page = from ?? (await bridgePage());
    return page.evaluate(
      (message) =>
        (
          globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }
        ).chrome.runtime.sendMessage(message),
      requestMessage(type, input),
    ) as Promise<Reply<K>>;
  };

  const connect = async () => {
    const reply = await ask('connection.save', sandboxConnection(sandbox));
    if (!reply.ok) throw new Error(`connection.save failed: ${reply.error.code} ${reply.error.message}`);
  };

  const openPage = async (path: string, viewport: { width: number; height: number }) => {
    const page = await context.newPage();
    await page.setViewportSize(viewport);
    await page.goto(url(path));
    return page;
  };

  const waitForAuthPage = async (trigger: () => Promise<unknown>, timeout = AUTH_TIMEOUT_MS) => {
    const authOrigin = new URL(sandbox.authUrl).origin;
    const pagePromise = context.waitForEvent('page', {
      timeout,
      predicate: (page) => !page.url().startsWith('chrome-extension://'),
    });
    // If the trigger fails, that failure is the one to report, not the wait for a window that never opens.
    pagePromise.catch(() => undefined);
    await trigger();
    const page = await pagePromise;
    await page.waitForURL((u) => u.origin === authOrigin, { timeout });
    await page.waitForLoadState('domcontentloaded', { timeout });
    return page;
  };

  const decide = async (authPage: Page, decision: 'allow' | 'deny', accountId?: string) => {
    try {
      if (accountId) {
        const select = authPage.locator('select');
        if ((await select.count()) > 0) await select.first().selectOption(accountId);
        else await authPage.locator(`input[type=radio][value="${accountId}"]`).check();
      }
      await authPage.getByRole('button', { name: decision === 'allow' ? /allow/i : /deny/i }).click();
    } catch (error) {
      // Chrome closes the sign-in window as soon as the decision redirects, which may be before Playwright's
      // click has returned: that is the flow's end, not a failure, once the sandbox has the decision.
      if (!authPage.isClosed()) throw error;
      const { requests } = await control.requests();
      if (!requests.some((r) => r.method === 'POST' && r.path === '/oauth2/authorize'))
        throw new Error(`The sign-in window closed before ${decision} reached the sandbox: ${String(error)}`);
    }
  };

  const linkThroughUi = async (opts: { page?: Page; accountId?: string; button?: string | RegExp } = {}) => {
    const page = opts.page ?? (await openPage('options.html', { width: 1280, height: 800 }));
    const auth = await waitForAuthPage(() =>
      page
        .getByRole('button', { name: opts.button ?? 'Link account', exact: typeof opts.button !== 'object' })
        .first()
        .click(),
    );
    await decide(auth, 'allow', opts.accountId);
    return page;
  };

  const link = async (accountId = '1001') => {
    let pending: Promise<Reply<'accounts.link'>> | undefined;
    const auth = await waitForAuthPage(async () => {
      pending = ask('accounts.link', {});
    });
    await decide(auth, 'allow', accountId);
    const reply = await pending!;
    if (!reply.ok) throw new Error(`accounts.link failed: ${reply.error.code} ${reply.error.message}`);
    return reply.value;
  };

  const dumpStorage = async (from?: Page): Promise<StorageDump> => {
    const page = from ?? (await bridgePage());
    return page.evaluate(async () => {
      const areas = (
        globalThis as unknown as {
          chrome: { storage: Record<string, { get(k: null): Promise<Record<string, unknown>> }> };
        }
      ).chrome.storage;
      const [local, sync, session] = await Promise.all([
        areas.local!.get(null),
        areas.sync!.get(null),
        areas.session!.get(null),
      ]);
      return { local, sync, session };
    });
  };

  const dumpIndexedDb = async (from?: Page): Promise<IndexedDbDump> => {
    const page = from ?? (await bridgePage());
    return page.evaluate(async () => {
      const done = <T>(request: IDBRequest<T>) =>
        new Promise<T>((resolve, reject) => {
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
      const databases = (await indexedDB.databases()).map((d) => d.name ?? '');
      const entries: IndexedDbDump['entries'] = [];
      for (const name of databases) {
        const db = await done(indexedDB.open(name));
        for (const store of Array.from(db.objectStoreNames)) {
          const tx = db.transaction(store, 'readonly');
          const keys = await done(tx.objectStore(store).getAllKeys());
          const values = await done(tx.objectStore(store).getAll());
          values.forEach((value: unknown, i: number) => {
            const isKey = value instanceof CryptoKey;
            let text = '';
            try {
              text = isKey ? '' : JSON.stringify(value);
            } catch {
              text = String(value);
            }
            entries.push({
              database: name,
              store,
              key: String(keys[i]),
              kind: isKey ? 'CryptoKey' : typeof value,
              extractable: isKey ? (value as CryptoKey).extractable : undefined,
              text,
            });
          });
        }
        db.close();
      }
      return { databases, entries };
    });
  };

  const setUndoWindow = async (ms: number | null) => {
    await serviceWorker.evaluate(
      (value) =>
        (
          globalThis as unknown as { chrome: { storage: { local: { set(v: object): Promise<void> } } } }
        ).chrome.storage.local.set({ triageUndoWindowMsForTests: value }),
      ms,
    );
  };

  const reset = async () => {
    await control.reset();
    const keep = await bridgePage();
    await Promise.all(
      context
        .pages()
        .filter((p) => p !== keep && !p.isClosed())
        .map((p) => p.close()),
    );
    await keep.evaluate(async () => {
      const chromeApi = (
        globalThis as unknown as {
          chrome: {
            storage: Record<string, { clear(): Promise<void> }>;
            action: { setBadgeText(d: { text: string }): Promise<void> };
          };
        }
      ).chrome;
      await Promise.all([chromeApi.storage.local!.clear(), chromeApi.storage.session!.clear()]);
      await chromeApi.action.setBadgeText({ text: '' });
    });
    if (options.connect !== false) await connect();
    if (options.undoWindowMs !== undefined) await setUndoWindow(options.undoWindowMs);
  };

  if (options.connect !== false) await connect();
  if (options.undoWindowMs !== undefined) await setUndoWindow(options.undoWindowMs);

  const desk: Desk = {
    context,
    extensionId,
    serviceWorker,
    sandbox,
    control,
    settleThenClearRequests: (page, opts) => settleThenClear(control, page, opts),
    url,
    redirectUri: `https://${extensionId}.chromiumapp.org/oauth2`,
    openPopup: () => openPage('popup.html', { width: 400, height: 600 }),
    openOptions: () => openPage('options.html', { width: 1280, height: 800 }),
    ask,
    setUndoWindow,
    waitForAuthPage,
    decide,
    linkThroughUi,
    link,
    dumpStorage,
    dumpIndexedDb,
    reset,
    profileDir: userDataDir,
    closeBrowser: () => context.close(),
    close: async () => {
      liveDesks.delete(desk);
      await context.close().catch(() => undefined);
      await sandbox.close().catch(() => undefined);
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
  liveDesks.add(desk);
  return desk;
}

export interface DeskForFileOptions extends LaunchOptions {
  /** When the desk is reset: before each test (the default), once after launching, or never (the tests do it). */
  reset?: 'each' | 'once' | 'never';
  /** Runs after each of those resets, e.g. linking an account. */
  afterReset?: (desk: Desk) => Promise<unknown>;
}

/**
 * This test file's desk: launched in its beforeAll, closed in its afterAll, reset as `reset` says. Call at
 * the top of the file; the returned Desk forwards to the launched one, so tests use it as it is.
 */
export function deskForFile(options: DeskForFileOptions = {}): Desk {
  const { reset = 'each', afterReset, ...launch } = options;
  let launched: Desk | undefined;
  const resetNow = async (desk: Desk) => {
    await desk.reset();
    await afterReset?.(desk);
  };
  beforeAll(async () => {
    launched = await launchDesk(launch);
    if (reset === 'once') await resetNow(launched);
  });
  afterAll(async () => {
    await launched?.close();
  });
  if (reset === 'each') beforeEach(() => resetNow(launched!));
  return new Proxy({} as Desk, {
    get(_, key) {
      if (!launched) throw new Error('The desk is launched in beforeAll: use it inside a hook or a test.');
      return Reflect.get(launched, key);
    },
  });
}
