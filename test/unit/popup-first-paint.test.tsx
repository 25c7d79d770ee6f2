// The popup's first paint from the worker's snapshot (storage.session), before the worker has answered:
// the snapshot's rows at once, the live view swapped in when it comes, and no decision made on the snapshot.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { SuggestionTriage } from '../../components/suggestion-triage/SuggestionTriage.tsx';
import type { TriageView } from '../../lib/messaging/protocol/index.ts';
import { pendingView, suggestion, triageView } from './triage-ui-fakes.ts';

const asked: { type: string; input: unknown }[] = [];

vi.mock('../../lib/messaging/ui.ts', () => ({
  ask: vi.fn(async (type: string, input: unknown) => {
    asked.push({ type, input });
    if (type === 'triage.decide') {
      const { suggestionIds } = input as { suggestionIds: string[] };
      return {
        batchId: 'b1',
        revision: 9,
        pending: suggestionIds.map((id) => pendingView(id)),
        failures: [],
        batches: [],
      };
    }
    throw new Error(`no answer for ${type}`);
  }),
  onDeskEvent: vi.fn(() => () => undefined),
}));

const rows = () => screen.getAllByRole('article');
const titles = () => rows().map((row) => row.getAttribute('aria-labelledby') && row.textContent?.slice(0, 40));
const decisions = () => asked.filter((a) => a.type === 'triage.decide').map((a) => a.input);
const feed = () => screen.getByRole('feed');

/** The live first view, still on its way from a worker that is starting. */
function liveOnItsWay() {
  let answer: (view: TriageView) => void = () => undefined;
  const first = new Promise<TriageView>((resolve) => {
    answer = resolve;
  });
  return { first, answer };
}

const live = triageView({
  revision: 8,
  suggestions: ['1', '2', '3', '4'].map((id) => suggestion(id)),
  publishers: { GOOGLEMYBUSINESS: 'Google Business Profile' },
  count: 4,
});
const snapshot: TriageView = { ...live, revision: 7, suggestions: live.suggestions.slice(0, 3), refreshing: true };

beforeEach(() => {
  asked.length = 0;
  history.replaceState(null, '', location.pathname);
});
afterEach(cleanup);

describe('popup: first paint from the snapshot', () => {
  test('the snapshot is in the first render, marked busy; the live view replaces it with the same rows first', async () => {
    const { first, answer } = liveOnItsWay();
    render(<SuggestionTriage listingsTotal={100} takeFirstView={() => first} takeSnapshot={() => snapshot} />);
    // No waiting: the rows are there as soon as render() returns, before the worker answered.
    expect(rows()).toHaveLength(3);
    expect(within(rows()[0]!).getByText('Google Business Profile')).toBeTruthy();
    expect(feed().getAttribute('aria-busy')).toBe('true');
    const before = titles();

    answer(live);
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(titles().slice(0, 3)).toEqual(before);
    expect(feed().getAttribute('aria-busy')).toBe('false');
    // The snapshot stood for the first question: nothing was asked twice.
    expect(asked.filter((a) => a.type === 'triage.view')).toEqual([]);
  });

  test('a snapshot of other filters (a location in the hash) is not shown', () => {
    history.replaceState(null, '', `${location.pathname}#location=HB-9`);
    const { first } = liveOnItsWay();
    render(<SuggestionTriage listingsTotal={100} takeFirstView={() => first} takeSnapshot={() => snapshot} />);
    expect(screen.queryAllByRole('article')).toHaveLength(0);
  });

  test('a key or a button on the snapshot decides nothing until the live view has come, then once', async () => {
    const { first, answer } = liveOnItsWay();
    render(<SuggestionTriage listingsTotal={100} takeFirstView={() => first} takeSnapshot={() => snapshot} />);
    fireEvent.keyDown(rows()[0]!, { key: 'a' });
    fireEvent.click(within(rows()[1]!).getByRole('button', { name: 'Reject' }));
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    expect(decisions()).toEqual([]);
    // Nothing shows as decided on rows the worker has not confirmed yet.
    expect(within(rows()[0]!).queryByRole('button', { name: 'Undo' })).toBeNull();

    answer(live);
    await waitFor(() => expect(decisions()).toHaveLength(2));
    expect(decisions()).toEqual([
      { accountKey: 'app-1001', suggestionIds: ['1'], decision: 'ACCEPTED' },
      { accountKey: 'app-1001', suggestionIds: ['2'], decision: 'REJECTED' },
    ]);
  });

  test('a row gone from the live view is not decided', async () => {
    const { first, answer } = liveOnItsWay();
    render(<SuggestionTriage listingsTotal={100} takeFirstView={() => first} takeSnapshot={() => snapshot} />);
    fireEvent.click(within(rows()[0]!).getByRole('button', { name: 'Accept' }));
    answer({ ...live, suggestions: live.suggestions.slice(1), count: 3 });
    await waitFor(() => expect(rows()).toHaveLength(3));
    await new Promise((r) => setTimeout(r, 0));
    expect(decisions()).toEqual([]);
  });

  test('if the live view fails, the snapshot stays with the error shown, and a decision on it is never sent', async () => {
    let fail: (error: unknown) => void = () => undefined;
    const failing = new Promise<TriageView>((_, reject) => {
      fail = reject;
    });
    render(<SuggestionTriage listingsTotal={100} takeFirstView={() => failing} takeSnapshot={() => snapshot} />);
    fireEvent.click(within(rows()[0]!).getByRole('button', { name: 'Accept' }));
    fail(Object.assign(new Error('The worker could not read the list.'), { code: 'unavailable' }));
    await waitFor(() => expect(screen.getAllByRole('alert').length).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 0));
    expect(rows()).toHaveLength(3);
    expect(decisions()).toEqual([]);
  });
});
