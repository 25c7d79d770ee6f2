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

interface LocationLike {
  id: string;
  name: string;
  city: string;
  address: string;
  zip: string;
}

// TEMPORARY until w-listdata's `locations.list` request is merged: the same call, untyped.
function askLocations(io: StoreIo): Promise<{ locations: LocationLike[] }> {
  return (io.ask as unknown as (type: string, input: object) => Promise<{ locations: LocationLike[] }>)(
    'locations.list',
    {},
  );
}

export function createProvisioningStore(io: StoreIo = workerIo) {
  const accounts = query<ProvisioningAccountsView>(() => io.ask('provisioning.accounts', {}));
  const catalog = query<AvailableServiceView[], string>((fromAccountId) =>
    io.ask('provisioning.catalog', { fromAccountId }),
  );
  const tracker = query<TrackerView, boolean>((refresh) => io.ask('provisioning.tracker', { refresh }));
  const locations = query<PickableLocation[]>(async () =>
    (await askLocations(io)).locations.map((l) => ({
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
    // TEMPORARY (see askLocations): the locations event, untyped until w-listdata is merged.
    const offLocations = (io.onDeskEvent as unknown as (type: string, handler: () => void) => () => void)(
      'locations.changed',
      () => void locations.refresh(),
    );
    void accounts.load().then(() => {
      const linked = accounts.value.value?.linkedAccountId;
      if (fromAccountId.value === null) chooseAccount(linked ?? 'me');
    });
    void tracker.load(false);
    void locations.load();
    const off = followEvents({ 'provisioning.changed': () => void tracker.refresh(false) }, io);
    return () => {
      off();
      offLocations();
    };
  }

  return { accounts, catalog, tracker, locations, fromAccountId, chooseAccount, start, io };
}

export type ProvisioningStore = ReturnType<typeof createProvisioningStore>;
