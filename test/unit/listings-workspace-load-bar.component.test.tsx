// The load bar's buttons when a load starts under the pointer: "Load all listings" becomes the
// progress bar's Cancel in the same place of the page, and a click aimed at the one must not reach the other.
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, expect, test, vi } from 'vitest';
import { LoadBar } from '../../components/listings-workspace/LoadBar.tsx';
import type { ListingsLoadView } from '../../lib/messaging/protocol/index.ts';

afterEach(cleanup);

const notLoaded: ListingsLoadView = {
  state: 'empty',
  loaded: 0,
  total: null,
  fetchedAt: null,
  incomplete: null,
  error: null,
  warnings: [],
};

test('a click on "Load all listings" that lands as the load starts does not cancel it', () => {
  const onLoad = vi.fn();
  const onCancel = vi.fn();
  const { rerender } = render(<LoadBar load={notLoaded} onLoad={onLoad} onCancel={onCancel} />);
  // The element the pointer (or a test's click) found, before the page learns the load has begun.
  const aimedAt = screen.getByRole('button', { name: 'Load all listings' });
  rerender(<LoadBar load={{ ...notLoaded, state: 'loading' }} onLoad={onLoad} onCancel={onCancel} />);
  // Cancel is another element: the one aimed at has left the page, so the click cannot land on Cancel.
  expect(screen.getByRole('button', { name: 'Cancel' })).not.toBe(aimedAt);
  expect(aimedAt.isConnected).toBe(false);
  aimedAt.click();
  expect(onCancel).not.toHaveBeenCalled();
  // And the other way round: a Cancel aimed at as the load ends does not become Refresh.
  const cancel = screen.getByRole('button', { name: 'Cancel' });
  rerender(
    <LoadBar
      load={{ ...notLoaded, state: 'loaded', fetchedAt: 1, loaded: 5, total: 5 }}
      onLoad={onLoad}
      onCancel={onCancel}
    />,
  );
  expect(cancel.isConnected).toBe(false);
  onLoad.mockClear();
  cancel.click();
  expect(onLoad).not.toHaveBeenCalled();
  screen.getByRole('button', { name: 'Refresh' }).click();
  expect(onLoad).toHaveBeenCalledWith(true);
});

test('a refresh the quota stopped part way says how many came fresh, how old the others are, and when they refresh', () => {
  const fetchedAt = Date.UTC(2026, 11, 7, 9, 30);
  const resumesAt = Date.UTC(2026, 11, 7, 11, 0, 5);
  const load: ListingsLoadView = {
    ...notLoaded,
    state: 'loaded',
    loaded: 41_400,
    total: 41_400,
    fetchedAt,
    incomplete: {
      missingPages: 264,
      pages: 414,
      refreshed: 15_000,
      resumesAt,
      error: { code: 'held-back', message: 'paused', status: undefined },
    },
  };
  render(<LoadBar load={load} onLoad={vi.fn()} onCancel={vi.fn()} />);
  expect(screen.getByText(/Refreshed 15,000 of 41,400 listings \(partial\)/)).toBeTruthy();
  const words = document.body.textContent ?? '';
  expect(words).toMatch(/refresh stopped part way\. The other 26,400 are as fetched .+ and will refresh by themselves/);
  expect(words).toMatch(/All 41,400 can be filtered and used now/);
  expect(words).not.toMatch(/Loaded 41,400 of 41,400|the other 0/);
});
