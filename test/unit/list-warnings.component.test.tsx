// What the service said about a list reaches the view that shows it: the workspace, the popup's
// triage and health line, as calm notices in the user's words with the code small; and an empty
// listings answer says why (no Listings subscription, or not a production account).
import { cleanup, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { HealthSummary } from '../../components/listings-health/HealthSummary.tsx';
import { ListingsWorkspace } from '../../components/listings-workspace/ListingsWorkspace.tsx';
import { WorkspaceProvider } from '../../components/listings-workspace/WorkspaceProvider.tsx';
import { SuggestionTriage } from '../../components/suggestion-triage/SuggestionTriage.tsx';
import { ListWarnings } from '../../components/ui/ListWarnings.tsx';
import * as clientLists from '../../lib/api/lists.ts';
import { EMPTY_ANSWER, type ListWarning, SKIPPED_ITEMS } from '../../lib/messaging/error-words.ts';
import { listWarning } from '../../lib/messaging/service-words.ts';
import { FakeWorker, fakeRows, loadedView } from './listings-workspace-fakes.ts';
import { triageView } from './triage-ui-fakes.ts';

let answers: Record<string, (input: unknown) => unknown> = {};
vi.mock('../../lib/messaging/ui.ts', () => ({
  ask: vi.fn(async (type: string, input: unknown) => {
    const answer = answers[type];
    if (!answer) throw new Error(`no answer for ${type}`);
    return answer(input);
  }),
  onDeskEvent: vi.fn(() => () => undefined),
}));

// As the worker words them (service-words.ts) before a view carries them.
const listed = (w: ListWarning) => listWarning(w, 'listings');
const SERVICE_WARNING = listed({ code: 5012, type: 'WARNING', message: 'Some publishers are being updated' });
const ITEM_ERROR = listed({ code: 2150, type: 'NON_FATAL_ERROR', message: 'Listing 77 could not be loaded' });
const EMPTY = listed(clientLists.emptyAnswerWarning('listings'));
const SKIPPED = listed(clientLists.skippedItemsWarning(3, 'listings'));

const WHY = /no active Listings subscription or is not a production account/;

beforeEach(() => {
  history.replaceState(null, '', '#listings');
  answers = {};
});
afterEach(cleanup);

describe('a warning, in words', () => {
  test('the client names its own warnings as the wording module reads them', () => {
    expect(clientLists.EMPTY_ANSWER).toBe(EMPTY_ANSWER);
    expect(clientLists.SKIPPED_ITEMS).toBe(SKIPPED_ITEMS);
  });

  test('each kind is a calm sentence (a status, not an alert) with the code in small print', () => {
    render(<ListWarnings warnings={[SERVICE_WARNING, ITEM_ERROR, EMPTY, SKIPPED]} />);
    const note = screen.getByRole('status');
    expect(screen.queryByRole('alert')).toBeNull();
    const lines = [...note.querySelectorAll('p')].map((p) => p.textContent);
    expect(lines[0]).toMatch(/^The service sent a note with this list; Listings Desk shows everything it sent\./);
    expect(lines[0]).toContain('code 5012 · warning · “Some publishers are being updated”');
    expect(lines[1]).toMatch(/^The service could not give part of this list; .*Refresh to ask again\./);
    expect(lines[1]).toContain('code 2150');
    expect(lines[2]).toMatch(WHY);
    expect(lines[3]).toMatch(/^3 listings could not be read and are not shown; Listings Desk shows the rest\./);
    for (const small of note.querySelectorAll('small')) expect(small.textContent).not.toBe('');
  });

  test('nothing is drawn without warnings', () => {
    const { container } = render(<ListWarnings warnings={[]} />);
    expect(container.textContent).toBe('');
  });
});

function mountWorkspace(source: FakeWorker) {
  return render(
    <WorkspaceProvider io={source.io}>
      <ListingsWorkspace />
    </WorkspaceProvider>,
  );
}

describe('the listings workspace', () => {
  test('a load that brought no listings says why, not "no listings loaded"', async () => {
    const source = new FakeWorker([]);
    source.state = { ...source.state, load: loadedView(0, { warnings: [] }) };
    mountWorkspace(source);
    await waitFor(() => expect(screen.getByText('The service sent no listings for this account')).toBeTruthy());
    expect(document.body.textContent).toMatch(WHY);
    expect(document.body.textContent).not.toContain('This account has no listings loaded');
  });

  test('the service’s warnings about the listings show above the table', async () => {
    const source = new FakeWorker(fakeRows(40));
    source.state = { ...source.state, load: loadedView(40, { warnings: [SERVICE_WARNING, SKIPPED] }) };
    mountWorkspace(source);
    await waitFor(() => expect(document.body.textContent).toContain('“Some publishers are being updated”'));
    const note = screen.getAllByRole('status').find((s) => s.textContent?.includes('sent a note'));
    expect(note?.textContent).toContain('3 listings could not be read and are not shown');
  });

  test('an empty answer is explained once: by the empty state, not again by a note', async () => {
    const source = new FakeWorker([]);
    source.state = { ...source.state, load: loadedView(0, { warnings: [EMPTY] }) };
    mountWorkspace(source);
    await waitFor(() => expect(screen.getByText('The service sent no listings for this account')).toBeTruthy());
    expect(document.body.textContent?.match(new RegExp(WHY, 'g'))).toHaveLength(1);
  });
});

describe('the popup', () => {
  test('the health line says why the service returned no listings', () => {
    const view = { accountKey: 'k1', total: 0, counts: [], fetchedAt: 1, refreshing: false, error: null };
    render(<HealthSummary view={view} error={null} />);
    expect(document.body.textContent).toMatch(/The service returned no listings for this account\./);
    expect(document.body.textContent).toMatch(WHY);
  });

  test("the health line's refresh failure says what happened, no internal code (its words load on first use)", async () => {
    const view = { accountKey: 'k1', total: 3, counts: [], fetchedAt: 1, refreshing: false, error: null };
    const error = { code: 'network', message: 'Listings Desk couldn’t reach the service.' };
    render(<HealthSummary view={view} error={error} />);
    const alert = await screen.findByRole('alert');
    // "network" is our own name for it, not the service's code: nothing in small print.
    expect(alert.textContent?.trim()).toBe('Couldn’t refresh. Listings Desk couldn’t reach the service.');
    expect(alert.querySelector('small.ui-notice__code')?.textContent ?? '').toBe('');
  });

  test('triage shows the warnings of the list it shows', async () => {
    const view = { ...triageView(), warnings: [SKIPPED_SUGGESTIONS] };
    answers['triage.view'] = () => view;
    answers['locations.list'] = () => ({ accountKey: 'k1', fetchedAt: 1, locations: [], error: null });
    render(<SuggestionTriage listingsTotal={100} linkAction={<button type="button">Link account</button>} />);
    await waitFor(() => expect(document.body.textContent).toContain('2 suggestions could not be read'));
    expect(screen.getAllByRole('status').some((s) => s.textContent?.includes('Listings Desk shows the rest'))).toBe(
      true,
    );
  });
});

const SKIPPED_SUGGESTIONS = listWarning(clientLists.skippedItemsWarning(2, 'suggestions'), 'suggestions');
