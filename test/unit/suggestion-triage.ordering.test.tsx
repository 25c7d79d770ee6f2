// The popup's triage list against a scripted worker whose answers arrive when the test says: answers
// out of order, stale views, undo that names its decision, too-late undo, words, scale and the URL.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { SuggestionTriage } from '../../components/suggestion-triage/SuggestionTriage.tsx';
import type { TriageView } from '../../lib/messaging/protocol/index.ts';
import { deferred, pendingView, suggestion, triageView } from './triage-ui-fakes.ts';

const asked: { type: string; input: unknown }[] = [];
let answers: Record<string, (input: unknown) => unknown> = {};
const handlers: Record<string, (payload: unknown) => void> = {};

vi.mock('../../lib/messaging/ui.ts', () => ({
  ask: vi.fn(async (type: string, input: unknown) => {
    asked.push({ type, input });
    const answer = answers[type];
    if (!answer) throw new Error(`no answer for ${type}`);
    return answer(input);
  }),
  onDeskEvent: vi.fn((type: string, handler: (payload: unknown) => void) => {
    handlers[type] = handler;
    return () => {
      if (handlers[type] === handler) delete handlers[type];
    };
  }),
}));

function setup(view: TriageView) {
  answers = {
    'triage.view': () => view,
    'triage.undo': () => ({ undone: [], tooLate: [], revision: view.revision }),
  };
  return render(<SuggestionTriage listingsTotal={100} />);
}

const rows = () => screen.getAllByRole('article');
const row = (id: string) => document.getElementById(`suggestion-${id}`)!;
const inputsOf = (type: string) => asked.filter((a) => a.type === type).map((a) => a.input);

beforeEach(() => {
  asked.length = 0;
  history.replaceState(null, '', location.pathname);
});
afterEach(cleanup);

describe('suggestion-triage: order and undo', () => {
  test('a, r, a, u with the worker answering out of order: u undoes the third decision, by its batch', async () => {
    setup(triageView({ revision: 1 }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    const replies: ReturnType<typeof deferred<unknown>>[] = [];
    answers['triage.decide'] = () => {
      const reply = deferred<unknown>();
      replies.push(reply);
      return reply.promise;
    };
    rows()[0]!.focus();
    fireEvent.keyDown(rows()[0]!, { key: 'a' });
    fireEvent.keyDown(document.activeElement!, { key: 'r' });
    fireEvent.keyDown(document.activeElement!, { key: 'a' });
    expect(inputsOf('triage.decide')).toHaveLength(3);
    const p1 = pendingView('1', { batchId: 'B1' });
    const p2 = pendingView('2', { batchId: 'B2', decision: 'REJECTED' });
    const p3 = pendingView('3', { batchId: 'B3' });
    // The third and second answers first; the first (the oldest state) last.
    await act(async () =>
      replies[2]!.resolve({ batchId: 'B3', pending: [p1, p2, p3], failures: [], batches: [], revision: 4 }),
    );
    await act(async () =>
      replies[1]!.resolve({ batchId: 'B2', pending: [p1, p2], failures: [], batches: [], revision: 3 }),
    );
    answers['triage.undo'] = () => ({ undone: ['3'], tooLate: [], revision: 5 });
    fireEvent.keyDown(document.activeElement!, { key: 'u' });
    await act(async () =>
      replies[0]!.resolve({ batchId: 'B1', pending: [p1], failures: [], batches: [], revision: 2 }),
    );
    await waitFor(() => expect(inputsOf('triage.undo')).toEqual([{ batchId: 'B3' }]));
    // The first two stay decided; the third is open again.
    expect(row('1').textContent).toContain('Accepted');
    expect(row('2').textContent).toContain('Rejected');
    expect(within(row('3')).getByRole('button', { name: 'Accept' })).toBeTruthy();
  });

  test('a view older than the one shown is ignored; a newer event brings the newer one', async () => {
    setup(triageView({ revision: 5 }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    answers['triage.view'] = () => triageView({ revision: 4, suggestions: [] });
    await act(async () => handlers['triage.changed']!({ accountKey: 'app-1001', resolvedElsewhere: 0, revision: 6 }));
    await waitFor(() => expect(inputsOf('triage.view')).toHaveLength(2));
    expect(rows()).toHaveLength(3);
    // An event about a state already shown asks nothing.
    await act(async () => handlers['triage.changed']!({ accountKey: 'app-1001', resolvedElsewhere: 0, revision: 5 }));
    expect(inputsOf('triage.view')).toHaveLength(2);
    answers['triage.view'] = () => triageView({ revision: 7, suggestions: [suggestion('1')], count: 1 });
    await act(async () => handlers['triage.changed']!({ accountKey: 'app-1001', resolvedElsewhere: 0, revision: 7 }));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  test('a view that says "refreshing" at revision 5 is asked again on an event at 5 (the fetch ended after that view)', async () => {
    setup(triageView({ revision: 5, refreshing: true }));
    await waitFor(() => expect(screen.getByText('Refreshing…')).toBeTruthy());
    const before = inputsOf('triage.view').length;
    answers['triage.view'] = () => triageView({ revision: 5, refreshing: false, fetchedAt: Date.now() });
    await act(async () => handlers['triage.changed']!({ accountKey: 'app-1001', resolvedElsewhere: 0, revision: 5 }));
    await waitFor(() => expect(screen.queryByText('Refreshing…')).toBeNull());
    expect(inputsOf('triage.view').length).toBe(before + 1);
    // Once it says the fetch ended, another event at 5 asks nothing.
    await act(async () => handlers['triage.changed']!({ accountKey: 'app-1001', resolvedElsewhere: 0, revision: 5 }));
    expect(inputsOf('triage.view').length).toBe(before + 1);
  });

  test('a decision being sent says it is too late to undo, and a late undo is reported, not ignored', async () => {
    setup(triageView({ pending: [pendingView('1', { batchId: 'B1', sending: true })] }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(row('1').textContent).toContain('Sending…, too late to undo');
    expect(within(row('1')).queryByRole('button', { name: 'Undo' })).toBeNull();
    // The undo bar loads when first shown (first-use.ts): found once it has.
    expect((await screen.findByRole('region', { name: 'Decision pending' })).textContent).toContain('too late to undo');

    answers['triage.decide'] = () => ({
      batchId: 'B2',
      pending: [pendingView('2', { batchId: 'B2' })],
      failures: [],
      batches: [],
      revision: 2,
    });
    answers['triage.undo'] = () => ({ undone: [], tooLate: ['2'], revision: 3 });
    fireEvent.click(within(row('2')).getByRole('button', { name: 'Accept' }));
    fireEvent.click(
      within(screen.getByRole('region', { name: 'Decision pending' })).getByRole('button', { name: 'Undo' }),
    );
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Decision pending' }).textContent).toContain(
        'Too late to undo: the decision was already being sent.',
      ),
    );
    expect(inputsOf('triage.undo')).toEqual([{ batchId: 'B2' }]);
    expect(row('2').textContent).toContain('Sending…, too late to undo');
  });
});

describe('suggestion-triage: words a person understands', () => {
  test('a decision queued after a 503 says when it is tried again; the code is small print', async () => {
    const lastError = { code: '2099', status: 503, message: 'decideSuggestion: HTTP 503 — 2099 Injected fault' };
    setup(triageView({ pending: [pendingView('1', { attempts: 2, retryAt: Date.now() + 30_000, lastError })] }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    // A row's queued retry loads with the first one shown (first-use.ts).
    await waitFor(() =>
      expect(row('1').textContent).toContain('The service was busy; Listings Desk will try again in 30 s.'),
    );
    expect(row('1').textContent).not.toContain('decideSuggestion');
    expect(row('1').querySelector('small')?.textContent).toContain('code 2099 · HTTP 503');
  });

  test('a suggested link that downgrades https to http carries a visible warning', async () => {
    setup(
      triageView({
        suggestions: [
          suggestion('1', { originalContent: 'https://harbor.example/', suggestedContent: 'http://harbor.example/' }),
          suggestion('2', { originalContent: 'http://harbor.example/', suggestedContent: 'https://harbor.example/' }),
        ],
      }),
    );
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(within(row('1')).getByRole('note').textContent).toMatch(/drops https.*plain http, not secure/);
    expect(within(row('2')).queryByRole('note')).toBeNull();
  });
});

describe('suggestion-triage: scale and filters', () => {
  test('the first answer carries the first rows only; the whole list is asked for right after', async () => {
    const all = Array.from({ length: 60 }, (_, i) => suggestion(String(i + 1)));
    answers = {
      'triage.view': (input) => {
        const { rows: first } = input as { rows?: number };
        return first
          ? triageView({ suggestions: all.slice(0, first), count: 60, complete: false })
          : triageView({ suggestions: all, count: 60 });
      },
    };
    render(<SuggestionTriage listingsTotal={100} />);
    await waitFor(() => expect(inputsOf('triage.view')).toHaveLength(2));
    expect(inputsOf('triage.view')[0]).toMatchObject({ rows: 40 });
    expect(inputsOf('triage.view')[1]).not.toHaveProperty('rows');
  });

  const many = Array.from({ length: 500 }, (_, i) => suggestion(String(710001 + i), { locationId: `HB-${i % 30}` }));

  test('500 of 5,000: says what is shown, renders only the rows in view, and End still reaches the last', async () => {
    setup(triageView({ suggestions: many, count: 5000 }));
    await waitFor(() => expect(rows().length).toBeGreaterThan(3));
    expect(screen.getByText('showing 500 of 5,000 waiting')).toBeTruthy();
    expect(rows().length).toBeLessThan(40);
    rows()[0]!.focus();
    fireEvent.keyDown(rows()[0]!, { key: 'End' });
    await waitFor(() => expect(document.activeElement?.id).toBe('suggestion-710500'));
    expect(document.activeElement?.getAttribute('aria-posinset')).toBe('500');
    expect(document.activeElement?.getAttribute('aria-setsize')).toBe('500');
  });

  test('filters go to the worker and live in the URL, so a reopened popup asks for the same list', async () => {
    history.replaceState(null, '', `${location.pathname}#location=HB-002&publisher=BING`);
    setup(triageView());
    await waitFor(() => expect(inputsOf('triage.view')).toHaveLength(1));
    expect(inputsOf('triage.view')[0]).toEqual({
      status: 'WAITING_ON_CUSTOMER',
      refresh: true,
      rows: 40,
      locationIds: ['HB-002'],
      publisherIds: ['BING'],
    });
    expect((screen.getByRole('combobox', { name: 'Location' }) as HTMLInputElement).value).toBe('HB-002');
    fireEvent.change(screen.getByRole('combobox', { name: 'Publisher' }), { target: { value: '' } });
    await waitFor(() => expect(inputsOf('triage.view')).toHaveLength(2));
    expect(inputsOf('triage.view')[1]).toEqual({
      status: 'WAITING_ON_CUSTOMER',
      refresh: true,
      locationIds: ['HB-002'],
    });
    expect(location.hash).toBe('#location=HB-002');
  });
});
