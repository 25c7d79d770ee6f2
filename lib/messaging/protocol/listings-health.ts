import { z } from 'zod';
import type { WireError } from '../wire-error.ts';
import { type Access, request } from './request.ts';

export interface ListingsHealthView {
  accountKey: string | null;
  /** null: never fetched. */
  total: number | null;
  counts: { status: string; count: number }[];
  fetchedAt: number | null;
  refreshing: boolean;
  error: WireError | null;
}

export const healthProtocol = {
  'health.summary': request<ListingsHealthView>()('content', () =>
    z.object({ refresh: z.boolean().default(false) }).strict(),
  ),
} as const;

export interface HealthEvents {
  'health.changed': { accountKey: string | null };
}

/** Who may hear each event (the embedded panel shows the same list). */
export const healthEventAccess = {
  'health.changed': 'content',
} as const satisfies Record<keyof HealthEvents, Access>;
