// The Connection section's "Requests this hour": what is left, when it resets, what spent it, and the
// pause said in a status region that is there before it changes (so it is read out).
import { cleanup, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { BudgetView, DeskEvents } from '../../lib/messaging/protocol/index.ts';

const ask = vi.fn();
const listeners = new Map<string, (payload: unknown) => void>();
vi.mock('../../lib/messaging/ui.ts', () => ({
  ask: (...args: unknown[]) => ask(...args),
  onDeskEvent: (type: string, handler: (payload: unknown) => void) => {
    listeners.set(type, handler);
    return () => listeners.delete(type);
  },
}));

const { RequestBudget } = await import('../../components/connection-settings/RequestBudget.tsx');

const RESET = new Date(2026, 10, 26, 16, 0).getTime();
const clock = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }).format(RESET);
const budget: BudgetView = {
  limit: 5000,
  remaining: 4212,
  resetAt: RESET,
  spent: [
    { purpose: 'listings load', count: 601 },
    { purpose: 'user', count: 150 },
    { purpose: 'badge', count: 37 },
  ],
  pausedUntil: null,
  slowed: false,
  reserve: 250,
};

beforeEach(() => {
  ask.mockReset();
  ask.mockImplementation(async () => budget);
});
afterEach(cleanup);

describe('Requests this hour', () => {
  test('shows the requests left of the limit, the reset, and what spent them, from the worker', async () => {
    render(<RequestBudget />);
    expect(await screen.findByText(`Requests left this hour: 4,212 of 5,000 · resets at ${clock}`)).toBeTruthy();
    const table = screen.getByRole('table', { name: 'What spent them this hour' });
    const rows = [...table.querySelectorAll('tbody tr')].map((r) => r.textContent);
    expect(rows).toEqual(['Listings load601', 'What you asked for150', 'Toolbar badge37']);
    expect(ask).toHaveBeenCalledWith('connection.budget', {});
    expect(screen.getByRole('status').textContent).toBe('');
  });

  test('a pause the worker announces is said in the status region, with the reserve and when it ends', async () => {
    render(<RequestBudget />);
    await screen.findByRole('table');
    const paused: DeskEvents['connection.budget'] = { ...budget, remaining: 240, pausedUntil: RESET };
    listeners.get('connection.budget')?.(paused);
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        `Background refresh paused until ${clock} to keep 250 requests for you. What you do yourself still goes; background work goes on by itself then.`,
      ),
    );
    expect(screen.getByText(`Requests left this hour: 240 of 5,000 · resets at ${clock}`)).toBeTruthy();
  });

  test('before the service said anything, it says the figures are not known yet', async () => {
    ask.mockImplementation(async () => ({ ...budget, limit: null, remaining: null, spent: [], reserve: null }));
    render(<RequestBudget />);
    expect(await screen.findByText(/Requests left this hour: not known yet/)).toBeTruthy();
    expect(screen.getByText('No requests yet this hour.')).toBeTruthy();
  });
});
