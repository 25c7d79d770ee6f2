// The options page's Listings workspace: every listing of the active account, found in a keystroke
// (filters that live in the URL), and opted in or out safely in bulk; plus the publishers directory.
import { useEffect, useRef, useState } from 'preact/hooks';
import { NO_LISTINGS_WHY } from '../../lib/messaging/error-words.ts';
import { Button } from '../ui/Button.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import { ListWarnings } from '../ui/ListWarnings.tsx';
import { useStarted } from '../ui/store.ts';
import { OptInDialog, OptInProgress } from './BulkOptIn.tsx';
import { csvFileName, downloadCsv } from './csv-download.ts';
import { FilterBar } from './FilterBar.tsx';
import { ListingsTable } from './ListingsTable.tsx';
import { LoadBar } from './LoadBar.tsx';
import { LoadPlanNotice } from './LoadPlanNotice.tsx';
import { PublishersDirectory } from './PublishersDirectory.tsx';
import { EMPTY_SELECTION, type SelectionState, selectedCount, toWireSelection } from './selection.ts';
import { useStableCallback } from './use-stable-callback.ts';
import { useRows, useWorkspaceSource } from './use-workspace-data.ts';
import { useWorkspaceView } from './use-workspace-view.ts';
import { NO_FILTERS, type WorkspaceView } from './workspace-filters.ts';
import type { LoadPlan, OptDirection, Selection } from './workspace-source.ts';
import { directoriesOf, useWorkspaceStore } from './workspace-store.ts';
import './listings-workspace.css';
import { formatNumber } from '../../lib/shared/format.ts';
import { onTablistKeyDown } from '../ui/tabs.ts';

/**
 * A filter or sort change is drawn together with its first rows, in one render and one layout: the
 * keystroke's own task then only asks the worker, and the filter bar draws itself. Without rows this
 * long, the change is drawn anyway, over the old rows marked busy.
 */
const DRAW_LATEST_MS = 100;

export function ListingsWorkspace() {
  const source = useWorkspaceSource();
  const { view, wanted, undrawn, want, draw, shows } = useWorkspaceView();
  const store = useWorkspaceStore(source);
  useStarted(store.jobs);
  const state = store.state.value;
  const stateError = store.stateError.value;
  const revision = store.revision.value;
  const job = store.job.value;
  const [selection, setSelection] = useState<SelectionState>(EMPTY_SELECTION);
  const [optIn, setOptIn] = useState<{ selection: Selection; direction: OptDirection } | null>(null);
  const [exportError, setExportError] = useState<unknown>(null);
  // A load that would take more than a quarter of the hour's requests left waits for the person's choice.
  const [plan, setPlan] = useState<LoadPlan | null>(null);
  const [exporting, setExporting] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);
  // The rows refresh when a job ends (and when a retry of it does).
  const finishedJobs = job && job.state === 'done' ? `${job.id}:${job.batches.done}` : '';
  // Not the account key: the first state's arrival would throw away the first rows, asked for with it.
  // Another account is news from the worker (revision) like any other.
  const version = `${revision}|${finishedJobs}`;
  const rows = useRows(source, view.filters, view.sort, version);
  // After the first rows: the names of 1,500 locations would otherwise hold them up in the worker.
  const rowsShown = rows.matched !== null || rows.error !== null;
  const directoriesVersion = state && rowsShown ? `${state.accountKey}|${state.fetchedAt}` : null;
  useEffect(() => {
    if (directoriesVersion !== null) void store.loadDirectories(directoriesVersion);
  }, [store, directoriesVersion]);
  const directories = directoriesOf(store);

  // The URL follows once the page has painted the change's result (see use-workspace-view.ts). Preact may
  // run an earlier render's effect late, so it names the view it showed.
  useEffect(() => {
    if (!rows.stale) shows(view);
  }, [rows.stale, rows.matched, view]);

  /** Asks what the load would cost first; one too large for the hour waits for the person (LoadPlanNotice). */
  const startLoad = async (refresh: boolean) => {
    setPlan(null);
    const planned = await source.loadPlan?.().catch(() => null);
    if (planned?.tooMuch) setPlan(planned);
    else await source.load(refresh);
  };

  // Start fetching when nothing is cached yet; the worker does nothing when it has them or is at it.
  const accountKey = state?.accountKey;
  useEffect(() => {
    if (accountKey && state && !state.loading && state.fetchedAt === null && !state.cancelled && !state.error) {
      void startLoad(false);
    }
  }, [accountKey, source]);

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
    if (next.filters !== wanted.peek().filters && selection.kind === 'matching') setSelection(EMPTY_SELECTION);
    want(next, typing);
    if (next.tab !== view.tab) {
      rows.prefetch(next.filters, next.sort);
      draw(next);
      return;
    }
    let drawn = false;
    const drawOnce = () => {
      if (drawn) return;
      drawn = true;
      clearTimeout(timer);
      // A later change (its own rows on their way) wins.
      if (wanted.peek() === next) draw(next);
    };
    const timer = setTimeout(drawOnce, DRAW_LATEST_MS);
    rows.prefetch(next.filters, next.sort, drawOnce);
  };
  // One function for the page's life, so the filter bar (memo) is not drawn again when only rows change.
  const changeFilters = useStableCallback((filters: WorkspaceView['filters'], typing?: boolean) =>
    change({ ...wanted.peek(), filters }, typing),
  );

  const exportCsv = async () => {
    setExporting(true);
    setExportError(null);
    try {
      downloadCsv(await source.csv(view.filters, view.sort), csvFileName(new Date()));
    } catch (caught) {
      setExportError(caught);
    } finally {
      setExporting(false);
    }
  };

  if (state && !state.accountKey) {
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
          <LoadBar state={state} onLoad={(refresh) => void startLoad(refresh)} onCancel={() => void source.cancel()} />
          {plan && !state?.loading ? (
            <LoadPlanNotice
              plan={plan}
              folders={directories.folders}
              locations={directories.locations}
              onLoadAll={() => {
                setPlan(null);
                void source.load(true);
              }}
              onLoadFolder={(folderId) => {
                setPlan(null);
                void source.load(true, folderId);
              }}
            />
          ) : null}
          <ErrorNotice error={stateError} title="Listings could not be loaded" />
          <ListWarnings warnings={state?.loading ? null : state?.warnings} omitEmptyAnswer={!state?.loaded} />
          <FilterBar wanted={wanted} onChange={changeFilters} directories={directories} searchRef={searchRef} />
          <div class="lw-actions">
            {/* A change asked for and not drawn yet: the count is about to change (the attribute follows the signal, no render). */}
            <span class="lw-count" aria-live="polite" aria-busy={undrawn} data-testid="matched-count">
              {matched === null ? '' : `${formatNumber(matched)} of ${formatNumber(rows.total ?? 0)} listings`}
            </span>
            {chosen > 0 ? <span class="lw-count">{formatNumber(chosen)} selected</span> : null}
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
            <Button size="sm" busy={exporting} disabled={!matched} onClick={() => void exportCsv()}>
              Export CSV
            </Button>
          </div>
          <ErrorNotice error={exportError} title="The CSV could not be made" />
          <ErrorNotice error={rows.error} title="Listings could not be shown" />
          <OptInProgress
            job={job}
            onRetry={() => job && void source.retryFailed(job.id).then(store.showJob, setExportError)}
            onDismiss={() => {
              if (job) void source.dismissJob(job.id);
              store.showJob(null);
            }}
          />
          {matched === 0 && !state?.loading ? (
            state?.loaded ? (
              <EmptyState title="No listings match">Change or clear the filters to see more.</EmptyState>
            ) : state?.error ? (
              // The load bar above holds Retry; here the empty table says why it is empty, never "not loaded yet".
              <EmptyState title="No listings shown: the load failed">{state.error.message}</EmptyState>
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
          source={source}
          selection={optIn.selection}
          direction={optIn.direction}
          onClose={() => setOptIn(null)}
          onStarted={(started) => {
            store.showJob(started);
            setSelection(EMPTY_SELECTION);
          }}
        />
      ) : null}
    </div>
  );
}
