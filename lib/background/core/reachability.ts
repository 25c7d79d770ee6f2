// Whether the listings service answered the last time the worker called it. Every API call goes through
// api-session, which notes each outcome here; the service-status feature tells the pages and tries again.
import { isApiError } from '../../api/errors.ts';

export interface Unreachable {
  /** Scheme, host and port only: never a path, key or token. */
  apiOrigin: string;
  since: number;
  lastTryAt: number;
}

export interface Reachability {
  current(): Unreachable | null;
  noteFailure(apiOrigin: string, at: number): void;
  noteAnswer(apiOrigin: string): void;
  onChange(listener: (state: Unreachable | null) => void): () => void;
}

/** No answer at all: the network failed or the call timed out. An HTTP error, or a status whose body was cut off, is an answer. */
export function isUnanswered(error: unknown): boolean {
  return isApiError(error) && (error.kind === 'network' || error.kind === 'timeout') && error.status === undefined;
}

export function createReachability(): Reachability {
  let state: Unreachable | null = null;
  const listeners = new Set<(state: Unreachable | null) => void>();
  const tell = () => {
    for (const listener of listeners) listener(state);
  };
  return {
    current: () => state,
    noteFailure(apiOrigin, at) {
      state = { apiOrigin, since: state?.apiOrigin === apiOrigin ? state.since : at, lastTryAt: at };
      tell();
    },
    noteAnswer(apiOrigin) {
      if (!state || state.apiOrigin !== apiOrigin) return;
      state = null;
      tell();
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
