import { z } from 'zod';
import { type Access, empty, lazy, request } from './request.ts';

export const ENVIRONMENTS = ['sandbox', 'production', 'custom'] as const;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

function isAbsoluteHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    if (url.username || url.password) return false;
    // Tokens and the API key travel in the query, so plain http is only for the local sandbox.
    return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
  } catch {
    return false;
  }
}

function isRealDate(value: string): boolean {
  const date = new Date(`${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10).replaceAll('-', '') === value;
}

const absoluteUrl = (what: string) =>
  z
    .string()
    .trim()
    .refine(
      isAbsoluteHttpUrl,
      `Enter the ${what} as an absolute https:// URL (http:// only for 127.0.0.1 or localhost).`,
    )
    // One spelling per address: no trailing slash, so `${apiUrl}/oauth2/...` and origin checks agree.
    .transform((value) => value.replace(/\/+$/, ''));

/**
 * Shared by the options page (messages beside each field) and the background (the boundary check).
 * `apiKey` is write-only: given, it replaces the sealed key; left out, the key already set for this API
 * address is kept. No reply ever carries it back.
 */
export const connectionSettingsInput = lazy(() =>
  z
    .object({
      environment: z.enum(ENVIRONMENTS, { error: 'Choose Sandbox, Production or Custom.' }),
      apiUrl: absoluteUrl('API base URL'),
      authUrl: absoluteUrl('auth URL'),
      clientId: z.string().trim().min(1, 'Enter the client ID.').max(500),
      apiKey: z.string().trim().min(1, 'Enter the API key.').max(500).optional(),
      apiVersion: z
        .string()
        .trim()
        .regex(/^\d{8}$/, 'Enter the API version as a date: YYYYMMDD, e.g. 20261101.')
        .refine(isRealDate, 'That date does not exist; use YYYYMMDD.'),
    })
    .strict(),
);

export type ConnectionSettingsInput = z.input<ReturnType<typeof connectionSettingsInput>>;

/** The saved Connection as replies show it: everything but the API key. */
export type ConnectionSettingsView = Omit<z.output<ReturnType<typeof connectionSettingsInput>>, 'apiKey'>;

export interface ConnectionPreset {
  apiUrl: string;
  authUrl: string;
  clientId: string;
  /** Only the sandbox's public key; a production preset never carries one. */
  apiKey: string;
}

export interface ConnectionView {
  settings: ConnectionSettingsView;
  /** Fields the organisation set by browser policy (storage.managed): shown read-only, and they win. */
  managed: (keyof ConnectionSettingsView)[];
  /** An API key is sealed for this API address; its value never leaves the worker. */
  apiKeySet: boolean;
  /** False while the build-time defaults apply. */
  saved: boolean;
  /** What choosing an environment fills in; Custom keeps what is there. */
  presets: { sandbox: ConnectionPreset; production: ConnectionPreset };
  defaultApiVersion: string;
  /** The exact URI to register in the app's OAuth configuration. */
  redirectUri: string;
  /** Origins the manifest already grants; any other needs a run-time host permission. */
  grantedOrigins: string[];
}

/** Who spends the hour's requests: a page asking now, or a named background spender. */
export const BUDGET_PURPOSES = [
  'user',
  'inbox refresh',
  'listings load',
  'add-request tracker',
  'opt-in jobs',
  'badge',
] as const;
export type BudgetPurpose = (typeof BUDGET_PURPOSES)[number];

/** The hour's requests, shared by every linked account (the vendor's quota may be one per API key). */
export interface BudgetView {
  /** From the service's Rate-Limit-Limit; null until an answer said. */
  limit: number | null;
  remaining: number | null;
  /** When the hour's count starts again (epoch ms). */
  resetAt: number;
  /** Requests answered this hour, per purpose, largest first. */
  spent: { purpose: BudgetPurpose; count: number }[];
  /** Background work waits for the reset to keep `reserve` requests for the person. */
  pausedUntil: number | null;
  /** Background work is spaced out: the hour's last quarter. */
  slowed: boolean;
  reserve: number | null;
}

export const connectionProtocol = {
  'connection.get': request<ConnectionView>()('extension', empty),
  'connection.budget': request<BudgetView>()('extension', empty),
  'connection.save': request<ConnectionView>()('extension', connectionSettingsInput),
  'connection.clearApiKey': request<ConnectionView>()('extension', empty),
} as const;

export interface ConnectionEvents {
  /** Background work paused or went on again, or the hour's count started again. */
  'connection.budget': BudgetView;
}

export const connectionEventAccess = {
  'connection.budget': 'extension',
} as const satisfies Record<keyof ConnectionEvents, Access>;
