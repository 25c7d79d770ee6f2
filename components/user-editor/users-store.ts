// The Users section's state in signals: the worker's list of the active account's users and roles,
// loaded when the section opens and again when the worker says the users or the account changed.
import { signal } from '@preact/signals';
import type { UsersView } from '../../lib/messaging/protocol/index.ts';
import { ask as askWorker, onDeskEvent as onWorkerEvent } from '../../lib/messaging/ui.ts';
import { latestAnswer } from '../suggestion-triage/latest-answer.ts';

export interface UsersIo {
  ask: typeof askWorker;
  onDeskEvent: typeof onWorkerEvent;
}

export type UsersStore = ReturnType<typeof createUsersStore>;

export function createUsersStore(io: UsersIo = { ask: askWorker, onDeskEvent: onWorkerEvent }) {
  const view = signal<UsersView | null>(null);
  const loading = signal(false);
  /** A failure to reach the worker at all; the service's errors arrive in view.error. */
  const error = signal<unknown>(null);
  const answers = latestAnswer();

  async function load(refresh = false): Promise<void> {
    loading.value = true;
    try {
      const answer = await answers.ask(() => io.ask('users.list', { refresh }));
      if (answer.stale) return;
      view.value = answer.value;
      error.value = null;
    } catch (caught) {
      error.value = caught;
    } finally {
      loading.value = false;
    }
  }

  /** Starts listening and loads; returns the stop function. */
  function start(): () => void {
    const stops = [
      io.onDeskEvent('users.changed', () => void load(false)),
      io.onDeskEvent('accounts.changed', () => void load(false)),
    ];
    void load(false);
    return () => {
      for (const stop of stops) stop();
    };
  }

  return { view, loading, error, load, start, ask: io.ask };
}
