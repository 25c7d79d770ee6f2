// What every background feature is: its handlers for its part of the protocol, what it starts in the
// worker, and what it forgets when an account is unlinked. Each is built from the worker's one DeskDeps
// (lib/background/core/deps.ts); lib/background/index.ts lists them.
import type { storage } from 'wxt/utils/storage';
import type { Handlers } from '../messaging/background.ts';
import type { RequestType } from '../messaging/protocol/index.ts';

/** Storage writes made together in one storage.setItems call: all or nothing. */
export type StorageWrites = Parameters<typeof storage.setItems>[0];

export interface BackgroundFeature<K extends RequestType = never> {
  /** Named after what the user sees; the same name as its protocol file and its components/ folder. */
  name: string;
  handlers: Pick<Handlers, K>;
  /** Listeners and alarms. Called once per worker start, synchronously inside the worker's main(). */
  start?(): void;
  /**
   * The writes that drop what this feature keeps for an account being unlinked (or relinked on another
   * API origin). Called inside the account lock; it must not write: unlink makes every feature's writes
   * and the account's own removal in one storage call.
   */
  forgetAccount?(accountKey: string): Promise<StorageWrites>;
}

export function defineFeature<K extends RequestType = never>(feature: BackgroundFeature<K>): BackgroundFeature<K> {
  return feature;
}
