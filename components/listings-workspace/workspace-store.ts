// The workspace's worker state in signals (components/ui/store.ts query()): where loading stands and how
// often the worker said its listings moved on, the newest opt-in job, and the directories that turn ids
// into names. The rows on screen keep their own page-by-page cache (useRows): they are asked per scroll.
import { batch, type ReadonlySignal, signal } from '@preact/signals';
import { useMemo } from 'preact/hooks';
import { query, useStarted } from '../ui/store.ts';
import type { FolderEntry, LocationEntry, OptInJob, PublisherEntry, WorkspaceSource } from './workspace-source.ts';

export interface Directories {
  locations: Map<string, LocationEntry>;
  folders: FolderEntry[];
  publishers: Map<string, PublisherEntry>;
}

const NO_DIRECTORIES: Directories = { locations: new Map(), folders: [], publishers: new Map() };

export function createWorkspaceStore(source: WorkspaceSource) {
  const load = query(() => source.loadState());
  /**
   * Counts the worker's news: rows it shows may change (names learnt, an opt-in ended) while the counts
   * stay the same, so the rows on screen are asked for again on each.
   */
  const revision = signal(0);
  const job = query(() => source.optInJob());
  // A failure leaves ids as they are: each directory that came is used.
  const directories = query(async (_version: unknown): Promise<Directories> => {
    const [places, pubs] = await Promise.allSettled([source.locations(), source.publishers()]);
    return {
      locations: new Map(places.status === 'fulfilled' ? places.value.locations.map((l) => [l.id, l]) : []),
      folders: places.status === 'fulfilled' ? places.value.folders : [],
      publishers: new Map(pubs.status === 'fulfilled' ? pubs.value.map((p) => [p.id, p]) : []),
    };
  });

  return {
    state: load.value,
    stateError: load.error,
    revision: revision as ReadonlySignal<number>,
    job: job.value,
    directories: directories.value,
    /** Loaded again when `version` changes (another account, a refresh); the newest version's answer shows. */
    loadDirectories: (version: unknown) => directories.load(version),
    /** A job this page started, retried or dismissed (null). */
    showJob: (next: OptInJob | null) => job.set(next),
    /** Where loading stands, followed as the worker tells it. */
    start(): () => void {
      void load.load();
      return source.onLoadState((next) =>
        batch(() => {
          load.set(next);
          revision.value++;
        }),
      );
    },
    /** The newest opt-in job, followed (the whole workspace only: the panel has no jobs). */
    jobs: {
      start(): () => void {
        void job.load();
        // The page follows the newest job; news of an older one (still finishing) does not replace it.
        return source.onOptInJob((next) => {
          const shown = job.value.peek();
          if (!shown || !next || next.createdAt >= shown.createdAt) job.set(next);
        });
      },
    },
  };
}

export type WorkspaceStore = ReturnType<typeof createWorkspaceStore>;

/** The source's store while the calling component is mounted, load state followed. */
export function useWorkspaceStore(source: WorkspaceSource): WorkspaceStore {
  const store = useMemo(() => createWorkspaceStore(source), [source]);
  useStarted(store);
  return store;
}

export function directoriesOf(store: WorkspaceStore): Directories {
  return store.directories.value ?? NO_DIRECTORIES;
}
