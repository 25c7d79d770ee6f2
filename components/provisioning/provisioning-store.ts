// The Provisioning section's state: signals the components read, actions that ask the worker.
import { signal } from '@preact/signals';
import type {
  AvailableServiceView,
  ProvisioningAccountsView,
  TrackerView,
} from '../../lib/messaging/protocol/index.ts';
import { followEvents, query, type StoreIo, workerIo } from '../ui/store.ts';

export interface PickableLocation {
  id: string;
  name: string;
  city: string;
  address: string;
  zip: string;
}

export function createProvisioningStore(io: StoreIo = workerIo) {
  const accounts = query<ProvisioningAccountsView>(() => io.ask('provisioning.accounts', {}));
  const catalog = query<AvailableServiceView[], string>((fromAccountId) =>
    io.ask('provisioning.catalog', { fromAccountId }),
  );
  const tracker = query<TrackerView, boolean>((refresh) => io.ask('provisioning.tracker', { refresh }));
  const locations = query<PickableLocation[]>(async () =>
    (await io.ask('locations.list', {})).locations.map((l) => ({
      id: l.id,
      name: l.name || l.id,
      city: l.city,
      address: l.address,
      zip: l.zip,
    })),
  );
  /** The account provisioned from; null until the accounts list names the linked one. */
  const fromAccountId = signal<string | null>(null);

  function chooseAccount(accountId: string): void {
    fromAccountId.value = accountId;
    void catalog.load(accountId);
  }

  function start(): () => void {
    void accounts.load().then(() => {
      const linked = accounts.value.value?.linkedAccountId;
      if (fromAccountId.value === null) chooseAccount(linked ?? 'me');
    });
    void tracker.load(false);
    void locations.load();
    return followEvents(
      {
        'provisioning.changed': () => void tracker.refresh(false),
        'locations.changed': () => void locations.refresh(),
      },
      io,
    );
  }

  return { accounts, catalog, tracker, locations, fromAccountId, chooseAccount, start, io };
}

export type ProvisioningStore = ReturnType<typeof createProvisioningStore>;
