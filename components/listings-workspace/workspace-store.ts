// The workspace's store (components/ui/store.ts query()): where loading stands and how often the worker
// said its listings moved on, the newest opt-in job, the directories that turn ids into names, the
// window of rows on screen (workspace-rows.ts), the view kept in the URL (workspace-url.ts), and the
// timing that ties them: a change is asked for at once and drawn when its first rows come. Its one seam
// is `io` (the worker; tests pass a fake). The embedded panel's store is scoped to one location.
import { batch, computed, type ReadonlySignal, signal } from '@preact/signals';
import { createContext } from 'preact';
import { useContext, useLayoutEffect, useMemo } from 'preact/hooks';
import type {
  FolderView,
  ListingsFilters,
  ListingsLoadPlan,
  ListingsLoadView,
  ListingsSelection,
  ListingsSort,
  LocationView,
  OptDirection,
  OptInJobView,
  PublisherDirectoryEntry,
} from '../../lib/messaging/protocol/index.ts';
import type { WireError } from '../../lib/messaging/wire-error.ts';
import { followEvents, query, type StoreIo, workerIo } from '../ui/store.ts';
import { NO_FILTERS, type WorkspaceView } from './workspace-filters.ts';
import { queryKey, type RowsView, rowsWindow } from './workspace-rows.ts';
import { type UrlViews, urlViews } from './workspace-url.ts';

export interface Directories {
  locations: Map<string, LocationView>;
  folders: FolderView[];
  publishers: Map<string, PublisherDirectoryEntry>;
}

/** The active account and where its listings' load stands (as `listings.changed` says it). */
export interface LoadShown {
  accountKey: string | null;
  load: ListingsLoadView;
}

/** What the location's listings count by status: the panel's health line, over every row. */
export interface LocationHealth {
  matched: number;
  statusCounts: { status: string; count: number }[];
  warnings?: ListingsLoadView['warnings'];
}

const NO_DIRECTORIES: Directories = { locations: new Map(), folders: [], publishers: new Map() };

/** Why the last load stopped: its own error, or the one that left pages out. */
export const loadError = (load: ListingsLoadView): WireError | null => load.error ?? load.incomplete?.error ?? null;

/**
 * A filter or sort change is drawn together with its first rows, in one render and one layout: the
 * keystroke's own task then only asks the worker, and the filter bar draws itself. Without rows this
 * long, the change is drawn anyway, over the old rows marked busy.
 */
const DRAW_LATEST_MS = 100;

export interface WorkspaceStoreOptions {
  /** The embedded panel: the worker answers a panel only about one location, load state included. */
  locationId?: string;
}

export function createWorkspaceStore(io: StoreIo = workerIo, options: WorkspaceStoreOptions = {}) {
  const { locationId } = options;
  const scope: ListingsFilters = locationId ? { ...NO_FILTERS, locationIds: [locationId] } : NO_FILTERS;
  const askState = async (): Promise<LoadShown> => {
    const view = await io.ask('listings.query', { filters: scope, offset: 0, limit: 0 });
    return { accountKey: view.accountKey, load: view.load };
  };
  const load = query(askState);
  // The panel's line counts every listing of the location, asked apart from the window of rows.
  const health = query(async (): Promise<LocationHealth> => {
    const view = await io.ask('listings.query', { filters: scope, offset: 0, limit: 0, statusCounts: true });
    return { matched: view.matched, statusCounts: view.statusCounts ?? [], warnings: view.load.warnings };
  });
  /**
   * Counts the worker's news: rows it shows may change (names learnt, an opt-in ended) while the counts
   * stay the same, so the rows on screen are asked for again on each.
   */
  const revision = signal(0);
  const job = query(async () => (await io.ask('listings.optIn.jobs', {}))[0] ?? null);
  // A failure leaves ids as they are: each directory that came is used.
  const directories = query(async (_version: unknown): Promise<Directories> => {
    const [places, pubs] = await Promise.allSettled([io.ask('locations.list', {}), io.ask('publishers.directory', {})]);
    return {
      locations: new Map(places.status === 'fulfilled' ? places.value.locations.map((l) => [l.id, l]) : []),
      folders: places.status === 'fulfilled' ? places.value.folders : [],
      publishers: new Map(pubs.status === 'fulfilled' ? pubs.value.publishers.map((p) => [p.id, p]) : []),
    };
  });
  // The rows refresh on the worker's news, and when a job ends (and when a retry of it does). Not the
  // account key: the first state's arrival would throw away the first rows, asked for with it.
  const version = computed(() => {
    const shown = job.value.value;
    return `${revision.value}|${shown?.state === 'finished' ? `${shown.id}:${shown.batches.done}` : ''}`;
  });
  const rows = rowsWindow((filters, sort, offset, limit) => io.ask('listings.query', { filters, sort, offset, limit }));
  /** A load that would take more than a quarter of the hour's requests left, waiting for the person. */
  const plan = signal<ListingsLoadPlan | null>(null);
  const exporting = signal(false);
  /** An action's failure: the CSV, a retry. */
  const actionError = signal<unknown>(null);
  let views: UrlViews | undefined;

  const showJob = (next: OptInJobView | null) => job.set(next);
  const news = (next: LoadShown) =>
    batch(() => {
      load.set(next);
      revision.value++;
    });

  const store = {
    state: load.value,
    stateError: load.error,
    revision: revision as ReadonlySignal<number>,
    version,
    job: job.value,
    health: health.value,
    healthError: health.error,
    directories: directories.value,
    plan: plan as ReadonlySignal<ListingsLoadPlan | null>,
    exporting: exporting as ReadonlySignal<boolean>,
    actionError: actionError as ReadonlySignal<unknown>,
    rows,
    /** The view in the URL (the whole workspace only), made on first use. */
    get views(): UrlViews {
      views ??= urlViews();
      return views;
    },
    /** Loaded again when `version` changes (another account, a refresh); the newest version's answer shows. */
    loadDirectories: (next: unknown) => directories.load(next),
    /** Where loading stands, followed as the worker tells it. */
    start(): () => void {
      void load.load();
      if (locationId) void health.load();
      return followEvents(
        {
          'listings.changed': ({ accountKey, load: next }) => {
            news({ accountKey, load: next });
            if (locationId) void health.refresh();
          },
          // Another active account: its own listings (or none yet). Asked through the query, so news that
          // comes while it is asked wins over the answer (computed earlier); the rows are asked again either way.
          'accounts.changed': () => {
            void load.load().then(() => {
              revision.value++;
            });
            if (locationId) void health.refresh();
          },
        },
        io,
      );
    },
    /** The newest opt-in job, followed (the whole workspace only: the panel has no jobs). */
    jobs: {
      start(): () => void {
        void job.load();
        // The page follows the newest job; news of an older one (still finishing) does not replace it.
        return io.onDeskEvent('listings.optIn.changed', ({ job: next }) => {
          const shown = job.value.peek();
          if (!shown || next.createdAt >= shown.createdAt) job.set(next);
        });
      },
    },
    /** Asks what the load would cost first; one too large for the hour waits for the person (plan). */
    async startLoad(refresh: boolean): Promise<void> {
      plan.value = null;
      const planned = await io.ask('listings.loadPlan', {}).catch(() => null);
      if (planned?.tooMuch) plan.value = planned;
      else await io.ask('listings.load', { refresh });
    },
    /** The person chose despite the plan: everything, or one folder. */
    async loadAnyway(folderId?: string): Promise<void> {
      plan.value = null;
      await io.ask('listings.load', folderId ? { refresh: true, folderId } : { refresh: true });
    },
    async cancelLoad(): Promise<void> {
      await io.ask('listings.cancelLoad', {});
    },
    /** The CSV of what `filters` match in `sort`'s order, or null (the failure is in actionError). */
    async exportCsv(filters: ListingsFilters, sort: ListingsSort): Promise<string | null> {
      exporting.value = true;
      actionError.value = null;
      try {
        return (await io.ask('listings.exportCsv', { filters, sort })).csv;
      } catch (caught) {
        actionError.value = caught;
        return null;
      } finally {
        exporting.value = false;
      }
    },
    /** What an opt-in (or out) of `selection` would send: asked when the dialog opens. */
    optInPlan: (selection: ListingsSelection, direction: OptDirection) =>
      query(() => io.ask('listings.optIn.plan', { selection, direction })),
    async startOptIn(selection: ListingsSelection, direction: OptDirection): Promise<OptInJobView> {
      const started = await io.ask('listings.optIn.start', { selection, direction });
      showJob(started);
      return started;
    },
    retryFailed(jobId: string): void {
      io.ask('listings.optIn.retryFailed', { jobId }).then(showJob, (caught) => {
        actionError.value = caught;
      });
    },
    dismissJob(jobId: string): void {
      void io.ask('listings.optIn.dismiss', { jobId }).catch(() => undefined);
      showJob(null);
    },
    /**
     * The person asks for `next`: its rows are asked for at once and it is drawn with them (or after
     * DRAW_LATEST_MS); a later change wins. Another tab is drawn at once.
     */
    change(next: WorkspaceView, typing = false): void {
      const { want, draw, wanted, drawn } = store.views;
      want(next, typing);
      if (next.tab !== drawn.peek().tab) {
        rows.prefetch(next.filters, next.sort);
        draw(next);
        return;
      }
      let done = false;
      const drawOnce = () => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        if (wanted.peek() === next) draw(next);
      };
      const timer = setTimeout(drawOnce, DRAW_LATEST_MS);
      rows.prefetch(next.filters, next.sort, drawOnce);
    },
  };
  return store;
}

export type WorkspaceStore = ReturnType<typeof createWorkspaceStore>;

/** The page's workspace store: the options page's whole workspace, or the panel's one location. */
export const WorkspaceStoreContext = createContext<WorkspaceStore | null>(null);

export function useWorkspace(): WorkspaceStore {
  const store = useContext(WorkspaceStoreContext);
  if (!store) throw new Error('The listings workspace needs a WorkspaceStoreContext provider.');
  return store;
}

/** The rows of `filters` in `sort`'s order, asked again on the worker's news. */
export function useRows(store: WorkspaceStore, filters: ListingsFilters, sort: ListingsSort): RowsView {
  const version = store.version.value;
  const key = useMemo(() => queryKey(filters, sort), [filters, sort]);
  // A layout effect: a change that did not come through prefetch (a restored URL, the worker's news)
  // asks in the same task as its render, not a frame later (useEffect waits for the next paint).
  useLayoutEffect(() => store.rows.follow(filters, sort, version), [store, key, version]);
  return store.rows.view(key);
}

export function directoriesOf(store: WorkspaceStore): Directories {
  return store.directories.value ?? NO_DIRECTORIES;
}
