// The History tab: Accepted, Rejected and Expired suggestions of the chosen accounts (or all), asked of
// the service when the user opens it, with who resolved each and when. The worker holds every one of them
// (each list fetched whole); this page shows a window of HISTORY_PAGE, newest first, with Newer and Older.

import { useEffect } from 'preact/hooks';
import { formatNumber } from '../../lib/shared/format.ts';
import { fieldLabel, shortDate, suggestionStatusLabel } from '../../lib/shared/suggestion-words.ts';
import { Button } from '../ui/Button.tsx';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import { ProgressBar } from '../ui/ProgressBar.tsx';
import { TableScroll } from '../ui/TableScroll.tsx';
import { HISTORY_PAGE, type InboxStore } from './inbox-store.ts';

/** Counts in the browser's language (lib/shared/format.ts). */
const count = formatNumber;

export function InboxHistory({ store }: { store: InboxStore }) {
  const history = store.history;
  useEffect(() => {
    void store.loadHistory();
  }, [store]);
  const value = history.value.value;
  const chosen = store.state.value.filters.accounts;
  const newest = !value || value.offset === 0;
  const oldest = !value || value.offset + value.rows.length >= value.total;
  const names = (store.view.value.value?.accounts ?? [])
    .filter((a) => chosen.includes(a.accountKey))
    .map((a) => a.accountName);
  return (
    <div class="ib-history">
      <div class="ib-toolbar">
        <Button onClick={() => void store.loadHistory()} busy={history.loading.value}>
          Refresh history
        </Button>
        <p class="ib-note">
          {names.length ? `Accounts chosen under Waiting: ${names.join(', ')}.` : 'Every linked account.'} Asked of the
          service when this tab opens.
        </p>
      </div>
      {history.loading.value && !value ? <ProgressBar label="Loading history" /> : null}
      {history.error.value ? (
        <ErrorNotice error={history.error.value} title="The history could not be loaded. Try Refresh history." />
      ) : null}
      {value?.failed.map((f) => (
        <ErrorNotice
          key={f.accountKey}
          tone="warn"
          error={f.error}
          title={`${f.accountName}: its history could not be loaded; the other accounts’ is below.`}
        />
      ))}
      {value ? (
        <div class="ib-history__pager">
          <p class="ib-count" role="status">
            {value.total === 0
              ? 'No resolved suggestions.'
              : `Showing ${count(value.offset + 1)}–${count(value.offset + value.rows.length)} of ${count(value.total)} resolved suggestions, newest first.`}
          </p>
          {/* aria-disabled, not disabled: a button reaching the first or last page keeps keyboard focus. */}
          <Button
            aria-disabled={newest ? 'true' : undefined}
            onClick={() => !newest && void store.historyPage(Math.max(0, value.offset - HISTORY_PAGE))}
          >
            Newer
          </Button>
          <Button
            aria-disabled={oldest ? 'true' : undefined}
            onClick={() => !oldest && void store.historyPage(value.offset + HISTORY_PAGE)}
          >
            Older
          </Button>
        </div>
      ) : null}
      {value ? (
        <TableScroll label="Resolved suggestions, newest first">
          <table class="ui-table ib-history__table">
            <caption class="visually-hidden">Resolved suggestions, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Status</th>
                <th scope="col">Account</th>
                <th scope="col">Location</th>
                <th scope="col">Field</th>
                <th scope="col">Suggested</th>
                <th scope="col">Resolved</th>
                <th scope="col">By</th>
              </tr>
            </thead>
            <tbody>
              {value.rows.length === 0 ? (
                <tr>
                  <td colSpan={7}>No accepted, rejected or expired suggestions in these accounts.</td>
                </tr>
              ) : (
                value.rows.map((r) => (
                  <tr key={`${r.accountKey} ${r.id}`}>
                    <td>{suggestionStatusLabel(r.status)}</td>
                    <td dir="auto">{r.accountName}</td>
                    <td dir="auto" title={r.locationId}>
                      {r.locationName}
                    </td>
                    <td>{fieldLabel(r.fieldName)}</td>
                    <td title={r.suggestedContent}>{r.suggestedContent}</td>
                    <td>{r.dateResolved ? <time dateTime={r.dateResolved}>{shortDate(r.dateResolved)}</time> : '—'}</td>
                    <td>{r.resolvedBy || '—'}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
    </div>
  );
}
