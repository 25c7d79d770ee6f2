// The one object every background feature is built from. The worker makes it once; a unit test or the
// bench makes its own (a fake fetch, fewer retries, a fixed clock, a list of sent events) and builds the
// features from it. No module keeps a test hook of its own.
import type { ApiConfig } from '../../api/client.ts';
import { broadcast } from '../../messaging/background.ts';
import type { DeskEvents } from '../../messaging/protocol/index.ts';
import { type ApiSession, createApiSession } from './api-session.ts';
import { createRequestBudget, type RequestBudget } from './request-budget.ts';

export type Broadcast = <K extends keyof DeskEvents>(type: K, payload: DeskEvents[K]) => Promise<void>;

export interface DeskDeps extends ApiSession {
  /** Applies to every API client, the token exchange included. */
  apiConfig: Partial<Pick<ApiConfig, 'fetch' | 'retry' | 'timeoutMs'>>;
  /** Tells every open UI context (lib/messaging/background.ts). */
  broadcast: Broadcast;
  now: () => number;
}

export interface DeskDepsOptions {
  apiConfig?: DeskDeps['apiConfig'];
  broadcast?: Broadcast;
  now?: () => number;
  /** Tests start from a known budget (a fixed clock, no alarms). */
  budget?: RequestBudget;
}

export function createDeskDeps(options: DeskDepsOptions = {}): DeskDeps {
  const apiConfig = options.apiConfig ?? {};
  return {
    ...createApiSession(apiConfig, options.budget ?? createRequestBudget({ now: options.now })),
    apiConfig,
    broadcast: options.broadcast ?? broadcast,
    now: options.now ?? (() => Date.now()),
  };
}
