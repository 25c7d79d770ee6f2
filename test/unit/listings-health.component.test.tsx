import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ListingsTable, PAGE_SIZE } from '../../components/listings-table/ListingsTable.tsx';
import type { ListingRowView, ListingsPageView } from '../../lib/messaging/protocol/index.ts';

const asked: { type: string; input: Record<string, unknown> }[] = [];
const listeners = new Map<string, (payload: unknown) => void>();
/** The active account as the background would answer for it. */
let active: { accountKey: string; listings: ListingRowView[] };

vi.mock('../../lib/messaging/ui.ts', () => ({
  ask: vi.fn(async (type: string, input: Record<string, unknown>) => {
    asked.push({ type, input });
    if (type !== 'health.listings') throw new Error(`no answer for ${type}`);
    const offset = Number(input.offset ?? 0);
    const page: ListingsPageView = {
      accountKey: active.accountKey,
      count: active.listings.length,
      offset,
      listings: active.listings.slice(offset, offset + PAGE_SIZE),
      publishers: {},
    };
    return page;
  }),
  onDeskEvent: vi.fn((type: string, listener: (payload: unknown) => void) => {
    listeners.set(type, listener);
    return () => listeners.delete(type);
  }),
}));

function listings(publisherId: string, n: number, url = (i: number) => `https://example.com/${i}`): ListingRowView[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `${publisherId}-${i}`,
    locationId: `L${i}`,
    publisherId,
    status: 'LIVE',
    listingUrl: url(i),
  }));
}

const listingAsks = () => asked.filter((a) => a.type === 'health.listings').map((a) => a.input);
const firstCells = () => [...document.querySelectorAll('tbody tr td:first-child')].map((td) => td.textContent);

beforeEach(() => {
  asked.length = 0;
  listeners.clear();
  active = { accountKey: 'app-1001', listings: listings('HARBOR', 3) };
});
afterEach(cleanup);

describe('listings-health: the listings table', () => {
  test('switching the active account loads its listings again, even on the first page', async () => {
    render(<ListingsTable />);
    await waitFor(() => expect(firstCells()).toEqual(['HARBOR', 'HARBOR', 'HARBOR']));
    expect(listingAsks()).toEqual([{ status: undefined, offset: 0, limit: PAGE_SIZE }]);

    // The offset is already 0: the switch alone must still bring a new request.
    active = { accountKey: 'app-1002', listings: listings('SUMMIT', 2) };
    act(() => listeners.get('accounts.changed')?.({ accounts: [], activeAccountKey: 'app-1002' }));
    await waitFor(() => expect(firstCells()).toEqual(['SUMMIT', 'SUMMIT']));
    expect(listingAsks()).toHaveLength(2);
    expect(listingAsks()[1]).toMatchObject({ offset: 0 });
  });

  test('switching the account from a later page goes back to its first page', async () => {
    active = { accountKey: 'app-1001', listings: listings('HARBOR', PAGE_SIZE + 5) };
    render(<ListingsTable />);
    await waitFor(() => expect(firstCells()).toHaveLength(PAGE_SIZE));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(firstCells()).toHaveLength(5));

    active = { accountKey: 'app-1002', listings: listings('SUMMIT', 2) };
    act(() => listeners.get('accounts.changed')?.({ accounts: [], activeAccountKey: 'app-1002' }));
    await waitFor(() => expect(firstCells()).toEqual(['SUMMIT', 'SUMMIT']));
    expect(listingAsks().at(-1)).toMatchObject({ offset: 0 });
  });

  test('listing URLs: only http(s) become links; anything else is shown as text', async () => {
    const hostile = ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', ' JavaScript:alert(1)'];
    active = {
      accountKey: 'app-1001',
      listings: listings('HARBOR', 4, (i) => hostile[i] ?? 'https://harbor.example/menu'),
    };
    render(<ListingsTable />);
    await waitFor(() => expect(firstCells()).toHaveLength(4));
    const hrefs = [...document.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['https://harbor.example/menu']);
    const text = document.querySelector('tbody')?.textContent ?? '';
    for (const url of hostile) expect(text).toContain(url.trim());
    expect(document.querySelector('tbody script')).toBeNull();
  });
});
