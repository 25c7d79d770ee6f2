// Every publisher the account can list on: name, id, countries and alternate brands. Search by name,
// brand or id, filter by country, and one click shows that publisher's listings.
import { useId, useMemo, useRef, useState } from 'preact/hooks';
import type { PublisherDirectoryEntry } from '../../lib/messaging/protocol/index.ts';
import { compareText, formatNumber } from '../../lib/shared/format.ts';
import { Button } from '../ui/Button.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { VirtualTable } from '../ui/VirtualTable.tsx';

export interface PublishersDirectoryProps {
  publishers: readonly PublisherDirectoryEntry[];
  onShowListings: (publisherId: string) => void;
}

export function matchesPublisher(p: PublisherDirectoryEntry, text: string, country: string): boolean {
  if (country && !p.countries.includes(country)) return false;
  const needle = text.trim().toLowerCase();
  if (!needle) return true;
  return [p.name, p.id, ...p.alternateBrands.map((b) => b.name)].some((word) => word.toLowerCase().includes(needle));
}

/**
 * A publisher may have thousands of alternate brands (a 10.5 MB answer was mostly those): the row names the
 * first few and counts the rest, so the table stays light; the search still looks at every one.
 */
const BRANDS_IN_CELL = 5;
const BRANDS_IN_TITLE = 30;
/** One line a row: the list may hold 13,951 publishers, of which only those in view are drawn. */
const ROW_HEIGHT = 40;

export function brandsShown(brands: readonly { name: string }[], max: number): string {
  const names = (list: readonly { name: string }[]) => list.map((b) => b.name).join(', ');
  if (brands.length <= max) return names(brands);
  return `${names(brands.slice(0, max))} and ${formatNumber(brands.length - max)} more`;
}

export function PublishersDirectory({ publishers, onShowListings }: PublishersDirectoryProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [country, setCountry] = useState('');
  const scrollRef = useRef<HTMLDivElement>(null);
  const countries = useMemo(() => [...new Set(publishers.flatMap((p) => p.countries))].sort(), [publishers]);
  const shown = useMemo(
    () =>
      publishers
        .filter((p) => matchesPublisher(p, text, country))
        .sort((a, b) => compareText(a.name || a.id, b.name || b.id)),
    [publishers, text, country],
  );

  return (
    <div class="lw-pubs">
      <form class="lw-filters__row" aria-label="Filter publishers" onSubmit={(event) => event.preventDefault()}>
        <label for={`${id}-q`} class="visually-hidden">
          Search publishers
        </label>
        <input
          id={`${id}-q`}
          type="search"
          class="ui-input lw-search"
          placeholder="Search publishers by name, brand or id"
          value={text}
          onInput={(event) => setText(event.currentTarget.value)}
        />
        <label for={`${id}-country`} class="lw-filter-label">
          Country
        </label>
        <select
          id={`${id}-country`}
          class="ui-select"
          value={country}
          onChange={(event) => setCountry(event.currentTarget.value)}
        >
          <option value="">All countries</option>
          {countries.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
        <span class="lw-count" aria-live="polite">
          {shown.length} of {publishers.length} publishers
        </span>
      </form>
      {shown.length === 0 ? (
        <EmptyState title="No publishers match">Try a shorter search or another country.</EmptyState>
      ) : (
        <VirtualTable
          class="lw-pubs__table"
          scrollClass="lw-scroll"
          scrollRef={scrollRef}
          aria-label="Publishers"
          aria-rowcount={shown.length + 1}
          count={shown.length}
          rowHeight={ROW_HEIGHT}
          head={
            <thead>
              <tr class="lw-pubs__row lw-row--head" style={{ height: `${ROW_HEIGHT}px` }} aria-rowindex={1}>
                <th scope="col" class="lw-cell" title="Publisher">
                  Publisher
                </th>
                <th scope="col" class="lw-cell" title="Id">
                  Id
                </th>
                <th scope="col" class="lw-cell" title="Countries">
                  Countries
                </th>
                <th scope="col" class="lw-cell" title="Alternate brands">
                  Alternate brands
                </th>
                <th scope="col" class="lw-cell">
                  <span class="visually-hidden">Listings</span>
                </th>
              </tr>
            </thead>
          }
          renderRow={(index, style) => {
            const p = shown[index]!;
            return (
              <tr
                key={p.id}
                class="lw-pubs__row"
                style={{ top: style.top, height: style.height }}
                aria-rowindex={index + 2}
              >
                <td class="lw-cell" dir="auto" title={p.name || p.id}>
                  {p.name || p.id}
                </td>
                <td class="lw-cell lw-mono" title={p.id}>
                  {p.id}
                </td>
                <td class="lw-cell" title={p.countries.join(', ')}>
                  {p.countries.join(', ') || '—'}
                </td>
                <td class="lw-cell" title={brandsShown(p.alternateBrands, BRANDS_IN_TITLE)}>
                  {brandsShown(p.alternateBrands, BRANDS_IN_CELL) || '—'}
                </td>
                <td class="lw-cell">
                  <Button size="sm" variant="ghost" onClick={() => onShowListings(p.id)}>
                    Show listings<span class="visually-hidden"> on {p.name || p.id}</span>
                  </Button>
                </td>
              </tr>
            );
          }}
        />
      )}
    </div>
  );
}
