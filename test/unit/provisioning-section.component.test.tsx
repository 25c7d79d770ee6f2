// The Provisioning section with a fake worker: the pickers list the chosen account's locations, an add
// request names the location's account, and opening the section takes in the add requests made elsewhere.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, expect, test } from 'vitest';
import { ProvisioningPage } from '../../components/provisioning/ProvisioningSection.tsx';
import type { StoreIo } from '../../components/ui/store.ts';

afterEach(cleanup);

const location = (id: string, name: string, accountId?: string) => ({
  id,
  name,
  city: 'Portland',
  address: '',
  zip: '',
  ...(accountId ? { accountId } : {}),
});

function fakeWorker() {
  const asked: [string, unknown][] = [];
  const answers: Record<string, unknown> = {
    'provisioning.accounts': {
      linkedAccountId: '1001',
      accounts: [
        {
          accountId: '1001',
          accountName: 'Harbor Bakery Group',
          parentAccountId: null,
          locationCount: 1,
          subAccountCount: 1,
        },
        {
          accountId: '1101',
          accountName: 'Harbor Wholesale',
          parentAccountId: '1001',
          locationCount: 1,
          subAccountCount: 0,
        },
      ],
    },
    'provisioning.catalog': [
      {
        sku: 'PL-ESSENTIALS',
        description: 'Listings',
        agreementId: null,
        recipientType: null,
        minimumUsage: null,
        minimumUsageUnit: null,
        addOnTo: [],
      },
    ],
    'provisioning.tracker': { requests: [], inReview: 0, batches: [], sandbox: false },
    'locations.list': { locations: [location('HB-001', 'Harbor Bakery – Pearl District')] },
    'provisioning.locations': [location('WH-001', 'Harbor Wholesale – Dock 4', '1101')],
    'provisioning.addToExisting': { batchId: 'b1', total: 1, sent: 0, failed: [], done: false },
  };
  const io = {
    ask: async (type: string, input: unknown) => {
      asked.push([type, input]);
      return answers[type];
    },
    onDeskEvent: () => () => undefined,
  } as unknown as StoreIo;
  return { io, asked };
}

test('choosing a sub-account lists its locations, and the add request names their account', async () => {
  const { io, asked } = fakeWorker();
  render(<ProvisioningPage io={io} />);
  expect(await screen.findByRole('checkbox', { name: /Pearl District/ })).toBeTruthy();

  fireEvent.click(screen.getByRole('button', { name: /Harbor Wholesale/ }));
  const dock = await screen.findByRole('checkbox', { name: /Dock 4/ });
  expect(screen.queryByRole('checkbox', { name: /Pearl District/ })).toBeNull();
  expect(asked).toContainEqual(['provisioning.locations', { accountId: '1101' }]);

  fireEvent.click(dock);
  fireEvent.click(screen.getByRole('checkbox', { name: /PL-ESSENTIALS/ }));
  fireEvent.click(screen.getByRole('button', { name: 'Send 1 add request' }));
  await waitFor(() =>
    expect(asked).toContainEqual([
      'provisioning.addToExisting',
      {
        fromAccountId: '1101',
        skus: ['PL-ESSENTIALS'],
        locations: [{ id: 'WH-001', name: 'Harbor Wholesale – Dock 4', accountId: '1101' }],
      },
    ]),
  );
});

test('opening the section takes in the add requests made elsewhere, once', async () => {
  const { io, asked } = fakeWorker();
  render(<ProvisioningPage io={io} />);
  await screen.findByRole('checkbox', { name: /Pearl District/ });
  const trackerAsks = () => asked.filter(([type]) => type === 'provisioning.tracker').map(([, input]) => input);
  await waitFor(() => expect(trackerAsks()).toEqual([{ importFound: false }, { importFound: true }]));
});

test('a picker says a service and a location in words, their code and id in small print', async () => {
  const { io } = fakeWorker();
  render(<ProvisioningPage io={io} />);
  const place = await screen.findByRole('checkbox', { name: /Pearl District/ });
  const placeLabel = place.closest('label')!;
  const placeId = placeLabel.querySelector('small')!;
  expect(placeId.textContent).toBe('HB-001');
  expect(placeLabel.textContent!.replace(placeId.textContent!, '').trim()).toBe(
    'Harbor Bakery – Pearl District, Portland',
  );

  const service = screen.getByRole('checkbox', { name: /Listings/ }).closest('label')!;
  const code = service.querySelector('small')!;
  expect(code.textContent).toBe('PL-ESSENTIALS');
  expect(service.textContent!.replace(code.textContent!, '').trim()).toBe('Listings');
});

test('"Select all N" names what it selects: every location, or those the search found', async () => {
  const { io } = fakeWorker();
  render(<ProvisioningPage io={io} />);
  await screen.findByRole('checkbox', { name: /Pearl District/ });
  expect(screen.getByRole('button', { name: 'Select all 1' })).toBeTruthy();
  fireEvent.input(screen.getByLabelText('Find locations'), { target: { value: 'pearl' } });
  expect(await screen.findByRole('button', { name: 'Select 1 matching' })).toBeTruthy();
});

test('another account made the active one: the section provisions from it, its error gone', async () => {
  const { io, asked } = fakeWorker();
  const handlers = new Map<string, (payload: unknown) => void>();
  let revoked = true;
  const ask = io.ask;
  const live = {
    ask: async (type: string, input: unknown) => {
      if (type === 'provisioning.accounts' && revoked) throw new Error('Lakeside Auto Care needs to be linked again.');
      return ask(type as never, input as never);
    },
    onDeskEvent: (type: string, handler: (payload: unknown) => void) => {
      handlers.set(type, handler);
      return () => handlers.delete(type);
    },
  } as unknown as StoreIo;
  render(<ProvisioningPage io={live} />);
  expect(await screen.findByText(/needs to be linked again/)).toBeTruthy();

  revoked = false;
  handlers.get('accounts.changed')?.({ accounts: [], activeAccountKey: 'app-1001' });
  expect(await screen.findByRole('checkbox', { name: /Pearl District/ })).toBeTruthy();
  expect(screen.queryByText(/needs to be linked again/)).toBeNull();
  expect(asked.filter(([type]) => type === 'locations.list').length).toBeGreaterThan(0);
});
