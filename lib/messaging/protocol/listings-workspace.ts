// The listings workspace: every listing of the active account, fetched once in the background and kept
// there with its indexes; the page asks for counts and the window of rows it shows, never the whole set
// (100,000 listings are ~16 MB: a stringify and parse per filter alone would cost ~80 ms).
import { z } from 'zod';
import type { WireError } from '../wire-error.ts';
import { type Access, empty, lazy, request } from './request.ts';
import { type ListWarningView, statusName } from './suggestion-triage.ts';

const filterId = lazy(() => z.string().max(200));

/** Every filter combines with the others (AND); several values of one filter are alternatives (OR). */
export const listingsTableFilters = lazy(() =>
  z
    .object({
      statuses: z.array(statusName()).max(20).default([]),
      publisherIds: z.array(filterId()).max(1000).default([]),
      locationIds: z.array(filterId()).max(20_000).default([]),
      /** A folder takes in its subfolders' locations too. */
      folderIds: z.array(filterId()).max(1000).default([]),
      /** Words, all of which must appear in the location's name or address, the publisher's name or the listing URL. */
      text: z.string().max(200).default(''),
      /** true: only listings with status details; false: only without; absent: either. */
      hasStatusDetails: z.boolean().optional(),
    })
    .strict(),
);
export type ListingsTableFilters = z.input<ReturnType<typeof listingsTableFilters>>;
/** The filters with every default filled in, as the worker reads them: what a page holds. */
export type ListingsFilters = z.output<ReturnType<typeof listingsTableFilters>>;

export const LISTINGS_SORT_KEYS = [
  'location',
  'publisher',
  'status',
  'statusDetails',
  'listingUrl',
  'screenshotUrl',
] as const;
export type ListingsSortKey = (typeof LISTINGS_SORT_KEYS)[number];

export const listingsTableSort = lazy(() =>
  z
    .object({
      key: z.enum(LISTINGS_SORT_KEYS).default('location'),
      direction: z.enum(['asc', 'desc']).default('asc'),
    })
    .strict(),
);
export type ListingsTableSort = z.input<ReturnType<typeof listingsTableSort>>;
export type ListingsSort = z.output<ReturnType<typeof listingsTableSort>>;

/** What an opt-in acts on: every listing the filters match, or the listings picked by id. */
export const listingsSelection = lazy(() =>
  z.union([
    z.object({ filters: listingsTableFilters() }).strict(),
    z.object({ listingIds: z.array(z.string().max(400)).min(1).max(200_000) }).strict(),
  ]),
);
export type ListingsSelection = z.input<ReturnType<typeof listingsSelection>>;

export interface StatusDetailView {
  code: string;
  type: string;
  message: string;
  actionable: boolean | null;
}

/** One row of the table, with the names it is shown by already joined in. */
export interface ListingTableRow {
  /** Names the row in selections: the id, or (no id from the service) its location and publisher. */
  key: string;
  /** '' when the service sent none. */
  id: string;
  locationId: string;
  /** '' when the location is not (yet) known by name: show the id. */
  locationName: string;
  city: string;
  address: string;
  folderId: string | null;
  publisherId: string;
  /** '' when the publisher is not known by name: show the id. */
  publisherName: string;
  status: string;
  statusDetails: StatusDetailView[];
  /** As the service sent them: link only http(s). */
  listingUrl: string;
  screenshotUrl: string;
}

export interface ListingsIncomplete {
  missingPages: number;
  pages: number;
  error: WireError;
  /** The hourly quota ended the load: the rest loads by itself at this time (epoch ms, an alarm). */
  resumesAt?: number;
  /**
   * A refresh that could not finish: this many rows came fresh into the rows held, which were all kept
   * (as of `fetchedAt`, the last whole load). Absent for a first load: the rows are only what came.
   */
  refreshed?: number;
}

/** A part of the account a load can be limited to: one folder's locations. */
export interface ListingsPart {
  folderId: string;
  name: string;
  locations: number;
}

/** What a fetch-all would cost, asked before it starts. */
export interface ListingsLoadPlan {
  listings: number;
  requests: number;
  /** Requests left this hour, as the worker's budget last learned (null: not known yet). */
  remaining: number | null;
  limit: number | null;
  resetAt: number | null;
  /** More than a quarter of what is left: the page says so before loading. */
  tooMuch: boolean;
  part: ListingsPart | null;
}

export interface ListingsLoadView {
  /** The load was limited to this part of the account (absent or null: the whole account). */
  part?: ListingsPart | null;
  /** empty: never fetched; loading: a fetch-all runs (rows arrive as it goes). */
  state: 'empty' | 'loading' | 'loaded' | 'cancelled' | 'failed';
  loaded: number;
  /** The service's count; null until the first page has come. */
  total: number | null;
  /** When the rows shown were fetched (the last complete load), null: never. */
  fetchedAt: number | null;
  /** Pages the last load could not fetch; the rows are what was fetched. */
  incomplete: ListingsIncomplete | null;
  error: WireError | null;
  /** The service's warnings, e.g. an empty answer without a Listings subscription. */
  warnings: ListWarningView[];
}

export interface ListingsTableView {
  accountKey: string | null;
  /** Rows the filters match, and rows held in all. */
  matched: number;
  total: number;
  offset: number;
  /** Only the window asked for, in the sort order. */
  rows: ListingTableRow[];
  load: ListingsLoadView;
  /** Asked for with `statusCounts`: how many of all the matched rows have each status (none: absent). */
  statusCounts?: { status: string; count: number }[];
}

export interface ListingsFacetsView {
  accountKey: string | null;
  statuses: { status: string; count: number }[];
  publishers: { id: string; name: string; count: number }[];
  locations: { id: string; name: string; city: string; folderId: string | null; count: number }[];
  folders: { id: string; name: string; parentId: string | null }[];
}

export interface PublisherDirectoryEntry {
  id: string;
  name: string;
  countries: string[];
  alternateBrands: { name: string; url: string }[];
}

export interface PublishersDirectoryView {
  accountKey: string | null;
  publishers: PublisherDirectoryEntry[];
  fetchedAt: number | null;
  refreshing: boolean;
  error: WireError | null;
}

export interface ListingsCsvView {
  /** RFC 4180, CRLF line ends, a header row; a cell starting with = + - @ is prefixed with '. */
  csv: string;
  rows: number;
  /** e.g. listings-app-1001-2026-11-23.csv */
  filename: string;
}

/** An opt-in starts sending a listing's data to its publisher; an opt-out stops it. */
export type OptDirection = 'in' | 'out';
const optDirection = lazy(() => z.enum(['in', 'out']).default('in'));

/** What an opt-in (or opt-out) will send, shown before it is started. */
export interface OptInPlanView {
  accountKey: string;
  direction: OptDirection;
  /** Listings selected, and of those how many are OPTED_OUT now (the others are sent too; it does them no harm). */
  listings: number;
  optedOut: number;
  locations: number;
  publishers: number;
  /** The first few locations' and publishers' names (by count, most first): the dialog says which. */
  names: { locations: string[]; publishers: string[] };
  /** Requests it will take, and the fewest any split could take (a proven lower bound). */
  requests: number;
  minimumRequests: number;
  /** Listings the job will not change: already opted in (for an opt-in: not OPTED_OUT) or already opted out. */
  unchanged: number;
  /** Shown verbatim before starting: the interface's caution (opt-in), or what stops being sent (opt-out). */
  warning: string;
}

export interface OptInBatchView {
  index: number;
  locationIds: string[];
  publisherIds: string[];
  state: 'pending' | 'sending' | 'done' | 'failed';
  attempts: number;
  /** The interface's error code and message of the last failure. */
  error: WireError | null;
}

export interface OptInJobView {
  id: string;
  accountKey: string;
  direction: OptDirection;
  createdAt: number;
  /** running: batches remain to be sent; finished: none remain (some may have failed). */
  state: 'running' | 'finished';
  pairs: number;
  batches: { total: number; done: number; failed: number; pending: number };
  /** Only the failed batches, for the list and "Retry failed". */
  failed: OptInBatchView[];
  finishedAt: number | null;
}

export const OPT_IN_WARNING =
  'Opt-in is not recommended for enterprise clients: it starts sending their data to these publishers.';
export const OPT_OUT_WARNING =
  'Opting out stops sending these locations’ data to these publishers: the service no longer updates these listings there. You can opt them in again later.';

export const listingsWorkspaceProtocol = {
  /** Starts the fetch-all of the active account's listings when none is cached or `refresh`; reports the load. */
  'listings.load': request<ListingsLoadView>()('extension', () =>
    z.object({ refresh: z.boolean().default(false), folderId: z.string().min(1).max(200).optional() }).strict(),
  ),
  /** The count and the hour's requests left, before a load of the account (or of one folder) starts. */
  'listings.loadPlan': request<ListingsLoadPlan>()('extension', () =>
    z.object({ folderId: z.string().min(1).max(200).optional() }).strict(),
  ),
  'listings.cancelLoad': request<ListingsLoadView>()('extension', empty),
  /**
   * The count and one window of the filtered, sorted rows. The embedded panel ('content') may ask only
   * for exactly one location.
   */
  'listings.query': request<ListingsTableView>()('content', () =>
    z
      .object({
        filters: listingsTableFilters().default({
          statuses: [],
          publisherIds: [],
          locationIds: [],
          folderIds: [],
          text: '',
        }),
        sort: listingsTableSort().default({ key: 'location', direction: 'asc' }),
        offset: z.number().int().min(0).max(10_000_000).default(0),
        limit: z.number().int().min(0).max(500).default(100),
        /** The embedded panel's health line counts every matched row, not only the window. */
        statusCounts: z.boolean().default(false),
      })
      .strict(),
  ),
  'listings.facets': request<ListingsFacetsView>()('extension', empty),
  'listings.exportCsv': request<ListingsCsvView>()('extension', () =>
    z.object({ filters: listingsTableFilters(), sort: listingsTableSort().optional() }).strict(),
  ),
  'publishers.directory': request<PublishersDirectoryView>()('extension', () =>
    z.object({ refresh: z.boolean().default(false) }).strict(),
  ),
  /** Opt-in and opt-out are one kind of job with a direction (absent: in). */
  'listings.optIn.plan': request<OptInPlanView>()('extension', () =>
    z.object({ selection: listingsSelection(), direction: optDirection() }).strict(),
  ),
  /** Starts a background job for the selection; it survives closing the page and a worker restart. */
  'listings.optIn.start': request<OptInJobView>()('extension', () =>
    z.object({ selection: listingsSelection(), direction: optDirection() }).strict(),
  ),
  /** The active account's jobs, newest first (finished ones until dismissed). */
  'listings.optIn.jobs': request<OptInJobView[]>()('extension', empty),
  'listings.optIn.retryFailed': request<OptInJobView>()('extension', () =>
    z.object({ jobId: z.string().min(1).max(100) }).strict(),
  ),
  'listings.optIn.dismiss': request<OptInJobView[]>()('extension', () =>
    z.object({ jobId: z.string().min(1).max(100) }).strict(),
  ),
} as const;

export interface ListingsWorkspaceEvents {
  /** The load moved on (at most every ~250 ms while loading), or the rows changed (an opt-in ended). */
  'listings.changed': { accountKey: string; load: ListingsLoadView };
  'listings.optIn.changed': { accountKey: string; job: OptInJobView };
}

/** The panel's one-location table follows loads; opt-in jobs are the options page's alone. */
export const listingsWorkspaceEventAccess = {
  'listings.changed': 'content',
  'listings.optIn.changed': 'extension',
} as const satisfies Record<keyof ListingsWorkspaceEvents, Access>;
