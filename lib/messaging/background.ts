// The background's side of the protocol: who is asking, is the input well-formed, then the handler.
import type { Runtime } from 'webextension-polyfill';
import { browser } from 'wxt/browser';
import { defineItem } from '../storage-item.ts';
import { EVENTS_PORT } from './protocol/envelope.ts';
import {
  type Access,
  type DeskEvents,
  type EventMessage,
  eventAccess,
  mayAsk,
  type ParsedInput,
  protocol,
  type Reply,
  type RequestOutput,
  type RequestType,
} from './protocol/index.ts';
import { toWireError, zodToWire } from './to-wire-error.ts';

export { toWireError } from './to-wire-error.ts';

export interface RequestContext {
  access: Access;
  sender: Runtime.MessageSender;
}

export type Handlers = {
  [K in RequestType]: (input: ParsedInput<K>, context: RequestContext) => Promise<RequestOutput<K>>;
};

export interface SenderPolicy {
  runtimeId: string;
  /** e.g. chrome-extension://<id>/ */
  extensionOrigin: string;
  /** Partner CRM origins the user allowed the embedded panel on, read at the time of each message. */
  isAllowedPageOrigin(origin: string): Promise<boolean>;
  /** Whether this panel frame traded a one-time ticket from our content script in its tab. */
  isClaimedPanel?(sender: Runtime.MessageSender): Promise<boolean>;
}

/** The embedded panel's page: it runs inside partner pages, so it is never an 'extension' sender. */
export const PANEL_PATH = '/panel.html';

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * Extension pages get everything. A panel frame (our page inside a tab) gets 'content' once it has
 * claimed a ticket, 'page' before, and only while its tab's top page is on an allowed site. Our content
 * script gets 'page' on an allowed site's top frame. Anything else nothing.
 */
export async function senderAccess(sender: Runtime.MessageSender, policy: SenderPolicy): Promise<Access | null> {
  if (sender.id !== policy.runtimeId || !sender.url) return null;
  if (sender.url.startsWith(policy.extensionOrigin)) {
    const path = new URL(sender.url).pathname;
    const embedded = path === PANEL_PATH || (sender.tab !== undefined && (sender.frameId ?? 0) !== 0);
    if (!embedded) return 'extension';
    const top = originOf(sender.tab?.url);
    if (!top || !(await policy.isAllowedPageOrigin(top))) return null;
    return (await policy.isClaimedPanel?.(sender)) ? 'content' : 'page';
  }
  if (!sender.tab || (sender.frameId ?? 0) !== 0) return null;
  const origin = originOf(sender.url);
  return origin && (await policy.isAllowedPageOrigin(origin)) ? 'page' : null;
}

export function isRequestMessage(message: unknown): message is { desk: 'request'; type: string; input: unknown } {
  return typeof message === 'object' && message !== null && (message as { desk?: unknown }).desk === 'request';
}

/** Exposed for tests: the fake browser's sendMessage does not await async listeners. */
export async function handleRequest(
  message: unknown,
  sender: Runtime.MessageSender,
  handlers: Handlers,
  policy: SenderPolicy,
): Promise<Reply> {
  if (!isRequestMessage(message) || !Object.hasOwn(protocol, message.type)) {
    return { ok: false, error: { code: 'unknown-request', message: 'Unknown request.' } };
  }
  const type = message.type as RequestType;
  const spec = protocol[type];
  const access = await senderAccess(sender, policy);
  if (access === null || !mayAsk(access, spec.access)) {
    return { ok: false, error: { code: 'forbidden', message: `This page may not ask for “${type}”.` } };
  }
  const parsed = spec.input.safeParse(message.input);
  if (!parsed.success) return { ok: false, error: zodToWire(parsed.error) };
  const handler = handlers[type] as ((input: unknown, context: RequestContext) => Promise<unknown>) | undefined;
  if (typeof handler !== 'function') {
    // A page newer than its worker (mid-update): a sentence, not the request's internal name.
    const message =
      'This is not available in the running version of Listings Desk. Reload the page; if it stays, restart the browser.';
    return { ok: false, error: { code: 'not-available', message } };
  }
  try {
    const value = await handler(parsed.data, { access, sender });
    return { ok: true, value } as Reply;
  } catch (error) {
    return { ok: false, error: toWireError(error) };
  }
}

export function serveProtocol(handlers: Handlers, policy: SenderPolicy): void {
  browser.runtime.onMessage.addListener((message: unknown, sender: Runtime.MessageSender) => {
    if (!isRequestMessage(message)) return undefined;
    return handleRequest(message, sender, handlers, policy);
  });
}

/** A frame outside the extension's pages (the embedded panel) that asked to be told of events. */
export interface EventFrame {
  tabId: number;
  frameId: number;
  access: Access;
}

/** In session storage: the worker (and its memory) comes and goes while the panel stays open. */
export const eventFramesItem = defineItem<EventFrame[]>('session:deskEventFrames', { fallback: [] });

const sameFrame = (a: EventFrame, b: EventFrame) => a.tabId === b.tabId && a.frameId === b.frameId;

async function forgetFrame(frame: EventFrame): Promise<void> {
  const frames = await eventFramesItem.getValue();
  if (frames.some((f) => sameFrame(f, frame)))
    await eventFramesItem.setValue(frames.filter((f) => !sameFrame(f, frame)));
}

/**
 * A UI context opened the events port. An allowed content frame is kept (with its access level) until its
 * port closes or a send to it fails; extension pages hear runtime messages and need nothing kept; anyone
 * else is refused.
 */
export async function acceptEventsPort(port: Runtime.Port, policy: SenderPolicy): Promise<void> {
  if (port.name !== EVENTS_PORT) return;
  const sender = port.sender;
  const access = sender ? await senderAccess(sender, policy) : null;
  if (access === null) {
    port.disconnect();
    return;
  }
  // Our content script ('page' access) lives in the partner page's process: it hears nothing.
  if (access === 'page') {
    port.disconnect();
    return;
  }
  const tabId = sender?.tab?.id;
  if (access === 'extension' || tabId === undefined) return;
  const frame: EventFrame = { tabId, frameId: sender?.frameId ?? 0, access };
  port.onDisconnect.addListener(() => void forgetFrame(frame).catch(() => undefined));
  const frames = await eventFramesItem.getValue();
  await eventFramesItem.setValue([...frames.filter((f) => !sameFrame(f, frame)), frame]);
}

export function serveEvents(policy: SenderPolicy): void {
  browser.runtime.onConnect.addListener((port) => void acceptEventsPort(port, policy).catch(() => undefined));
}

/**
 * Tells every UI context: extension pages (popup, options) by a runtime message, content frames (the
 * embedded panel) by tabs.sendMessage, and only events their access level may hear. Payloads never carry a
 * token, URL or key. A closed popup or tab is not an error.
 */
export async function broadcast<K extends keyof DeskEvents>(type: K, payload: DeskEvents[K]): Promise<void> {
  const message: EventMessage<K> = { desk: 'event', type, payload };
  const frames = (await eventFramesItem.getValue().catch(() => [])).filter((f) => mayAsk(f.access, eventAccess[type]));
  await Promise.all([
    browser.runtime.sendMessage(message).catch(() => undefined),
    ...frames.map((frame) =>
      browser.tabs
        .sendMessage(frame.tabId, message, { frameId: frame.frameId })
        .catch(() => forgetFrame(frame).catch(() => undefined)),
    ),
  ]);
}
