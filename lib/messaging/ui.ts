// The only way UI code (popup, options, embedded panel) talks to the background.
import type { Runtime } from 'webextension-polyfill';
import type { EarlyQuestion } from './first-ask.ts';
import { pageRuntime, sendToWorker } from './page-runtime.ts';
import { EVENTS_PORT, requestMessage } from './protocol/envelope.ts';
import type { DeskEvents, EventMessage, Reply, RequestInput, RequestOutput, RequestType } from './protocol/index.ts';
import { DeskError } from './wire-error.ts';

const backgroundUnavailable = () =>
  new DeskError({
    code: 'background-unavailable',
    message: 'Listings Desk’s background worker did not answer. Try again.',
  });

export async function ask<K extends RequestType>(type: K, input: RequestInput<K>): Promise<RequestOutput<K>> {
  // The worker answers, so it is awake: a frame whose events port closed with the last worker asks again.
  if (listening > 0) openEventsPort();
  const message = requestMessage(type, input);
  let reply: unknown;
  try {
    reply = await sendToWorker(message);
  } catch {
    throw backgroundUnavailable();
  }
  return replyValue<K>(reply);
}

/** A worker's reply as ask() resolves it: its value, or the DeskError it carries. */
export function replyValue<K extends RequestType>(reply: unknown): RequestOutput<K> {
  const answer = reply as Reply<K> | undefined;
  if (!answer) throw backgroundUnavailable();
  if (!answer.ok) throw new DeskError(answer.error);
  return answer.value;
}

/** The answer to a question sent before the app loaded (first-ask.ts), as ask() would give it. */
export function answerOf<K extends RequestType>(question: EarlyQuestion<K>): Promise<RequestOutput<K>> {
  return question.reply.then(replyValue<K>, () => {
    throw backgroundUnavailable();
  });
}

/** Only the extension itself speaks events: a content script's runtime.sendMessage also reaches our pages. */
function fromExtension(sender: Runtime.MessageSender | undefined): boolean {
  return sender?.id === pageRuntime().id && !sender.tab;
}

let extensionPage: boolean | undefined;

/**
 * Extension pages hear the worker's runtime messages; other frames (the embedded panel) must say they listen.
 * Asked on every ask() of a page that listens, and a frame's origin does not change: worked out once.
 */
function inExtensionPage(): boolean {
  extensionPage ??= typeof location !== 'undefined' && pageRuntime().getURL('/').startsWith(location.origin);
  return extensionPage;
}

let listening = 0;
let eventsPort: Runtime.Port | undefined;

/**
 * Outside the extension's pages, one port per frame: the worker keeps the frame (and its access level) and
 * sends it the events it may hear with tabs.sendMessage. The port closes when the worker stops; the next
 * ask() opens it again rather than waking the worker just to listen.
 */
function openEventsPort(): void {
  if (eventsPort || inExtensionPage()) return;
  try {
    eventsPort = pageRuntime().connect({ name: EVENTS_PORT });
    eventsPort.onDisconnect.addListener(() => {
      eventsPort = undefined;
    });
  } catch {
    eventsPort = undefined;
  }
}

export function onDeskEvent<K extends keyof DeskEvents>(
  type: K,
  handler: (payload: DeskEvents[K]) => void,
): () => void {
  const listener = (message: unknown, sender: Runtime.MessageSender) => {
    if (!fromExtension(sender)) return;
    const event = message as Partial<EventMessage<K>> | null;
    if (event && event.desk === 'event' && event.type === type) handler(event.payload as DeskEvents[K]);
  };
  pageRuntime().onMessage.addListener(listener);
  listening++;
  openEventsPort();
  return () => {
    pageRuntime().onMessage.removeListener(listener);
    listening--;
    if (listening === 0) {
      eventsPort?.disconnect();
      eventsPort = undefined;
    }
  };
}
