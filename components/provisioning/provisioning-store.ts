// The Provisioning section's state: signals the components read, actions that ask the worker.
import { signal } from '@preact/signals';
import type {
  AvailableServiceView,
  ProvisioningAccountsView,
  RequestInput,
  ServiceView,
  TrackerView,
} from '../../lib/messaging/protocol/index.ts';
import { followEvents, query, type StoreIo, workerIo } from '../ui/store.ts';

export interface PickableLocation {
  id: string;
  name: string;
  city: string;
  address: string;
  zip: string;
  /** The account the location belongs to, when it is not the linked account. */
  accountId?: string;
}

/** The requests that send or cancel: each answers what the service did, which the form shows. */
export function provisioningRequests(io: StoreIo = workerIo) {
  return {
    addToExisting: (input: RequestInput<'provisioning.addToExisting'>) => io.ask('provisioning.addToExisting', input),
    addNewLocations: (input: RequestInput<'provisioning.addNewLocations'>) =>
      io.ask('provisioning.addNewLocations', input),
    cancel: (input: RequestInput<'provisioning.cancel'>) => io.ask('provisioning.cancel', input),
  };
}

export type ProvisioningRequests = ReturnType<typeof provisioningRequests>;

export function createProvisioningStore(io: StoreIo = workerIo) {
  const accounts = query<ProvisioningAccountsView>(() => io.ask('provisioning.accounts', {}));
  const catalog = query<AvailableServiceView[], string>((fromAccountId) =>
    io.ask('provisioning.catalog', { fromAccountId }),
  );
  /** `importFound`: also take in the add requests the list call knows (once, when the section opens). */
  const tracker = query<TrackerView, boolean>((importFound) => io.ask('provisioning.tracker', { importFound }));
  const isLinked = (accountId: string) => accountId === 'me' || accountId === accounts.value.value?.linkedAccountId;
  // The linked account's locations come from the worker's locations cache (kept current by
  // locations.changed); another account's from the provisioning request for that account.
  const locations = query<PickableLocation[], string>(async (accountId) =>
    isLinked(accountId)
      ? (await io.ask('locations.list', {})).locations.map((l) => ({
          id: l.id,
          name: l.name || l.id,
          city: l.city,
          address: l.address,
          zip: l.zip,
        }))
      : io.ask('provisioning.locations', { accountId }),
  );
  /** One location's services (null while another location's would show). */
  const services = query<ServiceView[] | null, { fromAccountId: string; locationId: string }>((where) =>
    io.ask('provisioning.services', where),
  );
  let servicesOf = '';
  /** Asks for a location's services; asked again for the same one (after a cancel), the table stays until the answer. */
  function showServices(fromAccountId: string, locationId: string): Promise<void> {
    if (servicesOf !== locationId) services.set(null);
    servicesOf = locationId;
    return services.load({ fromAccountId, locationId });
  }
  /** The account provisioned from; null until the accounts list names the linked one. */
  const fromAccountId = signal<string | null>(null);

  function chooseAccount(accountId: string): void {
    const switched = fromAccountId.value !== null && fromAccountId.value !== accountId;
    fromAccountId.value = accountId;
    void catalog.load(accountId);
    // Never show one account's locations while another's are being read.
    if (switched) locations.set([]);
    void locations.load(accountId);
  }

  /** The accounts list, then the linked account chosen once it names it (Retry asks again after a failure). */
  async function loadAccounts(): Promise<void> {
    await accounts.load();
    const linked = accounts.value.value?.linkedAccountId;
    if (fromAccountId.value === null && !accounts.error.value) chooseAccount(linked ?? 'me');
  }

  /** Another account made the active one (or the active one relinked): provision from it, its tree and lists. */
  let activeSeen: string | null | undefined;
  async function followActiveAccount(active: string | null): Promise<void> {
    if (active === activeSeen && !accounts.error.value) return;
    activeSeen = active;
    await accounts.load();
    if (!accounts.error.value) chooseAccount(accounts.value.value?.linkedAccountId ?? 'me');
  }

  function start(): () => void {
    void loadAccounts();
    // The stored tracker at once, then once per opening the requests made elsewhere.
    void tracker.load(false).then(() => tracker.load(true));
    return followEvents(
      {
        'provisioning.changed': () => void tracker.refresh(false),
        'accounts.changed': (view) => void followActiveAccount(view.activeAccountKey),
        'locations.changed': () => {
          const from = fromAccountId.value;
          if (from && isLinked(from)) void locations.refresh(from);
        },
      },
      io,
    );
  }

  /** The tracker's actions: each answers with the tracker, which is shown; an error is the caller's to show. */
  async function trackerAction(run: () => Promise<TrackerView>): Promise<void> {
    tracker.set(await run());
  }
  const trackerActions = {
    /** "Check now": what the list call knows, then every open request checked. */
    checkNow: () => trackerAction(() => io.ask('provisioning.tracker', { refresh: true })),
    /** Sandbox only: the review of a request ends as `status`. */
    resolveReview: (key: string, status: 'COMPLETED' | 'CANCELED') =>
      trackerAction(() => io.ask('provisioning.resolveReview', { key, status })),
    /** An ended request leaves the list. */
    forget: (key: string) => trackerAction(() => io.ask('provisioning.forget', { key })),
  };

  return {
    accounts,
    catalog,
    tracker,
    trackerActions,
    requests: provisioningRequests(io),
    services,
    showServices,
    locations,
    fromAccountId,
    chooseAccount,
    loadAccounts,
    start,
    io,
  };
}

export type ProvisioningStore = ReturnType<typeof createProvisioningStore>;
