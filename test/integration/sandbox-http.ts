// Plain-fetch helpers for the sandbox's own integration tests (deliberately not lib/api).
import { afterAll, beforeAll } from 'vitest';
import { type RunningSandbox, type SandboxOptions, startSandbox } from '../../sandbox/server.ts';

export const V = '20250101';

export interface Envelope<T = unknown> {
  meta: { uuid: string; errors: { code: number; type: string; message: string; name?: string }[] };
  response: T;
}

export interface Reply<T = unknown> {
  status: number;
  headers: Headers;
  text: string;
  body: T;
}

/** Starts one sandbox for the test file on free ports and closes it afterwards. */
export function useSandbox(options: SandboxOptions = {}): { sb: RunningSandbox } {
  const holder = {} as { sb: RunningSandbox };
  beforeAll(async () => {
    holder.sb = await startSandbox({ port: 0, authPort: 0, addRequestProcessingMs: 200, ...options });
  });
  afterAll(async () => {
    await holder.sb?.close();
  });
  return holder;
}

async function reply<T>(res: Response): Promise<Reply<T>> {
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, text, body: body as T };
}

export async function control<T = Record<string, unknown>>(
  sb: RunningSandbox,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${sb.apiUrl}/__sandbox${path}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });
  if (!res.ok) throw new Error(`control ${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export async function mint(sb: RunningSandbox, accountId = '1001'): Promise<string> {
  const minted = await control<{ access_token: string }>(sb, 'POST', '/tokens', { accountId });
  return minted.access_token;
}

export async function resetSandbox(sb: RunningSandbox, body: Record<string, unknown> = {}): Promise<void> {
  await control(sb, 'POST', '/reset', body);
}

export interface CallOptions {
  token?: string | null;
  query?: Record<string, string | number>;
  json?: unknown;
  apiKey?: string | null;
  v?: string | null;
}

/** A /v2 call with api_key, v and access_token as query parameters (null leaves one out). */
export async function call<T = unknown>(
  sb: RunningSandbox,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Reply<Envelope<T>>> {
  const url = new URL(path, sb.apiUrl);
  const apiKey = options.apiKey === undefined ? sb.apiKey : options.apiKey;
  const v = options.v === undefined ? V : options.v;
  if (apiKey !== null) url.searchParams.set('api_key', apiKey);
  if (v !== null) url.searchParams.set('v', v);
  if (options.token) url.searchParams.set('access_token', options.token);
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, String(value));
  const res = await fetch(url, {
    method,
    ...(options.json === undefined
      ? {}
      : { body: JSON.stringify(options.json), headers: { 'content-type': 'application/json' } }),
  });
  return reply<Envelope<T>>(res);
}

export async function raw<T = unknown>(input: string, init?: RequestInit): Promise<Reply<T>> {
  return reply<T>(await fetch(input, init));
}

export interface StateSnapshot {
  locations: {
    id: string;
    accountId: string;
    name: string;
    phone: string;
    hours: string;
    websiteUrl: string;
    description: string;
    categories: string[];
    address: Record<string, string>;
  }[];
  listings: { id: string; accountId: string; locationId: string; publisherId: string; status: string }[];
  suggestions: { id: string; accountId: string; status: string; locationId: string; fieldName: string }[];
  users: { id: string; accountId: string; password: string }[];
  services: { id: number; locationId: string; sku: string; status: string; started: string; stopped: string }[];
  addRequests: { id: number; status: string }[];
  tokens: { access_token: string; accountId: string; revoked: boolean }[];
  publishers: { id: string; name: string }[];
}

export function state(sb: RunningSandbox): Promise<StateSnapshot> {
  return control<StateSnapshot>(sb, 'GET', '/state');
}

export function expectErrorEnvelope(r: Reply<unknown>, status: number): Envelope['meta']['errors'][number] {
  if (r.status !== status) throw new Error(`expected HTTP ${status}, got ${r.status}: ${r.text}`);
  const env = r.body as Envelope | undefined;
  if (!env || typeof env.meta?.uuid !== 'string' || !Array.isArray(env.meta.errors) || env.meta.errors.length !== 1) {
    throw new Error(`not a vendor error envelope: ${r.text}`);
  }
  const error = env.meta.errors[0]!;
  if (!Number.isInteger(error.code) || error.type !== 'FATAL_ERROR' || typeof error.message !== 'string') {
    throw new Error(`malformed error element: ${r.text}`);
  }
  if (JSON.stringify(env.response) !== '{}') throw new Error(`error response must be {}: ${r.text}`);
  return error;
}

export const LISTINGS = '/v2/accounts/me/powerlistings/listings';
export const PUBLISHERS = '/v2/accounts/me/powerlistings/publishers';
export const SUGGESTIONS = '/v2/accounts/me/powerlistings/publishersuggestions';
