// The decision outbox's speed: bulk accept of 500 in headless Chromium against the sandbox on loopback,
// from the decide request until every PUT is answered (undo window 0 through the test-only setting).
// The sandbox seeds 48 waiting suggestions per account, so the other 452 ids are unknown to it: each
// still costs one PUT (answered 404/7302), the same answered-PUT path and round writes as an accept.
import type { Page } from 'playwright-core';
import { API_VERSION } from '../lib/api/config.ts';
import { type RequestInput, type RequestType, requestMessage } from '../lib/messaging/protocol/index.ts';
import { launchBenchDesk } from './bench-desk.ts';
import type { Figure } from './figure.ts';

const BULK = 500;
const TARGET_MS = 3000;

type Reply = { ok: boolean; value?: Record<string, unknown>; error?: { message: string } };

function ask<K extends RequestType>(page: Page, type: K, input: RequestInput<K>): Promise<Reply> {
  return page.evaluate(
    (message) =>
      (
        globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }
      ).chrome.runtime.sendMessage(message),
    requestMessage(type, input),
  ) as Promise<Reply>;
}

export async function outboxFigures(options: { extensionDir?: string } = {}): Promise<Figure[]> {
  const { sandbox, context, extensionId, close } = await launchBenchDesk(
    options.extensionDir,
    'listings-desk-bench-outbox-',
  );
  try {
    const page = await context.newPage();
    await page.goto(`chrome-extension://${extensionId}/popup.html`);
    const saved = await ask(page, 'connection.save', {
      environment: 'custom',
      apiUrl: sandbox.apiUrl,
      authUrl: sandbox.authUrl,
      clientId: sandbox.clientId,
      apiKey: sandbox.apiKey,
      apiVersion: API_VERSION,
    });
    if (!saved.ok) throw new Error(`connection.save failed: ${saved.error?.message}`);
    const authPage = context.waitForEvent('page', { predicate: (p) => !p.url().startsWith('chrome-extension://') });
    const linked = ask(page, 'accounts.link', {});
    const auth = await authPage;
    await auth.waitForURL((u) => u.origin === new URL(sandbox.authUrl).origin, { timeout: 15_000 });
    await auth.getByRole('button', { name: /allow/i }).click();
    const account = await linked;
    if (!account.ok) throw new Error(`linking failed: ${account.error?.message}`);
    await page.evaluate(() =>
      (
        globalThis as unknown as { chrome: { storage: { local: { set(v: object): Promise<void> } } } }
      ).chrome.storage.local.set({ triageUndoWindowMsForTests: 0 }),
    );
    await ask(page, 'triage.view', { refresh: true, force: true });
    let view = (await ask(page, 'triage.view', {})).value as { suggestions: { id: string }[] };
    for (let i = 0; i < 100 && view.suggestions.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      view = (await ask(page, 'triage.view', {})).value as typeof view;
    }
    const known = view.suggestions.map((s) => s.id);
    const ids = [...known, ...Array.from({ length: BULK - known.length }, (_, i) => `bench-${i}`)].slice(0, BULK);
    const started = performance.now();
    const decided = await ask(page, 'triage.decide', {
      accountKey: String(account.value?.accountKey),
      suggestionIds: ids,
      decision: 'ACCEPTED',
    });
    if (!decided.ok) throw new Error(`decide failed: ${decided.error?.message}`);
    const batchId = decided.value?.batchId;
    // Polled inside the page: each poll is one message to the worker, no fixed sleep on our side.
    await page.waitForFunction(
      async ([id, view]) => {
        const reply = (await (
          globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }
        ).chrome.runtime.sendMessage(view)) as {
          value: { batches: { batchId: string; queued: number }[] };
        };
        return reply.value.batches.find((b) => b.batchId === id)?.queued === 0;
      },
      [batchId, requestMessage('triage.view', {})] as const,
      { timeout: 60_000, polling: 20 },
    );
    const elapsed = Math.round(performance.now() - started);
    return [
      {
        name: `outbox: bulk accept of ${BULK}, decide → all answered`,
        value: elapsed,
        unit: 'ms',
        target: `≤ ${TARGET_MS} ms`,
        pass: elapsed <= TARGET_MS,
      },
    ];
  } finally {
    await close();
  }
}

// `node bench/outbox.ts` on its own prints the figure (after `wxt build`).
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const figure of await outboxFigures()) console.log(figure);
}
