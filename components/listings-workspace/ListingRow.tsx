// One row of the listings table. Publisher data is untrusted: every field is text, and a link only
// when it parses as http(s).
import { Component } from 'preact';
import type { ListingTableRow } from '../../lib/messaging/protocol/index.ts';
import { safeHttpUrl } from '../../lib/shared/safe-url.ts';
import { listingStatusLabel, listingStatusTone } from '../listings-health/status-labels.ts';

export interface ListingRowProps {
  index: number;
  row: ListingTableRow | undefined;
  style: { top: string; height: string };
  /** undefined: the table has no selection (compact). */
  selected: boolean | undefined;
  active: boolean;
  /** Only publisher, status, details and listing (the embedded panel's narrow table). */
  compact?: boolean;
  rowId: string;
  onToggle: (index: number, row: ListingTableRow, range: boolean) => void;
}

/** "Main Street Bakery, Springfield"; the id when the location has no name. */
export function locationLabel(row: Pick<ListingTableRow, 'locationId' | 'locationName' | 'city'>): string {
  const name = row.locationName.trim();
  if (!name) return row.locationId || 'Unknown location';
  return row.city.trim() ? `${name}, ${row.city.trim()}` : name;
}

function Link({ text, url, label }: { text: string; url: string | null; label: string }) {
  if (url) {
    return (
      <a href={url} target="_blank" rel="noopener noreferrer" title={url} tabIndex={-1}>
        {label}
      </a>
    );
  }
  // Not http(s) (e.g. javascript:): shown as text, never a link.
  return text ? <span title={text}>{text}</span> : <span class="lw-muted">—</span>;
}

/**
 * The service may send a notice ("Screenshot will be available once the listing is live") instead of an
 * address: short muted words in the narrow cell, the notice itself on hover and to a screen reader.
 */
function ScreenshotNotice({ text }: { text: string }) {
  return (
    <span class="lw-note" title={text}>
      None yet<span class="visually-hidden">: {text}</span>
    </span>
  );
}

/**
 * Drawn again only when what it shows changes: a keystroke's render (the old rows kept until the answer)
 * and the answer's (the count, the selection) then leave the unchanged rows alone.
 */
export class ListingRow extends Component<ListingRowProps> {
  override shouldComponentUpdate(next: ListingRowProps): boolean {
    const now = this.props;
    return (
      next.row !== now.row ||
      next.index !== now.index ||
      next.selected !== now.selected ||
      next.active !== now.active ||
      next.compact !== now.compact ||
      next.rowId !== now.rowId ||
      next.onToggle !== now.onToggle ||
      next.style.top !== now.style.top ||
      next.style.height !== now.style.height
    );
  }

  override render() {
    return <Row {...this.props} />;
  }
}

function Row({ index, row, style, selected, active, rowId, onToggle, compact = false }: ListingRowProps) {
  if (!row) {
    return (
      <tr key={index} aria-rowindex={index + 2} class="lw-row lw-row--pending" style={style}>
        <td class="lw-cell lw-cell--wide" colSpan={compact ? 4 : 7}>
          Loading…
        </td>
      </tr>
    );
  }
  const details = row.statusDetails.map((d) => d.message || d.code).join(' · ');
  const listingUrl = safeHttpUrl(row.listingUrl);
  const screenshotUrl = safeHttpUrl(row.screenshotUrl);
  return (
    <tr
      key={index}
      id={rowId}
      aria-rowindex={index + 2}
      aria-selected={selected}
      class="lw-row"
      data-active={active ? '' : undefined}
      data-key={row.key}
      style={style}
    >
      {compact ? null : (
        <td class="lw-cell lw-cell--check">
          <input
            type="checkbox"
            tabIndex={-1}
            checked={selected}
            aria-label={`Select ${row.publisherName || row.publisherId} listing of ${locationLabel(row)}`}
            onClick={(event) => {
              event.preventDefault();
              onToggle(index, row, event.shiftKey);
            }}
          />
        </td>
      )}
      {compact ? null : (
        <td class="lw-cell" title={`${locationLabel(row)} (location ${row.locationId})`}>
          {locationLabel(row)}
        </td>
      )}
      <td class="lw-cell" title={`${row.publisherName || row.publisherId} (publisher ${row.publisherId})`}>
        {row.publisherName || row.publisherId}
      </td>
      <td class="lw-cell" title={listingStatusLabel(row.status)}>
        <span class="lw-status" data-tone={listingStatusTone(row.status)} data-status={row.status}>
          {listingStatusLabel(row.status)}
        </span>
      </td>
      <td class="lw-cell lw-cell--details" title={details}>
        {details || <span class="lw-muted">—</span>}
      </td>
      <td class="lw-cell lw-cell--link">
        <Link text={row.listingUrl} url={listingUrl} label={compact ? 'Open' : row.listingUrl} />
      </td>
      {compact ? null : (
        <td class="lw-cell lw-cell--link">
          {screenshotUrl || !row.screenshotUrl.trim() ? (
            <Link text={row.screenshotUrl} url={screenshotUrl} label="Screenshot" />
          ) : (
            <ScreenshotNotice text={row.screenshotUrl} />
          )}
        </td>
      )}
    </tr>
  );
}
