// The popup's first rows: asked by its entry before the app has loaded, shown by the app without asking
// again; the whole list follows. Ids sort naturally without an ICU collator per comparison.
import { cleanup, render, screen, waitFor } from '@testing-library/preact';
import { render as renderNow } from 'preact';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { SuggestionTriage } from '../../components/suggestion-triage/SuggestionTriage.tsx';
import { TriageFilters } from '../../components/suggestion-triage/TriageFilters.tsx';
import { compareText } from '../../lib/shared/format.ts';
import { suggestion, triageView } from './triage-ui-fakes.ts';

const asked: { type: string; input: unknown }[] = [];
const all = Array.from({ length: 60 }, (_, i) => suggestion(String(i + 1)));

vi.mock('../../lib/messaging/ui.ts', () => ({
  ask: vi.fn(async (type: string, input: unknown) => {
    asked.push({ type, input });
    if (type === 'triage.view') return triageView({ suggestions: all, count: 60, revision: 2 });
    throw new Error(`no answer for ${type}`);
  }),
  onDeskEvent: vi.fn(() => () => undefined),
}));

const views = () => asked.filter((a) => a.type === 'triage.view').map((a) => a.input);

beforeEach(() => {
  asked.length = 0;
  history.replaceState(null, '', location.pathname);
});
afterEach(cleanup);

describe('popup: the first view asked before the app loaded', () => {
  test('an answered first view is in the first render; only the rest of the list is asked for', async () => {
    const first = triageView({ suggestions: all.slice(0, 40), count: 60, complete: false, revision: 1 });
    render(<SuggestionTriage listingsTotal={100} takeFirstView={() => first} />);
    // No waiting: the rows are there as soon as render() returns.
    expect(screen.getAllByRole('article').length).toBeGreaterThan(0);
    expect(views()).toEqual([]);

    await waitFor(() => expect(views()).toHaveLength(1));
    expect(views()[0]).not.toHaveProperty('rows');
  });

  test('the early view is given once: a list mounted later (after linking) asks afresh', async () => {
    let early: ReturnType<typeof triageView> | undefined = triageView({ account: null, suggestions: [], revision: 1 });
    const take = () => {
      const view = early;
      early = undefined;
      return view;
    };
    render(<SuggestionTriage listingsTotal={100} takeFirstView={take} />);
    expect(views()).toEqual([]);
    cleanup();
    render(<SuggestionTriage listingsTotal={100} takeFirstView={take} />);
    await waitFor(() => expect(screen.getAllByRole('article').length).toBeGreaterThan(0));
    expect(views()[0]).toMatchObject({ rows: 40 });
  });

  test('a first view that said the list was being fetched is asked again once the page listens: its end may have been announced before', async () => {
    // Asked by the entry before the app subscribed: the refresh it started ended, and its event, unheard.
    const first = triageView({ suggestions: [], count: 0, fetchedAt: null, refreshing: true, revision: 1 });
    render(<SuggestionTriage listingsTotal={100} takeFirstView={() => first} />);
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    await waitFor(() => expect(screen.getAllByRole('article').length).toBeGreaterThan(0));
    expect(views()).toHaveLength(1);
  });

  test('a first view still on its way is awaited, not asked again', async () => {
    let answer: (view: ReturnType<typeof triageView>) => void = () => undefined;
    const first = new Promise<ReturnType<typeof triageView>>((resolve) => {
      answer = resolve;
    });
    render(<SuggestionTriage listingsTotal={100} takeFirstView={() => first} />);
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    answer(triageView({ revision: 1 }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
    expect(views()).toEqual([]);
  });
});

test('the filters list only their current values in their first frame; the other choices follow it', async () => {
  const box = document.createElement('div');
  document.body.append(box);
  // Preact's own render, not testing-library's act(), which would run the effects before returning.
  renderNow(
    <TriageFilters
      filters={{ status: 'WAITING_ON_CUSTOMER', locationId: '', publisherId: '' }}
      knownLocations={[
        { id: 'HB-1', text: 'Harbor Bakery, Pearl' },
        { id: 'HB-2', text: 'HB-2' },
      ]}
      locations={[]}
      publishers={{ GOOGLEMYBUSINESS: 'Google Business Profile', BING: 'Bing' }}
      knownPublishers={['GOOGLEMYBUSINESS']}
      onChange={() => undefined}
      onHelp={() => undefined}
    />,
    box,
  );
  const publisher = box.querySelectorAll('select')[1]!;
  expect([...publisher.options].map((o) => o.text)).toEqual(['All publishers']);
  expect(box.querySelectorAll('datalist option')).toHaveLength(0);
  await waitFor(() =>
    expect([...publisher.options].map((o) => o.text)).toEqual(['All publishers', 'Bing', 'Google Business Profile']),
  );
  expect(box.querySelectorAll('datalist option')).toHaveLength(2);
  renderNow(null, box);
  box.remove();
});

test('location ids sort with their numbers as numbers', () => {
  expect(['HB-10', 'HB-2', 'HB-1', 'A', 'HB-002x', 'B-7'].sort(compareText)).toEqual([
    'A',
    'B-7',
    'HB-1',
    'HB-2',
    'HB-002x',
    'HB-10',
  ]);
});
