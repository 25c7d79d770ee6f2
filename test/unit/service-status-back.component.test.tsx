// useServiceBack (components/service-status): a screen asks again when the service answers after an outage,
// seen on the status itself: the request budget's figures, with the worker's status events sent by hand.
import { cleanup, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { BudgetView, ServiceStatusView } from '../../lib/messaging/protocol/index.ts';

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

const budget: BudgetView = {
  limit: 5000,
  remaining: 4212,
  resetAt: Date.now() + 3_600_000,
  spent: [],
  pausedUntil: null,
  slowed: false,
  reserve: 250,
};
const down: ServiceStatusView = {
  reachable: false,
  apiOrigin: 'http://127.0.0.1:9',
  since: Date.now(),
  lastTryAt: Date.now(),
  nextTryAt: null,
};
const up: ServiceStatusView = { reachable: true };
const budgetAsks = () => ask.mock.calls.filter(([type]) => type === 'connection.budget').length;

beforeEach(() => {
  listeners.clear();
  ask.mockReset();
  ask.mockImplementation(async (type: string) => (type === 'service.status' ? up : budget));
});
afterEach(cleanup);

describe('the service is back (useServiceBack)', () => {
  test('an outage seen on screen: the figures are asked again once it answers, not before', async () => {
    render(<RequestBudget />);
    await screen.findByText(/Requests left this hour: 4,212/);
    await waitFor(() => expect(listeners.has('service.status')).toBe(true));
    expect(budgetAsks()).toBe(1);
    listeners.get('service.status')!(down);
    expect(await screen.findByText(/The service can’t be reached/)).toBeTruthy();
    expect(budgetAsks()).toBe(1);
    listeners.get('service.status')!(up);
    await waitFor(() => expect(budgetAsks()).toBe(2));
    await waitFor(() => expect(screen.queryByText(/The service can’t be reached/)).toBeNull());
  });

  test('an outage that ends before the page redraws still asks again', async () => {
    render(<RequestBudget />);
    await screen.findByText(/Requests left this hour: 4,212/);
    await waitFor(() => expect(listeners.has('service.status')).toBe(true));
    // Down and back in one task (two events handled before the next render): the figures are still stale.
    listeners.get('service.status')!(down);
    listeners.get('service.status')!(up);
    await waitFor(() => expect(budgetAsks()).toBe(2));
  });

  test('the first status answer (the service answers) asks nothing again', async () => {
    render(<RequestBudget />);
    await screen.findByText(/Requests left this hour: 4,212/);
    await waitFor(() => expect(ask).toHaveBeenCalledWith('service.status', {}));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(budgetAsks()).toBe(1);
  });
});
