// The options page's Listings workspace: every listing of the active account, found in a keystroke
// (filters that live in the URL), and opted in or out safely in bulk; plus the publishers directory.
import { useEffect, useRef, useState } from 'preact/hooks';
import { NO_LISTINGS_WHY } from '../../lib/messaging/error-words.ts';
import type { ListingsSelection, OptDirection } from '../../lib/messaging/protocol/index.ts';
import { formatNumber } from '../../lib/shared/format.ts';
import { Button } from '../ui/Button.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import { ListWarnings } from '../ui/ListWarnings.tsx';
import { useStarted } from '../ui/store.ts';
import { onTablistKeyDown } from '../ui/tabs.ts';
import { OptInDialog, OptInProgress } from './BulkOptIn.tsx';
import { csvFileName, downloadCsv } from './csv-download.ts';
import { FilterBar } from './FilterBar.tsx';
import { ListingsTable } from './ListingsTable.tsx';
import { LoadBar } from './LoadBar.tsx';
import { LoadPlanNotice } from './LoadPlanNotice.tsx';
import { PublishersDirectory } from './PublishersDirectory.tsx';
import { EMPTY_SELECTION, type SelectionState, selectedCount, toWireSelection } from './selection.ts';
import { useStableCallback } from './use-stable-callback.ts';
import { NO_FILTERS, type WorkspaceView } from './workspace-filters.ts';
import { directoriesOf, loadError, useRows, useWorkspace } from './workspace-store.ts';
import './listings-workspace.css';

export function ListingsWorkspace() {
  const store = useWorkspace();
  useStarted(store.jobs);
  useStarted(store.views);
  const { wanted, undrawn, shows } = store.views;
  const view = store.views.drawn.value;
  const shown = store.state.value;
  const state = shown?.load ?? null;
  const stateError = store.stateError.value;
  const job = store.job.value;
  const plan = store.plan.value;
  const [selection, setChosen] = useState<SelectionState>(EMPTY_SELECTION);
  /** How many were unselected by the last filter change (said until the next selection). */
  const [cleared, setCleared] = useState(0);
  // Stable: the table (memo) is not drawn again for a new function each render.
  const setSelection = useStableCallback((next: SelectionState) => {
    setCleared(0);
    setChosen(next);
  });
  const [optIn, setOptIn] = useState<{ selection: ListingsSelection; direction: OptDirection } | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const rows = useRows(store, view.filters, view.sort);
  // After the first rows: the names of 1,500 locations would otherwise hold them up in the worker.
  const rowsShown = rows.matched !== null || rows.error !== null;
  const directoriesVersion = state && rowsShown ? `${shown?.accountKey}|${state.fetchedAt}` : null;
  useEffect(() => {
    if (directoriesVersion !== null) void store.loadDirectories(directoriesVersion);
  }, [store, directoriesVersion]);
  const directories = directoriesOf(store);

  // The URL follows once the page has painted the change's result (see workspace-url.ts). Preact may
  // run an earlier render's effect late, so it names the view it showed.
  useEffect(() => {
    if (!rows.stale) shows(view);
  }, [rows.stale, rows.matched, view]);

  // Start fetching when nothing is cached yet; the worker does nothing when it has them or is at it.
  const accountKey = shown?.accountKey;
  useEffect(() => {
    if (
      accountKey &&
      state &&
      state.state !== 'loading' &&
      state.fetchedAt === null &&
      state.state !== 'cancelled' &&
      !loadError(state)
    ) {
      void store.startLoad(false);
    }
  }, [accountKey, store]);

  // `/` focuses the search from anywhere on the page but a text field.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      event.preventDefault();
      searchRef.current?.focus();
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, []);

  // Changes build on the view last asked for: one not drawn yet (its rows on their way) is not undone.
  const change = (next: WorkspaceView, typing = false) => {
    // A selection is of rows on screen: kept across a filter it was "3 selected" with one shown, and an
    // opt-out took the hidden two. It is cleared, and the page says so.
    if (next.filters !== wanted.peek().filters) {
      const had = selectedCount(selection, rows.matched);
      if (had > 0) {
        setSelection(EMPTY_SELECTION);
        setCleared(had);
      }
    }
    store.change(next, typing);
  };
  // One function for the page's life, so the filter bar (memo) is not drawn again when only rows change.
  const changeFilters = useStableCallback((filters: WorkspaceView['filters'], typing?: boolean) =>
    change({ ...wanted.peek(), filters }, typing),
  );

  const exportCsv = async () => {
    const csv = await store.exportCsv(view.filters, view.sort);
    if (csv !== null) downloadCsv(csv, csvFileName(new Date()));
  };

  if (shown && !shown.accountKey) {
    return (
      <EmptyState title="No account linked">Link an account in the Accounts section to see its listings.</EmptyState>
    );
  }

  const matched = rows.matched;
  const chosen = selectedCount(selection, matched);
  const tab = view.tab;
  const letsThrough = (status: string) => view.filters.statuses.length === 0 || view.filters.statuses.includes(status);

  return (
    <div class="lw">
      <div class="lw-tabs" role="tablist" aria-label="Workspace" onKeyDown={onTablistKeyDown}>
        {(['listings', 'publishers'] as const).map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            id={`lw-tab-${t}`}
            aria-selected={tab === t}
            tabIndex={tab === t ? 0 : -1}
            aria-controls={`lw-panel-${t}`}
            class="lw-tab"
            onClick={() => change({ ...wanted.peek(), tab: t })}
          >
            {t === 'listings'
              ? 'Listings'
              : `Publishers${directories.publishers.size ? ` (${directories.publishers.size})` : ''}`}
          </button>
        ))}
      </div>
      {tab === 'publishers' ? (
        <div role="tabpanel" id="lw-panel-publishers" aria-labelledby="lw-tab-publishers">
          <PublishersDirectory
            publishers={[...directories.publishers.values()]}
            onShowListings={(publisherId) =>
              change({ tab: 'listings', sort: view.sort, filters: { ...NO_FILTERS, publisherIds: [publisherId] } })
            }
          />
        </div>
      ) : (
        <div role="tabpanel" id="lw-panel-listings" aria-labelledby="lw-tab-listings" class="lw-panel">
          <LoadBar
            load={state}
            onLoad={(refresh) => void store.startLoad(refresh)}
            onCancel={() => void store.cancelLoad()}
          />
          {plan && state?.state !== 'loading' ? (
            <LoadPlanNotice
              plan={plan}
              folders={directories.folders}
              locations={directories.locations}
              onLoadAll={() => void store.loadAnyway()}
              onLoadFolder={(folderId) => void store.loadAnyway(folderId)}
            />
          ) : null}
          <ErrorNotice error={stateError} title="Listings could not be loaded" />
          <ListWarnings
            warnings={state?.state === 'loading' ? null : state?.warnings}
            omitEmptyAnswer={!state?.loaded}
          />
          <FilterBar wanted={wanted} onChange={changeFilters} directories={directories} searchRef={searchRef} />
          <div class="lw-actions">
            {/* A change asked for and not drawn yet: the count is about to change (the attribute follows the signal, no render). */}
            <span class="lw-count" aria-live="polite" aria-busy={undrawn} data-testid="matched-count">
              {matched === null ? '' : `${formatNumber(matched)} of ${formatNumber(rows.total ?? 0)} listings`}
            </span>
            {chosen > 0 ? <span class="lw-count">{formatNumber(chosen)} selected</span> : null}
            <span class="lw-count" role="status">
              {cleared > 0
                ? `The filters changed, so the ${formatNumber(cleared)} selected ${cleared === 1 ? 'listing was' : 'listings were'} unselected.`
                : ''}
            </span>
            {matched ? (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => setSelection({ kind: 'matching', filters: view.filters })}
              >
                Select all {formatNumber(matched)} matching
              </Button>
            ) : null}
            {chosen > 0 ? (
              <Button size="sm" variant="ghost" onClick={() => setSelection(EMPTY_SELECTION)}>
                Clear selection
              </Button>
            ) : null}
            <span class="lw-actions__spacer" />
            <Button
              size="sm"
              disabled={chosen === 0}
              onClick={() => setOptIn({ selection: toWireSelection(selection), direction: 'in' })}
            >
              Opt in selected
            </Button>
            <Button
              size="sm"
              disabled={!matched || !letsThrough('OPTED_OUT')}
              onClick={() =>
                setOptIn({
                  selection: toWireSelection({ kind: 'matching', filters: view.filters }, 'OPTED_OUT'),
                  direction: 'in',
                })
              }
            >
              Opt in all opted-out matching
            </Button>
            <Button
              size="sm"
              disabled={chosen === 0}
              onClick={() => setOptIn({ selection: toWireSelection(selection), direction: 'out' })}
            >
              Opt out selected
            </Button>
            <Button
              size="sm"
              disabled={!matched || !letsThrough('LIVE')}
              onClick={() =>
                setOptIn({
                  selection: toWireSelection({ kind: 'matching', filters: view.filters }, 'LIVE'),
                  direction: 'out',
                })
              }
            >
              Opt out all live matching
            </Button>
            <Button size="sm" busy={store.exporting.value} disabled={!matched} onClick={() => void exportCsv()}>
              Export CSV
            </Button>
          </div>
          <ErrorNotice error={store.actionError.value} title="The CSV could not be made" />
          <ErrorNotice error={rows.error} title="Listings could not be shown" />
          <OptInProgress
            job={job}
            onRetry={() => job && store.retryFailed(job.id)}
            onDismiss={() => job && store.dismissJob(job.id)}
          />
          {matched === 0 && state?.state !== 'loading' ? (
            state?.loaded ? (
              <EmptyState title="No listings match">Change or clear the filters to see more.</EmptyState>
            ) : state && loadError(state) ? (
              // The load bar above holds Retry; here the empty table says why it is empty, never "not loaded yet".
              <EmptyState title="No listings shown: the load failed">{loadError(state)?.message}</EmptyState>
            ) : state?.fetchedAt ? (
              // A finished load with nothing in it: say why, as vendor-facts asks of every empty list.
              <EmptyState title="The service sent no listings for this account">{NO_LISTINGS_WHY}</EmptyState>
            ) : (
              <EmptyState title="No listings loaded">
                This account’s listings are not loaded yet; Load all listings fetches them.
              </EmptyState>
            )
          ) : (
            <ListingsTable
              label="Listings"
              rows={rows}
              sort={view.sort}
              onSortChange={(sort) => change({ ...wanted.peek(), sort })}
              selection={selection}
              onSelectionChange={setSelection}
            />
          )}
        </div>
      )}
      {optIn ? (
        <OptInDialog
          store={store}
          selection={optIn.selection}
          direction={optIn.direction}
          onClose={() => setOptIn(null)}
          onStarted={() => setSelection(EMPTY_SELECTION)}
        />
      ) : null}
    </div>
  );
}
