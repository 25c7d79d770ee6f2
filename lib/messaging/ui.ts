// The only way UI code (popup, options, embedded panel) talks to the background.
import { browser } from 'wxt/browser';
import type {
  DeskEvents,
  EventMessage,
  Reply,
  RequestInput,
  RequestMessage,
  RequestOutput,
  RequestType,
} from './protocol.ts';
import { DeskError } from './wire-error.ts';

export async function ask<K extends RequestType>(type: K, input: RequestInput<K>): Promise<RequestOutput<K>> {
  const message: RequestMessage<K> = { desk: 'request', type, input };
  let reply: Reply<K> | undefined;
  try {
    reply = (await browser.runtime.sendMessage(message)) as Reply<K> | undefined;
  } catch {
    throw new DeskError({
      code: 'background-unavailable',
      message: 'Listings Desk’s background worker did not answer. Try again.',
    });
  }
  if (!reply)
    throw new DeskError({
      code: 'background-unavailable',
      message: 'Listings Desk’s background worker did not answer. Try again.',
    });
  if (!reply.ok) throw new DeskError(reply.error);
  return reply.value;
}

export function onDeskEvent<K extends keyof DeskEvents>(
  type: K,
  handler: (payload: DeskEvents[K]) => void,
): () => void {
  const listener = (message: unknown) => {
    const event = message as Partial<EventMessage<K>> | null;
    if (event && event.desk === 'event' && event.type === type) handler(event.payload as DeskEvents[K]);
  };
  browser.runtime.onMessage.addListener(listener);
  return () => browser.runtime.onMessage.removeListener(listener);
}
