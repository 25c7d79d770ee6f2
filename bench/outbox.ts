import { requestMessage } from '../lib/messaging/protocol/index.ts';
import { askFrom, launchBenchDesk, linkSandboxAccount } from './bench-desk.ts';
import type { Figure } from './figure.ts';

const BULK = 500;
const TARGET_MS = 3000;

export async function outboxFigures(options: { extensionDir?: string } = {}): Promise<Figure[]> {
  const { sandbox, context, extensionId, close } = await launchBenchDesk(
    options.extensionDir,
    'listings-desk-bench-outbox-',
  );
  try {
    const page = await context.newPage();
    await page.goto(`chrome-extension://${extensionId}/popup.html`);
    const account = await linkSandboxAccount(context, page, sandbox);
    await page.evaluate(() =>
      (
        globalThis as unknown as { chrome: { storage: { local: { set(v: object): Promise<void> } } } }
      ).chrome.storage.local.set({ triageUndoWindowMsForTests: 0 }),
    );
    await askFrom(page, 'triage.view', { refresh: true, force: true });
    let view = (await askFrom(page, 'triage.view', {})).value as { suggestions: { id: string }[] };
    for (let i = 0; i < 100 && view.suggestions.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      view = (await askFrom(page, 'triage.view', {})).value as typeof view;
    }
    const known = view.suggestions.map((s) => s.id);
    const ids = [...known, ...Array.from({ length: BULK - known.length }, (_, i) => `bench-${i}`)].slice(0, BULK);
    const started = performance.now();
    const decided = await askFrom(page, 'triage.decide', {
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
