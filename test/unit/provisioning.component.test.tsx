import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { AccountsTree } from '../../components/provisioning/AccountsTree.tsx';
import { CancelDialog } from '../../components/provisioning/CancelDialog.tsx';
import { provisioningRequests } from '../../components/provisioning/provisioning-store.ts';
import { Tracker } from '../../components/provisioning/Tracker.tsx';
import type { ProvisioningAccountView, ServiceView } from '../../lib/messaging/protocol/index.ts';

afterEach(cleanup);

const account = (accountId: string, accountName: string, parentAccountId: string | null): ProvisioningAccountView => ({
  accountId,
  accountName,
  parentAccountId,
  locationCount: 3,
  subAccountCount: parentAccountId ? 0 : 2,
});

describe('the accounts tree', () => {
  const accounts = [
    account('1001', 'Harbor Bakery Group', null),
    account('1101', 'Harbor Bakery Wholesale', '1001'),
    account('1102', 'Harbor Bakery Pop-ups', '1001'),
  ];

  test('nests sub-accounts under their parent, with counts, and reports the choice', () => {
    const onChoose = vi.fn();
    render(<AccountsTree accounts={accounts} chosen="1001" onChoose={onChoose} />);
    const root = screen.getByRole('button', { name: /Harbor Bakery Group/ });
    expect(root.getAttribute('aria-pressed')).toBe('true');
    expect(root.textContent).toContain('3 locations · 2 sub-accounts');
    const child = screen.getByRole('button', { name: /Wholesale/ });
    expect(root.closest('li')?.contains(child)).toBe(true);
    fireEvent.click(child);
    expect(onChoose).toHaveBeenCalledWith('1101');
  });

  test('search keeps a match and its parents, and says when nothing matches', () => {
    render(<AccountsTree accounts={accounts} chosen={null} onChoose={() => undefined} />);
    fireEvent.input(screen.getByLabelText('Search accounts'), { target: { value: 'pop' } });
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([
      expect.stringContaining('Harbor Bakery Group'),
      expect.stringContaining('Pop-ups'),
    ]);
    fireEvent.input(screen.getByLabelText('Search accounts'), { target: { value: 'zzz' } });
    expect(screen.getByText(/No account matches/)).toBeTruthy();
  });
});

describe('the cancel dialog', () => {
  const service = (sku: string, cancellableNow: boolean, commitmentMetOn: string): ServiceView => ({
    id: sku,
    locationId: 'HB-001',
    sku,
    description: '',
    status: 'ACTIVE',
    started: '2026-01-01',
    stopped: null,
    commitmentMetOn,
    cancellableNow,
  });

  test('warns about a service inside its commitment and waits for the exact name', () => {
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
    const io = { ask: vi.fn(), onDeskEvent: vi.fn(() => () => undefined) };
    render(
      <CancelDialog
        actions={provisioningRequests(io as never)}
        fromAccountId="1001"
        location={{ id: 'HB-001', name: 'Harbor Bakery – Pearl District' }}
        services={[service('PL-PREMIUM', true, '2026-02-01'), service('REVIEWS-MONITOR', false, '2027-02-03')]}
        onClose={() => undefined}
        onCancelled={() => undefined}
      />,
    );
    expect(screen.getByText(/immediately and cannot be undone/)).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: /^REVIEWS-MONITOR/ }));
    expect(screen.getByText(/still within the minimum commitment/)).toBeTruthy();
    expect(screen.getByText(/not met until Feb 3, 2027/)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    const confirm = screen.getByRole('button', { name: 'Cancel service' }) as HTMLButtonElement;
    const typed = screen.getByLabelText(/Type the location’s name/);
    fireEvent.input(typed, { target: { value: 'harbor bakery – pearl district' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.input(typed, { target: { value: 'Harbor Bakery – Pearl District' } });
    expect(confirm.disabled).toBe(false);
  });
});

describe('the cancel dialog names services as the catalog does', () => {
  test('the catalog’s words first, the SKU in small print; a service the catalog says nothing of by its SKU', () => {
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
    const io = { ask: vi.fn(), onDeskEvent: vi.fn(() => () => undefined) };
    const premium: ServiceView = {
      id: 's1',
      locationId: 'HB-001',
      sku: 'PL-PREMIUM',
      description: 'Listings Premium: publisher suggestions, duplicate suppression and priority sync',
      status: 'ACTIVE',
      started: '2026-01-01',
      stopped: null,
      commitmentMetOn: '2026-02-01',
      cancellableNow: true,
    };
    const unnamed: ServiceView = { ...premium, id: 's2', sku: 'X-LEGACY-7', description: '' };
    render(
      <CancelDialog
        actions={provisioningRequests(io as never)}
        fromAccountId="1001"
        location={{ id: 'HB-001', name: 'Harbor Bakery – Pearl District' }}
        services={[premium, unnamed]}
        onClose={() => undefined}
        onCancelled={() => undefined}
      />,
    );
    const box = screen.getByRole('checkbox', { name: /^Listings Premium: publisher suggestions/ });
    const small = box.closest('label')!.querySelector('small')!;
    expect(small.textContent?.trim()).toBe('PL-PREMIUM');
    expect(screen.getByRole('checkbox', { name: /^X-LEGACY-7 — commitment met/ })).toBeTruthy();
    fireEvent.click(box);
    const commitment = document.querySelector('.prov-commitments li')!;
    expect(commitment.textContent).toMatch(/^Listings Premium: .* PL-PREMIUM: started/);
    expect(commitment.querySelector('small')?.textContent?.trim()).toBe('PL-PREMIUM');
  });
});

describe('the tracker', () => {
  test('statuses in words (an unknown one verbatim) and the service’s times as dates, not 2026-11-27T10:05:00', () => {
    const io = { ask: vi.fn(), onDeskEvent: vi.fn(() => () => undefined) };
    const request = {
      key: 'app-1001|77',
      id: '77',
      fromAccountId: '1001',
      locationName: 'Harbor Bakery – Pearl District',
      locationId: 'HB-001',
      mode: 'EXISTING',
      skus: ['PL-PREMIUM'],
      status: 'REVIEW',
      statusDetail: '',
      dateSubmitted: '2026-11-27T10:05:00',
      dateCompleted: '',
      terminal: false,
      timeline: [
        { status: 'SUBMITTED', at: Date.UTC(2026, 10, 27, 10, 5) },
        { status: 'ON_HOLD_BY_VENDOR', at: Date.UTC(2026, 10, 27, 11, 0) },
      ],
      nextCheckAt: null,
      checkProblem: null,
      origin: 'sent' as const,
    };
    render(
      <Tracker
        actions={{ checkNow: io.ask, resolveReview: io.ask, forget: io.ask }}
        view={{ requests: [request], inReview: 1, batches: [], sandbox: false }}
        focusKey={null}
      />,
    );
    const item = screen.getByRole('listitem', { name: 'Add request 77' });
    const statuses = [...item.querySelectorAll('.prov-status')].map((e) => e.textContent);
    expect(statuses).toEqual(['In review', 'Submitted', 'ON_HOLD_BY_VENDOR']);
    expect(item.textContent).toMatch(/Submitted Nov 27(, 2026)? 10:05/);
    expect(item.textContent).not.toContain('2026-11-27');
  });
});
