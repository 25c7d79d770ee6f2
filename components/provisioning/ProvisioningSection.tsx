// The options page's Provisioning section: the account provisioned from (a tree of accounts), then one of
// five views: add to existing locations, new locations, services of a location, available services, tracker.
// Its hash: #provisioning?view=tracker&request=<key> (what a tracker notification opens).
import { useEffect, useState } from 'preact/hooks';
import { Button } from '../ui/Button.tsx';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import { type StoreIo, useStarted, workerIo } from '../ui/store.ts';
import { onTablistKeyDown } from '../ui/tabs.ts';
import { AccountsTree } from './AccountsTree.tsx';
import { AddToExisting } from './AddToExisting.tsx';
import { AvailableServices } from './AvailableServices.tsx';
import { LocationServices } from './LocationServices.tsx';
import { NewLocationForm } from './NewLocationForm.tsx';
import { createProvisioningStore, type ProvisioningStore } from './provisioning-store.ts';
import { Tracker } from './Tracker.tsx';
import './provisioning.css';

const VIEWS = [
  { id: 'add', title: 'Add to locations' },
  { id: 'new', title: 'New locations' },
  { id: 'services', title: 'Services of a location' },
  { id: 'catalog', title: 'Available services' },
  { id: 'tracker', title: 'Tracker' },
] as const;
type ViewId = (typeof VIEWS)[number]['id'];

function readHash(): { view: ViewId; request: string | null } {
  const params = new URLSearchParams(location.hash.split('?')[1] ?? '');
  const request = params.get('request');
  const view = params.get('view');
  const known = VIEWS.some((v) => v.id === view) ? (view as ViewId) : null;
  return { view: known ?? (request ? 'tracker' : 'add'), request };
}

function ViewBody({ store, view, focusKey }: { store: ProvisioningStore; view: ViewId; focusKey: string | null }) {
  const from = store.fromAccountId.value;
  const catalog = store.catalog.value.value ?? [];
  const tracker = store.tracker.value.value;
  const locations = store.locations.value.value ?? [];
  const batches = tracker?.batches ?? [];
  if (view === 'tracker') {
    return tracker ? (
      <Tracker actions={store.trackerActions} view={tracker} focusKey={focusKey} />
    ) : (
      <ErrorNotice error={store.tracker.error.value} title="Could not read the tracker" />
    );
  }
  if (!from)
    return (
      <p class="prov-muted">
        {store.accounts.error.value
          ? 'Nothing to show yet: provisioning starts from an account, and the accounts could not be loaded.'
          : 'Loading accounts…'}
      </p>
    );
  if (view === 'catalog') {
    return (
      <>
        <ErrorNotice error={store.catalog.error.value} title="Could not load the available services" />
        <AvailableServices services={catalog} />
      </>
    );
  }
  const locationsProblem = <ErrorNotice error={store.locations.error.value} title="Could not load the locations" />;
  if (view === 'services') {
    return (
      <>
        {locationsProblem}
        <LocationServices key={from} store={store} fromAccountId={from} locations={locations} />
      </>
    );
  }
  if (view === 'new')
    return <NewLocationForm actions={store.requests} fromAccountId={from} catalog={catalog} batches={batches} />;
  return (
    <>
      {locationsProblem}
      <AddToExisting
        key={from}
        actions={store.requests}
        fromAccountId={from}
        locations={locations}
        catalog={catalog}
        batches={batches}
      />
    </>
  );
}

export function ProvisioningSection() {
  return <ProvisioningPage io={workerIo} />;
}

/** `io`: the worker, or a test's fake of it. */
export function ProvisioningPage({ io }: { io: StoreIo }) {
  const [store] = useState(() => createProvisioningStore(io));
  useStarted(store);
  const [{ view, request }, setRoute] = useState(readHash);
  useEffect(() => {
    const onHash = () => setRoute(readHash());
    addEventListener('hashchange', onHash);
    return () => removeEventListener('hashchange', onHash);
  }, []);

  const accounts = store.accounts.value.value;
  const inReview = store.tracker.value.value?.inReview ?? 0;
  return (
    <div class="prov">
      <aside class="prov__accounts" aria-label="Account provisioned from">
        <h2 class="prov__heading">Provision from</h2>
        <ErrorNotice
          error={store.accounts.error.value}
          title="Could not load the accounts"
          actions={
            <Button size="sm" busy={store.accounts.loading.value} onClick={() => void store.loadAccounts()}>
              Retry
            </Button>
          }
        />
        {accounts ? (
          <AccountsTree
            accounts={accounts.accounts}
            chosen={store.fromAccountId.value}
            onChoose={store.chooseAccount}
          />
        ) : store.accounts.error.value ? null : (
          <p class="prov-muted">Loading accounts…</p>
        )}
      </aside>
      <div class="prov__main">
        {/* The tabs pattern (arrows, one tab stop); each tab is still a link to its view's address. */}
        <div class="prov-tabs" role="tablist" aria-label="Provisioning views" onKeyDown={onTablistKeyDown}>
          {VIEWS.map((v) => (
            <a
              key={v.id}
              id={`prov-tab-${v.id}`}
              href={`#provisioning?view=${v.id}`}
              class="prov-tabs__tab"
              role="tab"
              aria-selected={v.id === view}
              aria-controls="prov-view"
              tabIndex={v.id === view ? 0 : -1}
            >
              {v.title}
              {v.id === 'tracker' && inReview > 0 ? <span class="prov-tabs__count">{inReview} in review</span> : null}
            </a>
          ))}
        </div>
        <div role="tabpanel" id="prov-view" aria-labelledby={`prov-tab-${view}`}>
          <ViewBody store={store} view={view} focusKey={request} />
        </div>
      </div>
    </div>
  );
}
