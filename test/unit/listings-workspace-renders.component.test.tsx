// What a filter change draws again on the page: its milliseconds come before the count on screen changes.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ListingsWorkspace } from '../../components/listings-workspace/ListingsWorkspace.tsx';
import { WorkspaceProvider } from '../../components/listings-workspace/WorkspaceProvider.tsx';
import * as safeUrl from '../../lib/shared/safe-url.ts';
import { FakeWorker, fakeRows } from './listings-workspace-fakes.ts';

// Each drawn row checks its two links: the calls count the rows drawn.
vi.mock('../../lib/shared/safe-url.ts', async (original) => {
  const real = await original<typeof import('../../lib/shared/safe-url.ts')>();
  return { ...real, safeHttpUrl: vi.fn(real.safeHttpUrl) };
});
const rowsDrawn = () => vi.mocked(safeUrl.safeHttpUrl).mock.calls.length / 2;

const count = () => screen.getByTestId('matched-count').textContent;
const grid = () => screen.getByRole('grid', { name: 'Listings' });
const search = () => screen.getByRole('searchbox', { name: 'Search listings' }) as HTMLInputElement;
const shownKeys = () => [...document.querySelectorAll('tr[data-key]')].map((tr) => tr.getAttribute('data-key') ?? '');

/** Answers rows() only when let go, as a busy worker would. */
class HeldSource extends FakeWorker {
  private held: (() => void)[] = [];
  holding = false;
  protected override async answer(type: string, input: Record<string, unknown>) {
    if (this.holding && type === 'listings.query' && (input.limit as number) > 0) {
      await new Promise<void>((go) => this.held.push(go));
    }
    return super.answer(type, input);
  }
  letGo() {
    this.holding = false;
    for (const go of this.held.splice(0)) go();
  }
}

async function shownWith(source: FakeWorker) {
  render(
    <WorkspaceProvider io={source.io}>
      <ListingsWorkspace />
    </WorkspaceProvider>,
  );
  await waitFor(() => expect(count()).toBe('600 of 600 listings'));
}

/** The rows on the page in the microtask after the count changes: what the answer's own render drew. */
function keysWhenCountChanges(): Promise<string[]> {
  const before = count();
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (count() === before) return;
      observer.disconnect();
      resolve(shownKeys());
    });
    observer.observe(screen.getByTestId('matched-count'), { subtree: true, characterData: true, childList: true });
  });
}

beforeEach(() => history.replaceState(null, '', '#listings'));
afterEach(cleanup);

describe('a filter change', () => {
  test('a keystroke does not draw the rows again while its answer is on the way, and the answer draws each row once', async () => {
    render(
      <WorkspaceProvider io={new FakeWorker(fakeRows(600)).io}>
        <ListingsWorkspace />
      </WorkspaceProvider>,
    );
    await waitFor(() => expect(count()).toBe('600 of 600 listings'));
    const shown = document.querySelectorAll('tr[data-key]').length;
    expect(shown).toBeGreaterThan(10);
    vi.mocked(safeUrl.safeHttpUrl).mockClear();

    fireEvent.input(screen.getByRole('searchbox', { name: 'Search listings' }), { target: { value: 'Bakery 1' } });
    // The input's render is done (act), its answer not yet: the old rows stay as they were.
    expect(rowsDrawn()).toBe(0);

    await waitFor(() => expect(count()).not.toBe('600 of 600 listings'));
    await waitFor(() => expect(location.hash).toBe('#listings?q=Bakery+1'));
    expect(rowsDrawn()).toBeLessThanOrEqual(document.querySelectorAll('tr[data-key]').length);
  });

  test('a keystroke draws the filter bar alone; the count, the rows and the URL change together with its answer', async () => {
    const source = new HeldSource(fakeRows(600));
    await shownWith(source);
    const rowsBefore = shownKeys();
    source.holding = true;

    fireEvent.input(search(), { target: { value: 'Yelp' } });
    expect(search().value).toBe('Yelp');
    // Nothing else was drawn: the table is not even marked busy, the URL waits for the rows. The count
    // says it is about to change (its attribute follows a signal, without a render).
    expect(grid().getAttribute('aria-busy')).toBe('false');
    expect(count()).toBe('600 of 600 listings');
    expect(screen.getByTestId('matched-count').getAttribute('aria-busy')).toBe('true');
    expect(location.hash).toBe('#listings');

    const keys = keysWhenCountChanges();
    source.letGo();
    await keys;
    expect(count()).toBe('200 of 600 listings');
    expect(grid().getAttribute('aria-busy')).toBe('false');
    expect(screen.getByTestId('matched-count').getAttribute('aria-busy')).toBe('false');
    expect(shownKeys()[0]).toContain('|YELP|');
    expect(shownKeys()).not.toEqual(rowsBefore);
    await expect.poll(() => location.hash).toBe('#listings?q=Yelp');
  });

  test('without its rows for 100 ms, a change is drawn anyway over the old rows, marked busy', async () => {
    const source = new HeldSource(fakeRows(600));
    await shownWith(source);
    source.holding = true;
    const clicked = performance.now();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Live', exact: true }));
    await expect.poll(() => grid().getAttribute('aria-busy')).toBe('true');
    expect(performance.now() - clicked).toBeGreaterThanOrEqual(90);
    expect(count()).toBe('600 of 600 listings');
    expect((screen.getByRole('checkbox', { name: 'Live', exact: true }) as HTMLInputElement).checked).toBe(true);

    source.letGo();
    await expect.poll(() => count()).toBe('150 of 600 listings');
    expect(grid().getAttribute('aria-busy')).toBe('false');
  });

  test('a change typed over one not yet drawn keeps both: the sort asked for stays with the new text', async () => {
    const source = new HeldSource(fakeRows(600));
    await shownWith(source);
    source.holding = true;
    fireEvent.click(screen.getByRole('button', { name: /^Publisher/ }));
    fireEvent.input(search(), { target: { value: 'Bakery 1' } });
    source.letGo();
    // Not waitFor: it runs in act(), which holds Preact's renders back until it ends.
    await expect.poll(() => location.hash).toBe('#listings?q=Bakery+1&sort=publisher&dir=asc');
    const last = source.calls.filter((c) => c.type === 'rows').at(-1)!;
    expect(last.args[1]).toEqual({ key: 'publisher', direction: 'asc' });
  });

  test('an answer draws the rows in view first; the overscan rows, out of sight, catch up after the paint', async () => {
    await shownWith(new FakeWorker(fakeRows(600)));
    const before = shownKeys();
    const keys = keysWhenCountChanges();
    fireEvent.input(search(), { target: { value: 'Yelp' } });
    const atAnswer = await keys;

    // No layout here: the box counts as 600 px, so 29 rows are drawn: 21 for the box (less the head's row: 20
    // in view) and 8 overscan rows below them.
    expect(atAnswer).toHaveLength(29);
    expect(atAnswer.slice(0, 20).every((key) => key.includes('|YELP|'))).toBe(true);
    expect(atAnswer.slice(20)).toEqual(before.slice(20));
    await expect.poll(() => shownKeys().every((key) => key.includes('|YELP|'))).toBe(true);
    expect(shownKeys()).toHaveLength(29);
  });

  test('a selection is drawn on every row at once, the overscan rows too', async () => {
    await shownWith(new FakeWorker(fakeRows(600)));
    const selected = new Promise<string[]>((resolve) => {
      const observer = new MutationObserver(() => {
        observer.disconnect();
        resolve([...document.querySelectorAll('tr[data-key]')].map((tr) => tr.getAttribute('aria-selected') ?? ''));
      });
      observer.observe(screen.getByRole('grid', { name: 'Listings' }), { subtree: true, attributes: true });
    });
    // Not fireEvent: its act() would run the paint's effects before anything could look at the rows.
    screen.getByRole('button', { name: 'Select all 600 matching' }).click();
    const atCommit = await selected;
    expect(atCommit).toHaveLength(29);
    expect(atCommit.every((value) => value === 'true')).toBe(true);
  });

  test('Back while a change is on its way shows the view gone back to, not busy', async () => {
    const source = new HeldSource(fakeRows(600));
    await shownWith(source);
    source.holding = true;
    fireEvent.input(search(), { target: { value: 'Yelp' } });
    const busy = () => screen.getByTestId('matched-count').getAttribute('aria-busy');
    expect(busy()).toBe('true');

    history.replaceState(null, '', '#listings?status=LIVE');
    dispatchEvent(new PopStateEvent('popstate'));
    // The attribute follows its signal a microtask later; the held answer cannot have cleared it.
    await expect.poll(busy).toBe('false');
    expect(search().value).toBe('');
    source.letGo();
    await expect.poll(() => count()).toBe('150 of 600 listings');
    expect(busy()).toBe('false');
  });
});
