// The background's side of the protocol: who is asking, is the input well-formed, then the handler.
import type { Runtime } from 'webextension-polyfill';
import { browser } from 'wxt/browser';
import { z } from 'zod';
import {
  type Access,
  type DeskEvents,
  type EventMessage,
  mayAsk,
  type ParsedInput,
  protocol,
  type Reply,
  type RequestOutput,
  type RequestType,
} from './protocol/index.ts';
import { DeskError, type WireError } from './wire-error.ts';

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
    return { ok: false, error: { code: 'not-available', message: `“${type}” is not available in this version.` } };
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

/** Tells every open extension page; a closed popup is not an error. */
export async function broadcast<K extends keyof DeskEvents>(type: K, payload: DeskEvents[K]): Promise<void> {
  const message: EventMessage<K> = { desk: 'event', type, payload };
  await browser.runtime.sendMessage(message).catch(() => undefined);
}

function zodToWire(error: z.ZodError): WireError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || 'input';
    fields[key] ??= issue.message;
  }
  const first = Object.entries(fields)[0];
  return {
    code: 'invalid-input',
    message: first ? `${first[0]}: ${first[1]}` : 'The request was not well-formed.',
    fields,
  };
}

interface ApiErrorLike {
  name: 'ApiError';
  message: string;
  operation?: string;
  status?: number;
  errors?: { code: number; type: string; message: string }[];
  kind?: string;
}

export function toWireError(error: unknown): WireError {
  if (error instanceof DeskError) return error.toWire();
  if (error instanceof z.ZodError) return zodToWire(error);
  if (typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'ApiError') {
    const api = error as ApiErrorLike;
    const details = api.errors ?? [];
    return {
      code: details[0] ? String(details[0].code) : (api.kind ?? `http-${api.status ?? 'error'}`),
      message: api.message,
      operation: api.operation,
      status: api.status,
      details,
    };
  }
  // Unknown errors may quote a URL with credentials in it, so their text never leaves the worker.
  return { code: 'internal', message: 'Something went wrong in Listings Desk’s background worker.' };
}
