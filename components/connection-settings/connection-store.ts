// The connection as the worker keeps it. The form edits a copy; saving or clearing the key shows the
// worker's answer, which the form then starts again from.
import type { ConnectionSettingsInput, ConnectionView } from '../../lib/messaging/protocol/index.ts';
import { query, type StoreIo, workerIo } from '../ui/store.ts';

export function createConnectionStore(io: StoreIo = workerIo) {
  const connection = query(() => io.ask('connection.get', {}));

  /** Resolves with what the worker saved; rejects with its error, field messages included. */
  async function save(input: ConnectionSettingsInput): Promise<ConnectionView> {
    const next = await io.ask('connection.save', input);
    connection.set(next);
    return next;
  }

  async function clearApiKey(): Promise<ConnectionView> {
    const next = await io.ask('connection.clearApiKey', {});
    connection.set(next);
    return next;
  }

  return {
    view: connection.value,
    loadError: connection.error,
    load: () => connection.load(),
    save,
    clearApiKey,
    start: () => {
      void connection.load();
      return () => undefined;
    },
  };
}
