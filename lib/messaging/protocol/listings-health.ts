import { z } from 'zod';
import type { WireError } from '../wire-error.ts';
import { type Access, request } from './request.ts';
import { statusName } from './suggestion-triage.ts';

export interface ListingsHealthView {
  accountKey: string | null;
  /** null: never fetched. */
  total: number | null;
  counts: { status: string; count: number }[];
  fetchedAt: number | null;
  refreshing: boolean;
  error: WireError | null;
}

export interface ListingRowView {
  id: string;
  locationId: string;
  publisherId: string;
  status: string;
  listingUrl: string;
}

export interface ListingsPageView {
  accountKey: string | null;
  count: number;
  offset: number;
  listings: ListingRowView[];
  publishers: Record<string, string>;
}

export const healthProtocol = {
  'health.summary': request<ListingsHealthView>()(
    'content',
    z.object({ refresh: z.boolean().default(false) }).strict(),
  ),
  'health.listings': request<ListingsPageView>()(
    'extension',
    z
      .object({
        status: statusName.optional(),
        offset: z.number().int().min(0).max(1_000_000).default(0),
        limit: z.number().int().min(1).max(100).default(50),
      })
      .strict(),
  ),
} as const;

export interface HealthEvents {
  'health.changed': { accountKey: string | null };
}

/** Who may hear each event (the embedded panel shows the same list). */
export const healthEventAccess = {
  'health.changed': 'content',
} as const satisfies Record<keyof HealthEvents, Access>;
