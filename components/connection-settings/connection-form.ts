// What the Connection form edits and how it is checked before anything is sent.
import {
  type ConnectionSettingsInput,
  type ConnectionSettingsView,
  connectionSettingsInput,
  type ENVIRONMENTS,
} from '../../lib/messaging/protocol/index.ts';

export type Environment = (typeof ENVIRONMENTS)[number];
/** What the form edits: `apiKey` is '' until the user types (or the Sandbox preset fills) a new key. */
export type ConnectionForm = ConnectionSettingsView & { apiKey: string };
export type FieldName = Exclude<keyof ConnectionForm, 'environment'>;
export type FieldErrors = Partial<Record<keyof ConnectionForm, string>>;

export const ENVIRONMENT_LABELS: Record<Environment, { label: string; hint: string }> = {
  sandbox: { label: 'Sandbox (local)', hint: 'The local simulator’s addresses and credentials.' },
  production: { label: 'Production', hint: 'The vendor’s hosts, with your app’s client ID and API key.' },
  custom: { label: 'Custom', hint: 'Any other addresses.' },
};

/** The match pattern of an address's host, any port (how Chrome grants host access). */
export function hostPattern(url: string): string {
  const { protocol, hostname } = new URL(url);
  return `${protocol}//${hostname}/*`;
}

export function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** What is sent: the key only when one was typed, otherwise the worker keeps the one it has sealed. */
export function toInput({ apiKey, ...settings }: ConnectionForm): ConnectionSettingsInput {
  return apiKey.trim() ? { ...settings, apiKey } : settings;
}

export function fieldErrors(form: ConnectionForm, keySetHere: boolean): FieldErrors {
  const errors: FieldErrors = {};
  if (!keySetHere && !form.apiKey.trim()) errors.apiKey = 'Enter the API key.';
  const parsed = connectionSettingsInput().safeParse(toInput(form));
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof ConnectionForm | undefined;
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}
