// The popup's questions wait while it paints the worker's snapshot: a question starts a stopped worker, whose
// start then competes with the page's first frame. Without a snapshot nothing waits.
import { beforeEach, expect, test } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { askEarly, takeEarly } from '../../lib/messaging/first-ask.ts';
import { FIRST_PAINT_KEY, firstFramePainted, readFirstPaint, takeFirstPaint } from '../../lib/messaging/first-paint.ts';
import { holdQuestions } from '../../lib/messaging/page-runtime.ts';
import { ask } from '../../lib/messaging/ui.ts';
import { triageView } from './triage-ui-fakes.ts';

const heard: string[] = [];

beforeEach(() => {
  fakeBrowser.reset();
  heard.length = 0;
  fakeBrowser.runtime.onMessage.addListener((message, _sender, reply) => {
    heard.push((message as { type: string }).type);
    reply({ ok: true, value: { revision: 1 } });
    return true;
  });
});

/** The popup's entry, as main.ts runs it. */
function popupEntry(): void {
  holdQuestions(readFirstPaint());
  askEarly('triage.view', { status: 'WAITING_ON_CUSTOMER', refresh: true, rows: 40 });
}

const turns = async (n = 5) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

test('with a snapshot, no question reaches the worker until the first frame is painted; then all do, in order', async () => {
  const view = triageView({ account: { accountKey: 'k1', accountName: 'Acme', needsRelink: false } });
  await fakeBrowser.storage.session.set({ [FIRST_PAINT_KEY]: view });
  await fakeBrowser.storage.local.set({ activeAccountKey: 'k1' });
  popupEntry();
  expect((await takeFirstPaint())?.account?.accountKey).toBe('k1');
  // The app renders the snapshot and, meanwhile, its stores ask.
  const accounts = ask('accounts.list', {});
  await turns();
  expect(heard).toEqual([]);

  firstFramePainted();
  await accounts;
  expect(heard).toEqual(['triage.view', 'accounts.list']);
  expect(takeEarly('triage.view')?.answered).toBeTruthy();
});

test('without a snapshot (none stored, or another account’s), questions go at once', async () => {
  const view = triageView({ account: { accountKey: 'k0', accountName: 'Old', needsRelink: false } });
  await fakeBrowser.storage.session.set({ [FIRST_PAINT_KEY]: view });
  await fakeBrowser.storage.local.set({ activeAccountKey: 'k1' });
  popupEntry();
  expect(await takeFirstPaint()).toBeNull();
  await ask('accounts.list', {});
  expect(heard).toEqual(['triage.view', 'accounts.list']);
});

test('a first frame that never comes holds them for HOLD_AT_MOST_MS only', async () => {
  const view = triageView({ account: { accountKey: 'k1', accountName: 'Acme', needsRelink: false } });
  await fakeBrowser.storage.session.set({ [FIRST_PAINT_KEY]: view });
  await fakeBrowser.storage.local.set({ activeAccountKey: 'k1' });
  popupEntry();
  await takeFirstPaint();
  const started = performance.now();
  await ask('accounts.list', {});
  expect(heard).toEqual(['triage.view', 'accounts.list']);
  expect(performance.now() - started).toBeGreaterThan(300);
});
