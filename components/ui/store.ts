// The one shape of a feature's UI state: signals, plus actions that call ask(). This module owns the
// two rules every store shares: of questions in flight only the latest answer is shown, and a desk
// event that says the worker's state changed asks again (bursts of events cost one question).
import { batch, type ReadonlySignal, signal } from '@preact/signals-core';
import { useEffect } from 'preact/hooks';
import type { DeskEvents } from '../../lib/messaging/protocol/index.ts';
import { ask, onDeskEvent } from '../../lib/messaging/ui.ts';
import { coalesce } from '../../lib/shared/coalesce.ts';

/** How a store reaches the worker; tests pass fakes. */
export interface StoreIo {
  ask: typeof ask;
  onDeskEvent: typeof onDeskEvent;
}

export const workerIo: StoreIo = { ask, onDeskEvent };

export interface LatestAnswer {
  /**
   * Runs `question`; resolves with its answer, or with `stale` when a newer question was asked since.
   * Rejects with its error only while it is the latest question: a superseded failure says nothing.
   */
  ask<T>(question: () => Promise<T>): Promise<{ stale: true } | { stale: false; value: T }>;
  /** Makes every question in flight stale (e.g. the filters changed under it). */
  supersede(): void;
}

export function latestAnswer(): LatestAnswer {
  let asked = 0;
  return {
    async ask(question) {
      const mine = ++asked;
      try {
        const value = await question();
        return mine === asked ? { stale: false, value } : { stale: true };
      } catch (caught) {
        if (mine === asked) throw caught;
        return { stale: true };
      }
    },
    supersede() {
      asked++;
    },
  };
}

/** Orders state updates by the worker's revision: an update older than the one shown is dropped. */
export interface RevisionGate {
  readonly current: number;
  /** True (and remembers `revision`) when an update at `revision` may be applied. */
  admit(revision: number): boolean;
}

export function revisionGate(): RevisionGate {
  let current = Number.NEGATIVE_INFINITY;
  return {
    get current() {
      return current;
    },
    admit(revision) {
      if (revision < current) return false;
      current = revision;
      return true;
    },
  };
}

export interface Query<T, A> {
  readonly value: ReadonlySignal<T | null>;
  readonly error: ReadonlySignal<unknown>;
  /** True while a question is in flight. */
  readonly loading: ReadonlySignal<boolean>;
  /** Asks now. Its answer (or error) is shown only if no newer question was asked or answer set since. */
  load(arg: A): Promise<void>;
  /** Asks after the question in flight, once however often it is called meanwhile (for events). */
  refresh(arg: A): Promise<void>;
  /** Shows an answer obtained otherwise, e.g. an action's reply; questions in flight become stale. */
  set(value: T): void;
}

export interface QueryOptions<T> {
  /** The worker's revision of an answer: one older than the answer shown is dropped. */
  revisionOf?: (value: T) => number;
}

/** One question to the worker whose latest answer is shown. */
export function query<T, A = void>(question: (arg: A) => Promise<T>, options: QueryOptions<T> = {}): Query<T, A> {
  const value = signal<T | null>(null);
  const error = signal<unknown>(null);
  const loading = signal(false);
  const answers = latestAnswer();
  const gate = revisionGate();

  function show(next: T): void {
    if (options.revisionOf && !gate.admit(options.revisionOf(next))) return;
    batch(() => {
      value.value = next;
      error.value = null;
    });
  }

  // One question at a time for events; load() asks at once (the older answer goes stale), and an
  // event's question still follows the newest.
  const asking = coalesce(async (arg: A) => {
    try {
      const answer = await answers.ask(() => question(arg));
      if (!answer.stale) show(answer.value);
    } catch (caught) {
      error.value = caught;
    }
  });

  function tracked(run: Promise<void>): Promise<void> {
    loading.value = true;
    return run.finally(() => {
      if (!asking.running) loading.value = false;
    });
  }

  const load = (arg: A): Promise<void> => tracked(asking.now(arg));
  const refresh = (arg: A): Promise<void> => tracked(asking(arg));

  function set(next: T): void {
    answers.supersede();
    show(next);
  }

  return { value, error, loading, load, refresh, set };
}

export type EventHandlers = { [K in keyof DeskEvents]?: (payload: DeskEvents[K]) => void };

/** Subscribes to several desk events at once; returns the one unsubscribe. */
export function followEvents(handlers: EventHandlers, io: Pick<StoreIo, 'onDeskEvent'> = workerIo): () => void {
  const offs = (Object.keys(handlers) as (keyof DeskEvents)[]).map((type) =>
    io.onDeskEvent(type, handlers[type] as (payload: DeskEvents[typeof type]) => void),
  );
  return () => {
    for (const off of offs) off();
  };
}

/** A store that loads and subscribes when first shown: `start()` returns its stop. */
export interface Startable {
  start(): () => void;
}

/** Starts `store` while the calling component is mounted. */
export function useStarted(store: Startable): void {
  useEffect(() => store.start(), [store]);
}
