import type { ComponentChildren } from 'preact';
import { useId } from 'preact/hooks';
import { NO_LISTINGS_WHY } from '../../lib/messaging/list-warnings.ts';
import type { ListingsHealthView } from '../../lib/messaging/protocol/index.ts';
import { ErrorLine } from '../ui/first-use.ts';
import { OptionsLink } from '../ui/OptionsLink.tsx';
import { listingStatusLabel, listingStatusRank, listingStatusTone, listingsTarget } from './status-labels.ts';
import './listings-health.css';
import { formatNumber } from '../../lib/shared/format.ts';

export interface HealthSummaryProps {
  view: ListingsHealthView | null;
  error: unknown;
}

/** A one-line bar of listing counts by status; each count opens the options page filtered to it. */
export function HealthSummary({ view, error }: HealthSummaryProps) {
  // Unique per mount: the summary may sit in a shadow root beside the page's own ids.
  const titleId = useId();
  if (!view?.accountKey) return null;
  const problem = view.error ?? error;
  const counts = view.counts
    .filter((c) => c.count > 0)
    .sort((a, b) => listingStatusRank(a.status) - listingStatusRank(b.status));
  const total = view.total;
  const settled = counts.filter((c) => !c.status.startsWith('WAITING_ON_'));
  const waiting = counts.filter((c) => c.status.startsWith('WAITING_ON_'));
  const link = (c: { status: string; count: number }, label: ComponentChildren) => (
    <li key={c.status}>
      <OptionsLink
        class="lh__count"
        {...listingsTarget(c.status)}
        title={`Open the ${listingStatusLabel(c.status).toLowerCase()} listings in the options page`}
      >
        <span class="lh__dot" data-tone={listingStatusTone(c.status)} data-status={c.status} aria-hidden="true" />
        {label} <b>{formatNumber(c.count)}</b>
      </OptionsLink>
    </li>
  );
  return (
    <section class="lh" aria-labelledby={titleId} aria-busy={view.refreshing}>
      <div class="lh__head">
        <h2 id={titleId} class="lh__title">
          Listings
        </h2>
        {total !== null ? (
          <OptionsLink class="lh__total" {...listingsTarget()}>
            {formatNumber(total)} total
          </OptionsLink>
        ) : (
          <span class="lh__note">{view.refreshing ? 'Loading…' : ''}</span>
        )}
        {total !== null && total > 0 && !problem ? (
          <div class="lh__bar" aria-hidden="true">
            {counts.map((c) => (
              <span
                key={c.status}
                data-tone={listingStatusTone(c.status)}
                data-status={c.status}
                style={{ flexGrow: c.count }}
              />
            ))}
          </div>
        ) : null}
        {problem ? <ErrorLine class="lh__error" lead="Couldn’t refresh." error={problem} /> : null}
      </div>
      {settled.length > 0 ? (
        <ul class="lh__counts">{settled.map((c) => link(c, listingStatusLabel(c.status)))}</ul>
      ) : null}
      {waiting.length > 0 ? (
        <ul class="lh__counts">
          <li class="lh__group" aria-hidden="true">
            Waiting on
          </li>
          {waiting.map((c) =>
            link(
              c,
              <>
                <span class="visually-hidden">Waiting on </span>
                {listingStatusLabel(c.status).replace(/^Waiting on /, '')}
              </>,
            ),
          )}
        </ul>
      ) : null}
      {total === 0 ? (
        <p class="lh__note">The service returned no listings for this account. {NO_LISTINGS_WHY}</p>
      ) : null}
    </section>
  );
}
