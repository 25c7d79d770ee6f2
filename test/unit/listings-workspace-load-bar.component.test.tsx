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
