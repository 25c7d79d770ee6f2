// What the workspace's parts need from the rest of the worker; tests pass their own.
import type { ApiClient } from '../../api/client.ts';
import type { DeskEvents } from '../../messaging/protocol/index.ts';

export interface WorkspaceDeps {
  withAccount: <T>(run: (client: ApiClient) => Promise<T>, accountKey: string) => Promise<T>;
  broadcast: <K extends keyof DeskEvents>(type: K, payload: DeskEvents[K]) => Promise<void>;
  now: () => number;
}
