// What a filter change draws again on the page: its milliseconds come before the count on screen changes.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ListingsWorkspace } from '../../components/listings-workspace/ListingsWorkspace.tsx';
import { WorkspaceSourceContext } from '../../components/listings-workspace/use-workspace-data.ts';
import * as safeUrl from '../../components/ui/safe-url.ts';
import { FakeSource, fakeRows } from './listings-workspace-fakes.ts';

// Each drawn row checks its two links: the calls count the rows drawn.
vi.mock('../../components/ui/safe-url.ts', async (original) => {
  const real = await original<typeof import('../../components/ui/safe-url.ts')>();
  return { ...real, safeHttpUrl: vi.fn(real.safeHttpUrl) };
});
const rowsDrawn = () => vi.mocked(safeUrl.safeHttpUrl).mock.calls.length / 2;

const count = () => screen.getByTestId('matched-count').textContent;

beforeEach(() => history.replaceState(null, '', '#listings'));
afterEach(cleanup);

describe('a filter change', () => {
  test('a keystroke does not draw the rows again while its answer is on the way, and the answer draws each row once', async () => {
    render(
      <WorkspaceSourceContext.Provider value={new FakeSource(fakeRows(600))}>
        <ListingsWorkspace />
      </WorkspaceSourceContext.Provider>,
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
});
