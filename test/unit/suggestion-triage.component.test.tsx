import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { SuggestionTriage } from '../../components/suggestion-triage/SuggestionTriage.tsx';
import type { TriageView } from '../../lib/messaging/protocol/index.ts';
import { batchOutcome, pendingView, suggestion, triageView } from './triage-ui-fakes.ts';

const asked: { type: string; input: unknown }[] = [];
let answers: Record<string, (input: unknown) => unknown> = {};

vi.mock('../../lib/messaging/ui.ts', () => ({
  ask: vi.fn(async (type: string, input: unknown) => {
    asked.push({ type, input });
    const answer = answers[type];
    if (!answer) throw new Error(`no answer for ${type}`);
    return answer(input);
  }),
  onDeskEvent: vi.fn(() => () => undefined),
}));

function setup(view: TriageView = triageView(), listingsTotal: number | null = 100) {
  answers = {
    'triage.view': () => view,
    'triage.decide': (input) => {
      const { suggestionIds, decision } = input as { suggestionIds: string[]; decision: 'ACCEPTED' | 'REJECTED' };
      return {
        batchId: 'b1',
        revision: 2,
        pending: suggestionIds.map((suggestionId) => pendingView(suggestionId, { decision })),
        failures: [],
        batches: [],
      };
    },
    'triage.undo': (input) => ({
      undone: (input as { suggestionIds?: string[] }).suggestionIds ?? [],
      tooLate: [],
      revision: 3,
    }),
    'triage.dismissFailures': () => ({ dismissed: 1 }),
  };
  return render(
    <SuggestionTriage listingsTotal={listingsTotal} linkAction={<button type="button">Link account</button>} />,
  );
}

const rows = () => screen.getAllByRole('article');
const decisions = () => asked.filter((a) => a.type === 'triage.decide').map((a) => a.input);

beforeEach(() => {
  asked.length = 0;
  // The filters live in the URL hash: each test starts unfiltered.
  history.replaceState(null, '', location.pathname);
});
afterEach(cleanup);

describe('suggestion-triage list', () => {
  test('a location shows as its name and city, with the id in its tooltip; the id until the name is known', async () => {
    setup();
    answers['locations.list'] = () => ({
      accountKey: 'app-1001',
      locations: [{ id: 'HB-001', name: 'Harbor Bakery – Pearl', city: 'Portland', folderId: null }],
      folders: [],
      fetchedAt: 1,
      refreshing: false,
      error: null,
    });
    cleanup();
    render(<SuggestionTriage listingsTotal={100} linkAction={<button type="button">Link account</button>} />);
    await waitFor(() => expect(rows()).toHaveLength(3));
    const place = await within(rows()[0]!).findByText('Harbor Bakery – Pearl, Portland');
    expect(place.getAttribute('title')).toBe('Harbor Bakery – Pearl, Portland, location HB-001');
    // HB-002 is not in the worker's list: its id stands in.
    expect(document.querySelector('[title="Location HB-002"]')?.textContent?.trim()).toBe('HB-002');
  });

  test('each row: publisher name (id as fallback), location, field, date, and the word diff', async () => {
    setup();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const first = rows()[0]!;
    expect(within(first).getByRole('heading').textContent).toContain('Google Business Profile');
    expect(first.textContent).toContain('HB-001');
    // The field in words (issue 32), never the service's name for it.
    expect(first.querySelector('.st-row__fieldname')?.textContent).toBe('Hours');
    expect(first.querySelector('time')?.getAttribute('datetime')).toBe('2026-03-04');
    expect(first.querySelector('del')?.textContent).toBe('removed: 9am');
    expect(first.querySelector('ins')?.textContent).toBe('added: 8am');
    expect(first.querySelector('del .visually-hidden')).not.toBeNull();
    expect(within(rows()[2]!).getByRole('heading').textContent).toContain('BING');
    expect(within(first).getByRole('button', { name: 'Accept' })).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Reject' })).toBeTruthy();
    expect(asked[0]).toEqual({
      type: 'triage.view',
      input: { status: 'WAITING_ON_CUSTOMER', refresh: true, rows: 40 },
    });
  });

  test('publisher data is text: markup stays text, javascript: is not a link, https is', async () => {
    setup(
      triageView({
        suggestions: [
          suggestion('1', {
            publisherId: 'EVIL',
            suggestedContent: '<img src=x onerror="window.hacked=1">',
          }),
          suggestion('2', { suggestedContent: 'javascript:alert(document.domain)' }),
          suggestion('3', { suggestedContent: 'https://harbor.example/menu' }),
        ],
        publishers: { EVIL: '<script>window.hacked=1</script>Evil' },
      }),
    );
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(document.querySelector('script, img')).toBeNull();
    expect(rows()[0]!.textContent).toContain('<script>window.hacked=1</script>Evil');
    expect(rows()[0]!.textContent).toContain('<img src=x onerror="window.hacked=1">');
    const links = [...document.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual(['https://harbor.example/menu']);
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });

  test('keyboard: j/k move, a accepts the focused one and moves on, r rejects, u undoes, x selects', async () => {
    setup();
    await waitFor(() => expect(rows()).toHaveLength(3));
    rows()[0]!.focus();
    fireEvent.keyDown(rows()[0]!, { key: 'j' });
    expect(document.activeElement).toBe(rows()[1]);
    fireEvent.keyDown(rows()[1]!, { key: 'k' });
    expect(document.activeElement).toBe(rows()[0]);

    fireEvent.keyDown(rows()[0]!, { key: 'a' });
    expect(decisions()).toEqual([{ accountKey: 'app-1001', suggestionIds: ['1'], decision: 'ACCEPTED' }]);
    // Shown at once, with its undo; focus moved to the next open suggestion.
    expect(within(rows()[0]!).getByRole('button', { name: 'Undo' })).toBeTruthy();
    expect(rows()[0]!.textContent).toContain('Accepted');
    expect(document.activeElement).toBe(rows()[1]);

    fireEvent.keyDown(rows()[1]!, { key: 'r' });
    expect(decisions().at(-1)).toEqual({ accountKey: 'app-1001', suggestionIds: ['2'], decision: 'REJECTED' });

    fireEvent.keyDown(document.activeElement!, { key: 'u' });
    await waitFor(() => expect(asked.some((a) => a.type === 'triage.undo')).toBe(true));

    fireEvent.keyDown(rows()[2]!, { key: 'x' });
    expect((within(rows()[2]!).getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
  });

  test('keys act only while the list has focus', async () => {
    setup();
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.keyDown(document.body, { key: 'a' });
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Status' }), { key: 'a' });
    expect(decisions()).toEqual([]);
  });

  test('with shortcuts switched off, letters do nothing but arrows still move', async () => {
    setup(triageView({ keyboardShortcuts: false }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    rows()[0]!.focus();
    fireEvent.keyDown(rows()[0]!, { key: 'a' });
    fireEvent.keyDown(rows()[0]!, { key: '?' });
    expect(decisions()).toEqual([]);
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.keyDown(rows()[0]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(rows()[1]);
  });

  test('? opens the help dialog; Escape closes it', async () => {
    setup();
    await waitFor(() => expect(rows()).toHaveLength(3));
    rows()[0]!.focus();
    fireEvent.keyDown(rows()[0]!, { key: '?' });
    // Loaded on the first `?` (first-use.ts), so it shows a moment later.
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(dialog.textContent).toContain('Accept');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('bulk: select several, accept them all in one decision', async () => {
    setup();
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all shown' }));
    fireEvent.click(screen.getByRole('button', { name: 'Accept 3' }));
    expect(decisions()).toEqual([{ accountKey: 'app-1001', suggestionIds: ['1', '2', '3'], decision: 'ACCEPTED' }]);
    // The undo bar loads on the first decision (first-use.ts): found once it has.
    expect((await screen.findByRole('region', { name: 'Decision pending' })).textContent).toContain(
      'Accepted 3 suggestions',
    );
  });

  test('bulk progress counts only the PUTs the service answered, not those undone, failed or queued', async () => {
    const view = triageView();
    setup(view);
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all shown' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reject 3' }));
    await waitFor(() => expect(decisions()).toHaveLength(1));
    // Out of its window: one answered, one being sent, one queued after a 503.
    answers['triage.view'] = () =>
      triageView({
        revision: 5,
        suggestions: view.suggestions.slice(1),
        pending: [
          pendingView('2', { decision: 'REJECTED', sending: true }),
          pendingView('3', { decision: 'REJECTED', retryAt: Date.now() + 30_000 }),
        ],
        batches: [batchOutcome({ decision: 'REJECTED', sent: 1, queued: 1 })],
      });
    fireEvent.click(screen.getByRole('button', { name: 'Refresh suggestions' }));
    await waitFor(() => expect(screen.queryAllByRole('progressbar')).toHaveLength(0));
    // Once none of the batch is inside its window any more, the bar shows.
    answers['triage.view'] = () =>
      triageView({
        revision: 6,
        suggestions: view.suggestions.slice(1),
        pending: [pendingView('2', { decision: 'REJECTED', sending: true })],
        batches: [batchOutcome({ decision: 'REJECTED', sent: 1, queued: 1 })],
      });
    fireEvent.click(screen.getByRole('button', { name: 'Refresh suggestions' }));
    const bar = await screen.findByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('1');
    expect(bar.getAttribute('aria-valuemax')).toBe('3');
    expect(bar.getAttribute('aria-valuetext')).toBe('Rejecting: 1 of 3 sent · 1 waiting to retry');
  });

  test('a bulk decision undone shows no "sent" progress at all', async () => {
    setup(triageView({ batches: [] }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all shown' }));
    fireEvent.click(screen.getByRole('button', { name: 'Accept 3' }));
    await waitFor(() => expect(decisions()).toHaveLength(1));
    answers['triage.view'] = () => triageView({ revision: 9, batches: [batchOutcome({ undone: 3 })] });
    fireEvent.click(screen.getByRole('button', { name: 'Refresh suggestions' }));
    await waitFor(() => expect(asked.filter((a) => a.type === 'triage.view')).toHaveLength(2));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(document.body.textContent).not.toMatch(/of 3 sent/);
  });

  test('only shown suggestions are decided: keys and bulk buttons leave a selection hidden by a filter alone', async () => {
    setup();
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all shown' }));
    expect(screen.getByRole('button', { name: 'Accept 3' })).toBeTruthy();

    // Only HB-002 is shown: one of the three selected is visible, and the buttons count just that one.
    const location = screen.getByRole('combobox', { name: 'Location' });
    fireEvent.change(location, { target: { value: 'HB-002' } });
    expect(rows().map((r) => r.id)).toEqual(['suggestion-2']);
    expect(screen.getByText('1 selected')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Accept 1' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept 3' })).toBeNull();
    rows()[0]!.focus();
    fireEvent.keyDown(rows()[0]!, { key: 'a' });
    expect(decisions()).toEqual([{ accountKey: 'app-1001', suggestionIds: ['2'], decision: 'ACCEPTED' }]);

    // The hidden two are still selected when the filter is cleared, and only then can be decided.
    fireEvent.change(location, { target: { value: '' } });
    expect(rows().map((r) => (within(r).queryByRole('checkbox') as HTMLInputElement | null)?.checked)).toEqual([
      true,
      false,
      true,
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Reject 2' }));
    expect(decisions().at(-1)).toEqual({ accountKey: 'app-1001', suggestionIds: ['1', '3'], decision: 'REJECTED' });
  });

  test('a selection that is all hidden does not count: the key decides the focused row only', async () => {
    setup();
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.click(within(rows()[0]!).getByRole('checkbox'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Publisher' }), { target: { value: 'BING' } });
    expect(rows().map((r) => r.id)).toEqual(['suggestion-3']);
    expect(screen.queryByText(/selected$/)).toBeNull();
    rows()[0]!.focus();
    fireEvent.keyDown(rows()[0]!, { key: 'r' });
    expect(decisions()).toEqual([{ accountKey: 'app-1001', suggestionIds: ['3'], decision: 'REJECTED' }]);
  });

  test('filters by location and publisher', async () => {
    setup();
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.change(screen.getByRole('combobox', { name: 'Location' }), { target: { value: 'HB-002' } });
    expect(rows()).toHaveLength(1);
    fireEvent.change(screen.getByRole('combobox', { name: 'Location' }), { target: { value: '' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Publisher' }), { target: { value: 'BING' } });
    expect(rows().map((r) => r.id)).toEqual(['suggestion-3']);
  });

  test('the status filter asks for that status', async () => {
    setup();
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'ACCEPTED' } });
    await waitFor(() =>
      expect(asked.at(-1)).toEqual({ type: 'triage.view', input: { status: 'ACCEPTED', refresh: true } }),
    );
  });

  test('a failed decision says why in plain words, the code in small print, with its buttons back', async () => {
    setup(
      triageView({
        failures: [
          {
            suggestionId: '2',
            decision: 'ACCEPTED',
            code: '7301',
            message: 'decideSuggestion: HTTP 409 — 7301 Publisher suggestion already resolved',
            failedAt: Date.now(),
          },
        ],
      }),
    );
    await waitFor(() => expect(rows()).toHaveLength(3));
    const row = rows()[1]!;
    // A row's failure loads with the first one shown (first-use.ts).
    const alert = await within(row).findByRole('alert');
    expect(alert.textContent).toContain('Couldn’t accept. This suggestion was already resolved in the service.');
    expect(alert.textContent).not.toContain('decideSuggestion');
    expect(alert.querySelector('small')?.textContent).toContain('code 7301 · HTTP 409');
    expect(within(row).getByRole('button', { name: 'Accept' })).toBeTruthy();
  });

  test('a decision that could not be confirmed says so, and Retry sends the same decision again', async () => {
    setup(
      triageView({
        failures: [
          {
            suggestionId: '2',
            decision: 'REJECTED',
            code: 'unconfirmed',
            message:
              'Listings Desk could not confirm this decision: the service’s answer could not be read, and the suggestion is still waiting there. Choose Retry to send it again.',
            failedAt: Date.now(),
          },
        ],
      }),
    );
    await waitFor(() => expect(rows()).toHaveLength(3));
    const alert = await within(rows()[1]!).findByRole('alert');
    expect(alert.textContent).toContain('could not confirm this decision');
    expect(alert.textContent).not.toContain('Couldn’t reject');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(decisions()).toEqual([{ accountKey: 'app-1001', suggestionIds: ['2'], decision: 'REJECTED' }]),
    );
  });

  test('a decision waiting for a rate limit says until when, with no countdown and no Undo', async () => {
    const until = new Date(2026, 10, 26, 14, 0).getTime();
    const limited = pendingView('1', {
      dueAt: Date.now() - 60_000,
      attempts: 1,
      retryAt: until,
      lastError: {
        code: '2040',
        status: 429,
        message: 'The service asked Listings Desk to slow down; Listings Desk will try again in 40 min.',
      },
    });
    setup(triageView({ pending: [limited] }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    const bar = await screen.findByRole('region', { name: 'Decision pending' });
    const at = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }).format(until);
    expect(bar.textContent).toContain(
      `Accepted 1 suggestion · Waiting for the service’s limit to reset at ${at}; Listings Desk will send it then`,
    );
    expect(bar.textContent).not.toMatch(/sending in/);
    expect(within(bar).queryByRole('button', { name: 'Undo' })).toBeNull();
    expect(within(rows()[0]!).queryByRole('button', { name: 'Undo' })).toBeNull();
    // A row's queued retry loads with the first one shown (first-use.ts).
    await waitFor(() => expect(rows()[0]!.textContent).toContain(`limit to reset at ${at}`));
  });

  test('empty states explain themselves', async () => {
    setup(triageView({ suggestions: [], count: 0 }), 250);
    expect(await screen.findByRole('heading', { name: 'Nothing to triage' })).toBeTruthy();
    cleanup();
    setup(triageView({ suggestions: [], count: 0 }), 0);
    await screen.findByRole('heading', { name: 'Nothing to triage' });
    expect(document.body.textContent).toMatch(/no active Listings subscription or is not a production account/);
    cleanup();
    setup(triageView({ account: null, suggestions: [] }));
    expect(await screen.findByRole('button', { name: 'Link account' })).toBeTruthy();
  });
});
