import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { FilteredListings } from '../../components/listings-workspace/FilteredListings.tsx';
import { ListingsWorkspace } from '../../components/listings-workspace/ListingsWorkspace.tsx';
import { WorkspaceProvider } from '../../components/listings-workspace/WorkspaceProvider.tsx';
import { NO_FILTERS } from '../../components/listings-workspace/workspace-filters.ts';
import { FakeWorker, fakeRows, loadedView } from './listings-workspace-fakes.ts';

function mount(source: FakeWorker) {
  return render(
    <WorkspaceProvider io={source.io}>
      <ListingsWorkspace />
    </WorkspaceProvider>,
  );
}

const dataRows = () => document.querySelectorAll('tr[data-key]');
const count = () => screen.getByTestId('matched-count').textContent;

beforeEach(() => history.replaceState(null, '', '#listings'));
afterEach(cleanup);

describe('the listings workspace', () => {
  test('5,000 listings: only the rows in view are in the DOM', async () => {
    mount(new FakeWorker(fakeRows(5000)));
    await waitFor(() => expect(count()).toBe('5,000 of 5,000 listings'));
    await waitFor(() => expect(dataRows().length).toBeGreaterThan(10));
    expect(dataRows().length).toBeLessThanOrEqual(100);
    expect(screen.getByRole('grid').getAttribute('aria-rowcount')).toBe('5001');
  });

  test('filters combine, and go into the URL', async () => {
    const source = new FakeWorker(fakeRows(600));
    mount(source);
    await waitFor(() => expect(count()).toBe('600 of 600 listings'));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Live' }));
    await waitFor(() => expect(count()).toBe('150 of 600 listings'));
    fireEvent.input(screen.getByRole('searchbox', { name: 'Search listings' }), { target: { value: 'Bakery 1' } });
    await waitFor(() => expect(Number(count()!.split(' ')[0])).toBeLessThan(150));
    await waitFor(() => expect(location.hash).toBe('#listings?status=LIVE&q=Bakery+1'));
    for (const row of dataRows()) expect(row.textContent).toContain('Live');
  });

  test('a keystroke asks for its rows in the input event itself, once, before the page renders', async () => {
    const source = new FakeWorker(fakeRows(600));
    mount(source);
    await waitFor(() => expect(count()).toBe('600 of 600 listings'));
    const asked = () =>
      source.calls.filter((c) => c.type === 'rows' && (c.args[0] as { text: string }).text === 'Bakery 1').length;
    fireEvent.input(screen.getByRole('searchbox', { name: 'Search listings' }), { target: { value: 'Bakery 1' } });
    // No await in between: the render (and anything after it) has not run yet.
    expect(asked()).toBe(1);
    await waitFor(() => expect(Number(count()!.split(' ')[0])).toBeLessThan(600));
    await waitFor(() => expect(location.hash).toBe('#listings?q=Bakery+1'));
    expect(asked()).toBe(1);
  });

  test('the URL follows a change once its rows are shown, with one history entry per change', async () => {
    mount(new FakeWorker(fakeRows(600)));
    await waitFor(() => expect(count()).toBe('600 of 600 listings'));
    const entries = history.length;
    fireEvent.click(screen.getByRole('checkbox', { name: 'Live' }));
    // Not in the input event: pushState there costs the answer's render milliseconds.
    expect(location.hash).toBe('#listings');
    await waitFor(() => expect(count()).toBe('150 of 600 listings'));
    await waitFor(() => expect(location.hash).toBe('#listings?status=LIVE'));
    // Two quick changes: the first is written before the second, each with its own entry.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Opted out' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Live' }));
    await waitFor(() => expect(location.hash).toBe('#listings?status=OPTED_OUT'));
    expect(history.length).toBe(entries + 3);
  });

  test('Back right after a change, before its URL is written, undoes that change', async () => {
    mount(new FakeWorker(fakeRows(600)));
    await waitFor(() => expect(count()).toBe('600 of 600 listings'));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Live' }));
    await waitFor(() => expect(location.hash).toBe('#listings?status=LIVE'));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Opted out' }));
    expect(location.hash).toBe('#listings?status=LIVE');
    history.back();
    await waitFor(() => expect(count()).toBe('150 of 600 listings'));
    expect(location.hash).toBe('#listings?status=LIVE');
    expect(screen.getByRole('checkbox', { name: 'Opted out' })).toHaveProperty('checked', false);
    history.back();
    await waitFor(() => expect(count()).toBe('600 of 600 listings'));
    expect(location.hash).toBe('#listings');
  });

  test('opening: the first rows are asked for once and kept, and the names only after them', async () => {
    const source = new FakeWorker(fakeRows(600));
    mount(source);
    await waitFor(() => expect(count()).toBe('600 of 600 listings'));
    await waitFor(() => expect(source.calls.some((c) => c.type === 'locations')).toBe(true));
    const types = source.calls.map((c) => c.type).filter((t) => t === 'rows' || t === 'locations');
    expect(types).toEqual(['rows', 'locations']);
  });

  test('a URL with filters opens with them applied', async () => {
    history.replaceState(null, '', '#listings?status=OPTED_OUT&publisher=YELP');
    mount(new FakeWorker(fakeRows(1200)));
    await waitFor(() => expect(count()).toBe('100 of 1,200 listings'));
    // The names come after the first rows.
    await waitFor(() => expect(screen.getByText('Yelp', { selector: '.lw-chip' })).toBeTruthy());
  });

  test('keyboard: arrows move, x selects; select-all-matching counts every matching row', async () => {
    const source = new FakeWorker(fakeRows(3000));
    mount(source);
    await waitFor(() => expect(dataRows().length).toBeGreaterThan(0));
    const grid = screen.getByRole('grid');
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    fireEvent.keyDown(grid, { key: 'x' });
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    fireEvent.keyDown(grid, { key: 'x' });
    await waitFor(() => expect(screen.getByText('2 selected')).toBeTruthy());
    expect(document.querySelectorAll('tr[aria-selected="true"]').length).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: 'Select all 3,000 matching' }));
    await waitFor(() => expect(screen.getByText('3,000 selected')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Opt in selected' }));
    await waitFor(() => expect(screen.getByTestId('optin-summary').textContent).toContain('3,000'));
    expect(source.calls.find((c) => c.type === 'preview')?.args[0]).toMatchObject({ filters: expect.anything() });
    expect(screen.getByRole('note').textContent).toContain('enterprise');
  });

  test('opt-out: from a selection or every live match, a confirmation says what stops, then the job shows', async () => {
    const source = new FakeWorker(fakeRows(90));
    mount(source);
    await waitFor(() => expect(dataRows().length).toBeGreaterThan(0));
    fireEvent.click(screen.getByRole('button', { name: 'Opt out all live matching' }));
    const dialog = await screen.findByRole('dialog', { name: 'Opt out listings' });
    await waitFor(() => expect(screen.getByRole('note').textContent).toContain('stops sending'));
    expect(source.calls.find((c) => c.type === 'preview')?.args).toEqual([
      { filters: expect.objectContaining({ statuses: ['LIVE'] }) },
      'out',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialog.isConnected).toBe(false));

    const grid = screen.getByRole('grid');
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    fireEvent.keyDown(grid, { key: 'x' });
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    fireEvent.keyDown(grid, { key: 'x' });
    await waitFor(() => expect(screen.getByText('2 selected')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Opt out selected' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Opt out 2 listings' }));
    await screen.findByText('Opting out 2 listings');
    expect(source.calls.find((c) => c.type === 'start')?.args).toEqual([{ listingIds: expect.any(Array) }, 'out']);
    expect(screen.getByRole('region', { name: 'Opt-out progress' })).toBeTruthy();
  });

  test('shift-click selects the range between the anchor and the row', async () => {
    mount(new FakeWorker(fakeRows(300)));
    await waitFor(() => expect(dataRows().length).toBeGreaterThan(8));
    const boxes = () => screen.getAllByRole('checkbox', { name: /^Select / });
    fireEvent.click(boxes()[1]!);
    fireEvent.click(boxes()[6]!, { shiftKey: true });
    await waitFor(() => expect(screen.getByText('6 selected')).toBeTruthy());
  });

  test('`/` focuses the search', async () => {
    mount(new FakeWorker(fakeRows(10)));
    fireEvent.keyDown(document.body, { key: '/' });
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search listings' }));
  });

  test('clicking a column sorts by it, and a second click reverses', async () => {
    mount(new FakeWorker(fakeRows(20)));
    await waitFor(() => expect(dataRows().length).toBe(20));
    fireEvent.click(screen.getByRole('button', { name: 'Status' }));
    await waitFor(() => expect(location.hash).toBe('#listings?sort=status&dir=asc'));
    await waitFor(() => expect(dataRows()[0]!.textContent).toContain('Live'));
    fireEvent.click(screen.getByRole('button', { name: 'Status' }));
    await waitFor(() => expect(dataRows()[0]!.textContent).toContain('Waiting on publisher'));
  });

  test('hostile publisher data is text, and javascript: is no link', async () => {
    const rows = fakeRows(1).map((r) => ({
      ...r,
      locationName: '<img src=x onerror=alert(1)>',
      listingUrl: 'javascript:alert(1)',
      screenshotUrl: 'https://shots.example/1.png',
    }));
    mount(new FakeWorker(rows));
    await waitFor(() => expect(dataRows().length).toBe(1));
    const row = dataRows()[0] as HTMLElement;
    expect(row.querySelector('img')).toBeNull();
    expect(row.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(within(row).getByText('javascript:alert(1)').closest('a')).toBeNull();
    expect(within(row).getByRole('link', { name: 'Screenshot' }).getAttribute('href')).toBe(
      'https://shots.example/1.png',
    );
  });

  test('a notice in place of a screenshot address reads as a muted note, not a cut link', async () => {
    const notice = 'Screenshot will be available once the listing is live';
    const rows = fakeRows(2).map((r, i) => ({ ...r, screenshotUrl: i ? notice : 'https://shots.example/1.png' }));
    mount(new FakeWorker(rows));
    await waitFor(() => expect(dataRows().length).toBe(2));
    const shown = [...dataRows()] as HTMLElement[];
    const withNotice = shown.find((row) => !row.querySelector('a[href^="https://shots"]'))!;
    expect(shown.filter((row) => within(row).queryByRole('link', { name: 'Screenshot' }))).toHaveLength(1);
    const cell = withNotice.lastElementChild as HTMLElement;
    expect(within(cell).queryByRole('link')).toBeNull();
    expect(cell.textContent).toBe(`None yet: ${notice}`);
    expect(cell.querySelector('.lw-note')?.getAttribute('title')).toBe(notice);
    expect(cell.querySelector('.visually-hidden')?.textContent).toBe(`: ${notice}`);
  });

  test('the publishers directory: search by brand, then one click shows that publisher’s listings', async () => {
    mount(new FakeWorker(fakeRows(90)));
    fireEvent.click(await screen.findByRole('tab', { name: /Publishers/ }));
    fireEvent.input(screen.getByRole('searchbox', { name: 'Search publishers' }), { target: { value: 'maps' } });
    await waitFor(() => expect(screen.getAllByRole('row').length).toBe(2));
    fireEvent.click(screen.getByRole('button', { name: /Show listings on Google Business Profile/ }));
    await waitFor(() => expect(location.hash).toBe('#listings?publisher=GOOGLEMYBUSINESS'));
    await waitFor(() => expect(count()).toBe('30 of 90 listings'));
  });

  test('a failed opt-in request is listed with its code, and Retry failed asks the worker', async () => {
    const source = new FakeWorker(fakeRows(10));
    source.job = {
      id: 'j1',
      accountKey: 'k1',
      direction: 'in',
      createdAt: 1,
      state: 'finished',
      pairs: 150,
      batches: { total: 2, done: 1, failed: 1, pending: 0 },
      failed: [
        {
          index: 1,
          locationIds: ['L1', 'L2', 'L3', 'L4', 'L5'],
          publisherIds: ['P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7', 'P8', 'P9', 'P10'],
          state: 'failed',
          attempts: 1,
          error: { code: '2099', status: 500, message: 'Internal error' },
        },
      ],
      finishedAt: 2,
    };
    mount(source);
    const alert = await screen.findByText(/Request 2 \(50 pairs\)/);
    expect(alert.textContent).toContain('code 2099 · HTTP 500');
    fireEvent.click(screen.getByRole('button', { name: 'Retry failed' }));
    await waitFor(() => expect(source.calls.find((c) => c.type === 'retry')?.args).toEqual(['j1']));
  });
});

describe('another active account', () => {
  test('its listings are asked for again, with the same filters', async () => {
    const source = new FakeWorker(fakeRows(30));
    mount(source);
    await waitFor(() => expect(count()).toBe('30 of 30 listings'));
    const asked = source.calls.filter((c) => c.type === 'rows').length;
    source.all = fakeRows(12);
    source.emitLoad({ accountKey: 'k2', load: loadedView(12) });
    await waitFor(() => expect(count()).toBe('12 of 12 listings'));
    expect(source.calls.filter((c) => c.type === 'rows').length).toBeGreaterThan(asked);
  });
});

describe('a load the hourly quota ended', () => {
  test('says how many of how many came and when the rest loads, not that the listings are all there', async () => {
    const source = new FakeWorker(fakeRows(30));
    mount(source);
    await waitFor(() => expect(count()).toBe('30 of 30 listings'));
    const at = new Date(2026, 10, 26, 15, 0, 5).getTime();
    const error = { code: '2040', message: 'Hourly quota of 5000 requests exceeded' };
    source.emitLoad({
      ...source.state,
      load: loadedView(30, { total: 600_024, incomplete: { missingPages: 6000, pages: 6001, error, resumesAt: at } }),
    });
    const notice = await screen.findByText('Loaded 30 of 600,024 listings');
    const text = notice.closest('[role]')?.textContent ?? '';
    const clock = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' }).format(at);
    expect(text).toContain(`the other 599,994 will load by themselves at ${clock}`);
    expect(text).toContain('code 2040');
    expect(text).not.toContain('Listings could not be loaded');
  });
});

describe('opt-in jobs', () => {
  test('news of an older job still finishing does not replace the newer one shown', async () => {
    const source = new FakeWorker(fakeRows(10));
    const job = (id: string, createdAt: number, pairs: number) => ({
      id,
      accountKey: 'k1',
      direction: 'in' as const,
      createdAt,
      state: 'running' as 'running' | 'finished',
      pairs,
      batches: { total: 2, done: 1, failed: 0, pending: 1 },
      failed: [],
      finishedAt: null,
    });
    source.job = job('new', 20, 12);
    mount(source);
    await screen.findByText('Opting in 12 listings');
    source.emitJob({ ...job('old', 10, 150), state: 'finished' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.getByText('Opting in 12 listings')).toBeTruthy();
    expect(screen.queryByText(/150/)).toBeNull();
    source.emitJob({ ...job('new', 20, 12), state: 'finished', batches: { total: 2, done: 2, failed: 0, pending: 0 } });
    await screen.findByText('Opted in 12 listings');
    expect(screen.queryByText(/150/)).toBeNull();
  });
});

describe('news from the worker', () => {
  test('rows are asked for again when the worker says they changed, though the counts did not', async () => {
    const source = new FakeWorker(fakeRows(5));
    mount(source);
    await waitFor(() => expect(dataRows().length).toBe(5));
    source.all = source.all.map((r) => ({ ...r, locationName: 'Renamed Bakery' }));
    source.emitLoad({ ...source.state });
    await waitFor(() => expect(dataRows()[0]!.textContent).toContain('Renamed Bakery'));
  });
});

describe('the table on its own, filtered by props (the embedded panel)', () => {
  test('shows only the given location’s listings', async () => {
    const source = new FakeWorker(fakeRows(60));
    render(
      <WorkspaceProvider io={source.io}>
        <FilteredListings filters={{ ...NO_FILTERS, locationIds: ['L3'] }} />
      </WorkspaceProvider>,
    );
    await waitFor(() => expect(dataRows().length).toBe(3));
    for (const row of dataRows()) expect(row.textContent).toContain('Bakery 3, Springfield');
  });

  test('compact (the ~380 px panel): publisher, status, details and link only, no selection', async () => {
    const hostileKey = fakeRows(60).find((r) => r.locationId === 'L3')!.key;
    const rows = fakeRows(60).map((r) => (r.key === hostileKey ? { ...r, listingUrl: 'javascript:alert(1)' } : r));
    const source = new FakeWorker(rows);
    render(
      <WorkspaceProvider io={source.io}>
        <FilteredListings
          filters={{ ...NO_FILTERS, locationIds: ['L3'] }}
          compact
          summary={(view) => <p data-testid="summary">{view.matched ?? '…'} listings</p>}
        />
      </WorkspaceProvider>,
    );
    await waitFor(() => expect(dataRows().length).toBe(3));
    expect(screen.getByTestId('summary').textContent).toBe('3 listings');
    const heads = [...document.querySelectorAll('th')].map((th) => th.textContent);
    expect(heads).toEqual(['Publisher', 'Status', 'Reasons', 'Listing']);
    expect(document.querySelectorAll('input[type=checkbox]').length).toBe(0);
    expect(screen.getByRole('grid').getAttribute('aria-multiselectable')).toBeNull();
    for (const row of dataRows()) expect(row.textContent).not.toContain('Bakery 3, Springfield');
    const hostile = document.querySelector(`tr[data-key="${hostileKey}"]`)!;
    expect(hostile.querySelector('a')).toBeNull();
    expect(hostile.textContent).toContain('javascript:alert(1)');
    fireEvent.keyDown(screen.getByRole('grid'), { key: 'x' });
    expect(document.querySelectorAll('tr[aria-selected="true"]').length).toBe(0);
  });
});

describe('Enter on a row', () => {
  test('opens its listing when the URL is http(s), and nothing for javascript:', async () => {
    const rows = fakeRows(2).map((r, i) => ({ ...r, listingUrl: i ? 'javascript:alert(1)' : 'https://example.com/a' }));
    const opened: unknown[][] = [];
    const original = window.open;
    window.open = ((...args: unknown[]) => {
      opened.push(args);
      return null;
    }) as typeof window.open;
    try {
      mount(new FakeWorker(rows));
      await waitFor(() => expect(dataRows().length).toBe(2));
      const grid = screen.getByRole('grid');
      fireEvent.keyDown(grid, { key: 'Enter' });
      fireEvent.keyDown(grid, { key: 'ArrowDown' });
      fireEvent.keyDown(grid, { key: 'Enter' });
      expect(opened).toEqual([['https://example.com/a', '_blank', 'noopener,noreferrer']]);
    } finally {
      window.open = original;
    }
  });
});
