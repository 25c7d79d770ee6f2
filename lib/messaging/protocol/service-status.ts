// Whether the listings service can be reached: what the banner on the extension's pages shows.

import type { Access } from './request.ts';
import { empty, request } from './request.ts';

export type ServiceStatusView =
  | { reachable: true }
  | {
      reachable: false;
      /** Scheme, host and port of the API: never a path, key or token. */
      apiOrigin: string;
      since: number;
      lastTryAt: number;
      /** When the worker tries again by itself (null: not scheduled). */
      nextTryAt: number | null;
    };

export const serviceStatusProtocol = {
  'service.status': request<ServiceStatusView>()('extension', empty),
  /** Tries the service now, and answers with what it found. */
  'service.retry': request<ServiceStatusView>()('extension', empty),
} as const;

export interface ServiceStatusEvents {
  'service.status': ServiceStatusView;
}

export const serviceStatusEventAccess = {
  'service.status': 'extension',
} as const satisfies Record<keyof ServiceStatusEvents, Access>;
