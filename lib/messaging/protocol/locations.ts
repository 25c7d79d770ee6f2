// The active account's locations and folders, cached per account in the worker like the publishers list.
// Used by the listings workspace, users and roles, provisioning and the embedded panel (hence 'content').
import { z } from 'zod';
import type { WireError } from '../wire-error.ts';
import { type Access, request } from './request.ts';

export interface LocationView {
  id: string;
  /** The location's name; '' when the service sent none (show the id then). */
  name: string;
  address: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
  countryCode: string;
  phone: string;
  /** null: in no folder (the vendor's root "0", or a folder the account does not list). */
  folderId: string | null;
  /** As the service sent it: link it only when it is http(s). */
  websiteUrl: string;
}

export interface FolderView {
  id: string;
  /** '' when the service sent none (show the id then). */
  name: string;
  /** null: a top-level folder. */
  parentId: string | null;
}

export interface LocationsView {
  accountKey: string | null;
  locations: LocationView[];
  folders: FolderView[];
  /** null: never fetched. */
  fetchedAt: number | null;
  refreshing: boolean;
  error: WireError | null;
}

/** Every linked account's location names: what lists across accounts show for a location id. */
export interface LocationNamesView {
  accounts: { accountKey: string; locations: { id: string; name: string; city: string }[] }[];
}

export const locationsProtocol = {
  /**
   * Served from the cache. A page's open (`open`) fetches behind the answer the lists never fetched, within an
   * open's share of the hour (the active account's first; the rest come with a 15-minute alarm; after a failure
   * not again until the worker restarts), and 'locations.changed' says when one has come.
   */
  'locations.names': request<LocationNamesView>()('extension', () =>
    z.object({ open: z.boolean().default(false) }).strict(),
  ),
  /** Served from the cache at once; fetched in the background when missing, stale or `refresh`. */
  'locations.list': request<LocationsView>()('content', () =>
    z.object({ refresh: z.boolean().default(false) }).strict(),
  ),
} as const;

export interface LocationsEvents {
  'locations.changed': { accountKey: string };
}

/** The embedded panel shows location names too. */
export const locationsEventAccess = {
  'locations.changed': 'content',
} as const satisfies Record<keyof LocationsEvents, Access>;
