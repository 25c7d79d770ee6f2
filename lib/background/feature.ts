// What every background feature is: its handlers for its part of the protocol, what it starts in the
// worker, and what it forgets when an account is unlinked. lib/background/index.ts lists them.
import type { Handlers } from '../messaging/background.ts';
import type { RequestType } from '../messaging/protocol/index.ts';

export interface BackgroundFeature<K extends RequestType = never> {
  /** Named after what the user sees; the same name as its protocol file and its components/ folder. */
  name: string;
  handlers: Pick<Handlers, K>;
  /** Listeners and alarms. Called once per worker start, synchronously inside the worker's main(). */
  start?(): void;
  /** Drops what this feature keeps for an account that is being unlinked. */
  forgetAccount?(accountKey: string): Promise<void>;
}

export function defineFeature<K extends RequestType = never>(feature: BackgroundFeature<K>): BackgroundFeature<K> {
  return feature;
}
