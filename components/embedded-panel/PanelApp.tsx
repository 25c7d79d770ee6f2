// The embedded panel: the location this CRM page is about (by the site's rule, or proposed from the
// page's text for one click to confirm), its pending suggestions with the popup's triage, its listings
// by publisher and a health line, and a way into the options page filtered to it.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { PanelLocateView } from '../../lib/messaging/protocol/index.ts';
import { ask } from '../../lib/messaging/ui.ts';
import { SuggestionTriage } from '../suggestion-triage/SuggestionTriage.tsx';
import { Button } from '../ui/Button.tsx';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import { shortLocationName } from './account-line.ts';
import { LocationListings } from './LocationListings.tsx';
import { LocationSearch } from './LocationSearch.tsx';
import type { LocatedStore } from './located-store.ts';
import { useLocated } from './use-located.ts';
import './panel.css';

const FIELD_WORDS = { id: 'its id', name: 'its name', phone: 'its phone number', address: 'its address' } as const;

export function PanelRefused() {
  return (
    <main class="panel panel--refused">
      <p>This panel only works when Listings Desk opens it on a site you added in its options.</p>
    </main>
  );
}

/** The triage list reads its filters from this page's hash; the key remounts it for another location or account. */
function Suggestions({ accountKey, locationId }: { accountKey: string; locationId: string | null }) {
  const hash = locationId ? `#location=${encodeURIComponent(locationId)}` : '';
  if (location.hash !== hash) history.replaceState(null, '', `${location.pathname}${hash}`);
  return <SuggestionTriage key={`${accountKey} ${locationId ?? 'all'}`} listingsTotal={null} />;
}

/** "Harbor Bakery Group · Downtown": whose location this is, since the page may be any linked account's. */
function AccountLine({
  account,
  found,
}: {
  account: NonNullable<PanelLocateView['account']>;
  found: PanelLocateView['found'];
}) {
  return (
    <>
      <p class="panel__account" data-testid="panel-account">
        {found
          ? `${account.accountName} · ${shortLocationName(account.accountName, found.location.name)}`
          : account.accountName}
      </p>
      {account.active ? null : (
        <p class="panel__account panel__account--other">
          Not your active account in Listings Desk: what you decide here goes to {account.accountName}.
        </p>
      )}
    </>
  );
}

/**
 * No location matched: no queue is shown (an account's whole queue, Accept and Reject under a customer it is not,
 * invited a decision on the wrong one; the worker refuses it too). What was looked for, and a search to pick it.
 */
function NoMatch({
  rule,
  store,
  onPicked,
  focusSearch,
}: {
  rule: PanelLocateView['rule'];
  store: LocatedStore;
  onPicked(view: PanelLocateView): void;
  focusSearch: boolean;
}) {
  return (
    <section class="panel__location" data-testid="panel-no-match">
      <p class="panel__muted">
        {rule
          ? `Looked for ${FIELD_WORDS[rule.holds]} in ${rule.kind === 'url' ? 'the page’s address' : 'the page part'} “${rule.pattern}”.`
          : 'Looked for a linked account’s location by the id, name, phone number and address on this page.'}{' '}
        No suggestions are shown until you choose this customer’s location.
      </p>
      <LocationSearch store={store} onPicked={onPicked} focusBox={focusSearch} />
    </section>
  );
}

function LocationCard({
  found,
  confirmed,
  onConfirm,
  onChooseAnother,
  focusName,
}: {
  found: NonNullable<PanelLocateView['found']>;
  confirmed: boolean;
  onConfirm(): void;
  onChooseAnother(): void;
  /** Just picked from the search: focus goes to the name, not lost with the search box. */
  focusName: boolean;
}) {
  const { location } = found;
  const name = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusName) name.current?.focus();
  }, [focusName]);
  const open = () =>
    void ask('ui.openOptions', { section: 'listings', hash: `?location=${encodeURIComponent(location.id)}` });
  return (
    <section class="panel__location" aria-labelledby="panel-location-name">
      {found.how === 'text' && !confirmed ? (
        <p class="panel__proposal" data-testid="panel-proposal">
          This page looks like <strong>{location.name}</strong>, {location.id} (by{' '}
          {found.matchedOn.map((field) => FIELD_WORDS[field]).join(', ')}).
        </p>
      ) : null}
      {found.how === 'picked' ? (
        <p class="panel__proposal" data-testid="panel-picked">
          You chose this location for this record (until the browser closes).
        </p>
      ) : null}
      <h1 id="panel-location-name" class="panel__name" data-testid="panel-location" tabIndex={-1} ref={name}>
        <bdi>{location.name}</bdi>
      </h1>
      <p class="panel__muted">
        {location.id}
        {location.address ? ` · ${location.address}` : ''}
        {location.phone ? (
          <>
            {' · '}
            <span class="panel__whole">{location.phone}</span>
          </>
        ) : null}
      </p>
      <div class="panel__actions">
        {found.how === 'text' && !confirmed ? (
          <Button variant="primary" size="sm" onClick={onConfirm}>
            Yes, this is {location.name}
          </Button>
        ) : null}
        <Button size="sm" onClick={open}>
          Open in Listings Desk
        </Button>
        {found.how === 'picked' ? (
          <Button size="sm" onClick={onChooseAnother}>
            Choose another location
          </Button>
        ) : null}
      </div>
    </section>
  );
}

export function PanelApp() {
  const { view, error, loading, store } = useLocated();
  const [confirmed, setConfirmed] = useState<ReadonlySet<string>>(new Set());
  // Focus follows the user's own choices only: a panel opening never takes the page's focus.
  const [justPicked, setJustPicked] = useState(false);
  const [searchAgain, setSearchAgain] = useState(false);
  useEffect(() => {
    // Escape anywhere in the panel closes it (a dialog's Escape stops at the dialog). The message goes to the
    // partner page's window, where our content script checks it came from this frame; it carries nothing else.
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) parent.postMessage({ desk: 'panel-close' }, '*');
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, []);
  if (error && !view) return <ErrorNotice error={error} title="The panel could not read this page" />;
  if (!view)
    return (
      <p class="panel__muted" aria-busy="true">
        Reading this page…
      </p>
    );
  const found = view.found;
  const sure = found !== null && (found.how !== 'text' || confirmed.has(found.location.id));
  return (
    <main class="panel" aria-busy={loading ? 'true' : undefined}>
      {view.account ? <AccountLine account={view.account} found={found} /> : null}
      {found ? (
        <LocationCard
          found={found}
          confirmed={sure}
          onConfirm={() => setConfirmed(new Set([...confirmed, found.location.id]))}
          onChooseAnother={() => {
            setJustPicked(false);
            setSearchAgain(true);
            void store.pick(null);
          }}
          focusName={justPicked && found.how === 'picked'}
        />
      ) : (
        <section class="panel__location">
          <p class="panel__problem" data-testid="panel-problem">
            {view.problem}
          </p>
        </section>
      )}
      {view.account && found ? (
        <>
          {sure ? <LocationListings locationId={found.location.id} /> : null}
          <h2 class="panel__heading">Pending suggestions for this location</h2>
          {/* The worker answers a panel only about the location it found (confirmed or not). */}
          <Suggestions accountKey={view.account.accountKey} locationId={found.location.id} />
        </>
      ) : view.account ? (
        <NoMatch
          rule={view.rule}
          store={store}
          onPicked={(picked) => {
            setSearchAgain(false);
            setJustPicked(picked.found !== null);
          }}
          focusSearch={searchAgain}
        />
      ) : null}
    </main>
  );
}
