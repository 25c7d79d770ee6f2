// What an organisation pre-sets through browser policy (storage.managed; the keys are declared in
// public/managed-schema.json and documented in docs/deployment.md, "Rollout in an agency"): the connection and the
// embedded-panel sites. Only the worker reads it, and a value set there wins over what the options page saved.
import { browser } from 'wxt/browser';
import { type ConnectionSettingsView, connectionSettingsInput } from '../../messaging/protocol/index.ts';
import { checkSiteOrigin } from '../../shared/embedded-panel/site-origin.ts';

export const MANAGED_CONNECTION_KEYS = ['environment', 'apiUrl', 'authUrl', 'clientId', 'apiVersion'] as const;
export type ManagedConnectionKey = (typeof MANAGED_CONNECTION_KEYS)[number];

export interface ManagedPolicy {
  connection: Partial<Pick<ConnectionSettingsView, ManagedConnectionKey>>;
  /** Origins the embedded panel is on, whatever the user adds or removes. */
  panelSites: string[];
}

/** The part of storage.managed the worker reads; an argument so tests can hand in their own area. */
export interface ManagedArea {
  get(): Promise<Record<string, unknown>>;
}

const NONE: ManagedPolicy = { connection: {}, panelSites: [] };

/**
 * A value that fails the options page's own checks is left out, as Chrome leaves out one that fails the schema:
 * a typo in a policy must not point the extension at a plain-http host.
 */
export function parseManagedPolicy(raw: Record<string, unknown>): ManagedPolicy {
  const shape = connectionSettingsInput().shape;
  const connection: Record<string, unknown> = {};
  for (const key of MANAGED_CONNECTION_KEYS) {
    if (raw[key] === undefined) continue;
    const parsed = shape[key].safeParse(raw[key]);
    if (parsed.success) connection[key] = parsed.data;
  }
  const sites = Array.isArray(raw.panelSites) ? raw.panelSites : [];
  const panelSites = [
    ...new Set(
      sites.flatMap((site) => {
        const checked = typeof site === 'string' ? checkSiteOrigin(site) : null;
        return checked?.ok ? [checked.origin] : [];
      }),
    ),
  ];
  return { connection: connection as ManagedPolicy['connection'], panelSites };
}

let cached: Promise<ManagedPolicy> | null = null;
let watching = false;

/**
 * The policy, read once and again after each change (Chrome reports a policy change as a storage change in
 * the 'managed' area). Without a policy Firefox rejects the read ("Managed storage manifest not found"): none set.
 */
export function readManagedPolicy(area: ManagedArea = browser.storage.managed): Promise<ManagedPolicy> {
  if (!watching) {
    watching = true;
    browser.storage.onChanged.addListener((_changes, areaName) => {
      if (areaName === 'managed') cached = null;
    });
  }
  cached ??= area.get().then(
    (raw) => parseManagedPolicy(raw ?? {}),
    () => NONE,
  );
  return cached;
}

/** Tests only: read the managed area again and listen anew, as a new worker run would. */
export function forgetManagedPolicy(): void {
  cached = null;
  watching = false;
}

/** The connection with the organisation's values in place. Choosing an environment by policy brings its preset addresses. */
export function withManagedConnection<T extends ConnectionSettingsView>(
  settings: T,
  managed: ManagedPolicy['connection'],
  presets: Record<'sandbox' | 'production', { apiUrl: string; authUrl: string; clientId: string }>,
): T {
  const environment = managed.environment;
  const preset =
    environment && environment !== 'custom' && environment !== settings.environment
      ? {
          apiUrl: presets[environment].apiUrl,
          authUrl: presets[environment].authUrl,
          ...(presets[environment].clientId ? { clientId: presets[environment].clientId } : {}),
        }
      : {};
  return { ...settings, ...preset, ...managed };
}
