// What the workspace needs from wherever the listings live. The listings stay in the worker (100,000
// are ~16 MB: too much to push through messaging per filter), so the page asks for a count and the
// window of rows it shows. Tests and the bench hand the components a source of their own.
import type { ListWarning } from '../../lib/messaging/error-words.ts';
import type { ListingsFilters, ListingsSort } from './workspace-filters.ts';

export interface WorkspaceRow {
  /** Unique per listing: id, publisher and location together. */
  key: string;
  id: string;
  locationId: string;
  locationName: string;
  locationCity: string;
  publisherId: string;
  publisherName: string;
  status: string;
  statusDetails: string[];
  listingUrl: string;
  screenshotUrl: string;
}

export interface LoadState {
  accountKey: string | null;
  loading: boolean;
  loaded: number;
  /** null: not known yet. */
  total: number | null;
  fetchedAt: number | null;
  /** The last load was cancelled: the rows are what came before. */
  cancelled: boolean;
  error: { code: string; message: string } | null;
  /** The hourly quota ended the load short of `total`: the rest loads by itself at this time (epoch ms). */
  resumesAt?: number | null;
  /** What the service said about the listings that came (items left out, an empty answer). */
  warnings?: ListWarning[];
  /** The rows are one folder's (a partial load), not the account's whole. */
  part?: { name: string; locations: number } | null;
}

/** What a load would cost, asked before it starts. */
export interface LoadPlan {
  listings: number;
  requests: number;
  remaining: number | null;
  limit: number | null;
  resetAt: number | null;
  /** More than a quarter of the hour's requests left: said before loading, with a part offered. */
  tooMuch: boolean;
}

export interface RowsWindow {
  /** Rows the filters match. */
  matched: number;
  /** Every listing of the account that is loaded. */
  total: number;
  offset: number;
  rows: WorkspaceRow[];
}

export interface LocationEntry {
  id: string;
  name: string;
  city: string;
  folderId: string;
}

export interface FolderEntry {
  id: string;
  name: string;
  parentId: string;
}

export interface PublisherEntry {
  id: string;
  name: string;
  countries: string[];
  alternateBrands: string[];
}

/**
 * Rows picked one by one, or "every row the filters match" (not only those on screen), narrowed to one
 * status by "Opt in all opted-out matching" (OPTED_OUT) and "Opt out all live matching" (LIVE).
 */
export type Selection =
  | { kind: 'keys'; keys: string[] }
  | { kind: 'matching'; filters: ListingsFilters; onlyStatus: 'OPTED_OUT' | 'LIVE' | null };

/** in: start sending the listings' data to their publishers; out: stop it. */
export type OptDirection = 'in' | 'out';

export interface OptInPreview {
  direction: OptDirection;
  listings: number;
  /** Listings already as the job leaves them (sent anyway: it does them no harm). */
  unchanged: number;
  locations: number;
  publishers: number;
  requests: number;
  warning: string;
}

export interface FailedBatch {
  index: number;
  pairs: number;
  error: { code: string; message: string } | null;
}

export interface OptInJob {
  id: string;
  direction: OptDirection;
  createdAt: number;
  state: 'running' | 'done';
  /** Location × publisher pairs the job opts in (or out). */
  pairs: number;
  batches: { total: number; done: number; failed: number; pending: number };
  failed: FailedBatch[];
}

export interface WorkspaceSource {
  loadState(): Promise<LoadState>;
  /** `folderId`: only that folder's listings. */
  load(refresh: boolean, folderId?: string): Promise<void>;
  /** What a load would cost; a source without it loads without asking. */
  loadPlan?(): Promise<LoadPlan>;
  cancel(): Promise<void>;
  rows(filters: ListingsFilters, sort: ListingsSort, offset: number, limit: number): Promise<RowsWindow>;
  csv(filters: ListingsFilters, sort: ListingsSort): Promise<string>;
  locations(): Promise<{ locations: LocationEntry[]; folders: FolderEntry[] }>;
  publishers(): Promise<PublisherEntry[]>;
  previewOptIn(selection: Selection, direction: OptDirection): Promise<OptInPreview>;
  startOptIn(selection: Selection, direction: OptDirection): Promise<OptInJob>;
  optInJob(): Promise<OptInJob | null>;
  retryFailed(jobId: string): Promise<OptInJob>;
  dismissJob(jobId: string): Promise<void>;
  /** Called on load progress and when the cached listings change; returns an unsubscribe. */
  onLoadState(handler: (state: LoadState) => void): () => void;
  onOptInJob(handler: (job: OptInJob | null) => void): () => void;
}
