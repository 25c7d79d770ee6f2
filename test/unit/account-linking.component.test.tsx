import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { AccountsView, LinkedAccountView } from '../../lib/messaging/protocol/index.ts';

const ask = vi.fn();
vi.mock('../../lib/messaging/ui.ts', () => ({
  ask: (...args: unknown[]) => ask(...args),
  onDeskEvent: () => () => {},
}));

const { AccountSwitcher } = await import('../../components/account-switcher/AccountSwitcher.tsx');
const { LinkedAccounts } = await import('../../components/account-linking/LinkedAccounts.tsx');
const { LinkedConfirmation, RememberedLinkingOutcome } = await import(
  '../../components/account-linking/LinkingOutcome.tsx'
);
const { accountsStore } = await import('../../components/account-linking/accounts-store.ts');

const harbor: LinkedAccountView = {
  accountKey: 'app-1001',
  accountName: 'Harbor Bakery Group',
  appSpecificAccountId: 'app-1001',
  linkedAt: 1_700_000_000_000,
  needsRelink: false,
  apiOrigin: 'https://api.yext.com',
  otherEnvironment: true,
};
const summit: LinkedAccountView = {
  accountKey: 'app-1002',
  accountName: 'Summit Outdoor Supply',
  appSpecificAccountId: 'app-1002',
  linkedAt: 1_700_000_000_000,
  needsRelink: false,
  apiOrigin: 'http://127.0.0.1:8787',
  otherEnvironment: false,
};
const view = (activeAccountKey: string): AccountsView => ({ accounts: [harbor, summit], activeAccountKey });

beforeEach(() => {
  ask.mockReset();
  ask.mockImplementation(async () => harbor);
});
afterEach(cleanup);

describe('accounts linked on another environment', () => {
  test('the switcher marks them, and when one is active says where it was linked and offers Relink', async () => {
    render(<AccountSwitcher view={view('app-1001')} label="Account" />);
    const options = within(screen.getByRole('combobox', { name: 'Account' })).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Harbor Bakery Group (linked on another environment)',
      'Summit Outdoor Supply',
    ]);
    // The notice's words load on first use (account-linking/first-use.ts).
    expect(await screen.findByText(/Harbor Bakery Group was linked on https:\/\/api\.yext\.com\./)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Relink Harbor Bakery Group' }));
    expect(ask).toHaveBeenCalledWith('accounts.relink', { accountKey: 'app-1001', attemptId: expect.any(String) });
  });

  test('no notice while the active account belongs to the current Connection', () => {
    render(<AccountSwitcher view={view('app-1002')} label="Account" />);
    expect(screen.queryByText(/was linked on/)).toBeNull();
    expect(screen.queryByRole('button', { name: /^Relink/ })).toBeNull();
  });

  test('the accounts list shows the status and origin, and Relink only for that account', () => {
    render(<LinkedAccounts view={view('app-1002')} />);
    const harborRow = screen.getByRole('row', { name: /Harbor Bakery Group/ });
    expect(within(harborRow).getByText('Linked on another environment')).toBeTruthy();
    expect(within(harborRow).getByText('https://api.yext.com')).toBeTruthy();
    expect(within(harborRow).getByRole('button', { name: 'Relink Harbor Bakery Group' })).toBeTruthy();

    const summitRow = screen.getByRole('row', { name: /Summit Outdoor Supply/ });
    expect(within(summitRow).queryByText('Linked on another environment')).toBeNull();
    expect(within(summitRow).queryByRole('button', { name: /^Relink/ })).toBeNull();
  });
});

describe('a link that worked', () => {
  afterEach(() => {
    accountsStore.lastLinked.value = null;
    accountsStore.rememberedOutcome.value = null;
  });

  test('is said in the same words whether this page linked it or another one did, until dismissed', () => {
    accountsStore.lastLinked.value = harbor;
    accountsStore.rememberedOutcome.value = {
      id: 'attempt-1',
      relink: false,
      finishedAt: 1,
      account: { accountKey: summit.accountKey, accountName: summit.accountName },
      error: null,
    };
    render(
      <>
        <LinkedConfirmation />
        <RememberedLinkingOutcome size="sm" />
      </>,
    );
    const notices = screen.getAllByRole('status');
    expect(notices.map((n) => n.textContent)).toEqual([
      'Linked Harbor Bakery Group. It is now the active account.Dismiss',
      'Linked Summit Outdoor Supply. It is now the active account.Dismiss',
    ]);
    expect(notices.map((n) => n.dataset.size)).toEqual(['md', 'sm']);
    fireEvent.click(within(notices[1]!).getByRole('button', { name: 'Dismiss' }));
    expect(accountsStore.rememberedOutcome.value).toBeNull();
    fireEvent.click(within(notices[0]!).getByRole('button', { name: 'Dismiss' }));
    expect(accountsStore.lastLinked.value).toBeNull();
    expect(screen.queryAllByRole('status')).toEqual([]);
  });
});
