// The popup's questions wait while it paints the worker's snapshot: a question starts a stopped worker, whose
// start then competes with the page's first frame. Without a snapshot nothing waits. The page's first script
// (components/popup/first-paint-script.ts) reads the snapshot and leaves it for the entry module (main.ts).
import { beforeEach, expect, test } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { paintSnapshot } from '../../components/popup/first-paint-script.ts';
import { firstPaintTree } from '../../lib/background/suggestion-triage/first-paint-tree.ts';
import { askEarly, takeEarly } from '../../lib/messaging/first-ask.ts';
import {
  FIRST_PAINT_KEY,
  type FirstPaint,
  firstFramePainted,
  takeFirstPaint,
  untilFirstFrame,
} from '../../lib/messaging/first-paint.ts';
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

/** The popup's first script, then its entry module, as popup.html runs them: what the first script left. */
function popupEntry(): Promise<FirstPaint> {
  paintSnapshot();
  const firstPaint = takeFirstPaint();
  holdQuestions(untilFirstFrame(firstPaint));
  askEarly('triage.view', { status: 'WAITING_ON_CUSTOMER', refresh: true, rows: 40 });
  return firstPaint;
}

const turns = async (n = 5) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

test('with a snapshot, no question reaches the worker until the first frame is painted; then all do, in order', async () => {
  const view = triageView({ account: { accountKey: 'k1', accountName: 'Acme', needsRelink: false } });
  await fakeBrowser.storage.session.set({ [FIRST_PAINT_KEY]: view });
  await fakeBrowser.storage.local.set({ activeAccountKey: 'k1' });
  const first = await popupEntry();
  expect(first.view?.account?.accountKey).toBe('k1');
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
  expect((await popupEntry()).view).toBeNull();
  await ask('accounts.list', {});
  expect(heard).toEqual(['triage.view', 'accounts.list']);
});

test('a first frame that never comes holds them for HOLD_AT_MOST_MS only', async () => {
  const view = triageView({ account: { accountKey: 'k1', accountName: 'Acme', needsRelink: false } });
  await fakeBrowser.storage.session.set({ [FIRST_PAINT_KEY]: view });
  await fakeBrowser.storage.local.set({ activeAccountKey: 'k1' });
  await popupEntry();
  const started = performance.now();
  await ask('accounts.list', {});
  expect(heard).toEqual(['triage.view', 'accounts.list']);
  expect(performance.now() - started).toBeGreaterThan(300);
});

test('the first script draws the snapshot into the page’s #app; a popup with filters in its URL does not', async () => {
  const rows = triageView({ account: { accountKey: 'k1', accountName: 'Acme', needsRelink: false } });
  const view = { ...rows, locationNames: {}, accountBar: null };
  await fakeBrowser.storage.session.set({ [FIRST_PAINT_KEY]: { ...view, firstPaint: firstPaintTree(view) } });
  await fakeBrowser.storage.local.set({ activeAccountKey: 'k1' });
  const app = Object.assign(document.createElement('div'), { id: 'app' });
  document.body.append(app);
  try {
    const drawn = await popupEntry();
    expect(drawn.drawn).toBe(true);
    expect(app.querySelectorAll('article')).toHaveLength(view.suggestions.length);
    firstFramePainted();

    app.replaceChildren();
    location.hash = '#publisher=p9';
    const filtered = await popupEntry();
    expect(filtered).toEqual({ view: null, drawn: false });
    expect(app.childElementCount).toBe(0);
  } finally {
    location.hash = '';
    app.remove();
  }
});
