// One request budget for everything the worker sends, whichever account it is for: the vendor's quota
// (about 5,000 an hour, Rate-Limit-Limit/-Remaining/-Reset on every answer) may be one per API key, so
// every linked account shares it. What a page asks for now ('user') always goes; background work asks
// first, and slows, then pauses, as the hour's requests run low, so the person never meets the quota.
import { ApiError, isApiError } from '../../api/errors.ts';
import type { BudgetPurpose, BudgetView } from '../../messaging/protocol/connection-settings.ts';
import { defineItem } from '../../storage-item.ts';

export type { BudgetPurpose, BudgetView } from '../../messaging/protocol/connection-settings.ts';

/**
 * Thresholds, as shares of the hour's limit. Above SLOW_BELOW (25 %) background work goes at full speed.
 * Below it, the refreshes nobody is waiting for (SLOWED: suggestions, tracker, badge) are spaced so that
 * what is left above the reserve lasts until the reset. A load or job the person started (a fetch-all,
 * an opt-in) keeps its speed, said beforehand when large, since spacing 1,000 pages would take most of an
 * hour. At the reserve (5 %, at least 100: 250 of 5,000) all of them pause until the reset, keeping those
 * requests for what the person asks; theirs are never held back.
 */
export const SLOW_BELOW_SHARE = 0.25;
export const RESERVE_SHARE = 0.05;
export const RESERVE_MIN = 100;
/** Spacing bounds while slow: under the client's 30 s timeout even with a few requests queued. */
export const MIN_SPACING_MS = 250;
export const MAX_SPACING_MS = 3000;
export const BUDGET_ALARM = 'request-budget-reset';
const SLOWED: ReadonlySet<BudgetPurpose> = new Set(['inbox refresh', 'add-request tracker', 'badge']);

export interface BudgetState {
  /** Learned from Rate-Limit-Limit; absent until an answer said. */
  limit?: number;
  /** The last Rate-Limit-Remaining, less the requests sent and not answered yet. */
  remaining?: number;
  /** When this window ends (epoch ms): Rate-Limit-Reset, or the top of the clock hour until an answer says. */
  resetAt: number;
  /** Answers counted this window, per purpose. */
  spent: Partial<Record<BudgetPurpose, number>>;
  /**
   * The service answered 429 (the key's quota is spent, maybe by another app of the agency): until then
   * (epoch ms, its Rate-Limit-Reset) nothing is sent, whoever asks; only what was in flight is answered.
   */
  spentUntil?: number;
}

export type BudgetTurn = { kind: 'go' } | { kind: 'slow'; spacingMs: number } | { kind: 'pause'; until: number };

export interface BudgetThresholds {
  slowBelowShare: number;
  reserveShare: number;
  reserveMin: number;
}
export const DEFAULT_THRESHOLDS: BudgetThresholds = {
  slowBelowShare: SLOW_BELOW_SHARE,
  reserveShare: RESERVE_SHARE,
  reserveMin: RESERVE_MIN,
};

export const reserveOf = (limit: number, t = DEFAULT_THRESHOLDS) =>
  Math.max(t.reserveMin, Math.ceil(limit * t.reserveShare));
const slowBelowOf = (limit: number, t: BudgetThresholds) => Math.ceil(limit * t.slowBelowShare);
const topOfNextHour = (now: number) => (Math.floor(now / 3_600_000) + 1) * 3_600_000;

/** What background work of `purpose` may do now; a person's own request goes unless the service said 429. */
export function budgetTurn(
  state: BudgetState,
  purpose: BudgetPurpose,
  now: number,
  thresholds = DEFAULT_THRESHOLDS,
): BudgetTurn {
  const { limit, remaining, resetAt, spentUntil } = state;
  if (spentUntil !== undefined && now < spentUntil) return { kind: 'pause', until: spentUntil };
  if (purpose === 'user' || limit === undefined || remaining === undefined || now >= resetAt) return { kind: 'go' };
  const reserve = reserveOf(limit, thresholds);
  if (remaining <= reserve) return { kind: 'pause', until: resetAt };
  if (remaining > slowBelowOf(limit, thresholds) || !SLOWED.has(purpose)) return { kind: 'go' };
  const spacing = (resetAt - now) / (remaining - reserve);
  return { kind: 'slow', spacingMs: Math.round(Math.min(MAX_SPACING_MS, Math.max(MIN_SPACING_MS, spacing))) };
}

/** A fresh window once the old one has ended: the counts start again and the quota is whole. */
function current(state: BudgetState, now: number): BudgetState {
  if (now < state.resetAt) return state;
  const next: BudgetState = { resetAt: topOfNextHour(now), spent: {} };
  if (state.limit !== undefined) {
    next.limit = state.limit;
    next.remaining = state.limit;
  }
  return next;
}

export interface RequestBudget {
  /**
   * Before each request. A person's goes at once; background waits its spacing, or throws 'held-back'.
   * After a 429, until its reset, every request throws that 429 again (not sent: quotaSpentError).
   */
  beforeRequest(purpose: BudgetPurpose, signal?: AbortSignal | null): Promise<void>;
  /** After each answer (any status): counts it and learns the three Rate-Limit headers, and a 429. */
  noteAnswer(purpose: BudgetPurpose, headers: Headers, status?: number): void;
  /** A request sent that got no answer (network, cancelled): no longer in flight. */
  noteNoAnswer(): void;
  /**
   * For a background round (e.g. "refresh every account"): waits its spacing while slow, and says
   * `go: false` with the reset while paused, so the round can stop and wait for the budget's alarm.
   */
  backgroundTurn(
    purpose: BudgetPurpose,
    signal?: AbortSignal | null,
  ): Promise<{ go: true } | { go: false; until: number }>;
  view(): Promise<BudgetView>;
  /** Until when (epoch ms) the service said the quota is spent; null when it did not, or that has passed. */
  spentUntil(): Promise<number | null>;
  /** How many requests one page's open may spend refreshing what it shows: 0 while background work waits. */
  openShare(): Promise<number>;
  /** Writes the state now (the worker may stop); otherwise writes are grouped. */
  flush(): Promise<void>;
  /** Called when the pause starts or ends, or the window turns (the budget's alarm). */
  onChange(listener: (view: BudgetView) => void): void;
  /** The reset alarm fired: a new window. */
  windowEnded(): Promise<void>;
}

export interface BudgetOptions {
  now?: () => number;
  /** Grouped writes wait this long (tests pass 0). */
  writeDelayMs?: number;
  /** Tests of what the service's own quota does pass zeros: the budget then never holds anything back early. */
  thresholds?: BudgetThresholds;
}

/**
 * In storage.local: the service's hour does not end with the browser session. A browser restarted mid-hour
 * showed "No requests yet this hour" while the quota was being spent; `current` drops an ended window.
 */
const budgetItem = defineItem<BudgetState | null>('local:requestBudget', { fallback: null });

export function heldBackError(until: number, remaining: number, reserve: number): ApiError {
  return new ApiError({
    kind: 'held-back',
    operation: 'request budget',
    rateLimit: { remaining, reset: Math.ceil(until / 1000) },
    detail: `background work waits for the reset to keep ${reserve} requests for you`,
  });
}

/**
 * A request refused because the service answered 429 until `until`: the 429 as the service would say it
 * again, so every caller (paging, the outbox's retry time, the words with the time) takes it as one.
 */
export function quotaSpentError(until: number): ApiError {
  return new ApiError({
    kind: 'http',
    status: 429,
    operation: 'request budget',
    rateLimit: { remaining: 0, reset: Math.ceil(until / 1000) },
    detail: 'not sent: the service said the hour’s requests are used up until its reset',
  });
}

/**
 * A page's open refreshes what it shows within this share of the hour's limit (7 of 5,000): opened every
 * 2 minutes, at most 210 an hour beside the refresh alarm's (~470 with 30 accounts of 200 waiting), so an
 * hour of use stays under 15 % of the quota. The other lists ride the alarm.
 */
export const OPEN_SHARE = 0.0015;
export const OPEN_MIN = 5;
/** The limit assumed before any answer said it (the vendor's usual quota). */
const USUAL_LIMIT = 5000;
export const openShareOf = (limit: number | null | undefined) =>
  Math.max(OPEN_MIN, Math.floor((limit ?? USUAL_LIMIT) * OPEN_SHARE));

/** When a request the budget held back may go (epoch ms); undefined for any other error. */
export function heldBackUntil(error: unknown): number | undefined {
  if (!isApiError(error) || error.kind !== 'held-back') return undefined;
  return (error.rateLimit?.reset ?? 0) * 1000;
}

export function createRequestBudget(options: BudgetOptions = {}): RequestBudget {
  const now = options.now ?? (() => Date.now());
  const writeDelayMs = options.writeDelayMs ?? 500;
  const thresholds = options.thresholds ?? DEFAULT_THRESHOLDS;
  const turnOf = (s: BudgetState, purpose: BudgetPurpose) => budgetTurn(s, purpose, now(), thresholds);
  let state: BudgetState | undefined;
  let loading: Promise<BudgetState> | undefined;
  let nextSlot = 0;
  /** Sent and not answered: each answer's Remaining does not count them yet. */
  let inFlight = 0;
  let writing: ReturnType<typeof setTimeout> | undefined;
  let pausedShown: number | null = null;
  const listeners: ((view: BudgetView) => void)[] = [];

  // A restarted worker or browser still knows the hour's figures and counts.
  const load = (): Promise<BudgetState> => {
    loading ??= budgetItem
      .getValue()
      .catch(() => null)
      .then((stored) => {
        state =
          state && stored ? merged(stored, state) : (state ?? stored ?? { resetAt: topOfNextHour(now()), spent: {} });
        return state;
      });
    return loading;
  };
  /** Answers counted before the stored figures were read (a restarted worker's first requests) add to them. */
  const merged = (stored: BudgetState, early: BudgetState): BudgetState => {
    // An ended window comes back empty (current): only this window's counts are added.
    const before = current(stored, now());
    const spent = { ...before.spent };
    for (const [purpose, n] of Object.entries(early.spent)) {
      spent[purpose as BudgetPurpose] = (spent[purpose as BudgetPurpose] ?? 0) + (n ?? 0);
    }
    return { ...before, ...early, spent };
  };
  const live = async () => {
    state = current(await load(), now());
    return state;
  };

  const flush = async () => {
    if (writing) clearTimeout(writing);
    writing = undefined;
    if (state) await budgetItem.setValue(state).catch(() => undefined);
  };
  const writeSoon = () => {
    if (writing) return;
    writing = setTimeout(() => void flush(), writeDelayMs);
  };

  function toView(s: BudgetState): BudgetView {
    const turn = turnOf(s, 'badge');
    return {
      limit: s.limit ?? null,
      remaining: s.remaining ?? null,
      resetAt: s.resetAt,
      spent: Object.entries(s.spent)
        .map(([purpose, count]) => ({ purpose: purpose as BudgetPurpose, count: count ?? 0 }))
        .sort((a, b) => b.count - a.count),
      pausedUntil: turn.kind === 'pause' ? turn.until : null,
      slowed: turn.kind === 'slow',
      reserve: s.limit === undefined ? null : reserveOf(s.limit, thresholds),
    };
  }

  /** Tells listeners (the Connection feature: its event and the reset alarm) when the pause starts or ends. */
  function notePause(s: BudgetState): void {
    const view = toView(s);
    if (view.pausedUntil === pausedShown) return;
    pausedShown = view.pausedUntil;
    for (const listener of listeners) listener(view);
  }

  const wait = (ms: number, signal?: AbortSignal | null) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      const stop = () => {
        clearTimeout(timer);
        resolve();
      };
      signal?.addEventListener('abort', stop, { once: true });
    });

  async function backgroundTurn(purpose: BudgetPurpose, signal?: AbortSignal | null) {
    for (;;) {
      const s = await live();
      const turn = turnOf(s, purpose);
      if (turn.kind === 'go') return { go: true } as const;
      if (turn.kind === 'pause') {
        notePause(s);
        return { go: false, until: turn.until } as const;
      }
      // One queue of slots for every background spender: together they keep the spacing.
      const at = Math.max(now(), nextSlot);
      nextSlot = at + turn.spacingMs;
      if (at <= now()) return { go: true } as const;
      await wait(at - now(), signal);
      if (signal?.aborted) return { go: true } as const;
      // The figures may have moved while waiting (another answer): ask again, from a held slot.
      nextSlot = Math.max(nextSlot, now() + turn.spacingMs);
      const again = turnOf(await live(), purpose);
      if (again.kind !== 'pause') return { go: true } as const;
    }
  }

  return {
    async beforeRequest(purpose, signal) {
      const spent = (await live()).spentUntil;
      if (spent !== undefined && now() < spent) throw quotaSpentError(spent);
      if (purpose !== 'user') {
        const turn = await backgroundTurn(purpose, signal);
        if (!turn.go) {
          const s = await live();
          throw heldBackError(turn.until, s.remaining ?? 0, reserveOf(s.limit ?? 0, thresholds));
        }
      }
      const s = await live();
      // Counted as spent when sent: concurrent requests see it before their answers come.
      inFlight++;
      if (s.remaining !== undefined) s.remaining = Math.max(0, s.remaining - 1);
    },
    noteAnswer(purpose, headers, status) {
      const s = state ? current(state, now()) : { resetAt: topOfNextHour(now()), spent: {} };
      state = s;
      const read = (name: string) => {
        const value = Number(headers.get(name) ?? Number.NaN);
        return Number.isFinite(value) ? value : undefined;
      };
      const limit = read('Rate-Limit-Limit');
      const remaining = read('Rate-Limit-Remaining');
      const reset = read('Rate-Limit-Reset');
      inFlight = Math.max(0, inFlight - 1);
      if (reset !== undefined && reset * 1000 > now()) s.resetAt = reset * 1000;
      if (limit !== undefined) s.limit = limit;
      // The service's figure wins (another client of the key spends too; a new window starts whole), less
      // what is still in flight. An answer overtaken by a later one is off by at most those in flight.
      if (remaining !== undefined) s.remaining = Math.max(0, remaining - inFlight);
      // The quota is the key's, not ours: a 429 while we counted thousands left means another app spent it.
      // Nothing more goes before its reset (the top of the hour when it names none).
      if (status === 429) {
        s.remaining = 0;
        s.spentUntil = Math.max(s.spentUntil ?? 0, s.resetAt);
      }
      s.spent[purpose] = (s.spent[purpose] ?? 0) + 1;
      writeSoon();
      notePause(s);
    },
    noteNoAnswer() {
      inFlight = Math.max(0, inFlight - 1);
    },
    backgroundTurn,
    async view() {
      return toView(await live());
    },
    async spentUntil() {
      const { spentUntil } = await live();
      return spentUntil !== undefined && now() < spentUntil ? spentUntil : null;
    },
    async openShare() {
      const s = await live();
      return turnOf(s, 'inbox refresh').kind === 'pause' ? 0 : openShareOf(s.limit);
    },
    flush,
    onChange(listener) {
      listeners.push(listener);
    },
    async windowEnded() {
      const s = await live();
      await flush();
      pausedShown = toView(s).pausedUntil;
      for (const listener of listeners) listener(toView(s));
    },
  };
}
