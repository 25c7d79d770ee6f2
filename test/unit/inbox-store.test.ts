// The Inbox page's store during an accept-all: the outbox's rounds come as bursts of triage.changed, and
// each answer must redraw only what changed (the long frames of issue 24's figure were whole redraws).
import { describe, expect, test, vi } from 'vitest';
import { createInboxStore } from '../../components/inbox/inbox-store.ts';
import { keepEqual } from '../../components/ui/keep-equal.ts';
import type { InboxView } from '../../lib/messaging/protocol/index.ts';
import { fakeWorker, flush } from './store-fakes.ts';

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

function inboxView(revision: number, sent: number): InboxView {
  const row = (id: string) => ({
    kind: 'row' as const,
    row: {
      accountKey: 'app-1001',
      accountName: 'Harbor Bakery Group',
      id,
      locationId: 'L1',
      locationName: 'Harbor Street',
      publisherId: 'BING',
      publisherName: 'Bing',
      fieldName: 'phone',
      originalContent: '555 0100',
      suggestedContent: '555 0199',
      dateCreated: '2026-11-01',
      ageDays: 25,
      pending: 'ACCEPTED' as const,
      sending: true,
      queued: null,
      failure: null,
    },
  });
  return {
    revision,
    matched: 2,
    items: 2,
    total: 2,
    offset: 0,
    window: [row('1'), row('2')],
    heads: [],
    noted: [],
    decidable: 0,
    accounts: [
      {
        accountKey: 'app-1001',
        accountName: 'Harbor Bakery Group',
        waiting: 2,
        needsRelink: false,
        fetchedAt: 1,
        refreshing: false,
        error: null,
      },
    ],
    facets: { locations: [{ id: 'L1', label: 'Harbor Street', count: 2 }], publishers: [], fields: [] },
    tags: { accounts: 'a1', facets: 'f1' },
    batches: [
      {
        accountKey: 'app-1001',
        batchId: 'b1',
        decision: 'ACCEPTED',
        size: 2,
        sent,
        resolvedElsewhere: 0,
        failed: 0,
        undone: 0,
        queued: 2 - sent,
        waitingForRelink: 0,
        retrying: 0,
      },
    ],
    keyboardShortcuts: true,
    undoWindowMs: 5000,
  };
}

describe('keepEqual', () => {
  test('keeps the old object for every equal part, and the old whole when nothing changed', () => {
    const before = { a: [{ x: 1 }, { x: 2 }], b: { c: 'd' }, n: 1 };
    const after = keepEqual(before, { a: [{ x: 1 }, { x: 3 }], b: { c: 'd' }, n: 1 });
    expect(after).toEqual({ a: [{ x: 1 }, { x: 3 }], b: { c: 'd' }, n: 1 });
    expect(after.b).toBe(before.b);
    expect(after.a[0]).toBe(before.a[0]);
    expect(after.a).not.toBe(before.a);
    expect(keepEqual(before, structuredClone(before))).toBe(before);
    // A key gone or added is a change.
    expect(keepEqual({ a: 1, b: undefined }, { a: 1, c: undefined })).toEqual({ a: 1, c: undefined });
  });
});

describe('inbox store during an accept-all', () => {
  test('a burst of events asks for one view; an answer that moved only the progress keeps every other part', async () => {
    const worker = fakeWorker();
    const store = createInboxStore(worker.io);
    const stop = store.start();
    worker.asked('inbox.query')[0]!.answer(inboxView(1, 0));
    await vi.waitFor(() => expect(store.view.value.value?.revision).toBe(1));
    const first = store.view.value.value!;

    // One round's write used to announce itself once per account: 30 events, 30 questions' worth.
    for (let i = 0; i < 30; i++) worker.emit('triage.changed', { accountKey: null, resolvedElsewhere: 0, revision: 2 });
    await nextFrame();
    expect(worker.asked('inbox.query')).toHaveLength(2);
    worker.asked('inbox.query')[1]!.answer(inboxView(2, 1));
    await vi.waitFor(() => expect(store.view.value.value?.revision).toBe(2));
    await nextFrame();
    await flush();
    // The burst was one question: nothing queued behind it.
    expect(worker.asked('inbox.query')).toHaveLength(2);

    const second = store.view.value.value!;
    expect(second.batches[0]!.sent).toBe(1);
    // The filters, the account lines and the rows in view keep their objects: memoised, they are not drawn again.
    expect(second.accounts).toBe(first.accounts);
    expect(second.facets).toBe(first.facets);
    expect(second.window).toBe(first.window);
    stop();
    expect(worker.listeners.size).toBe(0);
  });
});

describe('inbox store, a filter change', () => {
  test('asks at once, holding its account lines and facets, and writes its URL entry once the answer is shown', async () => {
    history.replaceState(null, '', '#inbox');
    const worker = fakeWorker();
    const store = createInboxStore(worker.io);
    const stop = store.start();
    worker.asked('inbox.query')[0]!.answer(inboxView(1, 0));
    await vi.waitFor(() => expect(store.view.value.value?.revision).toBe(1));
    const first = store.view.value.value!;
    const pushed = vi.spyOn(history, 'pushState');

    store.setState({ ...store.state.peek(), group: true });
    const question = worker.asked('inbox.query')[1]!;
    // The page says which lines and facets it holds; the worker leaves out those unchanged.
    expect(question.input).toMatchObject({ group: true, held: { accounts: 'a1', facets: ['f1'] } });
    // pushState waits: in Chromium it held the question behind the browser's storing of the page's state.
    await nextFrame();
    expect(pushed).not.toHaveBeenCalled();
    question.answer({ ...inboxView(2, 0), accounts: null, facets: null });
    await vi.waitFor(() => expect(pushed).toHaveBeenCalledTimes(1));
    expect(location.hash).toContain('group=1');
    const second = store.view.value.value!;
    expect(second.revision).toBe(2);
    expect(second.accounts).toBe(first.accounts);
    expect(second.facets).toBe(first.facets);

    // Two changes before the first answer: still an entry each, in order.
    store.setState({ ...store.state.peek(), sort: 'newest' });
    store.setState({ ...store.state.peek(), group: false });
    expect(pushed).toHaveBeenCalledTimes(2);
    expect(location.hash).toContain('sort=newest');
    worker.asked('inbox.query')[3]!.answer(inboxView(3, 0));
    await vi.waitFor(() => expect(pushed).toHaveBeenCalledTimes(3));
    expect(location.hash).not.toContain('group=1');

    // Back before a change's entry is written: no entry is written over the one the browser went to.
    store.setState({ ...store.state.peek(), sort: 'oldest' });
    dispatchEvent(new PopStateEvent('popstate'));
    worker.asked('inbox.query').at(-1)!.answer(inboxView(4, 0));
    await nextFrame();
    await flush();
    expect(pushed).toHaveBeenCalledTimes(3);
    pushed.mockRestore();
    stop();
  });

  test('an account filter toggled off and on takes both sets of facets from the page’s own copies', async () => {
    const worker = fakeWorker();
    const store = createInboxStore(worker.io);
    const stop = store.start();
    worker.asked('inbox.query')[0]!.answer(inboxView(1, 0));
    await vi.waitFor(() => expect(store.view.value.value?.revision).toBe(1));
    const every = store.view.value.value!.facets;
    const oneFacets = { locations: [{ id: 'L9', label: 'Pier', count: 1 }], publishers: [], fields: [] };
    const answer = (i: number, revision: number, facets: InboxView['facets'] | null, tag: string) =>
      worker.asked('inbox.query')[i]!.answer({
        ...inboxView(revision, 0),
        accounts: null,
        facets,
        tags: { accounts: 'a1', facets: tag },
      });
    store.setState({ ...store.state.peek(), filters: { ...store.state.peek().filters, accounts: ['app-1001'] } });
    answer(1, 2, oneFacets, 'f2');
    await vi.waitFor(() => expect(store.view.value.value?.facets).toEqual(oneFacets));
    store.setState({ ...store.state.peek(), filters: { ...store.state.peek().filters, accounts: [] } });
    expect(worker.asked('inbox.query')[2]!.input).toMatchObject({ held: { facets: ['f1', 'f2'] } });
    answer(2, 3, null, 'f1');
    await vi.waitFor(() => expect(store.view.value.value?.revision).toBe(3));
    expect(store.view.value.value!.facets).toBe(every);
    stop();
  });
});
