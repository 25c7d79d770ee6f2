// The active account's listings, filtered by status and paged (100 at most per request): where the
// popup's health counts lead (options.html#listings?status=LIVE).
import { useCallback, useEffect, useId, useRef, useState } from 'preact/hooks';
import { OTHER_LISTING_STATUS } from '../../lib/listing-statuses.ts';
import type { ListingsPageView } from '../../lib/messaging/protocol/index.ts';
import { ask, onDeskEvent } from '../../lib/messaging/ui.ts';
import {
  LISTING_STATUS_ORDER,
  listingStatusLabel,
  listingStatusTone,
  statusFromHash,
} from '../listings-health/status-labels.ts';
import { Button } from '../ui/Button.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import { ProgressBar } from '../ui/ProgressBar.tsx';
import { safeHttpUrl } from '../ui/safe-url.ts';
import './listings-table.css';

export const PAGE_SIZE = 50;
const number = new Intl.NumberFormat();
const FILTERABLE = LISTING_STATUS_ORDER.filter((s) => s !== OTHER_LISTING_STATUS);

export function ListingsTable() {
  const selectId = useId();
  const [status, setStatus] = useState<string | undefined>(() => statusFromHash(location.hash));
  const [offset, setOffset] = useState(0);
  // Bumped when the active account changes: the same status and offset must still load again.
  const [accountGeneration, setAccountGeneration] = useState(0);
  const [page, setPage] = useState<ListingsPageView | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const generation = useRef(0);

  // accountGeneration is a dependency load does not read: a new account alone must make it load again.
  const load = useCallback(async () => {
    const mine = ++generation.current;
    setLoading(true);
    try {
      const next = await ask('health.listings', { status, offset, limit: PAGE_SIZE });
      if (mine !== generation.current) return;
      setPage(next);
      setError(null);
    } catch (caught) {
      if (mine === generation.current) setError(caught);
    } finally {
      if (mine === generation.current) setLoading(false);
    }
  }, [status, offset, accountGeneration]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    const onHash = () => {
      setStatus(statusFromHash(location.hash));
      setOffset(0);
    };
    addEventListener('hashchange', onHash);
    // The hash may have changed between the first render and this listener: catch up with it.
    setStatus(statusFromHash(location.hash));
    const off = onDeskEvent('accounts.changed', () => {
      setOffset(0);
      setAccountGeneration((n) => n + 1);
    });
    return () => {
      removeEventListener('hashchange', onHash);
      off();
    };
  }, []);

  const choose = (next: string) => {
    // The hash carries the filter, so a count in the popup and the browser's back button agree.
    history.replaceState(null, '', next ? `#listings?status=${encodeURIComponent(next)}` : '#listings');
    setStatus(next || undefined);
    setOffset(0);
  };

  const count = page?.count ?? 0;
  const first = count === 0 ? 0 : offset + 1;
  const last = Math.min(offset + PAGE_SIZE, count);

  return (
    <section class="lt" aria-labelledby={`${selectId}-title`} aria-busy={loading}>
      <div class="lt__bar">
        <h2 id={`${selectId}-title`} class="lt__title">
          {status ? `${listingStatusLabel(status)} listings` : 'All listings'}
        </h2>
        <label class="lt__filter" for={selectId}>
          Status
        </label>
        <select
          id={selectId}
          class="ui-select lt__select"
          value={status ?? ''}
          onChange={(event) => choose(event.currentTarget.value)}
        >
          <option value="">All statuses</option>
          {FILTERABLE.map((s) => (
            <option key={s} value={s}>
              {listingStatusLabel(s)}
            </option>
          ))}
          {status && !(FILTERABLE as readonly string[]).includes(status) ? (
            <option value={status}>{status}</option>
          ) : null}
        </select>
        <span class="lt__range" aria-live="polite">
          {page ? `${number.format(first)}–${number.format(last)} of ${number.format(count)}` : ''}
        </span>
        <div class="lt__pager">
          <Button
            size="sm"
            disabled={loading || offset === 0}
            onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}
          >
            Previous
          </Button>
          <Button size="sm" disabled={loading || last >= count} onClick={() => setOffset(offset + PAGE_SIZE)}>
            Next
          </Button>
        </div>
      </div>
      {loading && !page ? <ProgressBar label="Loading listings" /> : null}
      <ErrorNotice
        error={error}
        title="Listings could not be loaded"
        actions={
          <Button size="sm" onClick={() => void load()}>
            Retry
          </Button>
        }
      />
      {page && !page.accountKey ? (
        <EmptyState title="No account linked">Link an account in the Accounts section to see its listings.</EmptyState>
      ) : page && count === 0 ? (
        <EmptyState title={status ? `No ${listingStatusLabel(status).toLowerCase()} listings` : 'No listings'}>
          {status
            ? 'None of this account’s listings has this status.'
            : 'The service returned no listings. It answers with empty lists when an account has no active Listings subscription or is not a production account.'}
        </EmptyState>
      ) : page ? (
        <table class="lt__table">
          <thead>
            <tr>
              <th scope="col">Publisher</th>
              <th scope="col">Location</th>
              <th scope="col">Status</th>
              <th scope="col">Listing</th>
            </tr>
          </thead>
          <tbody>
            {page.listings.map((l) => {
              const url = safeHttpUrl(l.listingUrl);
              return (
                <tr key={`${l.id} ${l.publisherId} ${l.locationId}`}>
                  <td>{page.publishers[l.publisherId] ?? (l.publisherId || 'Unknown publisher')}</td>
                  <td>{l.locationId}</td>
                  <td>
                    <span class="lt__status" data-tone={listingStatusTone(l.status)}>
                      {listingStatusLabel(l.status)}
                    </span>
                  </td>
                  <td class="lt__url">
                    {url ? (
                      <a href={url} target="_blank" rel="noopener noreferrer">
                        {url}
                      </a>
                    ) : (
                      l.listingUrl || '—'
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
